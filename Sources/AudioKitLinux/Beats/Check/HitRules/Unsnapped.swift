import Foundation

/// Rules 4 and 6: a snapped chart's lone hit off every grid line, or moved onto a line the chart does not use, was not
/// placed by the editor's snap. Its fix is, for a hit off the grid, the line within `BeatCheckTuning.slippedWithin` it
/// slipped from when that line's sound has the most evidence of all; else the free line that puts it back in a figure
/// the chart repeats (`HitJudging.restoresFigure`); else the one with the most evidence (any onset, weighted
/// by the chart's use of the line's subdivision, the rhythm it gives back and its nearness), else the nearest free
/// line. The onset it is matched to is that line's, or none when the line has none (with no free line at all, its own,
/// as matched before).
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
        let t = c.times[i]
        // Off the grid, the lines the snap would put it on are candidates too: a hit nudged a few milliseconds goes back
        // to its line, not to the next one with a sound.
        let candidates = distance > limit ? c.chart.snapLines(around: t) + lines : lines
        let free = candidates.filter { !taken.contains($0.time) }
        // A line the hit slipped from first (below); then a line that puts the hit back in a figure the chart repeats;
        // then a line with an onset before a silent one; then the evidence, weighted by the chart's use of the line's
        // subdivision, the rhythm it gives back, its nearness and the slip prior (a silent line of a figure counts the
        // evidence floor, so that its weight still decides); then the nearer line.
        let scored = free.map { line in
            let there = c.evidence(at: line.time)
            let (figure, rhythm) = c.figure(at: line.time, rank: k)
            let placed = c.chart.prior(line.level) * c.nearness(line.time, to: t) * c.slip(line.time, to: t)
            let evidence = (there.score > 0 ? there.score : figure ? c.tuning.ownEvidenceFloor : 0) * placed * rhythm
            return (line: line, there: there, figure: figure, evidence: evidence, sound: there.score * placed)
        }
        // A hit off the grid within `slippedWithin` of a line whose sound has the most evidence of all slipped from it:
        // the author's own placement and the strongest sound agree, and together they outweigh a figure elsewhere (the
        // figure's claim is against a louder sound alone, which in a full mix may be another part's). The sounds are
        // weighed without the rhythm they give back: that is the figure's claim, weighed against them.
        let strongest = scored.map(\.sound).max() ?? 0
        let ranked = scored.map { s in
            let slipped =
                distance > limit && abs(s.line.time - t) <= c.tuning.slippedWithin && s.sound > 0 && s.sound >= strongest
            return (
                line: s.line, peak: s.there.score > 0 ? s.there.peak : nil, score: s.there.score,
                key: (slipped ? 2 : s.figure ? 1 : 0, s.there.score > 0 ? 1 : 0, s.evidence, -abs(s.line.time - t))
            )
        }
        if let pick = ranked.max(by: { $0.key < $1.key }) {
            j.suggestion = pick.line.time
            // The line's onset, or none when it has none: never an onset of the hit's own place.
            j.match = pick.peak.map { OnsetMatch(time: $0.time, strength: $0.strength) }
            // As `BetterPlace` weighs it: the line's evidence against the hit's own, each by its subdivision's use.
            j.ratio =
                pick.score * c.chart.prior(pick.line.level)
                / (max(c.evidence(at: t).score, c.tuning.ownEvidenceFloor) * c.chart.prior(c.chart.levels[i]))
        }
        return true
    }

    /// Decides hit `hit` when the snap did not place it.
    static func decide(_ hit: inout HitUnderJudgement, in c: HitJudging) -> Bool {
        apply(&hit.judgement, hit.index, lines: hit.lines(in: c), in: c)
    }
}
