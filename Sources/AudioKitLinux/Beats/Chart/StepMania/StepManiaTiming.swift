import Foundation

/// A tempo map as StepMania keeps it: one count of beats from beat 0 through every tempo change, stop and delay
/// (StepMania's `TimingData`), with notes on rows of 1/48 beat.
///
/// A tempo map whose timing points restart the grid (osu!, Quaver, a JSON map's `"tempo_changes"`) reaches a tempo
/// change between two rows. StepMania's `#BPMS` takes the change at that fractional beat, but the notes after it would
/// then fall between rows. So the change goes on the next row, and a short section from the row before takes the
/// remaining fraction of a row at the tempo that reaches the change exactly on time: every note stays on its time, and
/// on a row. (A change within 0.125 ms after a row, where that section would pass 10,000 BPM, goes on that row.)
///
/// StepMania colours and snaps notes by that one count, and draws its measure lines on it: a section from a fraction of
/// a beat puts every later note on that fraction (its on-beat notes shown as 16ths). With `wholeBeats` (what `.sm` and
/// `.ssc` files get), a change between two beats goes on the whole beat before it, after a delay (`#DELAYS`) of the
/// rest of that beat: the new section's beats are whole beats, no tempo is made up, and its first note, on that beat,
/// comes after the pause. A hit in the rest of that beat keeps the row's way above.
///
/// A pause is a stop when the hits on its row come before it, and a delay (`#DELAYS`) when they come after it.
struct StepManiaTiming {
    /// The tempo changes, by beat (the first at beat 0).
    var bpms: [(beat: Double, bpm: Double)] = []
    /// The stops (a hit on the stop's row comes before the pause).
    var stops: [(beat: Double, seconds: Double)] = []
    /// The delays (a hit on the delay's row comes after the pause).
    var delays: [(beat: Double, seconds: Double)] = []
    /// The map on these beats (for placing notes).
    let tempo: TempoMap

    /// One row, in beats.
    static let row = 1.0 / 48

    /// `source` on StepMania's beats; `hits` (audio times) decide whether a pause whose row holds a hit at its end, and
    /// none at its start, is written as a delay.
    init(_ source: TempoMap, hits: [Double], wholeBeats: Bool = false) {
        let sorted = hits.sorted()
        func hit(near t: Double) -> Bool { SortedTimes.contains(sorted, near: t, within: 1e-4) }
        var bpms: [(beat: Double, bpm: Double)] = [(0, source.sections[0].bpm)]
        var pauses: [TempoMap.Stop] = []
        var stops: [(beat: Double, seconds: Double)] = []
        var delays: [(beat: Double, seconds: Double)] = []
        var start = 0.0  // this section's first beat, on StepMania's count
        for (k, section) in source.sections.enumerated() {
            let end = k + 1 < source.sections.count ? source.sections[k + 1].beat : Double.infinity
            var paused = 0.0
            for stop in source.stops where stop.beat >= section.beat && stop.beat < end {
                paused += stop.seconds
                // Beats in warps take no time, so they are not counted on StepMania's beats here. StepMania keeps a
                // pause on a row (a tempo typed in the editor may have put it between two): it goes on the nearest,
                // where the hits at its time go too.
                let at = Self.nearestRow(start + (stop.beat - section.beat) - source.warpedBeats(from: section.beat, to: stop.beat))
                let begins = source.time(ofBeat: stop.beat)
                if let row = TempoMap.delayedBeat(of: stop).map({
                    Self.nearestRow(start + ($0 - section.beat) - source.warpedBeats(from: section.beat, to: $0))
                }) {
                    delays.append((row, stop.seconds))
                    pauses.append(TempoMap.Stop(beat: row - TempoMap.delayLead, seconds: stop.seconds, delay: true))
                } else if hit(near: begins + stop.seconds), !hit(near: begins) {
                    delays.append((at, stop.seconds))
                    pauses.append(TempoMap.Stop(beat: at - TempoMap.delayLead, seconds: stop.seconds, delay: true))
                } else {
                    stops.append((at, stop.seconds))
                    pauses.append(TempoMap.Stop(beat: at, seconds: stop.seconds))
                }
            }
            guard k + 1 < source.sections.count else { break }
            let next = source.sections[k + 1]
            let reached = start + (next.time - section.time - paused) * section.bpm / 60
            var nextStart = (reached / Self.row).rounded() * Self.row
            let clear = max(bpms[bpms.count - 1].beat, stops.last?.beat ?? 0, delays.last?.beat ?? 0)
            if wholeBeats, !source.stops.contains(where: { abs($0.beat - next.beat) < 1e-3 }),
                let pause = Self.wholeBeat(before: reached, after: clear, bpm: section.bpm, change: next.time, hits: sorted)
            {
                delays.append((pause.beat, pause.seconds))
                pauses.append(TempoMap.Stop(beat: pause.beat - TempoMap.delayLead, seconds: pause.seconds, delay: true))
                nextStart = pause.beat
            } else if abs(reached - nextStart) > 1e-6 {
                // Between rows: from the row before, the tempo that reaches the change on time.
                let before = (reached / Self.row).rounded(.down) * Self.row
                let from = source.time(ofBeat: section.beat + (before - start))
                let fill = 60 * Self.row / (next.time - from)
                if TempoMap.bpmRange.contains(fill), before >= start {
                    if before == bpms[bpms.count - 1].beat { bpms.removeLast() }
                    bpms.append((before, fill))
                    nextStart = before + Self.row
                } else {
                    nextStart = before
                }
            }
            if nextStart <= bpms[bpms.count - 1].beat { bpms.removeLast() }
            bpms.append((nextStart, next.bpm))
            start = nextStart
        }
        self.bpms = bpms
        self.stops = stops
        self.delays = delays
        tempo =
            TempoMap(offset: source.offset, changes: bpms, stops: pauses, beatsPerBar: source.beatsPerBar)
            ?? TempoMap(offset: source.offset, bpm: source.sections[0].bpm)
    }

    /// The whole beat before `reached` (a tempo change's beat on StepMania's count, between two whole beats) and the
    /// delay, at `bpm`, from that beat's time to the change's `time`; nil when the beat is not after `clear` (the
    /// section's start, or a pause in it) or a hit of `sorted` falls on that beat or between it and the change.
    static func wholeBeat(before reached: Double, after clear: Double, bpm: Double, change time: Double, hits sorted: [Double])
        -> (beat: Double, seconds: Double)?
    {
        let beat = (reached + 1e-6).rounded(.down)
        let seconds = (reached - beat) * 60 / bpm
        guard reached - beat > 1e-6, beat > clear else { return nil }
        // A hit at the beat's own time would follow the delay; one within the delay has no row.
        let from = time - seconds
        let first = SortedTimes.lowerBound(sorted, from - 1e-4)
        return first < sorted.count && sorted[first] < time - 1e-4 ? nil : (beat, seconds)
    }

    /// The row of 1/48 beat nearest `beat`.
    static func nearestRow(_ beat: Double) -> Double { (beat / row).rounded() * row }
}
