import Testing

@testable import AudioKitLinux

/// `PatternSync.silentSpans` on millisecond envelopes drawn by hand: what is felt where the sound is silent.
@Suite("Haptics in silence")
struct HapticsInSilenceTests {
    /// The sound loud from 300 to 500 ms, silent elsewhere, over 1.5 s.
    static let sound: [Float] = (0..<1500).map { (300..<500).contains($0) ? 1 : 0 }

    /// A drive felt (0.8) over each of `spans` (start and end, in ms), zero elsewhere.
    static func drive(_ spans: [(Int, Int)]) -> [Float] {
        var h = [Float](repeating: 0, count: 1500)
        for (a, b) in spans { for i in a..<b { h[i] = 0.8 } }
        return h
    }

    /// Transients at `times` (seconds).
    static func taps(_ times: [Double]) -> AHAPPattern {
        AHAPPattern(
            elements: times.map { .event(AHAPEvent(.hapticTransient, time: $0, parameters: [AHAPEventParameter(.hapticIntensity, 0.8)])) })
    }

    @Test("a tap after the sound has ended is felt in silence, on its own; taps 30 ms apart make one span")
    func tapsInSilence() {
        let pattern = Self.taps([0.7, 0.8, 0.83, 0.86])
        let haptic = Self.drive([(700, 715), (800, 815), (830, 845), (860, 875)])
        let spans = PatternSync.silentSpans(pattern: pattern, haptic: haptic, audio: Self.sound, settings: SyncSettings())
        #expect(spans.count == 2, "\(spans)")
        #expect(abs(spans[0].start - 0.7) < 1e-9 && abs(spans[0].end - 0.715) < 1e-9 && spans[0].element == 0)
        #expect(abs(spans[1].start - 0.8) < 1e-9 && abs(spans[1].end - 0.875) < 1e-9 && spans[1].element == 1)
    }

    @Test("a tap 5 ms before its sound is the offset check's, not silence; a tap too weak to feel is not felt")
    func tapsBesideTheSound() {
        let pattern = Self.taps([0.295, 1.0])
        var haptic = Self.drive([(295, 310)])
        for i in 1000..<1015 { haptic[i] = 0.1 }
        #expect(PatternSync.silentSpans(pattern: pattern, haptic: haptic, audio: Self.sound, settings: SyncSettings()).isEmpty)
    }

    @Test("a continuous drive in silence counts from 50 ms on")
    func continuousInSilence() {
        let haptic = Self.drive([(1000, 1040), (1100, 1200)])
        let spans = PatternSync.silentSpans(pattern: AHAPPattern(), haptic: haptic, audio: Self.sound, settings: SyncSettings())
        #expect(spans.count == 1 && abs(spans[0].start - 1.1) < 1e-9 && abs(spans[0].end - 1.2) < 1e-9, "\(spans)")
    }
}
