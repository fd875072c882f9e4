import Foundation
import Testing

@testable import AudioKitLinux

/// A hit surely moved (onto another hit's line, or alone off every line) goes back to the place the chart's repeated
/// figure has for it before a free line whose only claim is a louder sound: in a full mix the loud onset may be another
/// part's. On a hand-built judging (`HitJudgingTests.judging`): six bars at 120 BPM of the figure 0, 1, 1½, 2, 3 (beats),
/// an onset under every hit but the one moved (a quiet note) and an onset on the free line 2½ of that bar (a sound the
/// chart does not play).
@Suite("Rule: a surely moved hit goes back to the chart's figure")
struct FigureFirstTests {
    static let figure = [0.0, 1, 1.5, 2, 3]
    /// The bar whose 1½ is moved, and that hit's index.
    static let bar = 3
    static let k = bar * figure.count + 2

    /// The chart's hits, in beats, as written.
    static var beats: [Double] { (0..<6).flatMap { b in figure.map { Double(4 * b) + $0 } } }

    /// The judging of the chart with hit `k` at `moved` (seconds): onsets under every other hit, and at beat 2½ of the bar.
    static func judging(moved: Double, hitWindow: Double) -> HitJudging {
        var hits = beats.map(HitJudgingTests.time)
        let onsets = hits.indices.filter { $0 != k }.map { hits[$0] } + [HitJudgingTests.time(Double(4 * bar) + 2.5)]
        hits[k] = moved
        return HitJudgingTests.judging(hits, onsets: onsets.sorted(), hitWindow: hitWindow)
    }

    /// Moved onto beat 2's line (12 ms before it): the free lines either side are its own (1½, silent, the figure every
    /// other bar plays) and 2½ (a clear onset, a figure the chart never plays). Its own comes first, with no onset to
    /// confirm it (the finding then says so); before, the onset alone decided.
    @Test("SharesALine sends the hit back to the repeated figure, though only the other line has an onset")
    func sharesALineTakesTheFigure() {
        let c = Self.judging(moved: HitJudgingTests.time(Double(4 * Self.bar) + 2) - 0.012, hitWindow: 0.3)
        let own = HitJudgingTests.time(Double(4 * Self.bar) + 1.5)
        #expect(c.restoresFigure(own, rank: c.chart.rank[Self.k]))
        #expect(!c.restoresFigure(HitJudgingTests.time(Double(4 * Self.bar) + 2.5), rank: c.chart.rank[Self.k]))
        var j = HitChecker.Judgement(level: c.chart.levels[Self.k])
        #expect(SharesALine.apply(&j, Self.k, in: c))
        #expect(j.suggestion.map { abs($0 - own) < 1e-9 } == true && j.match == nil, "\(j)")
    }

    /// Moved 35 ms past the free line 2½ (off every line), where the onset is: `Unsnapped`, asked before `BetterPlace`,
    /// sends it back to 1½ (the figure; 0.535 s away, within a 0.6 s window), not to the onset beside it, and names no
    /// onset (1½ has none; the one beside the hit is not its line's); with a window too narrow to reach 1½, to the onset's
    /// line, matched to that onset, with far more evidence than the hit's own place.
    @Test("a lone hit off the grid goes back to the repeated figure before the onset beside it")
    func unsnappedTakesTheFigure() {
        let moved = HitJudgingTests.time(Double(4 * Self.bar) + 2.5) + 0.035
        let own = HitJudgingTests.time(Double(4 * Self.bar) + 1.5)
        let wide = Self.judging(moved: moved, hitWindow: 0.6)
        let judged = HitRules.judge(Self.k, in: wide)
        #expect(judged.flagged && judged.offGrid != nil, "\(judged)")
        #expect(judged.suggestion.map { abs($0 - own) < 1e-9 } == true && judged.match == nil, "\(judged)")
        let narrow = HitRules.judge(Self.k, in: Self.judging(moved: moved, hitWindow: 0.15))
        let onset = HitJudgingTests.time(Double(4 * Self.bar) + 2.5)
        #expect(narrow.suggestion.map { abs($0 - onset) < 1e-9 } == true, "\(narrow)")
        #expect(narrow.match.map { abs($0.time - onset) < 0.011 } == true && narrow.ratio > 4, "\(narrow)")
    }
}
