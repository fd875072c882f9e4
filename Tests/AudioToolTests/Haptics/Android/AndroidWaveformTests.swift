import AudioKitLinux
import Foundation
import Testing

/// The Android waveform against Meta's exporter's tests (exact integers), Lofelt's (a different method: compared where
/// the two must agree), and hand-worked cases of the documented method.
struct AndroidWaveformTests {
    static func clip(_ points: [(Double, Double)], emphasis: [Int: HapticClip.Emphasis] = [:]) -> HapticClip {
        HapticClip(amplitude: points.enumerated().map { i, p in .init(time: p.0, amplitude: p.1, emphasis: emphasis[i]) })
    }

    static func settings(stepMs: Double, gain: Double = 1) -> AndroidWaveformSettings {
        var s = AndroidWaveformSettings()
        s.sampleDuration = stepMs / 1000
        s.gain = gain
        return s
    }

    @Test(
        "Meta's android_waveform.rs tests give the same integers",
        .enabled(if: TestPaths.interchangeAvailable, TestPaths.interchangeMissing))
    func metaPairs() throws {
        let url = TestPaths.shared.appendingPathComponent(
            "corpus/haptic-interchange/meta-haptics-sdk/expected_from_tests/android_waveform.json")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let tests = try #require(root["tests"] as? [[String: Any]])
        #expect(tests.count == 4)
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var checked = 0
        for test in tests {
            let name = test["test"] as? String ?? "?"
            // The inline clips, written out as .haptic files and read as any other.
            let file = folder.appendingPathComponent("\(name).haptic")
            try JSONSerialization.data(withJSONObject: try #require(test["input_haptic"])).write(to: file)
            let clip = try #require(try HapticFileValidator.validate(path: file.path).clip, "\(name)")
            let settings = try #require(test["settings"] as? [String: Any])
            let step = try #require(settings["sample_duration_ms"] as? Double)
            let gain = try #require(settings["gain"] as? Double)
            let waveform = try AndroidWaveform.render(clip, settings: Self.settings(stepMs: step, gain: gain))
            if let timings = test["expected_timings_ms"] as? [Int], let amplitudes = test["expected_amplitudes"] as? [Int] {
                #expect(waveform.timingsMs == timings, "\(name)")
                #expect(waveform.amplitudes == amplitudes, "\(name)")
            } else {
                // gain_scales_amplitude: every amplitude ≤ int(0.2 × 255), continuous and emphasis added.
                #expect(name == "gain_scales_amplitude")
                #expect(!waveform.amplitudes.isEmpty && waveform.amplitudes.allSatisfy { $0 <= 51 }, "\(waveform.amplitudes)")
            }
            checked += 1
        }
        #expect(checked == 4)
    }

    @Test(
        "Lofelt's convert_valid_v1 uses another method: same length, same envelope between its steps, the emphasis at full",
        .enabled(if: TestPaths.interchangeAvailable, TestPaths.interchangeMissing))
    func lofeltPair() throws {
        let root = TestPaths.shared.appendingPathComponent("corpus/haptic-interchange/NiceVibrations")
        let result = try HapticFileValidator.validate(path: root.appendingPathComponent("clip-players/test_data/valid_v1.haptic").path)
        let clip = try #require(result.clip)
        let data = try Data(contentsOf: root.appendingPathComponent("expected_from_tests/android_waveform.json"))
        let expected = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let test = try #require((expected["tests"] as? [[String: Any]])?.first)
        let timings = try #require(test["expected_timings_ms"] as? [Int])
        let amplitudes = try #require(test["expected_amplitudes"] as? [Int])
        let ours = try AndroidWaveform.render(clip)
        #expect(ours.durationMs == timings.reduce(0, +), "both last the clip: \(ours.durationMs) vs \(timings.reduce(0, +))")
        // Lofelt ducks 30 ms before the emphasis at 200 ms, plays it 30 ms at 255, ducks 30 ms after. Away from that,
        // both sample the same envelope: Lofelt at its step starts, ours ramping to each breakpoint one 10 ms step early.
        var start = 0
        for (t, a) in zip(timings, amplitudes) {
            defer { start += t }
            if start >= 140 && start < 300 { continue }
            let k = min(start / 10, ours.amplitudes.count - 1)
            #expect(abs(ours.amplitudes[k] - a) <= 9, "at \(start) ms: ours \(ours.amplitudes[k]), Lofelt \(a)")
        }
        #expect(amplitudes.contains(255) && ours.amplitudes.max() ?? 0 > 150, "the emphasis stands out in both")
    }

    @Test("a ramp returns its start first and reaches its target one step early (0→1 over 1 s at 100 ms: k/9)")
    func rampSemantics() throws {
        let w = try AndroidWaveform.render(Self.clip([(0, 0), (1, 1)]), settings: Self.settings(stepMs: 100))
        #expect(w.timingsMs == Array(repeating: 100, count: 10))
        for (k, a) in w.amplitudes.enumerated() {
            let exact = max(1, Int((255 * Double(k) / 9).rounded(.down)))
            #expect(abs(a - exact) <= 1, "step \(k): \(a) vs \(exact)")
        }
    }

    @Test("an emphasis is a burst of ⌊(36.4 − 24.3·f) ms / step⌋ steps at its amplitude over the envelope ducked to half")
    func emphasisBurst() throws {
        for (frequency, steps) in [(0.0, 3), (1.0, 1), (0.5, 2)] {
            let clip = Self.clip([(0, 0.4), (0.1, 0.4), (0.2, 0.4)], emphasis: [1: .init(amplitude: 0.5, frequency: frequency)])
            let w = try AndroidWaveform.render(clip)
            #expect(w.timingsMs.count == 20 && w.timingsMs.allSatisfy { $0 == 10 })
            // 0.4 × 255 = 102; during the burst 0.4 × 0.5 + 0.5 = 0.7 → 178.
            let burst = w.amplitudes.indices.filter { w.amplitudes[$0] != 102 }
            #expect(burst == Array(10..<(10 + steps)), "f = \(frequency): \(w.amplitudes)")
            #expect(burst.allSatisfy { w.amplitudes[$0] == 178 })
        }
    }

    @Test("values are clamped to 1…255, the last step is shortened, an emphasis outlasting the clip is played out")
    func edges() throws {
        let silent = try AndroidWaveform.render(Self.clip([(0, 0), (0.025, 0)]))
        #expect(silent.amplitudes == [1, 1, 1] && silent.timingsMs == [10, 10, 5])
        let single = HapticClip(amplitude: [
            .init(time: 0, amplitude: 0, emphasis: .init(amplitude: 1, frequency: 0)), .init(time: 0.001, amplitude: 0),
        ])
        let w = try AndroidWaveform.render(single)
        // The burst at frequency 0: ⌊36.4 ms / 10 ms⌋ = 3 steps at 255, and the waveform lasts those 3 steps.
        #expect(w.timingsMs == [10, 10, 10] && w.amplitudes == [255, 255, 255], "\(w)")
        #expect(w.joined == AndroidWaveform(timingsMs: [30], amplitudes: [255]))
        // A clip shorter than half a millisecond still gives one step Android accepts (some timing above 0).
        let tiny = try AndroidWaveform.render(Self.clip([(0, 0.5), (0.0001, 0.5)]))
        #expect(tiny.timingsMs == [1] && tiny.amplitudes == [127])
        // Times out of order (a clip forced through validation) are an error, not a trap.
        #expect(throws: InputError.self) { try AndroidWaveform.render(Self.clip([(0, 0.5), (1e300, 0.5), (1, 0)])) }
    }

    @Test("joining equal neighbouring steps keeps the vibration: expanding it gives the steps back")
    func joinedExpands() throws {
        let clip = Self.clip([(0, 0), (0.3, 1), (1.0, 1), (1.2, 0.2), (2, 0.2)])
        let raw = try AndroidWaveform.render(clip)
        let joined = raw.joined
        #expect(joined.timingsMs.count < raw.timingsMs.count)
        #expect(joined.durationMs == raw.durationMs)
        var expanded: [Int] = []
        for (t, a) in zip(joined.timingsMs, joined.amplitudes) { expanded += Array(repeating: a, count: t / 10) }
        var rawExpanded: [Int] = []
        for (t, a) in zip(raw.timingsMs, raw.amplitudes) { rawExpanded += Array(repeating: a, count: t / 10) }
        #expect(expanded == rawExpanded)
        #expect(zip(joined.amplitudes, joined.amplitudes.dropFirst()).allSatisfy { $0 != $1 })
    }

    @Test("a clip longer than 30 minutes of steps is an error naming the file")
    func tooLong() {
        let clip = Self.clip([(0, 0.5), (2000, 0.5)])
        #expect {
            _ = try AndroidWaveform.render(clip, path: "long.haptic")
        } throws: { error in
            (error as? InputError).map { $0.kind == .limitExceeded && $0.description.hasPrefix("long.haptic: ") } ?? false
        }
    }
}
