import Foundation

/// One rule of `HitChecker` (its type's description numbers them): given a hit and everything the checker knows, it
/// decides the hit's judgement (returns true, and later rules are not asked) or passes the hit on. Each rule is a type
/// of its own file in this folder, with its rationale in its description, its constants in `BeatCheckTuning` and its
/// tests in `Tests/…/Beats/Check/HitRules/`; a new rule is a new type here and a place in `HitRules.pipeline`.
protocol HitRule: Sendable {
    /// Decides `hit` (true), or leaves it to the next rule (false); it may fill in what it found either way.
    static func decide(_ hit: inout HitUnderJudgement, in c: HitJudging) -> Bool
}

/// A hit on its way through the rules: its index (map order) and time, its judgement so far, and what several rules
/// look at, worked out once: the onset evidence at its own place and the free lines around it.
struct HitUnderJudgement {
    /// The hit's index in map order.
    let index: Int
    /// The hit's time on the map.
    let time: Double
    /// The onset evidence at its own place (`HitJudging.evidence`).
    let own: (score: Double, peak: (time: Double, strength: Double)?)
    /// The judgement the rules build.
    var judgement: HitChecker.Judgement
    private var freeLines: [(time: Double, level: Int)]?

    /// Hit `index` of `c`, not yet judged.
    init(_ index: Int, in c: HitJudging) {
        self.index = index
        time = c.times[index]
        own = c.evidence(at: time)
        judgement = HitChecker.Judgement(level: c.chart.levels[index])
    }

    /// The free lines of the used subdivisions within the hit window (`HitJudging.freeLines`), found once.
    mutating func lines(in c: HitJudging) -> [(time: Double, level: Int)] {
        if let freeLines { return freeLines }
        let found = c.freeLines(around: time)
        freeLines = found
        return found
    }
}

/// The rules in the order they are asked: a hit moved onto another's line first (rule 8); then a hit on a clear onset,
/// checked only for leaving a figure the chart repeats (rules 2 and 7); a hit that keeps its neighbours' spacing is part
/// of a pattern, checked only for the same; a hit the snap did not place is flagged with its fix (rules 4 and 6); else
/// a better place is looked for (rules 3 and 5), and a hit that left a repeated figure is sent back to it (rule 7).
enum HitRules {
    /// The rules, in order.
    static let pipeline: [any HitRule.Type] = [
        SharesALine.self, OnItsOnset.self, KeepsSpacing.self, Unsnapped.self, BetterPlace.self, LeftItsFigure.self,
    ]

    /// The judgement of hit `i` (map order): the first rule of `pipeline` that decides it.
    static func judge(_ i: Int, in c: HitJudging) -> HitChecker.Judgement {
        var hit = HitUnderJudgement(i, in: c)
        for rule in pipeline where rule.decide(&hit, in: c) { break }
        return hit.judgement
    }
}
