import AudioKitLinux
import Foundation
import Testing

/// Two ways a chart's own structure misled the checker, each on a signal whose answer is known by construction.
@Suite("Chart judgement")
struct ChartJudgementTests {
    /// A steady stream of notes fits any grouping equally; its beat is a grouping by two or four (185 BPM or its
    /// half), never by three or six (123.3 BPM, ⅔ of the chart's tempo, which the nearest-to-120 tie-break chose).
    @Test func aSteadyStreamIsGroupedInTwosNotThrees() throws {
        let step = 60.0 / 185 / 4
        let times = (0..<400).map { 1 + Double($0) * step }
        let bpm = try #require(TempoMapFit.fit(times)?.bpm(atTime: 10))
        #expect([185.0, 92.5].contains { abs(bpm / $0 - 1) < 0.01 }, "fitted \(bpm) BPM")
    }

    /// A swung chart (each beat and the last third of it) is still heard in threes: its beat stays 120 BPM.
    @Test func aSwungChartKeepsItsTripletBeat() throws {
        let beat = 0.5
        var times: [Double] = []
        for b in 0..<120 {
            let start = 1 + Double(b) * beat
            times += [start, start + beat * 2 / 3]
        }
        let bpm = try #require(TempoMapFit.fit(times)?.bpm(atTime: 10))
        #expect(abs(bpm - 120) < 0.5, "fitted \(bpm) BPM")
    }

    /// Noise-burst clicks at `times` with their own `gains`, written to a WAV at 44.1 kHz.
    static func clicks(_ times: [Double], gains: [Double], seconds: Double, in dir: URL) throws -> String {
        let rate = 44_100.0
        var g = SplitMix(seed: 11)
        var x = [Float](repeating: 0, count: Int(rate * seconds))
        for (t, gain) in zip(times, gains) {
            let start = Int((t * rate).rounded())
            for i in 0..<Int(0.02 * rate) where start + i < x.count {
                x[start + i] += Float(gain * g.normal() * 0.5 * exp(-Double(i) / (0.004 * rate)))
            }
        }
        let path = dir.appendingPathComponent("motif.wav").path
        try AudioFile.write(x, to: path, sampleRate: Int(rate), channels: 1)
        return path
    }

}
