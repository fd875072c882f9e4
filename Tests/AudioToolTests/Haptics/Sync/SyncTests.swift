import AudioKitLinux
import Foundation
import Testing

@Suite("Pattern sync")
struct SyncTests {
    /// A click track and the pattern made from it, written to a scratch folder.
    static func fixture(shift: Double) throws -> (folder: URL, sound: String, pattern: AHAPPattern) {
        let folder = TestPaths.scratch()
        let times = [0.3, 0.8, 1.1, 1.6, 2.2]
        let samples = HapticSignals.clicks(at: times, seconds: 3)
        let sound = folder.appendingPathComponent("clicks.wav").path
        try AudioFile.write(samples, to: sound, sampleRate: HapticSignals.rate, channels: 1)
        var pattern = AudioToHaptics.convert(SoundFeatures(mono: samples, sampleRate: HapticSignals.rate)).combined!
        pattern.elements = pattern.elements.map { element in
            switch element {
            case .event(var e):
                e.time += shift
                return .event(e)
            case .curve(var c):
                c.time += shift
                return .curve(c)
            case .parameter(var p):
                p.time += shift
                return .parameter(p)
            case .unknown: return element
            }
        }
        return (folder, sound, pattern)
    }

    static func check(_ pattern: AHAPPattern, in folder: URL, sound: SyncSound?) -> [Diagnostic] {
        let text = AHAPFormatter.format(pattern.jsonValue)
        return AHAPValidator.validate(
            bytes: Array(text.utf8), file: "p.ahap", baseDirectory: folder.path, options: AHAPValidationOptions(syncSound: sound)
        ).diagnostics
    }

    @Test("the unshifted pair passes; a 40 ms shift is found as the lag and on every transient")
    func shift() throws {
        let (folder, sound, pattern) = try Self.fixture(shift: 0)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clean = Self.check(pattern, in: folder, sound: .file(path: sound, offset: 0))
        #expect(clean.filter { $0.severity != .note }.isEmpty, "\(clean.map(\.message))")
        let report = try PatternSync.analyze(pattern: pattern, sound: .file(path: sound, offset: 0))
        #expect(
            abs(report.lag ?? 1) <= 0.002 && report.transients.count == 5 && report.transients.allSatisfy { abs($0.offset ?? 1) <= 0.002 })

        let (_, _, late) = try Self.fixture(shift: 0.040)
        let lateReport = try PatternSync.analyze(pattern: late, sound: .file(path: sound, offset: 0))
        #expect(abs((lateReport.lag ?? 0) - 0.040) <= 0.003, "lag \(String(describing: lateReport.lag))")
        let found = Self.check(late, in: folder, sound: .file(path: sound, offset: 0))
        #expect(found.filter { $0.ruleID == "ahap.audio_sync_lag" && $0.severity == .warning }.count == 1)
        let offsets = found.filter { $0.ruleID == "ahap.audio_sync_transient" }
        #expect(offsets.count == 5, "\(found.map(\.message))")
        #expect(offsets.allSatisfy { $0.location.line != nil && $0.message.contains("40 ms after") })
        // The same sound started 40 ms late matches the shifted pattern again.
        let again = try PatternSync.analyze(pattern: late, sound: .file(path: sound, offset: 0.040))
        #expect(abs(again.lag ?? 1) <= 0.002)
    }

    @Test("validate checks a pattern against its own AudioCustom sound")
    func validateUsesAudioCustom() throws {
        let (folder, _, late) = try Self.fixture(shift: 0.040)
        defer { try? FileManager.default.removeItem(at: folder) }
        var pattern = late
        pattern.elements.insert(.event(AHAPEvent(.audioCustom, time: 0, waveformPath: "clicks.wav")), at: 0)
        let found = Self.check(pattern, in: folder, sound: nil)
        #expect(found.contains { $0.ruleID == "ahap.audio_sync_lag" && $0.severity == .warning }, "\(found.map(\.message))")
        #expect(found.filter { $0.ruleID == "ahap.audio_sync_transient" }.count == 5)
        #expect(!found.contains { $0.severity == .note }, "validate adds no summary note")
        let (_, _, inTime) = try Self.fixture(shift: 0)
        var good = inTime
        good.elements.insert(.event(AHAPEvent(.audioCustom, time: 0, waveformPath: "clicks.wav")), at: 0)
        #expect(Self.check(good, in: folder, sound: nil).isEmpty)
    }

    @Test("haptics after the sound has ended are found")
    func hapticsInSilence() throws {
        let (folder, sound, pattern) = try Self.fixture(shift: 0)
        defer { try? FileManager.default.removeItem(at: folder) }
        var p = pattern
        // A neutral value first: the curves' last values would otherwise hold and scale the event down.
        // After the pattern's own continuous event, which runs to the sound's end (3 s).
        p.elements.append(.parameter(AHAPDynamicParameter(.hapticIntensityControl, value: 1, time: 3.1)))
        p.elements.append(
            .event(
                AHAPEvent(
                    .hapticContinuous, time: 3.1, duration: 0.3,
                    parameters: [AHAPEventParameter(.hapticIntensity, 0.8), AHAPEventParameter(.hapticSharpness, 0.5)])))
        let found = Self.check(p, in: folder, sound: .file(path: sound, offset: 0)).filter { $0.ruleID == "ahap.haptics_in_silence" }
        #expect(found.count == 1, "\(found.map(\.message))")
        #expect(found.first?.location.jsonPath == "/Pattern/\(p.elements.count - 1)/Event")
    }
}
