import Foundation

/// Rules 4 and 6: a snapped chart's lone hit off every grid line, or moved onto a line the chart does not use, was not
/// placed by the editor's snap. Its fix is the free line with the most evidence (any onset, weighted by the chart's use
/// of the line's subdivision and the rhythm it gives back), else the nearest free line.
enum Unsnapped: HitRule {
    /// Flags hit `i` with its fix among `lines` (not those in `taken`, which belong to other hits) and returns true;
    /// false, leaving `j` as it is, when the hit was snapped.
    static func apply(
        _ j: inout HitChecker.Judgement, _ i: Int, lines: [(time: Double, level: Int)], taken: Set<Double> = [], in c: HitJudging
    ) -> Bool {
        let k = c.chart.rank[i]
        guard let limit = c.chart.offGridLimit, c.chart.loneOffGrid(k, limit: limit) || c.chart.loneOnUnusedLevel(k, limit: limit)
        else { return false }
        let distance = c.chart.gridDistances[k]
        j.flagged = true
        j.onSnappedGrid = false
        if distance > limit { j.offGrid = distance } else { j.unusedLevel = c.chart.levels[i] }
        let free = lines.filter { !taken.contains($0.time) }
        let t = c.times[i]
        let scored = free.map { line in
            (
                line, c.evidence(at: line.time),
                c.chart.prior(line.level) * c.chart.rhythm(at: line.time, rank: k) * c.nearness(line.time, to: t)
            )
        }
        if let pick = scored.filter({ $0.1.score > 0 }).max(by: { $0.1.score * $0.2 < $1.1.score * $1.2 }) {
            j.suggestion = pick.0.time
            if let p = pick.1.peak { j.match = OnsetMatch(time: p.time, strength: p.strength) }
        } else {
            j.suggestion = free.min { abs($0.time - t) < abs($1.time - t) }?.time
        }
        return true
    }

    /// Decides hit `hit` when the snap did not place it.
    static func decide(_ hit: inout HitUnderJudgement, in c: HitJudging) -> Bool {
        apply(&hit.judgement, hit.index, lines: hit.lines(in: c), in: c)
    }
}
