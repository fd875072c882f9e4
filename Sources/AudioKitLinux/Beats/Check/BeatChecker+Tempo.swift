import Foundation

extension BeatChecker {
    /// How many of the track's new beats from a section's start its tempo change may be found and still be the change
    /// the section makes.
    static let madeWithin = 4.0

    /// The tempo of a chart's own or declared tempo map (`tempo`, over the hits at `times`, sorted) against the track's,
    /// measured from the audio alone: the map's one tempo a little off (`trackTempoGap`), the track's tempo changes the
    /// map does not make (`trackTempoChanges`), and each tempo section off the track's tempo there (`sectionTempoGaps`:
    /// not one the track changes tempo in, which the change's finding names; a section started where the track changes
    /// tempo, at another tempo, is said as the section's).
    static func measureTempo(_ report: inout BeatCheckReport, tempo: TempoMap, times: [Double], onset: OnsetStrength, tolerance: Double) {
        report.trackBPM = TrackTempoAgainstMap.measure(tempo, times: times, onset: onset)
        report.trackTempoGap = TrackTempoGap(report, tolerance: tolerance)
        let stretches = onset.tempoStretches ?? TempoChanges.stretches(onset)
        let changes = TrackTempoChange.find(tempo: tempo, times: times, stretches: stretches)
        let measured = TrackTempoAgainstMap.sections(tempo, times: times.sorted(), onset: onset).compactMap { s in
            TrackTempoGap(
                map: tempo.sections[s.index].bpm, track: s.track, hits: s.hits, grid: tempo, tolerance: tolerance, hitsDrift: nil,
                section: ((0..<s.index).filter { !tempo.isBridge($0) }.count + 1, tempo.sections[s.index].time)
            ).map { (gap: $0, last: s.hits.last ?? $0.at) }
        }
        // A change of the track within `madeWithin` of its new beats of a section's start (where a change is found can be
        // beats from the new song's first: docs/known-limits.md) is the change that section makes, at a tempo off the
        // track's: said as the section's. One later inside a section is a change the map does not make, and the
        // section, measured across it, is left to it.
        let made = { (c: TrackTempoChange) in
            measured.contains { abs(($0.gap.section?.start ?? -.infinity) - c.time) <= madeWithin * 60 / c.to }
        }
        report.trackTempoChanges = changes.filter { !made($0) }
        report.sectionTempoGaps = measured.filter { m in !report.trackTempoChanges.contains { $0.time > m.gap.at && $0.time < m.last } }
            .map(\.gap)
    }
}
