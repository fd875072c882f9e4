import Foundation

/// The octave of a chart's tempo map, beside that of its hits.
///
/// A chart written on a grid at half the track's tempo, its hits on the grid's 1/2 lines, has hits that are the
/// track's pulse: measured through its hits alone, it says nothing is wrong ("map 44.00 BPM vs track 44.00 BPM" on an
/// 88 BPM track). The grid's own beats, measured the same way, show the track's beat between every two of them.
extension TempoOctave {
    /// More grid beats than this are not measured (a tempo map at thousands of BPM is refused elsewhere).
    static let maximumGridBeats = 20_000

    /// The evidence for the whole beats of `tempo` from the first hit to the last (map times `times`), placed in the
    /// audio by `offset` (map time minus audio time), with the track's own tempo reading `reading` beside the hits on
    /// the grid's lines (`ChartOctaveEvidence`); nil when too few beats or too many.
    static func measure(
        grid tempo: TempoMap, offset: Double, over times: [Double], odf: OnsetCurve, reading: TempoEstimate? = nil
    ) -> TempoOctave? {
        guard let first = times.min(), let last = times.max(), first.isFinite, last.isFinite else { return nil }
        let from = tempo.beat(atTime: first).rounded(.up)
        let to = tempo.beat(atTime: last).rounded(.down)
        guard from.isFinite, to.isFinite, to >= from, to - from < Double(maximumGridBeats) else { return nil }
        let beats = stride(from: from, through: to, by: 1).map { tempo.time(ofBeat: $0) }
        guard var o = measure(beats.map { $0 - offset }, odf: odf), beats.count > 1 else { return nil }
        o.chart = ChartOctaveEvidence(times: times, tempo: tempo, reading: reading)
        // At double the tempo, the beats kept are those with the stronger onsets; said by the chart alone, those with
        // more hits (the song's beats hold more than its off-beats).
        let kept = o.onsetVerdict == nil ? o.chart?.strongerFirst ?? o.strongerFirst : o.strongerFirst
        o.gridAnchor = beats[o.verdict == .double ? kept : 0]
        return o
    }

    /// The octave a check reports: the hits', when they are a pulse at the wrong octave (a beat list); else the grid's,
    /// when it is at the wrong octave and the hits are not; else whichever evidence there is (the hits' first). Hits
    /// faster than the grid's beats are its subdivisions (a chart's stream of 1/4 notes), not a beat list: their
    /// evidence says nothing of the track's pulse.
    static func chosen(hits: TempoOctave?, grid: TempoOctave?) -> TempoOctave? {
        let hits = hits.flatMap { h in grid.map { h.bpm <= 1.1 * $0.bpm } ?? true ? h : nil }
        if hits?.verdict != nil { return hits }
        if grid?.verdict != nil { return grid }
        return hits ?? grid
    }
}
