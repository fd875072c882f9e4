import Foundation

/// A draft that passes its own check: `beatmap check` judges a chart by its rhythm as well as by its sounds (a hit in a
/// rhythm the chart plays nowhere else, beside a free line with a sound that puts it in a figure the chart repeats,
/// looks moved out of that figure), while `ChartDrafter` places each hit by the salience of its line alone. So the
/// hardest level is checked on the draft's own analysis, each hit the check says to move (an error, not a "maybe") goes
/// to its fix, on the 1/48 row nearest, and the check runs again, as a designer applies the editor's findings; at
/// most `rounds` times. A hit moved in the hardest level moves in every easier level that holds it, so each stays a
/// subset of the one above. (A Goin' Under draft failed its own check with four such hits.)
public enum DraftSettling {
    /// The most rounds of moves.
    public static let rounds = 4

    /// What settling did: the drafts with the moved hits, each move of the hardest level (seconds, from and to, in time
    /// order of where they were drafted), and how many errors its check still finds once done (0 when the draft passes).
    public struct Outcome: Sendable {
        /// The drafts, each level with its hits moved.
        public let drafts: [ChartDrafter.Draft]
        /// The hardest level's hits that moved: where drafted and where they went (seconds).
        public let moves: [(from: Double, to: Double)]
        /// The errors (not "maybe"s) the check of the hardest level still finds after the last round.
        public let remaining: Int
    }

    /// `drafts` (on `tempo`, drafted from `onset`) with the hits their check moves moved, what moved, and what is left.
    public static func settle(_ drafts: [ChartDrafter.Draft], tempo: TempoMap, onset: OnsetStrength) -> Outcome {
        guard let hardest = drafts.indices.max(by: { drafts[$0].times.count < drafts[$1].times.count }) else {
            return Outcome(drafts: drafts, moves: [], remaining: 0)
        }
        let drafted = drafts[hardest].beats
        var beats = drafted
        var remaining = 0
        // The draft's tempo map is made from the track's tempo changes: its checks here move hits, and need not find them.
        var onset = onset
        onset.tempoStretches = onset.tempoStretches ?? []
        onset.tempoReading = onset.tempoReading ?? TempoEstimator.estimate(onset)
        // One check more than the rounds of moves: the last one counts what is left.
        for round in 0...rounds {
            let times = beats.map { tempo.time(ofBeat: $0) }
            let report = BeatChecker.check(map: BeatMap(times: times, tempoMap: tempo, origin: .chart), onset: onset)
            let errors = report.beats.filter { $0.flagged && !$0.isMaybe }
            remaining = errors.count
            guard round < rounds, !errors.isEmpty else { break }
            var taken = Set(beats.map { ($0 * 48).rounded() })
            var changed = false
            for e in errors {
                guard let fix = e.fix, e.index < beats.count else { continue }
                let row = (tempo.beat(atTime: fix) * 48).rounded()
                guard row.isFinite, !taken.contains(row) else { continue }
                taken.remove((beats[e.index] * 48).rounded())
                taken.insert(row)
                beats[e.index] = row / 48
                changed = true
            }
            if !changed { break }
        }
        // Each drafted beat to where it went, for those that moved.
        let pairs = zip(drafted, beats).filter { $0.0 != $0.1 }
        let moved = Dictionary(pairs, uniquingKeysWith: { a, _ in a })
        guard !moved.isEmpty else { return Outcome(drafts: drafts, moves: [], remaining: remaining) }
        let settled = drafts.map { d -> ChartDrafter.Draft in
            let b = d.beats.map { moved[$0] ?? $0 }.sorted()
            return ChartDrafter.Draft(name: d.name, times: b.map { tempo.time(ofBeat: $0) }, beats: b)
        }
        let moves = pairs.sorted { $0.0 < $1.0 }.map { (from: tempo.time(ofBeat: $0.0), to: tempo.time(ofBeat: $0.1)) }
        return Outcome(drafts: settled, moves: moves, remaining: remaining)
    }
}
