import Foundation

/// Reads Quaver `.qua` maps (YAML, through libyaml) as beat maps of hits, following Quaver.API's `Qua.cs` as
/// described in ../shared/reference/CHART-FORMATS.md §3: times are milliseconds against the audio, a missing
/// number is 0 (Quaver leaves defaults out when writing), each timing point restarts the beat grid, `Mine`
/// objects are not hits, a long note counts at its start, and objects at the same time are one hit.
enum QuaverChart {
    static func read(bytes: [UInt8], file: String?, maxNestingDepth: Int, maxBeats: Int) -> BeatMapReadResult {
        let decoded: YAMLDecoded
        switch LibYAML.decode(bytes, maxDepth: maxNestingDepth, maxNodes: max(1000, min(maxBeats, 10_000_000) * 8)) {
        case .failure(let e): return BeatMapReader.failure(file, e.line, e.column, "not valid YAML: \(e.message)")
        case .success(let d): decoded = d
        }
        func at(_ pointer: String) -> (Int, Int) {
            decoded.positions[pointer].map { ($0.line, $0.column) } ?? (1, 1)
        }
        func fail(_ pointer: String, _ message: String) -> BeatMapReadResult {
            let (l, c) = at(pointer)
            return BeatMapReader.failure(file, l, c, message)
        }
        guard let root = decoded.value.object else { return fail("", "the file is not a Quaver map (a YAML mapping with HitObjects)") }
        func number(_ v: JSONValue?, _ pointer: String, _ what: String) -> Result<Double, BeatMapReadResultBox> {
            guard let v, v != .null else { return .success(0) }
            guard let n = v.number, n.isFinite, abs(n) < 86_400_000 else {
                return .failure(BeatMapReadResultBox(result: fail(pointer, "\(what) is \(v.typeName), not a number")))
            }
            return .success(n)
        }
        var points: [(time: Double, bpm: Double)] = []
        let timing = root["TimingPoints"]?.array ?? []
        for (i, p) in timing.enumerated() {
            let base = "/TimingPoints/\(i)"
            guard case .success(let start) = number(p["StartTime"], base + "/StartTime", "StartTime") else {
                return fail(base + "/StartTime", "StartTime of timing point \(i) is not a number of milliseconds")
            }
            guard case .success(let bpm) = number(p["Bpm"], base + "/Bpm", "Bpm"), TempoMap.bpmRange.contains(bpm) else {
                return fail(base + "/Bpm", "Bpm of timing point \(i) must be a tempo in 1…10000")
            }
            points.append((start / 1000, bpm))
        }
        guard let objects = root["HitObjects"]?.array else {
            return fail("", "the map has no HitObjects list; is this a Quaver .qua file?")
        }
        guard objects.count <= maxBeats else {
            return fail("/HitObjects", "the map holds more than \(maxBeats) hit objects (the beat limit)")
        }
        let tempo = TempoMap(timingPoints: points)
        var notes: [ChartHits.Note] = []
        var played: [ChartNote] = []
        for (i, o) in objects.enumerated() {
            let base = "/HitObjects/\(i)"
            guard o.object != nil else { return fail(base, "hit object \(i) is \(o.typeName), not a mapping") }
            guard case .success(let start) = number(o["StartTime"], base + "/StartTime", "StartTime") else {
                return fail(base + "/StartTime", "StartTime of hit object \(i) is not a number of milliseconds")
            }
            let type = o["Type"]
            let lane = max(0, Int(o["Lane"]?.number ?? 1) - 1)
            if type?.string?.lowercased() == "mine" || type?.number == 1 {
                played.append(ChartNote(time: start / 1000, lane: lane, kind: .mine))
                continue
            }
            // Quaver refuses a map whose long note ends before it starts (an EndTime of 0 is a plain note).
            if case .success(let end) = number(o["EndTime"], base + "/EndTime", "EndTime"), end != 0, end < start {
                return fail(
                    base + "/EndTime",
                    "hit object \(i) is a long note that ends (\(RuleText.number(end)) ms) before it starts (\(RuleText.number(start)) ms); Quaver refuses the map: fix its EndTime"
                )
            }
            let (l, c) = at(base)
            let end = o["EndTime"]?.number.flatMap { $0 > start ? $0 / 1000 : nil }
            played.append(ChartNote(time: start / 1000, lane: lane, kind: end == nil ? .tap : .hold, end: end))
            notes.append(
                ChartHits.Note(
                    time: start / 1000, beat: tempo?.beat(atTime: start / 1000), location: SourceLocation(file: file, line: l, column: c)))
        }
        let name = root["DifficultyName"]?.string
        var result = ChartHits.map(
            notes, tempoMap: tempo, file: file, chart: name, maxBeats: maxBeats, empty: "the map holds no hit object")
        result.map?.positions = []
        result.map?.notes = played.sorted { ($0.time, $0.lane) < ($1.time, $1.lane) }
        let mode = root["Mode"]?.string ?? "Keys4"
        result.map?.lanes = mode.hasPrefix("Keys") ? Int(mode.dropFirst(4)) ?? 4 : 4
        result.map?.metadata = metadata(root, difficulty: name)
        return result
    }

    /// What the map says of the song and of itself (its difficulty name `difficulty`).
    static func metadata(_ root: JSONObject, difficulty: String?) -> ChartMetadata {
        var metadata = ChartMetadata(
            title: root["Title"]?.string?.nilIfEmpty, artist: root["Artist"]?.string?.nilIfEmpty,
            creator: root["Creator"]?.string?.nilIfEmpty, difficulty: difficulty?.nilIfEmpty)
        metadata.previewTime = root["SongPreviewTime"]?.number.flatMap { $0.isFinite && $0 >= 0 ? $0 / 1000 : nil }
        metadata.background = root["BackgroundFile"]?.string?.nilIfEmpty
        metadata.source = root["Source"]?.string?.nilIfEmpty
        metadata.tags = root["Tags"]?.string?.nilIfEmpty
        return metadata
    }

    /// A failure carried through `Result`.
    struct BeatMapReadResultBox: Error {
        let result: BeatMapReadResult
    }
}
