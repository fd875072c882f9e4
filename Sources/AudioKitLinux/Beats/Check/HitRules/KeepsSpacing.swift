import Foundation

/// A hit that keeps its neighbours' spacing on the grid (the same number of beats to the hit before and after it, a
/// step the chart uses, on a subdivision it uses) is part of a pattern: a moved hit breaks that spacing. A hit moved to
/// halfway between two neighbours makes an equal spacing too, but of a step the chart does not use; one moved out of a
/// figure the chart repeats can make an equal spacing of a step it uses, and is still checked for that (rule 7).
enum KeepsSpacing: HitRule {
    /// True when hit `i` keeps its neighbours' spacing.
    static func holds(_ i: Int, in c: HitJudging) -> Bool {
        let k = c.chart.rank[i]
        guard k > 0, k + 1 < c.chart.sorted.count, let level = c.chart.levels[i], c.chart.used.contains(level) else { return false }
        let t = c.times[i]
        let (a, b, d) = (c.tempo.beat(atTime: c.chart.sorted[k - 1]), c.tempo.beat(atTime: t), c.tempo.beat(atTime: c.chart.sorted[k + 1]))
        return abs((b - a) - (d - b)) * 60 / c.tempo.bpm(atTime: t) <= c.tuning.equalSpacingWithin && c.chart.common(b - a)
    }

    /// Decides hit `hit` when it keeps its neighbours' spacing: part of a pattern, checked only for leaving a figure the
    /// chart repeats (`LeftItsFigure`). An even spacing the chart plays nowhere else, beside a free line that puts the
    /// hit back in a figure the chart plays again and again, is more likely a moved hit than a pattern.
    static func decide(_ hit: inout HitUnderJudgement, in c: HitJudging) -> Bool {
        guard holds(hit.index, in: c) else { return false }
        LeftItsFigure.apply(&hit.judgement, hit.index, in: c)
        return true
    }
}
