import Foundation

/// Reads StepMania `.sm` and `.ssc` charts (what StepMania 5 and ArrowVortex write) as beat maps of hits, with
/// their tempo maps, following StepMania's own loaders as described in ../shared/reference/CHART-FORMATS.md §1:
/// audio time of beat 0 = −`#OFFSET`; `#BPMS` and `#STOPS` (`#FREEZES`) and `#DELAYS`; rows of 4-beat measures
/// rounded to 1/48 beat; taps `1` and hold or roll heads `2`/`4` are hits (a head with no tail is dropped, as
/// StepMania drops it); a chord is one hit. In `.ssc` a chart's own timing tags replace the song's (version 0.70
/// and later). Warps (`#WARPS`, and in `.sm` StepMania 4's negative tempos and stops) are read as StepMania 5 reads
/// them (`StepManiaTempo`): the notes inside one are not judged in the game, so they are not hits.
enum StepManiaChart {
    /// One chart of the file: its header and note data.
    struct Chart {
        var stepsType = ""
        var difficulty = ""
        var description = ""
        var meter = 0
        var notes: MSDText.Param?
        var timing: [MSDText.Value] = []
        /// Its number in the file, from 1 (what `--chart N` names).
        var number = 0

        var name: String {
            ([stepsType, difficulty] + (description.isEmpty ? [] : [description])).joined(separator: " ")
        }
        var rank: Int {
            // StepMania's own order (its Difficulty enum): Edit comes after Challenge.
            ["beginner": 0, "easy": 1, "medium": 2, "hard": 3, "challenge": 4, "edit": 5][difficulty.lowercased()] ?? -1
        }
    }

    static let timingTags: Set<String> = ["OFFSET", "BPMS", "STOPS", "FREEZES", "DELAYS", "WARPS"]

    /// The lanes of StepMania's steps types.
    static let lanes = [
        "dance-single": 4, "dance-double": 8, "dance-solo": 6, "dance-couple": 8, "dance-threepanel": 3, "dance-routine": 8,
        "pump-single": 5, "pump-halfdouble": 6, "pump-double": 10, "pump-couple": 10, "pump-routine": 10, "kb7-single": 7,
    ]

    static func read(bytes: [UInt8], file: String?, chart wanted: String?, maxBeats: Int) -> BeatMapReadResult {
        // Lines may end in CR alone (old Mac editors): StepMania reads those as line ends too.
        let msd = MSDText(BeatMapText.normalizingLineEndings(bytes))
        let chosen: Chart
        let tempo: TempoMap
        var warnings: [Diagnostic]
        switch locate(msd, file: file, chart: wanted) {
        case .failure(let f): return f.result
        case .success(let found): (chosen, tempo, warnings) = found
        }
        guard let data = chosen.notes else { return BeatMapReader.failure(file, 1, 1, "the chart \"\(chosen.name)\" has no #NOTES") }
        let notes: [ChartHits.Note]
        var played: [ChartNote] = []
        switch rows(data, tempo: tempo, file: file, maxBeats: maxBeats, chartNotes: &played) {
        case .failure(let f): return f.result
        case .success(let n): (notes, warnings) = (n.hits, warnings + (n.unjudged.map { [$0] } ?? []))
        }
        var result = ChartHits.map(
            notes, tempoMap: tempo, file: file, chart: chosen.name, maxBeats: maxBeats,
            empty: "the chart \"\(chosen.name)\" holds no tap or hold; it has nothing to hit")
        result.map?.notes = played.sorted { ($0.time, $0.lane) < ($1.time, $1.lane) }
        result.map?.lanes = lanes[chosen.stepsType.lowercased()] ?? max(1, (played.map(\.lane).max() ?? 3) + 1)
        result.map?.metadata = metadata(msd, chosen)
        if result.map != nil { result.diagnostics += warnings }
        return result
    }

    /// What a file declares: its song-level timing tags, its charts in file order (each numbered from 1), and its
    /// `#VERSION` (0 in `.sm`). A `#NOTES` with too few fields stops the scan.
    static func scan(_ msd: MSDText, file: String?) -> Result<(song: [MSDText.Value], charts: [Chart], version: Double), Failure> {
        var song: [MSDText.Value] = []
        var charts: [Chart] = []
        var open: Chart? = nil
        var version = 0.0
        for v in msd.values {
            let first = v.params.first?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            switch v.tag {
            case "VERSION": version = Double(first) ?? 0
            case "NOTEDATA": open = Chart()
            case "NOTES", "NOTES2":
                if var c = open {
                    c.notes = v.params.first
                    c.number = charts.count + 1
                    charts.append(c)
                    open = nil
                } else {
                    // .sm: steps type, description, difficulty, meter, radar values, notes.
                    guard v.params.count >= 6 else {
                        return .failure(
                            Failure(
                                result: BeatMapReader.failure(
                                    file, v.line, v.column,
                                    "#NOTES has \(v.params.count) fields; StepMania needs 6 (steps type, description, difficulty, meter, radar values, notes)"
                                )))
                    }
                    func field(_ k: Int) -> String { v.params[k].text.trimmingCharacters(in: .whitespacesAndNewlines) }
                    charts.append(
                        Chart(
                            stepsType: field(0), difficulty: field(2), description: field(1), meter: Int(field(3)) ?? 1,
                            notes: v.params[5], number: charts.count + 1))
                }
            case "STEPSTYPE": open?.stepsType = first
            case "DIFFICULTY": open?.difficulty = first
            case "DESCRIPTION", "CHARTNAME": if !first.isEmpty { open?.description = first }
            case "METER": open?.meter = Int(first) ?? 1
            default:
                if timingTags.contains(v.tag) {
                    if open != nil { open!.timing.append(v) } else { song.append(v) }
                }
            }
        }
        return .success((song, charts, version))
    }

    /// The chart of `msd` that `wanted` names (see `choose`) and the tempo map it is played on (in `.ssc` 0.70 and
    /// later, its own timing tags over the song's), or the finding that stops the reading.
    static func locate(_ msd: MSDText, file: String?, chart wanted: String?) -> Result<(Chart, TempoMap, [Diagnostic]), Failure> {
        func fail(_ line: Int, _ column: Int, _ message: String) -> Result<(Chart, TempoMap, [Diagnostic]), Failure> {
            .failure(Failure(result: BeatMapReader.failure(file, line, column, message)))
        }
        let song: [MSDText.Value]
        let charts: [Chart]
        let version: Double
        switch scan(msd, file: file) {
        case .failure(let f): return .failure(f)
        case .success(let scanned): (song, charts, version) = scanned
        }
        guard !charts.isEmpty else { return fail(1, 1, "the file holds no #NOTES chart; is it a StepMania .sm or .ssc file?") }
        let matches = choose(charts, wanted)
        guard matches.count == 1, let chosen = matches.first else {
            let listed = (matches.isEmpty ? charts : matches).map { c in
                "\(charts.firstIndex { $0.notes?.line == c.notes?.line && $0.name == c.name }.map { $0 + 1 } ?? 0). \"\(c.name)\""
            }.joined(separator: ", ")
            return fail(
                1, 1,
                matches.isEmpty
                    ? "no chart matches \"\(wanted ?? "")\"; the file holds \(listed); name one of them, or give its number, to read it"
                    : "\"\(wanted ?? "")\" matches \(matches.count) charts: \(listed); name one fully, or give its number")
        }
        // A chart's own timing replaces the song's (.ssc 0.70+), starting from the song's offset.
        var timing = song
        if version >= 0.70, !chosen.timing.isEmpty {
            timing = song.filter { $0.tag == "OFFSET" } + chosen.timing
        }
        let ssc = version > 0 || (file?.lowercased().hasSuffix(".ssc") ?? false)
        return StepManiaTempo.map(timing, file: file, ssc: ssc, version: version).map { (chosen, $0.0, $0.1) }
    }

    /// What the file says of the song (`#TITLE`, `#ARTIST`, `#SAMPLESTART`, `#BACKGROUND` and the header tags a `.sm`
    /// keeps) and of `chart` (its author, else `#CREDIT`; its difficulty and meter; an Edit chart's name is its
    /// description, and its author the credit).
    static func metadata(_ msd: MSDText, _ chart: Chart) -> ChartMetadata {
        func tag(_ name: String) -> String? {
            msd.values.last { $0.tag == name }?.params.first?.text.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty
        }
        // An Edit chart's description is its name, not its author (StepMania lists it by it): the author is the credit.
        let edit = chart.difficulty.lowercased() == "edit" && !chart.description.isEmpty
        var metadata = ChartMetadata(
            title: tag("TITLE"), artist: tag("ARTIST"), creator: edit ? tag("CREDIT") : chart.description.nilIfEmpty ?? tag("CREDIT"),
            difficulty: edit ? chart.description : chart.difficulty.nilIfEmpty, meter: chart.meter,
            mode: chart.stepsType.lowercased().nilIfEmpty)
        // The song's own header: the tags before the first chart (an `.ssc` chart has a `#CREDIT` of its own).
        let header = msd.values.prefix { !["NOTES", "NOTEDATA"].contains($0.tag) }
        func song(_ name: String) -> String? {
            header.last { $0.tag == name }?.params.first?.text.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty
        }
        metadata.previewTime = song("SAMPLESTART").flatMap(Double.init).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        metadata.background = song("BACKGROUND")
        for name in ChartMetadata.stepManiaKept { metadata.stepManiaHeader[name] = song(name) }
        return metadata
    }

    /// The charts named `wanted` (by its whole name, else by difficulty or description, else by steps type and
    /// difficulty; case-insensitive; else by its number in the file, from 1): one, several (ambiguous: the caller
    /// refuses and lists them) or none. Without a name, the hardest: dance-single first when the file has it, then
    /// StepMania's difficulty order (Beginner to Challenge, then Edit), the meter, and the most rows of notes.
    static func choose(_ charts: [Chart], _ wanted: String?) -> [Chart] {
        if let w = wanted?.lowercased() {
            for rule in [
                { (c: Chart) in c.name.lowercased() == w },
                { (c: Chart) in c.difficulty.lowercased() == w || c.description.lowercased() == w },
                { (c: Chart) in "\(c.stepsType) \(c.difficulty)".lowercased() == w },
            ] {
                let found = charts.filter(rule)
                if !found.isEmpty { return found }
            }
            if let n = Int(w), (1...charts.count).contains(n) { return [charts[n - 1]] }
            return []
        }
        let single = charts.filter { $0.stepsType.lowercased() == "dance-single" }
        let pool = single.isEmpty ? charts.filter { $0.stepsType == charts[0].stepsType } : single
        func rows(_ c: Chart) -> Int { c.notes?.text.split(separator: "\n").count ?? 0 }
        return pool.max { ($0.rank, $0.meter, rows($0)) < ($1.rank, $1.meter, rows($1)) }.map { [$0] } ?? []
    }

    /// A reading failure, carried through `Result`.
    struct Failure: Error {
        let result: BeatMapReadResult
    }

    /// An entry of timing tag `tag` as the message that refuses one shows it.
    static func example(_ tag: String) -> String {
        switch tag.uppercased() {
        case "BPMS": return "0.000=120.000 (beat=BPM)"
        case "STOPS", "FREEZES", "DELAYS": return "4.000=0.100 (beat=seconds)"
        case "WARPS": return "4.000=1.000 (beat=beats skipped)"
        default: return "4.000=1.000 (beat=value)"
        }
    }

    /// The `beat=value` pairs of a timing tag, each with its position.
    static func pairs(_ v: MSDText.Value, file: String?) -> Result<[(Double, Double)], Failure> {
        guard let p = v.params.first else { return .success([]) }
        var out: [(Double, Double)] = []
        var line = p.line, column = p.column
        for entry in p.text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = entry.trimmingCharacters(in: .whitespacesAndNewlines)
            defer {
                for c in entry + "," {
                    if c == "\n" {
                        line += 1
                        column = 1
                    } else {
                        column += 1
                    }
                }
            }
            if trimmed.isEmpty { continue }
            let parts = trimmed.split(separator: "=")
            guard parts.count >= 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite else {
                let lead = entry.prefix { $0.isWhitespace }
                let l = line + lead.filter { $0 == "\n" }.count
                return .failure(
                    Failure(
                        result: BeatMapReader.failure(
                            file, l, l == line ? column + lead.count : 1,
                            "#\(v.tag) entry \"\(trimmed.prefix(40))\" is not beat=value; write it as \(example(v.tag))")))
            }
            out.append((a, b))
        }
        return .success(out)
    }

    /// The hits of the note data (see `StepManiaNoteRows`), refused past `maxBeats` hits or a million measures.
    static func rows(
        _ data: MSDText.Param, tempo: TempoMap, file: String?, maxBeats: Int, chartNotes: inout [ChartNote]
    ) -> Result<(hits: [ChartHits.Note], unjudged: Diagnostic?), Failure> {
        var reader = StepManiaNoteRows(tempo: tempo, file: file)
        var line = data.line
        var firstColumn = data.column
        for raw in data.text.split(separator: "\n", omittingEmptySubsequences: false) {
            reader.read(line: raw, at: line, column: firstColumn)
            if reader.notes.count > maxBeats {
                return .failure(
                    Failure(result: BeatMapReader.failure(file, line, 1, "the chart holds more than \(maxBeats) hits (the beat limit)")))
            }
            if reader.measure > 1_000_000 {
                return .failure(Failure(result: BeatMapReader.failure(file, line, 1, "the chart holds more than 1,000,000 measures")))
            }
            line += 1
            firstColumn = 1
        }
        let (hits, played) = reader.finish()
        chartNotes = played
        let unjudged = reader.unjudged.first.map { first in
            Diagnostic(
                ruleID: BeatMapRules.clampedValue, severity: .note, location: first,
                message:
                    "\(reader.unjudged.count) note\(reader.unjudged.count == 1 ? " lies" : "s lie") inside warps, where StepMania judges no note: \(reader.unjudged.count == 1 ? "it is" : "they are") left out of the hits"
            )
        }
        return .success((hits, unjudged))
    }
}
