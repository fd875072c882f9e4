import Foundation

/// Rule 7: a snapped hit (on an onset or not), in a rhythm the chart plays nowhere else, where a free line with a clear
/// onset within the hit window (or an onset at least `strongEnough` with `figureSoundShare` of the hit's own evidence:
/// a sound about as strong as the one it sits on) puts it in a figure the chart plays at least `figureRepeats` times: a
/// hit moved out of that figure onto another sound. Flagged with that line (the most played figure, then the most
/// evidence).
enum LeftItsFigure: HitRule {
    /// Flags hit `i` when it left such a figure; else leaves `j` as it is.
    static func apply(_ j: inout HitChecker.Judgement, _ i: Int, in c: HitJudging) {
        let k = c.chart.rank[i]
        guard let limit = c.chart.offGridLimit, c.chart.gridDistances[k] <= limit, c.chart.plays(rank: k) < c.tuning.repeatedMotif
        else { return }
        var best: (line: Double, plays: Int, score: Double, onset: (time: Double, strength: Double))? = nil
        let own = c.evidence(at: c.times[i]).score
        for (x, _) in c.freeLines(around: c.times[i]) {
            let there = c.evidence(at: x)
            guard let onset = there.peak, abs(onset.time - (x - c.offset)) <= c.tuning.lineOnsetWindow,
                onset.strength >= c.tuning.clearOnset
                    || (onset.strength >= c.tuning.strongEnough && there.score >= c.tuning.figureSoundShare * own)
            else { continue }
            let plays = c.chart.plays(at: x, rank: k)
            guard plays >= c.tuning.figureRepeats else { continue }
            if best.map({ (plays, there.score) > ($0.plays, $0.score) }) ?? true { best = (x, plays, there.score, onset) }
        }
        guard let best else { return }
        j.flagged = true
        j.suggestion = best.line
        j.figurePlays = best.plays
        j.match = OnsetMatch(time: best.onset.time, strength: best.onset.strength)
        j.ratio = Double(best.plays)
    }

    /// The last rule: decides every hit that reaches it, flagged when it left a figure.
    static func decide(_ hit: inout HitUnderJudgement, in c: HitJudging) -> Bool {
        apply(&hit.judgement, hit.index, in: c)
        return true
    }
}
