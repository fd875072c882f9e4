import AudioKitLinux
import Foundation
import ToolSupport

/// Reads an AHAP file for rendering: the pattern, or the findings that stop it. A pattern CoreHaptics would
/// reject is refused unless `force` (its times and durations may be absurd: a Time of 1e308 is valid JSON).
enum PatternInput {
    static func load(_ file: String, parsing: AHAPParsingOptions, force: Bool) throws -> AHAPDocument {
        if HapticFileFormat(path: file) == .haptic { return try loadHaptic(file, parsing: parsing, force: force) }
        var options = parsing.validationOptions
        options.lenient = true
        let result = try HapticInput.read(path: file, options: options)
        guard let document = result.document else {
            try FindingsOutput.stop(tool: "ahap-tool", file: file, diagnostics: result.diagnostics)
        }
        let errors = result.diagnostics.count(of: .error)
        if errors > 0 && !force {
            try FindingsOutput.stop(
                tool: "ahap-tool", file: file, diagnostics: result.diagnostics.filter { $0.severity == .error },
                failure:
                    "\(file) has \(errors) error\(errors == 1 ? "" : "s") that CoreHaptics would reject; fix \(errors == 1 ? "it" : "them"), or pass --force to render what it can"
            )
        }
        if errors > 0 {
            Terminal.err(
                "ahap-tool: warning: \(file) has \(errors) error\(errors == 1 ? "" : "s") that CoreHaptics would reject; rendering what it can (see ahap-tool validate)"
            )
        }
        return document
    }

    /// A `.haptic` clip as the AHAP pattern `ahap-tool convert` makes of it; a clip with errors is refused unless `force`.
    static func loadHaptic(_ file: String, parsing: AHAPParsingOptions, force: Bool) throws -> AHAPDocument {
        try readHaptic(file, parsing: parsing, force: force).document
    }

    /// A `.haptic` clip, validated; one with errors is refused (its errors on stderr, exit 1) unless `force`.
    static func hapticClip(_ file: String, parsing: AHAPParsingOptions, force: Bool) throws -> HapticClip {
        try readHaptic(file, parsing: parsing, force: force).clip
    }

    /// A `.haptic` clip and its pattern (`HapticInput`); one with errors is refused (its errors on stderr, exit 1)
    /// unless `force`.
    static func readHaptic(_ file: String, parsing: AHAPParsingOptions, force: Bool) throws -> (clip: HapticClip, document: AHAPDocument) {
        let result = try HapticInput.read(path: file, options: parsing.validationOptions)
        let errors = result.diagnostics.filter { $0.severity == .error }
        guard let clip = result.clip, let document = result.document, errors.isEmpty || force else {
            try FindingsOutput.stop(
                tool: "ahap-tool", file: file, diagnostics: errors.isEmpty ? result.diagnostics : errors,
                failure: force
                    ? "\(file) cannot be read as a clip even with --force (the errors above leave nothing to convert); fix them (ahap-tool validate \(file))"
                    : "\(file) is not a valid .haptic clip; fix it (ahap-tool validate \(file)), or pass --force")
        }
        return (clip, document)
    }
}
