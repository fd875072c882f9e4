import AudioKitLinux
import Foundation
import Testing

/// Lint reads a map as a beat list (judged by `beatmap.outlier`) or as a chart (judged by `beatmap.off_grid`), never
/// both, and as `beatmap check` reads it.
@Suite("Lint: beat list or chart")
struct PulseOrChartLintTests {
    static func lint(_ json: String) -> [Diagnostic] {
        let read = BeatMapReader.read(bytes: Array(json.utf8), file: "map.json", format: .json)
        guard let map = read.map else { return read.diagnostics }
        return BeatRuleRegistry.lint(map)
    }

    static func json(_ times: [Double], bpm: Double?) -> String {
        let beats = times.map { String(format: "%.6f", $0) }.joined(separator: ", ")
        return bpm.map { "{\"bpm\": \($0), \"offset\": 1.0, \"beats\": [\(beats)]}" } ?? "{\"beats\": [\(beats)]}"
    }

    /// A chart's hits at 150 BPM (0.4 s beats): bars of two runs of three half beats, each run followed by a half beat's
    /// rest, so two thirds of its intervals are the half beat, a looser pulse than a beat list's. Its rests are rests, not missing beats: no `beatmap.outlier`,
    /// declared or not. The one hit written 12 ms off its line (and 13 ms off the next 1/16 line) is `beatmap.off_grid`'s, and the only finding.
    @Test func aChartOfHalfBeatsWithRestsIsNotABeatListMissingBeats() throws {
        var times: [Double] = []
        for bar in 0..<16 { times += [0, 0.2, 0.4, 0.8, 1.0, 1.2].map { 1 + Double(bar) * 1.6 + $0 } }
        let gaps = (1..<times.count).map { times[$0] - times[$0 - 1] }
        let halfBeats = gaps.filter { abs($0 - 0.2) < 1e-9 }.count
        #expect(Double(halfBeats) >= 0.6 * Double(gaps.count) && Double(halfBeats) < 0.8 * Double(gaps.count))
        times[40] += 0.012
        for bpm in [150.0, nil] {
            let found = Self.lint(Self.json(times, bpm: bpm)).filter { $0.ruleID != "beatmap.window_overlap" }
            #expect(found.map(\.ruleID) == ["beatmap.off_grid"], "bpm \(String(describing: bpm)): \(found.map(\.message))")
            #expect(found.first?.message.contains("hit 41 ") == true)
        }
    }

    /// A beat list at 120 BPM with a human's ±15 ms spread and one beat in four left out: a looser pulse too, but on
    /// its declared beat. Its gaps are missing beats (`beatmap.outlier`, one finding per gap, at the beat after it),
    /// and its spread is no chart's hit off a grid (no `beatmap.off_grid`).
    @Test func aBeatListWithBeatsLeftOutIsJudgedByItsIntervals() throws {
        var g = SplitMix(seed: 11)
        var times: [Double] = []
        var after: [Int] = []
        for k in 0..<80 where k % 4 != 2 || k < 4 || k > 75 {
            if k % 4 == 3, k > 4, k < 76 { after.append(times.count) }
            times.append(1 + Double(k) * 0.5 + 0.015 * (2 * g.uniform() - 1))
        }
        #expect(!BeatChecker.isPulse(times) && BeatChecker.isPulse(times, share: 0.6))
        for bpm in [120.0, nil] {
            let found = Self.lint(Self.json(times, bpm: bpm)).filter { $0.ruleID != "beatmap.declared_tempo" }
            #expect(!found.contains { $0.ruleID == "beatmap.off_grid" }, "bpm \(String(describing: bpm))")
            let missing = found.filter { $0.ruleID == "beatmap.outlier" && $0.message.contains("1 beat missing") }
            #expect(missing.count == after.count, "bpm \(String(describing: bpm)): \(found.map(\.message))")
            #expect(missing.map(\.message).allSatisfy { m in after.contains { m.contains("beat \($0 + 1) ") } })
        }
    }
}
