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
