import Foundation

/// Rule 8: two hits within `freeWindow` of each other (no player taps them apart, and a chart writes a chord as one
/// hit) on the same grid line: the one further from the line was moved onto it, off a line the chart left free (when
/// neither is clearly further, the one with a free line on its outer side, when the other has none there). That hit
/// is flagged with a free line of a used subdivision within the hit window: one that puts it back in a figure the chart
/// repeats (`HitJudging.restoresFigure`), with or without an onset, before one with only a clear onset; among those, the
/// most evidence, weighted by the chart's use of the line's subdivision, the rhythm it gives back and its nearness; when
/// no free line has either (a quiet note the onset curve does not show), the free line that gives back the rhythm the
/// chart plays most, weighted by its subdivision's use. The hit on the line stays where it is; with no free line in the
/// hit window nothing is flagged.
enum SharesALine: HitRule {
    /// Flags hit `i` with its line and returns true when it was moved onto another hit's line; false, leaving `j` as it
    /// is, otherwise.
    static func apply(_ j: inout HitChecker.Judgement, _ i: Int, in c: HitJudging) -> Bool {
        let k = c.chart.rank[i]
        let sorted = c.chart.sorted
        let t = c.times[i]
        let near = [k - 1, k + 1].filter { $0 >= 0 && $0 < sorted.count && abs(sorted[$0] - t) <= c.tuning.freeWindow }
        guard let n = near.min(by: { abs(sorted[$0] - t) < abs(sorted[$1] - t) }), let finest = c.chart.used.max() else { return false }
        let mine = c.tempo.nearestLine(to: t, level: finest), theirs = c.tempo.nearestLine(to: sorted[n], level: finest)
        guard abs(mine.beat - theirs.beat) < 1e-9 else { return false }
        // This hit clearly the further from the line (the other was placed there)…
        let margin = c.chart.sharedLineMargin, mineOff = abs(t - mine.time), theirsOff = abs(sorted[n] - theirs.time)
        var free = c.freeLines(around: t)
        if mineOff < theirsOff + margin {
            // …or, when neither is clearly the further (a hit moved by about a line lands about as near as the one there),
            // the one that can go back without passing the other: a free line lies on its own outer side and none on the
            // other's.
            guard theirsOff < mineOff + margin else { return false }
            let first = k < n
            let mineOuter = free.filter { first ? $0.time < t : $0.time > t }
            let theirsOuter = c.freeLines(around: sorted[n]).filter { first ? $0.time > sorted[n] : $0.time < sorted[n] }
            guard !mineOuter.isEmpty, theirsOuter.isEmpty else { return false }
            free = mineOuter
        }
        // The free lines with a clear onset, and those that put the hit back in a figure the chart repeats however quiet
        // (a vocal the onset curve hardly shows): a figure first, then the evidence, weighted.
        let clear = Dictionary(c.withOnsets(free).map { ($0.time, $0) }, uniquingKeysWith: { a, _ in a })
        var best: (line: Double, onset: (time: Double, strength: Double)?, key: (Int, Double))? = nil
        for (x, level) in free {
            let (figure, rhythm) = c.figure(at: x, rank: k), there = clear[x]
            guard there != nil || figure else { continue }
            let ranked = max(there?.score ?? 0, c.tuning.ownEvidenceFloor) * c.chart.prior(level) * rhythm * c.nearness(x, to: t)
            if best.map({ (figure ? 1 : 0, ranked) > $0.key }) ?? true { best = (x, there?.onset, (figure ? 1 : 0, ranked)) }
        }
        if best == nil {
            // No onset and no figure to go by: the rhythm the chart plays, then the nearer line.
            for (x, level) in free {
                let ranked = c.chart.prior(level) * c.chart.rhythm(at: x, rank: k)
                if best.map({ ranked > $0.key.1 || (ranked == $0.key.1 && abs(x - t) < abs($0.line - t)) }) ?? true {
                    best = (x, nil, (0, ranked))
                }
            }
        }
        guard let best else { return false }
        j.flagged = true
        j.suggestion = best.line
        if let onset = best.onset { j.match = OnsetMatch(time: onset.time, strength: onset.strength) }
        j.sharesLineWith = sorted[n]
        return true
    }

    /// Decides hit `hit` when it was moved onto another hit's line.
    static func decide(_ hit: inout HitUnderJudgement, in c: HitJudging) -> Bool { apply(&hit.judgement, hit.index, in: c) }
}
