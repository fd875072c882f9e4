import Foundation

/// Reads and writes Clone Hero / Moonscraper `.chart` files (../shared/reference/CHART-FORMATS.md §5.1;
/// TheNathannator/GuitarGame_ChartFormats): `[Section]` blocks of `key = value` lines in braces. `[Song]` gives
/// `Resolution` (ticks per beat, 192 when absent) and `Offset` (seconds; audio time = chart time + Offset);
/// `[SyncTrack]` gives tempos (`tick = B n`, n/1000 BPM) and time signatures (`tick = TS num [exp]`; anchors `A` are
/// for editors and ignored); each track (`[ExpertSingle]`, `[HardDrums]`…) holds notes `tick = N type length`. A
/// `song.ini` beside the chart adds its `delay` (ms; a higher value starts the chart later), as Clone Hero applies it,
/// and its `name`, `artist` and `charter` take priority.
///
/// Notes: for guitars (5-fret, 6-fret GHL, bass, rhythm, keys) types 0–4 are the frets (lanes 0–4), 8 the sixth GHL
/// fret (lane 5) and 7 an open note (lane 5; lane 6 for GHL); for drums types 0–5 are the pads and 32 the second kick
/// (lane 0). Every other type is a modifier (forced, tap, cymbal, accent…), not a note. A note with a length is a
/// sustain, counted once at its start; notes on one tick are one hit. By default the hardest guitar track is read
/// (`ExpertSingle`, else the hardest track there is); a chart name picks a track by its section name (`HardDrums`) or
/// a difficulty of the guitar (`Hard`).
enum CloneHeroChart {
    /// Difficulties, hardest first.
    static let difficulties = ["Expert", "Hard", "Medium", "Easy"]
    /// Instruments, the guitar first.
    static let instruments = ["Single", "DoubleGuitar", "DoubleBass", "DoubleRhythm", "Keyboard", "Drums", "GHLGuitar", "GHLBass"]

    /// One `[Section]`: its `key = value` lines with their line numbers.
    struct Section {
        var name: String
        var lines: [(key: String, value: String, line: Int)] = []
    }

    /// Why the text is not sections of `key = value` lines.
    struct SyntaxError: Error {
        let line: Int
        let message: String
    }

    /// The sections of `text`, or the line where a line is not `key = value` inside a section.
    static func sections(_ text: String) -> Result<[Section], SyntaxError> {
        var out: [Section] = []
        var current: Section? = nil
        var inside = false
        for (number, raw) in BeatMapText.lines(text) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("//") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                if let c = current { out.append(c) }
                current = Section(name: String(line.dropFirst().dropLast()))
                inside = false
                continue
            }
            if line == "{" {
                inside = true
                continue
            }
            if line == "}" {
                inside = false
                continue
            }
            guard inside, current != nil, let eq = line.firstIndex(of: "=") else {
                return .failure(SyntaxError(line: number, message: "\"\(line.prefix(40))\" is not key = value inside a [Section] { … }"))
            }
            current!.lines.append(
                (
                    line[..<eq].trimmingCharacters(in: .whitespaces), line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces),
                    number
                ))
        }
        if let c = current { out.append(c) }
        return .success(out)
    }

    /// A `.chart` value without its quotes.
    static func unquoted(_ value: String) -> String {
        value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? String(value.dropFirst().dropLast()) : value
    }

    /// The `key = value` pairs of the `song.ini` beside `file` (lower-cased keys), empty when there is none or `file` is
    /// not a file on disk (text read from memory has no folder).
    static func songIni(beside file: String?) -> [String: String] {
        guard let file, !file.isEmpty, FileManager.default.fileExists(atPath: file) else { return [:] }
        let folder = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? "."
        let path = (folder.isEmpty ? "" : folder) + "/song.ini"
        guard let bytes = try? InputFile.read(path, maxBytes: 1 << 20) else { return [:] }
        var out: [String: String] = [:]
        for (_, line) in BeatMapText.lines(String(decoding: bytes, as: UTF8.self)) {
            guard let eq = line.firstIndex(of: "=") else { continue }
            out[line[..<eq].trimmingCharacters(in: .whitespaces).lowercased()] = line[line.index(after: eq)...].trimmingCharacters(
                in: .whitespaces)
        }
        return out
    }

    /// The tempo map of `[SyncTrack]`: tempos (`B`, n/1000 BPM) at tick / `resolution` beats from `offset`, and the first
    /// time signature's beats to a bar.
    static func tempoMap(_ sync: Section, resolution: Double, offset: Double, file: String?) -> Result<TempoMap, StepManiaChart.Failure> {
        var changes: [(beat: Double, bpm: Double)] = []
        var meter = 4
        for l in sync.lines {
            let parts = l.value.split(separator: " ")
            guard let tick = Double(l.key), tick >= 0, parts.count >= 2 else { continue }
            if parts[0] == "B" {
                guard let n = Double(parts[1]), TempoMap.bpmRange.contains(n / 1000) else {
                    return .failure(
                        .init(
                            result: BeatMapReader.failure(
                                file, l.line, 1, "tempo \(parts[1]) is \(parts[1]) / 1000 BPM; a tempo must lie in 1…10000 BPM")))
                }
                changes.append((tick / resolution, n / 1000))
            } else if parts[0] == "TS", tick == 0, let n = Int(parts[1]), (1...64).contains(n) {
                meter = n
            }
        }
        guard !changes.isEmpty, let tempo = TempoMap(offset: offset, changes: changes, beatsPerBar: meter) else {
            return .failure(
                .init(result: BeatMapReader.failure(file, 1, 1, "[SyncTrack] has no tempo (tick = B n); a chart needs one at tick 0")))
        }
        return .success(tempo)
    }

    /// The sections that are tracks of notes (a difficulty and an instrument: `[ExpertSingle]`, `[HardDrums]`), in file order.
    static func tracks(_ sections: [Section]) -> [Section] {
        sections.filter { s in difficulties.contains { s.name.hasPrefix($0) } && instruments.contains { s.name.hasSuffix($0) } }
    }

    /// The track named `wanted` (its section name, or a guitar difficulty), else the hardest guitar track, else the
    /// hardest track of the first instrument there is.
    static func choose(_ tracks: [Section], _ wanted: String?) -> Section? {
        if let w = wanted?.lowercased() {
            return tracks.first { $0.name.lowercased() == w } ?? tracks.first { $0.name.lowercased() == w + "single" }
        }
        func rank(_ s: Section) -> (Int, Int) {
            (instruments.firstIndex { s.name.hasSuffix($0) }.map { -$0 } ?? -99, -(difficulties.firstIndex { s.name.hasPrefix($0) } ?? 9))
        }
        return tracks.max { rank($0) < rank($1) }
    }

    /// The hits of the chosen track of a `.chart` file.
    static func read(bytes: [UInt8], file: String?, chart wanted: String?, maxBeats: Int) -> BeatMapReadResult {
        let text = BeatMapText.normalizingLineEndings(String(decoding: bytes, as: UTF8.self))
        let all: [Section]
        switch sections(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text) {
        case .failure(let f): return BeatMapReader.failure(file, f.line, 1, f.message)
        case .success(let s): all = s
        }
        guard let song = all.first(where: { $0.name == "Song" }), let sync = all.first(where: { $0.name == "SyncTrack" }) else {
            return BeatMapReader.failure(file, 1, 1, "a .chart needs a [Song] and a [SyncTrack] section; is this a Clone Hero chart?")
        }
        func songValue(_ key: String) -> String? { song.lines.last { $0.key == key }.map { unquoted($0.value) } }
        let resolution = Double(songValue("Resolution") ?? "192") ?? 0
        guard resolution >= 1, resolution <= 100_000 else {
            return BeatMapReader.failure(file, 1, 1, "[Song] Resolution must be 1–100000 ticks a beat")
        }
        let ini = songIni(beside: file)
        let offset = (Double(songValue("Offset") ?? "0") ?? 0) + (Double(ini["delay"] ?? "0") ?? 0) / 1000
        let tempo: TempoMap
        switch tempoMap(sync, resolution: resolution, offset: offset.isFinite ? offset : 0, file: file) {
        case .failure(let f): return f.result
        case .success(let t): tempo = t
        }
        let tracks = tracks(all)
        guard !tracks.isEmpty else { return BeatMapReader.failure(file, 1, 1, "the chart holds no track ([ExpertSingle] and the like)") }
        let chosen = choose(tracks, wanted)
        guard let track = chosen else {
            return BeatMapReader.failure(
                file, 1, 1, "no track matches \"\(wanted ?? "")\"; the chart holds \(tracks.map(\.name).joined(separator: ", "))")
        }
        let drums = track.name.hasSuffix("Drums")
        let ghl = track.name.contains("GHL")
        var notes: [ChartHits.Note] = []
        var played: [ChartNote] = []
        for l in track.lines {
            let parts = l.value.split(separator: " ")
            guard parts.first == "N" else { continue }
            guard parts.count >= 3, let tick = Double(l.key), tick >= 0, tick < 1e12, let type = Int(parts[1]),
                let length = Double(parts[2])
            else {
                return BeatMapReader.failure(file, l.line, 1, "note \"\(l.value.prefix(40))\" is not N type length")
            }
            let lane: Int?
            switch (drums, type) {
            case (true, 0...5): lane = type
            case (true, 32): lane = 0
            case (false, 0...4): lane = type
            case (false, 8): lane = ghl ? 5 : nil
            case (false, 7): lane = ghl ? 6 : 5
            default: lane = nil
            }
            guard let lane else { continue }
            let time = tempo.time(ofBeat: tick / resolution)
            let end = length > 0 ? tempo.time(ofBeat: (tick + length) / resolution) : nil
            played.append(ChartNote(time: time, lane: lane, kind: end == nil ? .tap : .hold, end: end))
            notes.append(ChartHits.Note(time: time, beat: tick / resolution, location: SourceLocation(file: file, line: l.line, column: 1)))
            if notes.count > maxBeats {
                return BeatMapReader.failure(file, l.line, 1, "the track holds more than \(maxBeats) notes (the beat limit)")
            }
        }
        var result = ChartHits.map(
            notes, tempoMap: tempo, file: file, chart: track.name, maxBeats: maxBeats, empty: "the track [\(track.name)] holds no note")
        result.map?.notes = played.sorted { ($0.time, $0.lane) < ($1.time, $1.lane) }
        result.map?.lanes = drums ? 6 : ghl ? 7 : 6
        result.map?.metadata = ChartMetadata(
            title: (ini["name"] ?? songValue("Name"))?.nilIfEmpty, artist: (ini["artist"] ?? songValue("Artist"))?.nilIfEmpty,
            creator: (ini["charter"] ?? songValue("Charter"))?.nilIfEmpty,
            difficulty: difficulties.first { track.name.hasPrefix($0) })
        return result
    }

    /// `.chart` text of `map` (its notes in five fret lanes plus open, else its hits on the frets in turn) as the
    /// `[<difficulty>Single]` guitar track, on StepMania's count of beats (every tempo change on a 1/48-beat row, so on a
    /// whole tick), CRLF as Moonscraper writes it.
    static func write(_ map: BeatMap, title: String, audio: String) -> String {
        // 960 ticks a beat (a common MIDI resolution): a tick is under half a millisecond below 130 BPM, and a 1/48-beat row
        // is 20 ticks, so every tempo change falls on a tick.
        let resolution = 960.0
        let timing = StepManiaTiming(ChartWriter.tempoMap(of: map), hits: ChartWriter.writable(map))
        let tempo = timing.tempo
        let meta = map.metadata
        // Ticks start at beat 0: move beat 0 back by whole measures when a hit comes before it.
        let first = ChartWriter.writable(map).map { tempo.beat(atTime: $0) }.min() ?? 0
        let shift = 4 * max(0, (-first / 4).rounded(.up))
        func quoted(_ s: String) -> String { "\"" + s.filter { $0 != "\"" && $0 != "\n" && $0 != "\r" } + "\"" }
        // Beat 0 at the map's first section; the audio's offset is the chart's Offset (audio time = chart time + Offset).
        var out = [
            "[Song]", "{", "  Name = \(quoted(meta?.title ?? title))", "  Artist = \(quoted(meta?.artist ?? ""))",
            "  Charter = \(quoted(meta?.creator ?? "beatmap"))", "  Offset = \(ChartWriter.f6(tempo.time(ofBeat: -shift)))",
            "  Resolution = \(Int(resolution))", "  MusicStream = \(quoted(audio))", "}", "[SyncTrack]", "{",
            "  0 = TS \(tempo.beatsPerBar)",
        ]
        for b in timing.bpms {
            out.append("  \(Int(((b.beat == 0 ? 0 : b.beat + shift) * resolution).rounded())) = B \(Int((b.bpm * 1000).rounded()))")
        }
        out += ["}", "[Events]", "{", "}"]
        let difficulty = difficulties.first { $0 == meta?.difficulty } ?? "Expert"
        out += ["[\(difficulty)Single]", "{"]
        var lines: [(Int, String)] = []
        var seen: Set<[Int]> = []
        for n in ChartWriter.placed(map, lanes: map.notes.isEmpty ? 5 : 6).filter(\.isHit) {
            let tick = Int(((tempo.beat(atTime: n.time) + shift) * resolution).rounded())
            let type = n.lane == 5 ? 7 : n.lane
            guard seen.insert([tick, type]).inserted else { continue }
            let length = n.end.map { Int(((tempo.beat(atTime: $0) + shift) * resolution).rounded()) - tick }.map { max(0, $0) } ?? 0
            lines.append((tick, "  \(tick) = N \(type) \(length)"))
        }
        out += lines.sorted { $0.0 < $1.0 }.map(\.1)
        out.append("}")
        return out.joined(separator: "\r\n") + "\r\n"
    }
}
