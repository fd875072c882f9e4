import AudioKitLinux
import Foundation
import Testing

/// Hostile and edge inputs for the .haptic reader and the conversions: each is an answer, never a crash or a hang.
@Suite(".haptic and conversion edge cases")
struct HostileHapticTests {
    static func clipText(_ amplitude: String, version: String = #"{"major": 1}"#) -> [UInt8] {
        Array(#"{"version": \#(version), "signals": {"continuous": {"envelopes": {"amplitude": [\#(amplitude)]}}}}"#.utf8)
    }

    @Test("a version that is no integer is reported, not a trap")
    func hugeVersion() {
        for v in [#"{"major": 1e300}"#, #"{"major": 9223372036854775807}"#, #"{"major": 1.5}"#] {
            let r = HapticFileValidator.validate(
                bytes: Self.clipText(#"{"time": 0, "amplitude": 0.1}, {"time": 1, "amplitude": 0}"#, version: v))
            #expect(r.diagnostics.contains { $0.ruleID == "haptic.version_unsupported" }, "\(v)")
        }
    }

    @Test("a hugely negative time is reported and nothing is built from the clip")
    func negativeTime() {
        let r = HapticFileValidator.validate(bytes: Self.clipText(#"{"time": -1e18, "amplitude": 0.1}, {"time": 1, "amplitude": 0}"#))
        #expect(r.clip == nil)
        #expect(r.diagnostics.contains { $0.ruleID == "haptic.time_order" })
    }

    @Test("continuous events from a clip are never over 30 s, whatever the start")
    func thirtySeconds() {
        let clip = HapticClip(amplitude: [.init(time: 0.1, amplitude: 0.5), .init(time: 300, amplitude: 0.5)])
        let pattern = HapticToAHAP.convert(clip)
        let events = pattern.events.filter { $0.eventType == .hapticContinuous }
        #expect(events.count == 10)
        #expect(events.allSatisfy { ($0.duration ?? 0) <= 30 })
        let text = AHAPFormatter.format(pattern.jsonValue)
        let found = AHAPValidator.validate(bytes: Array(text.utf8), options: AHAPValidationOptions(checkWaveformFiles: false)).diagnostics
        #expect(!found.contains { $0.severity != .note }, "\(found.map(\.message))")
    }

    @Test("AHAP to .haptic on thousands of events: each event's step is there, no overlap reported")
    func manyEvents() {
        var elements: [AHAPElement] = []
        for k in 0..<3_000 {
            elements.append(
                .event(
                    AHAPEvent(
                        .hapticContinuous, time: Double(k) * 0.1, duration: 0.05,
                        parameters: [AHAPEventParameter(.hapticIntensity, 0.5), AHAPEventParameter(.hapticSharpness, 0.5)])))
        }
        let (clip, losses) = AHAPToHaptic.convert(AHAPPattern(elements: elements))
        #expect(losses.isEmpty)
        // Each event: a step up at its start and a step down at its end (two breakpoints each), the first start one.
        #expect(clip?.amplitude.count == 3_000 * 4 - 1)
        #expect(clip?.amplitude.filter { abs($0.amplitude - 0.25) < 1e-12 }.count == 6_000)
    }

    @Test("validate leaves the sync check of a pattern over 10 minutes to ahap-tool sync")
    func longPatternNotSyncedByValidate() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try AudioFile.write(
            HapticSignals.clicks(at: [0.1], seconds: 0.5), to: folder.appendingPathComponent("c.wav").path, sampleRate: 44_100, channels: 1)
        let pattern = AHAPPattern(elements: [
            .event(AHAPEvent(.audioCustom, time: 0, waveformPath: "c.wav")),
            .event(
                AHAPEvent(
                    .hapticContinuous, time: 14_399, duration: 1,
                    parameters: [AHAPEventParameter(.hapticIntensity, 1), AHAPEventParameter(.hapticSharpness, 0.5)])),
        ])
        let text = AHAPFormatter.format(pattern.jsonValue)
        let found = AHAPValidator.validate(bytes: Array(text.utf8), file: "p.ahap", baseDirectory: folder.path).diagnostics
        #expect(!found.contains { $0.ruleID.hasPrefix("ahap.audio_sync") || $0.ruleID == "ahap.haptics_in_silence" })
    }

    @Test("a prefetching reader stopped early gives nothing more, and does not wait")
    func prefetchReuse() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("n.wav").path
        try AudioFile.write([Float](repeating: 0.1, count: 100_000), to: path, sampleRate: 44_100, channels: 1)
        let reader = try PrefetchingReader(path: path, blockFrames: 1000, depth: 2)
        #expect(throws: InputError.self) {
            try reader.forEachBlock { _, _ throws(InputError) in throw InputError(.corrupt, path: path, reason: "stop") }
        }
        var more = 0
        try reader.forEachBlock { _, _ in more += 1 }
        #expect(more == 0)
    }
}

@Suite(".haptic line endings")
struct HapticLineEndingTests {
    @Test("a CRLF .haptic is read like an LF one, with the same line and column")
    func crlf() {
        let lf =
            "{\"version\": {\"major\": 1},\n \"signals\": {\"continuous\": {\"envelopes\": {\"amplitude\": [{\"time\": 0, \"amplitude\": 0.5},\n {\"time\": 1, \"amplitude\": 1.5}]}}}}\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let a = HapticFileValidator.validate(bytes: Array(lf.utf8)).diagnostics
        let b = HapticFileValidator.validate(bytes: Array(crlf.utf8)).diagnostics
        #expect(a.count == 1 && b.count == 1)
        #expect(a.first?.location.line == 3 && b.first?.location.line == 3)
        #expect(a.first?.location.column == b.first?.location.column)
    }
}
