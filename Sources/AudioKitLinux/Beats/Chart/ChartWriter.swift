import Foundation

/// Writes a beat map as a chart that the editors open (../shared/reference/CHART-FORMATS.md §1.7, §2.5, §3, §4.5,
/// §6.1): StepMania `.sm` (dance-single, rows of 1/48 beat, each measure at the smallest row count that holds its
/// notes, as StepMania's writer does), osu!mania `.osu` (v14, CRLF, integer milliseconds, one uninherited timing
/// point per tempo), Quaver `.qua` and a Beat Saber v3 difficulty. Hits go to four lanes in turn. The tempo map
/// is the map's own, else a steady one from its BPM and offset, else 60 BPM from 0 s.
public enum ChartWriter {
    /// The tempo map a map is written on.
    public static func tempoMap(of map: BeatMap) -> TempoMap {
        map.tempoMap ?? TempoMap(offset: map.offset ?? 0, bpm: map.bpm.flatMap { TempoMap.bpmRange.contains($0) ? $0 : nil } ?? 60)
    }

    /// The times a chart can hold: finite, within a day of 0 s (the readers refuse more); the others are left out,
    /// and `convert` refuses a map that has any.
    public static func writable(_ map: BeatMap) -> [Double] { map.times.filter { $0.isFinite && abs($0) <= 86_400 } }

    /// Row counts per measure StepMania's writer chooses from (`NotesWriterSM.cpp`).
    static let rowCounts = [4, 8, 12, 16, 24, 32, 48, 64, 192]

    static func f6(_ v: Double) -> String { String(format: "%.6f", v) }

    /// The largest time error, in seconds, of writing `map` as `.sm` (rows of 1/48 beat on StepMania's beats).
    public static func stepManiaRoundingError(_ map: BeatMap) -> Double {
        let tempo = StepManiaTiming(tempoMap(of: map), hits: writable(map)).tempo
        return writable(map).map { t in abs(tempo.time(ofBeat: (tempo.beat(atTime: t) * 48).rounded() / 48) - t) }.max() ?? 0
    }

    /// StepMania `.sm` text (CRLF), one chart: the map's own difficulty and meter when it has them, else `difficulty`.
    public static func stepMania(_ map: BeatMap, title: String, music: String, difficulty: String = "Hard") -> String {
        stepMania(charts: [(map.metadata?.difficulty ?? difficulty, map.metadata?.meter ?? 1, map)], title: title, music: music)
    }

    /// StepMania's steps type for a chart of `lanes` lanes; nil when it has none (the notes go to dance-single's four).
    static let stepsTypes = [4: "dance-single", 5: "pump-single", 6: "dance-solo", 7: "kb7-single", 8: "dance-double", 10: "pump-double"]

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

    /// StepMania's character for a note's kind.
    static let stepManiaNote: [ChartNote.Kind: Character] = [.tap: "1", .hold: "2", .roll: "4", .lift: "L", .mine: "M"]

    /// The difficulties StepMania names, easiest first; any other name is written as an Edit chart described by it.
    public static let stepManiaDifficulties = ["Beginner", "Easy", "Medium", "Hard", "Challenge", "Edit"]

    /// StepMania `.sm` text (CRLF) with one chart per entry (its difficulty, meter and notes, in the steps type of its
    /// lanes: dance-single for a list of hits), all on the first map's tempo map and with its title and artist.
    public static func stepMania(charts: [(difficulty: String, meter: Int, map: BeatMap)], title: String, music: String) -> String {
        guard let first = charts.first else { return "" }
        // StepMania's one count of beats, every tempo change on a row (`StepManiaTiming`).
        let timing = StepManiaTiming(tempoMap(of: first.map), hits: charts.flatMap { writable($0.map) })
        let tempo = timing.tempo
        let allBeats = charts.map { writable($0.map).map { tempo.beat(atTime: $0) } }
        // Measures start at beat 0: move beat 0 back by whole measures when a hit comes before it.
        let shift = 4 * max(0, (-(allBeats.flatMap { $0 }.min() ?? 0) / 4).rounded(.up))
        let offset = -tempo.time(ofBeat: -shift)
        func list(_ items: [(beat: Double, value: Double)]) -> String {
            items.map { "\(f6($0.beat + shift))=\(f6($0.value))" }.joined(separator: ",")
        }
        let metadata = first.map.metadata
        var out = [
            "#TITLE:\(escape(metadata?.title ?? title));", "#ARTIST:\(escape(metadata?.artist ?? ""));", "#MUSIC:\(escape(music));",
            "#OFFSET:\(f6(offset));",
            "#BPMS:" + timing.bpms.map { "\(f6($0.beat + ($0.beat == 0 ? 0 : shift)))=\(f6($0.bpm))" }.joined(separator: ",") + ";",
            "#STOPS:" + list(timing.stops.map { ($0.beat, $0.seconds) }) + ";",
        ]
        if !timing.delays.isEmpty { out.append("#DELAYS:" + list(timing.delays.map { ($0.beat, $0.seconds) }) + ";") }
        for chart in charts {
            // Each chart in its own steps type (a song may hold dance-single and dance-double charts): the one it was read
            // with when its lanes are that type's, else the type of its lanes.
            let lanes = chart.map.notes.isEmpty ? 4 : (chart.map.lanes ?? 4)
            let own = chart.map.metadata?.mode.flatMap { StepManiaChart.lanes[$0] == lanes ? $0 : nil }
            let width = own != nil || stepsTypes[lanes] != nil ? lanes : 4
            let stepsType = own ?? stepsTypes[width]!
            let known = stepManiaDifficulties.contains(chart.difficulty)
            let author = chart.map.metadata?.creator.map(escape) ?? ""
            out += [
                "", "// \(stepsType) chart", "#NOTES:", "     \(stepsType):", "     \(known ? author : escape(chart.difficulty)):",
                "     \(known ? chart.difficulty : "Edit"):", "     \(max(1, chart.meter)):",
                "     0.000000,0.000000,0.000000,0.000000,0.000000:",
            ]
            let measures = stepManiaMeasures(placed(chart.map, lanes: width), width: width) {
                Int(((tempo.beat(atTime: $0) + shift) * 48).rounded())
            }
            for (k, rows) in measures.enumerated() {
                out += rows
                out.append(k == measures.count - 1 ? ";" : ",  // measure \(k + 1)")
            }
        }
        return out.joined(separator: "\r\n") + "\r\n"
    }

    /// StepMania note data for `notes` in `width` columns: each measure's rows (192 rows of 1/48 beat to a measure of 4
    /// beats, written in the fewest rows StepMania's row counts allow), from measure 0 to the last note's. `row` gives a
    /// time's row from beat 0 (not negative); a note's kind goes at its row, a hold's or roll's tail (`3`) at its end's.
    static func stepManiaMeasures(_ notes: [ChartNote], width: Int, row: (Double) -> Int) -> [[String]] {
        var rows: [Int: [Character]] = [:]
        func put(_ row: Int, _ lane: Int, _ c: Character) {
            var columns = rows[row] ?? [Character](repeating: "0", count: width)
            if columns[lane] == "0" { columns[lane] = c }
            rows[row] = columns
        }
        for note in notes {
            let start = row(note.time)
            let end = note.end.map(row)
            let lane = note.lane % width
            if let end, end > start, note.kind == .hold || note.kind == .roll {
                put(start, lane, stepManiaNote[note.kind]!)
                put(end, lane, "3")
            } else {
                put(start, lane, stepManiaNote[note.kind == .hold || note.kind == .roll ? .tap : note.kind]!)
            }
        }
        let last = (rows.keys.max() ?? 0) / 192
        // Each measure's rows, found once (not by a pass over every row per measure).
        let byMeasure = Dictionary(grouping: rows.keys, by: { $0 / 192 })
        return (0...last).map { measure in
            let used = (byMeasure[measure] ?? []).map { $0 % 192 }
            let n = rowCounts.first { n in used.allSatisfy { $0 % (192 / n) == 0 } } ?? 192
            return (0..<n).map { r in String(rows[measure * 192 + r * (192 / n)] ?? [Character](repeating: "0", count: width)) }
        }
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s where c != "\n" && c != "\r" {
            if "#:;\\".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// The timing points of `tempo` as (time, bpm): one per section, and one after each stop (osu! and Quaver have
    /// no stops; a timing point after the pause restarts the grid there).
    static func timingPoints(_ tempo: TempoMap) -> [(time: Double, bpm: Double)] {
        var points = tempo.sections.map { ($0.time, $0.bpm) }
        for s in tempo.stops {
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

    /// osu!mania `.osu` text (v14, CRLF), in the map's lanes (4 for a list of hits), with holds.
    public static func osu(_ map: BeatMap, title: String, audio: String, version: String = "Hard") -> String {
        let tempo = tempoMap(of: map)
        let keys = laneCount(map, allowed: 1...18)
        let meta = map.metadata
        let oneLine = { (s: String) in s.filter { $0 != "\n" && $0 != "\r" } }
        var out = [
            "osu file format v14", "", "[General]", "AudioFilename: \(oneLine(audio))", "AudioLeadIn: 0", "PreviewTime: -1", "Countdown: 0",
            "SampleSet: Normal", "StackLeniency: 0.7", "Mode: 3", "LetterboxInBreaks: 0", "SpecialStyle: 0", "WidescreenStoryboard: 0", "",
            "[Editor]", "DistanceSpacing: 1", "BeatDivisor: 4", "GridSize: 4", "TimelineZoom: 1", "", "[Metadata]",
            "Title:\(oneLine(meta?.title ?? title))", "TitleUnicode:\(oneLine(meta?.title ?? title))",
            "Artist:\(oneLine(meta?.artist ?? ""))",
            "ArtistUnicode:\(oneLine(meta?.artist ?? ""))", "Creator:\(oneLine(meta?.creator ?? "beatmap"))",
            "Version:\(oneLine(meta?.difficulty ?? version))", "Source:", "Tags:",
            "BeatmapID:0", "BeatmapSetID:-1", "", "[Difficulty]", "HPDrainRate:5", "CircleSize:\(keys)", "OverallDifficulty:5",
            "ApproachRate:5",
            "SliderMultiplier:1.4", "SliderTickRate:1", "", "[Events]", "//Background and Video events", "//Break Periods", "",
            "[TimingPoints]",
        ]
        for p in timingPoints(tempo) {
            out.append("\(RuleText.number((p.time * 1000 * 1000).rounded() / 1000)),\(RuleText.number(60_000 / p.bpm)),4,1,0,100,1,0")
        }
        out += ["", "", "[HitObjects]"]
        for n in millisecondNotes(map, lanes: keys) {
            // The lane's centre, as the osu! editor places it: floor(x × keys / 512) gives the lane back.
            let x = (n.lane * 512 + 256) / keys
            out.append(n.end.map { "\(x),192,\(n.ms),128,0,\($0):0:0:0:0:" } ?? "\(x),192,\(n.ms),1,0,0:0:0:0:")
        }
        return out.joined(separator: "\r\n") + "\r\n"
    }

    /// Quaver `.qua` text (4 or 7 keys, as the map has; else 4): timing points and hit objects in milliseconds, holds
    /// with their `EndTime`.
    public static func quaver(_ map: BeatMap, title: String, audio: String) -> String {
        let tempo = tempoMap(of: map)
        let keys = laneCount(map, allowed: 7...7) == 7 ? 7 : 4
        let meta = map.metadata
        let quote = { (s: String) in "'" + s.filter { $0 != "\n" && $0 != "\r" }.replacingOccurrences(of: "'", with: "''") + "'" }
        var out = [
            "AudioFile: \(quote(audio))", "Mode: Keys\(keys)", "Title: \(quote(meta?.title ?? title))",
            "Artist: \(quote(meta?.artist ?? ""))",
            "Creator: \(quote(meta?.creator ?? "beatmap"))", "DifficultyName: \(quote(meta?.difficulty ?? "Hard"))", "TimingPoints:",
        ]
        for p in timingPoints(tempo) {
            out += ["- StartTime: \(RuleText.number((p.time * 1000 * 1000).rounded() / 1000))", "  Bpm: \(RuleText.number(p.bpm))"]
        }
        out += ["SliderVelocities: []", "HitObjects:"]
        for n in millisecondNotes(map, lanes: keys) {
            out += ["- StartTime: \(n.ms)", "  Lane: \(n.lane + 1)"] + (n.end.map { ["  EndTime: \($0)"] } ?? [])
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// A Beat Saber v3 difficulty: beats from `songOffset` seconds (the `Info.dat`'s `_songTimeOffset`), every tempo as
    /// a `bpmEvent` (the first at beat 0, so the notes do not depend on the `Info.dat`'s BPM).
    public static func beatSaber(_ map: BeatMap, songOffset: Double = 0) -> String {
        let tempo = tempoMap(of: map)
        // The song's beat grid from its offset: the first tempo, then each later section at its time. Beat Saber counts
        // beats from the song's start, so when the map's grid does not start there, one lead-in beat reaches its first
        // line at or after 6 ms, and the editors' grid lines are the map's.
        var sections: [(beat: Double, bpm: Double, time: Double)] = [(0, tempo.sections[0].bpm, songOffset)]
        let period = 60 / tempo.sections[0].bpm
        let phase = (songOffset - tempo.offset) / period
        if abs(phase - phase.rounded()) > 1e-6 {
            var line = tempo.offset + phase.rounded(.up) * period
            if line - songOffset < 0.006 { line += period }
            let lead = 60 / (line - songOffset)
            if TempoMap.bpmRange.contains(lead), tempo.sections.count == 1 || tempo.sections[1].time > line {
                sections = [(0, lead, songOffset), (1, tempo.sections[0].bpm, line)]
            }
        }
        for s in tempo.sections.dropFirst() where s.time > sections[sections.count - 1].time {
            let last = sections[sections.count - 1]
            sections.append((last.beat + (s.time - last.time) * last.bpm / 60, s.bpm, s.time))
        }
        func jsonBeat(_ t: Double) -> Double {
            let s = sections.last { $0.time <= t } ?? sections[0]
            return s.beat + (t - s.time) * s.bpm / 60
        }
        let events = sections.map {
            JSONValue.object(JSONObject(["b": .real(($0.beat * 1e6).rounded() / 1e6), "m": .real($0.bpm)]))
        }
        var notes: [JSONValue] = []
        var bombs: [JSONValue] = []
        // The map's lanes as the four columns of the bottom row (a lane beyond folds back); hits in turn for a list.
        for n in placed(map, lanes: 4).sorted(by: { ($0.time, $0.lane) < ($1.time, $1.lane) }) {
            let b = JSONValue.real((jsonBeat(n.time) * 1e6).rounded() / 1e6)
            if n.kind == .mine {
                bombs.append(.object(JSONObject(["b": b, "x": .integer(Int64(n.lane)), "y": .integer(0)])))
                continue
            }
            notes.append(
                .object(
                    JSONObject([
                        "b": b, "x": .integer(Int64(n.lane)), "y": .integer(0), "c": .integer(Int64(n.lane < 2 ? 0 : 1)), "d": .integer(8),
                        "a": .integer(0),
                    ])))
        }
        let root = JSONObject([
            "version": .string("3.3.0"), "bpmEvents": .array(Array(events)), "colorNotes": .array(notes), "bombNotes": .array(bombs),
            "obstacles": .array([]), "sliders": .array([]), "burstSliders": .array([]), "basicBeatmapEvents": .array([]),
            "colorBoostBeatmapEvents": .array([]),
        ])
        return JSONWriter(indent: "  ").string(from: .object(root))
    }
}
