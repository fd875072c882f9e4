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
    /// Ratios of a map's tempo to the track's (at the octave nearest) that are another level of the same meter: a
    /// chart written at 3:4 or 4:3 of the music's beat (dotted or triplet quarters) is not a tempo typed wrong.
    static let meterRatios = [4.0 / 3, 3.0 / 4]
    /// How much less sharply a map's tempo may gather the stretch's onsets than the track's own (`gathering`) and still be
    /// another reading of the music: under half, the map's tempo does not hold there.
    static let foldShare = 0.5

    /// The track's tempo in BPM over the hits at `times` when `tempo` holds one tempo from the first to the last
    /// (at the map's octave: half or double the estimate when that is nearer); nil when the map changes tempo there,
    /// the stretch is shorter than `shortest`, the track has no pulse there, or its tempo is no beat of the map's
    /// (more than 3 % off at every octave) while the map's tempo gathers the onsets well (`foldShare` of the track's) or
    /// is another level of the meter (`meterRatios`). A tempo 5 % off the track's, on music dense enough that every hit
    /// still meets an onset, said nothing before ("map 200.00 BPM vs track 200.00 BPM" on a 210 BPM song).
    static func measure(_ tempo: TempoMap, times: [Double], onset: OnsetStrength) -> Double? {
        guard let first = times.min(), let last = times.max(), last - first >= shortest else { return nil }
        let held = tempo.sections.last { $0.time <= first } ?? tempo.sections.first
        guard !changesTempo(tempo, from: first, to: last), let bpm = held?.bpm else { return nil }
        return measure(bpm: bpm, from: first, to: last, onset: onset)
    }

    /// The track's tempo in BPM from `first` to `last` (seconds) for a map at `bpm` there, as `measure` says it.
    static func measure(bpm: Double, from first: Double, to last: Double, onset: OnsetStrength) -> Double? {
        guard let track = StretchTempo.estimate(onset, from: first, to: last)?.bpm else { return nil }
        let nearest = [track / 2, track, track * 2].min { abs(log($0 / bpm)) < abs(log($1 / bpm)) } ?? track
        if abs(nearest / bpm - 1) <= sameBeat { return nearest }
        guard !meterRatios.contains(where: { abs(bpm / nearest / $0 - 1) <= sameBeat }) else { return nil }
        let peaks = Self.peaks(onset, from: first, to: last)
        return gathering(bpm, peaks: peaks) < foldShare * gathering(nearest, peaks: peaks) ? nearest : nil
    }

    /// Whether `tempo` starts a section after `first` and before `last` (seconds): a map whose tempo changes among its
    /// hits, measured section by section.
    static func changesTempo(_ tempo: TempoMap, from first: Double, to last: Double) -> Bool {
        tempo.sections.contains { $0.time > first && $0.time < last }
    }

    /// For a map whose tempo changes among its hits (`times`, sorted), each tempo section holding hits over `shortest`
    /// seconds or more, measured as `measure` measures a map of one tempo: the section's index in `tempo.sections`, its
    /// hits and the track's tempo over them. A section typed wrong in an editor whose hits keep their beats moves them
    /// all off the music while each still meets an onset on dense music: 200 BPM set from a minute into a 210 BPM song
    /// passed with "0 flagged".
    static func sections(_ tempo: TempoMap, times: [Double], onset: OnsetStrength) -> [(index: Int, hits: [Double], track: Double)] {
        guard let first = times.first, let last = times.last, changesTempo(tempo, from: first, to: last)
        else { return [] }
        return tempo.sections.indices.compactMap { k in
            let end = k + 1 < tempo.sections.count ? tempo.sections[k + 1].time : .infinity
            let start = k == 0 ? -Double.infinity : tempo.sections[k].time
            let hits = times.filter { $0 >= start && $0 < end }
            guard let a = hits.first, let b = hits.last, b - a >= shortest,
                let track = measure(bpm: tempo.sections[k].bpm, from: a, to: b, onset: onset)
            else { return nil }
            return (k, hits, track)
        }
    }

    /// Whether the onset peaks from `first` to `last` (seconds) gather at least `ratio` times more sharply at `track` BPM
    /// than at `map` BPM (`gathering`).
    static func gathersSharper(
        _ track: Double, than map: Double, from first: Double, to last: Double, onset: OnsetStrength, by ratio: Double
    )
        -> Bool
    {
        let peaks = Self.peaks(onset, from: first, to: last)
        guard !peaks.isEmpty else { return false }
        return gathering(track, peaks: peaks) >= ratio * gathering(map, peaks: peaks)
    }

    /// The onset peaks of `onset` from `first` to `last` seconds (`GridRefine.peaks`).
    static func peaks(_ onset: OnsetStrength, from first: Double, to last: Double) -> [(time: Double, value: Double)] {
        let frames = max(0, Int(onset.frame(ofTime: first)))..<min(onset.values.count, Int(onset.frame(ofTime: last).rounded(.up)))
        return frames.isEmpty ? [] : GridRefine.peaks(onset, frames: frames)
    }

    /// How sharply a beat at `bpm` gathers `peaks` (onset peaks with their strengths): the height of their fold at its
    /// period (`GridRefine.fold`, Scheirer's comb over the stretch) over the height the same strength spread evenly over
    /// the beat would give. About 1 for a tempo the onsets do not follow; ten and more for the music's own.
    static func gathering(_ bpm: Double, peaks: [(time: Double, value: Double)]) -> Double {
        let mass = peaks.reduce(0) { $0 + $1.value }
        guard bpm > 0, mass > 0 else { return 0 }
        let period = 60 / bpm
        let bins = max(8, Int(period / GridRefine.binSeconds))
        let kernel = Double((GridRefine.smoothBins / 2 * 2 + 1) * (GridRefine.smoothBins / 2 * 2 + 1))
        return GridRefine.fold(peaks, period: period).height * Double(bins) / (mass * kernel)
    }
}
