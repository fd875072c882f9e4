import Foundation

/// Writing StepMania `.sm` text: rows of 1/48 beat on StepMania's one count of beats (`StepManiaTiming`).
extension ChartWriter {
    /// Row counts per measure StepMania's writer chooses from (`NotesWriterSM.cpp`).
    static let rowCounts = [4, 8, 12, 16, 24, 32, 48, 64, 192]

    /// The largest time error, in seconds, of writing `map` as `.sm` (rows of 1/48 beat on StepMania's beats).
    public static func stepManiaRoundingError(_ map: BeatMap) -> Double {
        let tempo = StepManiaTiming(tempoMap(of: map), hits: writable(map), wholeBeats: true).tempo
        return writable(map).map { t in abs(tempo.time(ofBeat: (tempo.beat(atTime: t) * 48).rounded() / 48) - t) }.max() ?? 0
    }

    /// StepMania `.sm` text (CRLF), one chart: the map's own difficulty and meter when it has them, else `difficulty`.
    public static func stepMania(_ map: BeatMap, title: String, music: String, difficulty: String = "Hard") -> String {
        stepMania(charts: [(map.metadata?.difficulty ?? difficulty, map.metadata?.meter ?? 1, map)], title: title, music: music)
    }

    /// StepMania's steps type for a chart of `lanes` lanes; nil when it has none (the notes go to dance-single's four).
    static let stepsTypes = [4: "dance-single", 5: "pump-single", 6: "dance-solo", 7: "kb7-single", 8: "dance-double", 10: "pump-double"]

    /// StepMania's character for a note's kind.
    static let stepManiaNote: [ChartNote.Kind: Character] = [.tap: "1", .hold: "2", .roll: "4", .lift: "L", .mine: "M"]

    /// The difficulties StepMania names, easiest first; any other name is written as an Edit chart described by it.
    public static let stepManiaDifficulties = ["Beginner", "Easy", "Medium", "Hard", "Challenge", "Edit"]

    /// StepMania `.sm` text (CRLF) with one chart per entry (its difficulty, meter and notes, in the steps type of its
    /// lanes: dance-single for a list of hits), all on the first map's tempo map and with its title and artist.
    public static func stepMania(charts: [(difficulty: String, meter: Int, map: BeatMap)], title: String, music: String) -> String {
        guard let first = charts.first else { return "" }
        // StepMania's one count of beats, every tempo change on a row (`StepManiaTiming`).
        let timing = StepManiaTiming(tempoMap(of: first.map), hits: charts.flatMap { writable($0.map) }, wholeBeats: true)
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
            "#TITLE:\(escape(metadata?.title ?? title));", "#ARTIST:\(escape(metadata?.artist ?? ""));",
        ]
        out += ChartMetadata.stepManiaKept.compactMap { tag in metadata?.stepManiaHeader[tag].map { "#\(tag):\(escape($0));" } }
        // An Edit (a chart named as StepMania names none, described by its name in the author's place, or Edit itself,
        // the last of the names) has its author in the song's credit, where the reader takes it back from.
        if metadata?.stepManiaHeader["CREDIT"] == nil, !stepManiaDifficulties.dropLast().contains(first.difficulty),
            let author = metadata?.creator
        {
            out.append("#CREDIT:\(escape(author));")
        }
        out += metadata?.background.map { ["#BACKGROUND:\(escape($0));"] } ?? []
        out += metadata?.previewTime.map { ["#SAMPLESTART:\(f6($0));"] } ?? []
        out += [
            "#MUSIC:\(escape(music));", "#OFFSET:\(f6(offset));",
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
            // An Edit's description is its name: an unnamed one keeps it empty (its author is the song's credit).
            let author = chart.map.metadata?.creator.map(escape) ?? ""
            let description = !known ? escape(chart.difficulty) : chart.difficulty == "Edit" ? "" : author
            out += [
                "", "// \(stepsType) chart", "#NOTES:", "     \(stepsType):", "     \(description):",
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
        return stepManiaMeasures(rows: rows, width: width)
    }

    /// The measures of `rows` (each row's characters, by row of 1/48 beat from beat 0), each in the fewest rows
    /// StepMania's row counts allow, from measure 0 to the last row's; an empty row is `width` zeros.
    static func stepManiaMeasures(rows: [Int: [Character]], width: Int) -> [[String]] {
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
}
