import AudioKitLinux
import Foundation
import Testing

@Suite("Noise floor, loudness envelope and --preset auto")
struct PresetAutoTests {
    static let rate = HapticSignals.rate

    /// A 220 Hz sine at 0.8 for 0.3 s, then at 0.8 × 10^(−40/20) (−40 dB) for 1 s: a loud note and its quiet tail.
    static func noteWithTail() -> [Float] {
        (0..<Int(1.3 * Double(rate))).map { i in
            let t = Double(i) / Double(rate)
            return Float((t < 0.3 ? 0.8 : 0.008) * sin(2 * .pi * 220 * t))
        }
    }

    /// The largest intensity-curve value among control points after `time`.
    static func intensityAfter(_ time: Double, in pattern: AHAPPattern) -> Double {
        pattern.curves.filter { $0.parameterID == .hapticIntensityControl }.flatMap { c in
            c.controlPoints.filter { c.time + $0.time > time }.map(\.value)
        }.max() ?? 0
    }

    @Test("a floor at −30 dB silences a tail 40 dB down and keeps the note at intensity 1; without it the tail plays at √0.01")
    func noiseFloor() {
        let features = SoundFeatures(mono: Self.noteWithTail(), sampleRate: Self.rate)
        var options = AudioToHapticsOptions()
        options.content = .continuousOnly
        let plain = AudioToHaptics.convert(features, options: options).combined!
        #expect(abs(Self.intensityAfter(0.5, in: plain) - 0.1) < 0.02, "√(−40 dB) = 0.1")
        options.noiseFloorDecibels = -30
        let floored = AudioToHaptics.convert(features, options: options).combined!
        #expect(Self.intensityAfter(0.5, in: floored) < 0.001)
        let loudest = floored.curves.flatMap { $0.controlPoints.map(\.value) }.max() ?? 0
        #expect(abs(loudest - 1) < 0.01, "the loudest moment keeps its level: \(loudest)")
    }

    @Test("--preset auto tells 6 s of steady noise a loop, takes the loop preset, and the user's settings still apply")
    func autoTakesTheLoopPreset() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SplitMix(seed: 9)
        let noise = (0..<(6 * Self.rate)).map { _ in Float(0.3 * (random.uniform() * 2 - 1)) }
        let path = folder.appendingPathComponent("engine.wav").path
        try AudioFile.write(noise, to: path, sampleRate: Self.rate, channels: 1)
        let automatic = try AudioToHaptics.convert(path: path, preset: .auto)
        #expect(automatic.kind?.kind == .loop)
        #expect(AudioToHapticsOptions.Preset.chosen(for: .loop) == .loop)
        let loop = try AudioToHaptics.convert(path: path, options: AudioToHapticsOptions(preset: .loop))
        #expect(automatic.combined == loop.combined, "auto gives what --preset loop gives")
        let general = try AudioToHaptics.convert(path: path, options: AudioToHapticsOptions(preset: .general))
        #expect(automatic.combined != general.combined, "the loop preset (loudness, floor) differs from general")
        let adjusted = try AudioToHaptics.convert(path: path, preset: .auto, adjust: { $0.content = .transientsOnly })
        #expect(adjusted.combined?.events.allSatisfy { $0.eventType == .hapticTransient } == true)
        #expect(try AudioToHaptics.convert(path: path, preset: .general).kind == nil)
    }

    @Test("ahap-tool from-audio --preset auto says what it told and took; --noise-floor or --ducking out of range is a usage error")
    func cli() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sound = try FromAudioCLITests.writeClicks(folder)
        let out = folder.appendingPathComponent("c.ahap").path
        let r = try run(FromAudioCLITests.tool, ["from-audio", sound, "-o", out, "--preset", "auto"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("--preset auto: told ") && r.stderr.contains(", took general"), "\(r.stderr)")
        #expect(try run(FromAudioCLITests.tool, ["validate", "--werror", out]).status == 0)
        let floor = try run(FromAudioCLITests.tool, ["from-audio", sound, "-o", out, "--noise-floor", "-30", "--envelope", "loudness"])
        #expect(floor.status == 0, "\(floor.stderr)")
        let bad = try run(FromAudioCLITests.tool, ["from-audio", sound, "-o", out, "--noise-floor", "6"])
        #expect(bad.status == 64, "\(bad.stderr)")
        for ducking in ["1.5", "-0.1", "nan"] {
            let refused = try run(FromAudioCLITests.tool, ["from-audio", sound, "-o", out, "--ducking=\(ducking)"])
            #expect(refused.status == 64 && refused.stderr.contains("--ducking must be between 0 and 1"), "\(refused.stderr)")
        }
        #expect(try run(FromAudioCLITests.tool, ["from-audio", sound, "-o", out, "--ducking", "0"]).status == 0)
    }
}
