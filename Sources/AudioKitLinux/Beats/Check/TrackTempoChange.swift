import Foundation

/// A tempo change of the track (`TempoChanges`: two songs joined, a bridge at another tempo) that the map's own or
/// declared tempo map does not make: after it the map keeps a tempo that is no octave of the track's new one. Every hit
/// may still be right (a chart whose notes keep their times passes the other checks), but the grid lines, bars and snap
/// after it are off the music, and a note placed on them is off it too. What `beatmap.track_tempo_change` says.
struct TrackTempoChange {
    /// Where the track changes tempo (seconds).
    let time: Double
    /// The track's tempo before the change (BPM).
    let from: Double
    /// The track's tempo after it (BPM).
    let to: Double
    /// The map's tempo over the track's stretch after the change (BPM).
    let map: Double
    /// The first of the map's times at or after the change (seconds).
    let hit: Double

    /// The least number of hits after a change, within its stretch, for the change to matter to the map.
    static let hitsAfter = 4

    /// The changes among `stretches` (the track's, `TempoChanges.stretches`) that `tempo` does not make, each with a
    /// hit of `times` (the map's, sorted) before it and at least `hitsAfter` within the stretch after it: the map's
    /// tempo at the middle of the stretch's hits within `TempoChanges.minimumChange` of no octave (¼ to 4 times) of
    /// the stretch's tempo.
    static func find(tempo: TempoMap, times: [Double], stretches: [(time: Double, bpm: Double)]) -> [TrackTempoChange] {
        guard stretches.count > 1, let first = times.first else { return [] }
        var found: [TrackTempoChange] = []
        for i in 1..<stretches.count where stretches[i].time > first {
            let (start, bpm) = stretches[i]
            let end = i + 1 < stretches.count ? stretches[i + 1].time : .infinity
            let inside = times.indices.filter { times[$0] >= start && times[$0] < end }
            guard inside.count >= hitsAfter, let a = inside.first, let b = inside.last else { continue }
            let map = tempo.bpm(atTime: (times[a] + times[b]) / 2)
            let octave = (log2(map / bpm)).rounded()
            guard abs(octave) > 2 || abs(map / (bpm * pow(2, octave)) - 1) >= TempoChanges.minimumChange else { continue }
            // The tempo before it at the map's octave there, when it is one of it (the stretch's own reading can be
            // another: "90 → 125" beside a map at 180 read a slow-down as a speed-up).
            let from = atOctave(stretches[i - 1].bpm, of: tempo.bpm(atTime: start - 1e-6))
            found.append(TrackTempoChange(time: start, from: from, to: bpm, map: map, hit: times[a]))
        }
        return found
    }

    /// `bpm` moved by octaves (¼ to 4 times) to `reference` when within `TempoChanges.minimumChange` of it; else `bpm`.
    static func atOctave(_ bpm: Double, of reference: Double) -> Double {
        guard bpm > 0, reference > 0, bpm.isFinite, reference.isFinite else { return bpm }
        let k = log2(reference / bpm).rounded()
        let folded = bpm * pow(2, k)
        return abs(k) <= 2 && abs(folded / reference - 1) < TempoChanges.minimumChange ? folded : bpm
    }

    /// The `beatmap.track_tempo_change` warning, at the first hit after the change.
    func finding(map beatMap: BeatMap) -> Diagnostic {
        let index = beatMap.times.firstIndex { $0 >= hit - 1e-9 } ?? 0
        return Diagnostic(
            ruleID: BeatMapRules.trackTempoChange, severity: .warning, location: beatMap.locations[index],
            message: String(
                format:
                    "the track changes tempo at %.2f s, its first beat at the new tempo (%.2f → %.2f BPM, from its audio), but the map keeps %.2f BPM after it: its grid lines, bars and snap there are off the music, though the hits may keep their times; start a tempo section there at the track's tempo (in the editor: with the playhead after the change, the Track here tempo candidate starts it)",
                time, from, to, map))
    }
}
