import Foundation

/// Turns a chart's notes into a beat map of hits: notes at the same time (a chord) are one hit, at the first note's
/// place in the file; hits are in time order. The merge rule is the one in ../shared/reference/CHART-FORMATS.md §6:
/// group by the format's exact position, then merge times within 1 ms (in whole microseconds, so notes 1 ms apart are
/// always merged and 2 ms apart never, whatever the rounding noise).
enum ChartHits {
    /// A note that is a hit: its audio time, its beat on the tempo map when the format stores beats, and where it is.
    struct Note {
        let time: Double
        let beat: Double?
        let location: SourceLocation
    }

    /// True when a note at `later` is one hit with a note at `earlier`: within 1 ms, counted in whole microseconds.
    static func sameChord(_ earlier: Double, _ later: Double) -> Bool { ((later - earlier) * 1e6).rounded() <= 1000 }

    /// The map of `notes` on `tempoMap`; a `beatmap.no_beats` error when there is no note, a parse error when there
    /// are more than `maxBeats`.
    static func map(
        _ notes: [Note], tempoMap: TempoMap?, file: String?, chart: String?, maxBeats: Int, empty: String
    ) -> BeatMapReadResult {
        guard !notes.isEmpty else {
            return BeatMapReadResult(
                map: nil,
                diagnostics: [
                    Diagnostic(
                        ruleID: BeatMapRules.noBeats, severity: .error, location: SourceLocation(file: file, line: 1, column: 1),
                        message: empty)
                ])
        }
        let sorted = notes.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var times: [Double] = []
        var beats: [Double] = []
        var locations: [SourceLocation] = []
        for n in sorted {
            // Within 1 ms, counted in whole microseconds: two notes 1 ms apart (osu!'s and Quaver's step, a chord placed a
            // millisecond off) are always one hit, 2 ms apart always two, whatever the floating-point noise in their times.
            if let last = times.last, sameChord(last, n.time) { continue }
            times.append(n.time)
            if let b = n.beat { beats.append(b) }
            locations.append(n.location)
        }
        guard times.count <= maxBeats else {
            return BeatMapReader.failure(file, 1, 1, "the chart holds \(times.count) hits; the limit is \(maxBeats) (the beat limit)")
        }
        // The declared BPM and offset are one grid: the first section's tempo from the map's beat 0 (not the tempo that
        // holds longest, which put the last tempo in the first one's place).
        var map = BeatMap(times: times, locations: locations, tempoMap: tempoMap, file: file)
        map.tempoMap = tempoMap
        map.positions = beats.count == times.count ? beats : []
        map.chart = chart
        return BeatMapReadResult(map: map, diagnostics: [])
    }
}
