import Foundation

/// The track's own tempo under a chart that holds one tempo over its hits, measured from the audio alone. The drift the
/// check measures from its hits' errors cannot see a tempo a little off: on music with onsets at every 16th, each hit
/// finds one near it and the errors wrap (a `.sm` typed at 181.8 BPM on a 180 BPM song, its hits a second off by the
/// end, read "map 181.80 BPM vs track 181.82 BPM"). The track's tempo over the hits' stretch (`StretchTempo`: the
/// autocorrelation's estimate, refined by folding the stretch's onsets) does not depend on the hits.
enum TrackTempoAgainstMap {
    /// The shortest stretch of hits measured, in seconds: under it a tempo a little off adds up to little.
    static let shortest = 20.0
    /// The farthest the track's tempo may be from the map's, as a ratio, to be the same beat at the same octave.
    static let sameBeat = 0.03

    /// The track's tempo in BPM over the hits at `times` when `tempo` holds one tempo from the first to the last
    /// (at the map's octave: half or double the estimate when that is nearer); nil when the map changes tempo there,
    /// the stretch is shorter than `shortest`, the track has no pulse there, or its tempo is no beat of the map's
    /// (more than 3 % off at every octave).
    static func measure(_ tempo: TempoMap, times: [Double], onset: OnsetStrength) -> Double? {
        guard let first = times.min(), let last = times.max(), last - first >= shortest else { return nil }
        let inside = tempo.sections.filter { $0.time > first && $0.time < last }
        let held = tempo.sections.last { $0.time <= first } ?? tempo.sections.first
        guard inside.isEmpty, let bpm = held?.bpm, let track = StretchTempo.estimate(onset, from: first, to: last)?.bpm else {
            return nil
        }
        let nearest = [track / 2, track, track * 2].min { abs(log($0 / bpm)) < abs(log($1 / bpm)) } ?? track
        return abs(nearest / bpm - 1) <= sameBeat ? nearest : nil
    }
}
