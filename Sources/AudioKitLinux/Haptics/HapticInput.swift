import Foundation

/// A haptic pattern file read as a pattern, whatever its format: an AHAP file validated as AHAP; a `.haptic` clip
/// validated as a clip and turned into the pattern `ahap-tool convert` makes of it (`HapticToAHAP`). The one input
/// dispatch of the haptic tools.
public struct HapticInput: Sendable {
    /// The file's format.
    public let format: HapticFileFormat
    /// The pattern: the AHAP file's own, or the clip's as converted; nil when the file could not be read as one.
    public let document: AHAPDocument?
    /// The clip, for a `.haptic` file that could be read.
    public let clip: HapticClip?
    /// The validator's findings on the file, in its own format.
    public let diagnostics: [Diagnostic]

    /// Reads and validates the file at `path` with `options`. Throws what the validator of its format throws: a file
    /// that cannot be read, or one over a limit.
    public static func read(path: String, options: AHAPValidationOptions) throws(InputError) -> HapticInput {
        switch HapticFileFormat(path: path) {
        case .ahap:
            let result = try AHAPValidator.validate(path: path, options: options)
            return HapticInput(format: .ahap, document: result.document, clip: nil, diagnostics: result.diagnostics)
        case .haptic:
            let result = try HapticFileValidator.validate(path: path, options: options)
            let base = (path as NSString).deletingLastPathComponent
            let document = result.clip.map { clip in
                AHAPDocument(
                    root: HapticToAHAP.convert(clip).jsonValue, file: path, baseDirectory: base.isEmpty ? "." : base, options: options)
            }
            return HapticInput(format: .haptic, document: document, clip: result.clip, diagnostics: result.diagnostics)
        }
    }
}
