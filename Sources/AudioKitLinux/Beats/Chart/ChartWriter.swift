import Foundation

/// Writes a beat map as a chart that the editors open (../shared/reference/CHART-FORMATS.md §1.7, §2.5, §3, §4.5,
/// §6.1): StepMania `.sm` (dance-single, rows of 1/48 beat, each measure at the smallest row count that holds its
/// notes, as StepMania's writer does), osu!mania `.osu` (v14, CRLF, integer milliseconds, one uninherited timing
/// point per tempo), Quaver `.qua` and a Beat Saber v3 difficulty. Hits go to four lanes in turn. The tempo map
/// is the one the map declares (a chart's own, or a list's BPM and offset), else 60 BPM from 0 s.
public enum ChartWriter {
    /// The tempo map a map is written on.
    public static func tempoMap(of map: BeatMap) -> TempoMap {
        map.tempoMap ?? TempoMap(offset: 0, bpm: 60)
    }

    /// The times a chart can hold: finite, within a day of 0 s (the readers refuse more); the others are left out,
    /// and `convert` refuses a map that has any.
    public static func writable(_ map: BeatMap) -> [Double] { map.times.filter { $0.isFinite && abs($0) <= 86_400 } }

    /// `v` with six decimals; a value that rounds to zero is "0.000000", never "-0.000000".
    static func f6(_ v: Double) -> String {
        let text = String(format: "%.6f", v)
        return text == "-0.000000" ? "0.000000" : text
    }

    /// The notes `map` is written as in `lanes` lanes, in time order: its own (a lane beyond folds back, `lane % lanes`),
    /// else its hits as taps in the lanes in turn.
    static func placed(_ map: BeatMap, lanes: Int) -> [ChartNote] {
        guard !map.notes.isEmpty else {
            return writable(map).sorted().enumerated().map { ChartNote(time: $0.element, lane: $0.offset % lanes) }
        }
        // The notes of a chord (within 1 ms of its first, the readers' rule) are written at the chord's time, so a format
        // with finer steps does not split it into two hits.
        var head = -Double.infinity
        return map.notes.filter { $0.time.isFinite && abs($0.time) <= 86_400 }.sorted { ($0.time, $0.lane) < ($1.time, $1.lane) }.map {
            n in
            var n = n
            n.lane %= lanes
            if n.isHit {
                if ChartHits.sameChord(head, n.time) { n.time = head } else { head = n.time }
            }
            return n
        }
    }

    /// The timing points of `tempo` as (time, bpm): one per section, and one after each stop (osu! and Quaver have
    /// no stops; a timing point after the pause restarts the grid there). A StepMania bridge (`TempoMap.isBridge`)
    /// has none, and neither has a bridge pause (`TempoMap.isBridgePause`): the section's own point restarts the grid.
    static func timingPoints(_ tempo: TempoMap) -> [(time: Double, bpm: Double)] {
        var points = tempo.authoredSections.map { ($0.time, $0.bpm) }
        for s in tempo.authoredStops {
            let after = tempo.time(ofBeat: s.beat) + s.seconds
            points.append((after, tempo.sections[tempo.sectionIndex(beat: s.beat)].bpm))
        }
        return points.sorted { $0.0 < $1.0 }
    }

    /// The notes of `map` in whole milliseconds (osu! and Quaver store integers) in `lanes` lanes, mines left out: one
    /// per lane and millisecond, a hold kept only when it ends after it starts.
    static func millisecondNotes(_ map: BeatMap, lanes: Int) -> [(ms: Int, lane: Int, end: Int?)] {
        var seen: Set<Int> = []
        var out: [(ms: Int, lane: Int, end: Int?)] = []
        // `placed` gives the notes in time order.
        for n in placed(map, lanes: lanes) where n.isHit {
            let ms = Int((n.time * 1000).rounded())
            guard seen.insert(ms &* 64 &+ n.lane).inserted else { continue }
            let end = n.end.map { Int(($0 * 1000).rounded()) }.flatMap { $0 > ms ? $0 : nil }
            out.append((ms, n.lane, end))
        }
        return out
    }

    /// The lanes a map is written in for a format that takes `allowed` lane counts: its own when allowed, else 4.
    static func laneCount(_ map: BeatMap, allowed: ClosedRange<Int>) -> Int {
        guard !map.notes.isEmpty, let lanes = map.lanes, allowed.contains(lanes) else { return 4 }
        return lanes
    }
}
