import Foundation

/// Rule 2: a hit is matched to the strongest onset within the tolerance of it (else to the onset peak nearest, however
/// weak), and a hit with a clear onset (`clearOnset` strong, within `clearOnsetWindow`) sits on it: it is checked only
/// for leaving a figure the chart repeats (`LeftItsFigure`), never moved to a better place; but a lone hit off the grid
/// of a snapped chart is `Unsnapped` (rule 4), whatever sounds under it, when a free line gives it a place to go, and so
/// is a lone hit on a subdivision the chart does not use (rule 6) when that line sounds more than the hit's own place.
enum OnItsOnset: HitRule {
    /// Matches `hit` to its onset, and decides it when that onset is clear.
    static func decide(_ hit: inout HitUnderJudgement, in c: HitJudging) -> Bool {
        let q = hit.time - c.offset
        if let own = c.odf.strongest(near: q, window: c.tolerance), abs(own.time - q) <= c.tolerance { hit.judgement.match = own }
        if hit.judgement.match == nil, let p = hit.own.peak { hit.judgement.match = OnsetMatch(time: p.time, strength: p.strength) }
        guard let p = hit.own.peak, p.strength >= c.tuning.clearOnset, abs(p.time - q) <= c.tuning.clearOnsetWindow else {
            return false
        }
        // In a snapped chart, a lone hit off every grid line was not placed by the snap, sound or not (rule 4), when a
        // free line within the hit window gives it a place to go; with none, the sound vouches for it. A lone hit on a
        // subdivision the chart does not use (rule 6) is on a grid line, so its sound still vouches for it unless the
        // free line has more onset evidence than the hit's own place.
        var unsnapped = hit.judgement
        if Unsnapped.apply(&unsnapped, hit.index, lines: hit.lines(in: c), in: c), let line = unsnapped.suggestion,
            unsnapped.offGrid != nil || c.evidence(at: line).score > hit.own.score
        {
            hit.judgement = unsnapped
            return true
        }
        LeftItsFigure.apply(&hit.judgement, hit.index, in: c)
        return true
    }
}
