import Foundation

/// A line that several hits would move to belongs to one of them at most: a hit wrong wherever its neighbours are (off
/// every grid line, or moved onto another hit's line; the hits that never wait in `NeighbourFirst`) before any other
/// flagged hit; among equals, the one whose own place has the least evidence against the line's. A hit the snap did not
/// place (rules 4 and 6) stays flagged and takes the best line left; any other hit that loses the line stays where it
/// is.
enum SharedLines {
    /// The judgements with each suggested line given to one hit.
    static func resolve(_ judged: [HitChecker.Judgement], in c: HitJudging) -> [HitChecker.Judgement] {
        var out = judged
        var owner: [Double: Int] = [:]
        for (k, j) in out.enumerated() {
            guard let x = j.suggestion else { continue }
            if let o = owner[x], (surelyMoved(out[o]) ? 1 : 0, out[o].ratio) >= (surelyMoved(j) ? 1 : 0, j.ratio) { continue }
            owner[x] = k
        }
        let taken = Set(owner.keys)
        for k in out.indices where out[k].suggestion.map({ owner[$0] != k }) ?? false {
            out[k].suggestion = nil
            out[k].ratio = 0
            if !Unsnapped.apply(&out[k], k, lines: c.freeLines(around: c.times[k]), taken: taken, in: c) { out[k].flagged = false }
        }
        return out
    }

    /// A hit wrong wherever its neighbours are: off every grid line, or on another hit's line.
    static func surelyMoved(_ j: HitChecker.Judgement) -> Bool { j.offGrid != nil || j.sharesLineWith != nil }
}
