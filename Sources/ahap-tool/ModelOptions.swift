import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

/// The actuator model's constants (docs/haptic-model.md), each overridable.
struct ModelOptions: ParsableArguments {
    @Flag(name: .long, help: "Move the haptic band up two octaves (320–920 Hz) so laptop speakers can play it.")
    var audible = false

    @Option(name: .long, help: ArgumentHelp("Drive frequency at sharpness 0, in Hz (default 80; 320 with --audible).", valueName: "hz"))
    var lowFrequency: Double?

    @Option(name: .long, help: ArgumentHelp("Drive frequency at sharpness 1, in Hz (default 230; 920 with --audible).", valueName: "hz"))
    var highFrequency: Double?

    @Option(name: .long, help: ArgumentHelp("Length of a transient burst, in milliseconds.", valueName: "ms"))
    var transientMs: Double = 15

    @Option(name: .long, help: ArgumentHelp("Envelope time for Attack/Decay/ReleaseTime 0, in seconds.", valueName: "s"))
    var envelopeMin: Double = 0.005

    @Option(name: .long, help: ArgumentHelp("Envelope time for Attack/Decay/ReleaseTime 1, in seconds.", valueName: "s"))
    var envelopeMax: Double = 1.0

    @Option(name: .long, help: ArgumentHelp("Amplitude = intensity^exponent (1 linear; 2 for Lofelt's √ mapping).", valueName: "x"))
    var intensityExponent: Double = 1

    var model: HapticModel {
        let base = audible ? HapticModel.audible : HapticModel()
        return HapticModel(
            lowFrequency: lowFrequency ?? base.lowFrequency, highFrequency: highFrequency ?? base.highFrequency,
            transientDuration: transientMs / 1000, envelopeMinimum: envelopeMin, envelopeMaximum: envelopeMax,
            intensityExponent: intensityExponent)
    }

    func validate() throws {
        let m = model
        guard m.lowFrequency > 0, m.highFrequency >= m.lowFrequency, m.highFrequency < 20_000 else {
            throw ValidationError("frequencies must satisfy 0 < --low-frequency ≤ --high-frequency < 20000 Hz")
        }
        guard transientMs > 0, transientMs <= 500 else { throw ValidationError("--transient-ms must be in (0, 500]") }
        guard envelopeMin > 0, envelopeMax >= envelopeMin, envelopeMax <= 30 else {
            throw ValidationError("envelope times must satisfy 0 < --envelope-min ≤ --envelope-max ≤ 30 s")
        }
        guard intensityExponent > 0, intensityExponent <= 10 else { throw ValidationError("--intensity-exponent must be in (0, 10]") }
    }
}

/// Reads an AHAP file for rendering: the pattern, or the findings that stop it. A pattern CoreHaptics would
/// reject is refused unless `force` (its times and durations may be absurd: a Time of 1e308 is valid JSON).
enum PatternInput {
    static func load(_ file: String, parsing: AHAPParsingOptions, force: Bool) throws -> AHAPDocument {
        if HapticFileValidator.isHapticFile(file) { return try loadHaptic(file, parsing: parsing, force: force) }
        var options = parsing.validationOptions
        options.lenient = true
        let result = try AHAPValidator.validate(path: file, options: options)
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
        let clip = try hapticClip(file, parsing: parsing, force: force)
        let base = (file as NSString).deletingLastPathComponent
        return AHAPDocument(
            root: HapticToAHAP.convert(clip).jsonValue, file: file, baseDirectory: base.isEmpty ? "." : base,
            options: parsing.validationOptions)
    }

    /// A `.haptic` clip, validated; one with errors is refused (its errors on stderr, exit 1) unless `force`.
    static func hapticClip(_ file: String, parsing: AHAPParsingOptions, force: Bool) throws -> HapticClip {
        let result = try HapticFileValidator.validate(path: file, options: parsing.validationOptions)
        let errors = result.diagnostics.filter { $0.severity == .error }
        guard let clip = result.clip, errors.isEmpty || force else {
            try FindingsOutput.stop(
                tool: "ahap-tool", file: file, diagnostics: errors.isEmpty ? result.diagnostics : errors,
                failure: force
                    ? "\(file) cannot be read as a clip even with --force (the errors above leave nothing to convert); fix them (ahap-tool validate \(file))"
                    : "\(file) is not a valid .haptic clip; fix it (ahap-tool validate \(file)), or pass --force")
        }
        return clip
    }
}
