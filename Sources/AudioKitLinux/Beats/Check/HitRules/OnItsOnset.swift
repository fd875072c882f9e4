import Foundation

/// Rule 2: a hit is matched to the strongest onset within the tolerance of it (else to the onset peak nearest, however
/// weak), and a hit with a clear onset (`clearOnset` strong, within `clearOnsetWindow`) sits on it: it is checked only
/// for leaving a figure the chart repeats (`LeftItsFigure`), never moved to a better place.
enum OnItsOnset: HitRule {
    /// Matches `hit` to its onset, and decides it when that onset is clear.
    static func decide(_ hit: inout HitUnderJudgement, in c: HitJudging) -> Bool {
        let q = hit.time - c.offset
        if let own = c.odf.strongest(near: q, window: c.tolerance), abs(own.time - q) <= c.tolerance { hit.judgement.match = own }
        if hit.judgement.match == nil, let p = hit.own.peak { hit.judgement.match = OnsetMatch(time: p.time, strength: p.strength) }
        guard let p = hit.own.peak, p.strength >= c.tuning.clearOnset, abs(p.time - q) <= c.tuning.clearOnsetWindow else {
            return false
        }
        LeftItsFigure.apply(&hit.judgement, hit.index, in: c)
        return true
    }
}
