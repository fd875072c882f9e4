import Foundation

/// Rules 3 and 5: a free line of a used subdivision within the hit window, with a clear onset, and `betterBy` times
/// the hit's own evidence (`motifBetterBy` times more again for a hit on a line and an onset in a motif the chart
/// repeats), weighted by the chart's use of its subdivision and the rhythm it gives back. On a snapped chart, a hit on
/// a grid line was put there by the author (a "maybe"), unless it left a figure the chart repeats. (A lone hit the snap
/// did not place is `Unsnapped`'s, asked first.)
enum BetterPlace: HitRule {
    /// Flags hit `i` with the better place among `lines` and returns true; false, leaving `j` as it is, when there is none.
    static func apply(
        _ j: inout HitChecker.Judgement, _ i: Int, own: (score: Double, peak: (time: Double, strength: Double)?),
        lines: [(time: Double, level: Int)], in c: HitJudging
    ) -> Bool {
        let k = c.chart.rank[i]
        let repeated = c.chart.levels[i] != nil && own.peak != nil && c.chart.plays(rank: k) >= c.tuning.repeatedMotif
        let ownScore = max(own.score, c.tuning.ownEvidenceFloor) * c.chart.prior(c.chart.levels[i])
        var best: (line: Double, onset: (time: Double, strength: Double), score: Double, ranked: Double)? = nil
        for (x, level, onset, evidence) in c.withOnsets(lines) {
            let score = evidence * c.chart.prior(level)
            let ranked = score * c.chart.rhythm(at: x, rank: k) * c.nearness(x, to: c.times[i])
            if ranked > (best?.ranked ?? 0) { best = (x, onset, score, ranked) }
        }
        guard let best, best.score >= c.tuning.betterBy * (repeated ? c.tuning.motifBetterBy : 1) * ownScore else {
            return false
        }
        j.match = OnsetMatch(time: best.onset.time, strength: best.onset.strength)
        j.flagged = true
        j.suggestion = best.line
        j.ratio = best.score / ownScore
        if let limit = c.chart.offGridLimit, c.chart.gridDistances[k] <= limit {
            // A hit snapped where the chart plays a rhythm it never repeats, when the line with the onset gives it one the
            // chart does repeat, was moved out of that figure: not the author's choice.
            let leftItsFigure =
                c.chart.plays(rank: k) < c.tuning.repeatedMotif
                && c.chart.plays(at: best.line, rank: k) >= c.tuning.repeatedMotif
            if !leftItsFigure { j.onSnappedGrid = true }
        }
        return true
    }

    /// Decides hit `hit` when a better place is found.
    static func decide(_ hit: inout HitUnderJudgement, in c: HitJudging) -> Bool {
        apply(&hit.judgement, hit.index, own: hit.own, lines: hit.lines(in: c), in: c)
    }
}
