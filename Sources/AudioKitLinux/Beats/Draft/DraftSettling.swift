import Foundation

/// A draft that passes its own check: `beatmap check` judges a chart by its rhythm as well as by its sounds (a hit in a
/// rhythm the chart plays nowhere else, beside a free line with a sound that puts it in a figure the chart repeats,
/// looks moved out of that figure), while `ChartDrafter` places each hit by the salience of its line alone. So the
/// hardest level is checked on the draft's own analysis, each hit the check says to move (an error, not a "maybe") goes
/// to its fix, on the 1/48 row nearest, and the check runs again, as a designer applies the editor's findings; at
/// most `rounds` times. A hit moved in the hardest level moves in every easier level that holds it, so each stays a
/// subset of the one above. (A Goin' Under draft failed its own check with four such hits.)
public enum DraftSettling {
    /// The most checks run.
    public static let rounds = 4

    /// `drafts` (on `tempo`, drafted from `onset`) with the hits their check moves moved, and how many moved.
    public static func settle(_ drafts: [ChartDrafter.Draft], tempo: TempoMap, onset: OnsetStrength) -> (
        drafts: [ChartDrafter.Draft], moved: Int
    ) {
        guard let hardest = drafts.indices.max(by: { drafts[$0].times.count < drafts[$1].times.count }) else { return (drafts, 0) }
        let drafted = drafts[hardest].beats
        var beats = drafted
        for _ in 0..<rounds {
            let times = beats.map { tempo.time(ofBeat: $0) }
            let report = BeatChecker.check(map: BeatMap(times: times, tempoMap: tempo, origin: .chart), onset: onset)
            var taken = Set(beats.map { ($0 * 48).rounded() })
            var changed = false
            for e in report.beats where e.flagged && !e.isMaybe {
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
        let moved = Dictionary(zip(drafted, beats).filter { $0.0 != $0.1 }, uniquingKeysWith: { a, _ in a })
        guard !moved.isEmpty else { return (drafts, 0) }
        let settled = drafts.map { d -> ChartDrafter.Draft in
            let b = d.beats.map { moved[$0] ?? $0 }.sorted()
            return ChartDrafter.Draft(name: d.name, times: b.map { tempo.time(ofBeat: $0) }, beats: b)
        }
        return (settled, moved.count)
    }
}
