import Foundation

/// Reads Beat Saber difficulties (`.dat`, v2 `_notes` or v3 `colorNotes`) with the `Info.dat` beside them, as
/// described in ../shared/reference/CHART-FORMATS.md §4: positions are beats at the song BPM (`_beatsPerMinute`),
/// official tempo changes (v2 events of type 100, v3 `bpmEvents`) make the ordinary tempo map, audio time =
/// beat time + `_songTimeOffset`; bombs are not hits, a chord is one hit. Editor-only BPM changes in custom data
/// do not move notes and are ignored. Given the `Info.dat` itself, the hardest Standard difficulty is read (or the
/// one `chart` names).
enum BeatSaberChart {
    /// What Info.dat says: the song's BPM and offset, and its difficulties (characteristic, difficulty, file).
    struct Info {
        var bpm: Double
        var offset: Double
        var difficulties: [(characteristic: String, difficulty: String, file: String)]
    }

    static let ranks = ["easy": 0, "normal": 1, "hard": 2, "expert": 3, "expertplus": 4]

    static func decode(_ bytes: [UInt8], file: String?, maxNestingDepth: Int) -> Result<(JSONValue, [UInt8]), StepManiaChart.Failure> {
        let pre = JSONTextPreprocessor.process(bytes)
        switch pre.bytes.withUnsafeBytes({ Jansson.decode($0, maxDepth: maxNestingDepth) }) {
        case .failure(let e): return .failure(.init(result: BeatMapReader.failure(file, e.line, e.column, JSONSyntaxHints.message(for: e))))
        case .success(let v): return .success((v, pre.bytes))
        }
    }

    /// Info.dat's facts; nil when `value` is not an Info.dat.
    static func info(_ value: JSONValue) -> Info? {
        if let sets = value["_difficultyBeatmapSets"]?.array {
            var list: [(String, String, String)] = []
            for s in sets {
                let characteristic = s["_beatmapCharacteristicName"]?.string ?? ""
                for d in s["_difficultyBeatmaps"]?.array ?? [] {
                    if let f = d["_beatmapFilename"]?.string { list.append((characteristic, d["_difficulty"]?.string ?? "", f)) }
                }
            }
            return Info(bpm: value["_beatsPerMinute"]?.number ?? 0, offset: value["_songTimeOffset"]?.number ?? 0, difficulties: list)
        }
        if let maps = value["difficultyBeatmaps"]?.array {
            let list = maps.compactMap { d in
                d["beatmapDataFilename"]?.string.map { (d["characteristic"]?.string ?? "", d["difficulty"]?.string ?? "", $0) }
            }
            return Info(bpm: value["audio"]?["bpm"]?.number ?? 0, offset: 0, difficulties: list)
        }
        return nil
    }

    /// Reads `path`: a difficulty with the Info.dat of its folder, or an Info.dat and the difficulty it chooses.
    static func read(path: String, bytes: [UInt8], chart: String?, limits: InputLimits) throws(InputError) -> BeatMapReadResult {
        let folder = (path as NSString).deletingLastPathComponent
        var value: JSONValue
        var text: [UInt8]
        switch decode(bytes, file: path, maxNestingDepth: limits.maxNestingDepth) {
        case .failure(let f): return f.result
        case .success(let v): (value, text) = v
        }
        var difficultyPath = path
        var infoFacts: Info
        var name: String? = nil
        if let facts = info(value) {
            infoFacts = facts
            let standard = facts.difficulties.filter { $0.characteristic.lowercased() == "standard" }
            let pool = standard.isEmpty ? facts.difficulties : standard
            let chosen =
                chart.map { w in
                    pool.first {
                        $0.difficulty.lowercased() == w.lowercased()
                            || "\($0.characteristic) \($0.difficulty)".lowercased() == w.lowercased()
                    }
                        ?? facts.difficulties.first { "\($0.characteristic) \($0.difficulty)".lowercased() == w.lowercased() }
                } ?? pool.max { ranks[$0.difficulty.lowercased(), default: -1] < ranks[$1.difficulty.lowercased(), default: -1] }
            guard let chosen else {
                let names = facts.difficulties.map { "\"\($0.characteristic) \($0.difficulty)\"" }.joined(separator: ", ")
                return BeatMapReader.failure(
                    path, 1, 1,
                    chart == nil ? "Info.dat lists no difficulty" : "no difficulty matches \"\(chart!)\"; Info.dat lists \(names)")
            }
            guard !chosen.file.contains("/"), !chosen.file.contains("\\"), chosen.file != "..", chosen.file != "." else {
                return BeatMapReader.failure(path, 1, 1, "the difficulty file \"\(chosen.file)\" is not a file name in the map's folder")
            }
            name = "\(chosen.characteristic) \(chosen.difficulty)"
            difficultyPath = (folder as NSString).appendingPathComponent(chosen.file)
            let difficultyBytes = try InputFile.read(difficultyPath, maxBytes: limits.maxFileBytes)
            switch decode(difficultyBytes, file: difficultyPath, maxNestingDepth: limits.maxNestingDepth) {
            case .failure(let f): return f.result
            case .success(let v): (value, text) = v
            }
        } else {
            let infoPath = ["Info.dat", "info.dat"].map { (folder as NSString).appendingPathComponent($0) }.first {
                FileManager.default.fileExists(atPath: $0)
            }
            guard let infoPath else {
                return BeatMapReader.failure(
                    path, 1, 1,
                    "no Info.dat beside the difficulty: Beat Saber keeps the song's BPM and offset there; put it in the same folder")
            }
            let infoBytes = try InputFile.read(infoPath, maxBytes: limits.maxFileBytes)
            switch decode(infoBytes, file: infoPath, maxNestingDepth: limits.maxNestingDepth) {
            case .failure(let f): return f.result
            case .success(let v):
                guard let facts = info(v.0) else {
                    return BeatMapReader.failure(
                        infoPath, 1, 1, "Info.dat has no _difficultyBeatmapSets nor difficultyBeatmaps; is it a Beat Saber Info.dat?")
                }
                infoFacts = facts
                name = facts.difficulties.first { $0.file == (path as NSString).lastPathComponent }.map {
                    "\($0.characteristic) \($0.difficulty)"
                }
            }
        }
        return difficulty(value, bytes: text, file: difficultyPath, info: infoFacts, name: name, maxBeats: limits.maxBeats)
    }

    /// The hits of a v2 or v3 difficulty on the tempo map of `info` and its own tempo events.
    static func difficulty(_ root: JSONValue, bytes: [UInt8], file: String, info: Info, name: String?, maxBeats: Int) -> BeatMapReadResult {
        guard TempoMap.bpmRange.contains(info.bpm), info.offset.isFinite else {
            return BeatMapReader.failure(file, 1, 1, "Info.dat gives a song BPM of \(info.bpm); it must be a tempo in 1…10000")
        }
        let v3 = root["colorNotes"]?.array != nil
        let notesKey = v3 ? "colorNotes" : "_notes"
        guard let items = root[notesKey]?.array else {
            return BeatMapReader.failure(
                file, 1, 1, "the difficulty has neither colorNotes (v3) nor _notes (v2); is it a Beat Saber difficulty?")
        }
        guard items.count <= maxBeats else {
            return BeatMapReader.failure(file, 1, 1, "the difficulty holds more than \(maxBeats) notes (the beat limit)")
        }
        var changes: [(beat: Double, bpm: Double)] = [(0, info.bpm)]
        if v3 {
            for e in root["bpmEvents"]?.array ?? [] {
                if let m = e["m"]?.number, TempoMap.bpmRange.contains(m) { changes.append((e["b"]?.number ?? 0, m)) }
            }
        } else {
            for e in root["_events"]?.array ?? [] where e["_type"]?.number == 100 {
                if let m = e["_floatValue"]?.number, TempoMap.bpmRange.contains(m) { changes.append((e["_time"]?.number ?? 0, m)) }
            }
        }
        guard let tempo = TempoMap(offset: info.offset, changes: changes) else {
            return BeatMapReader.failure(file, 1, 1, "the difficulty's tempo events cannot make a tempo map")
        }
        let pointer = "/" + notesKey
        let positions = JSONPositionIndex(validJSON: bytes, wanted: [pointer]).itemPositions(ofArrayAt: pointer, in: bytes)
        var notes: [ChartHits.Note] = []
        for (i, n) in items.enumerated() {
            let p = i < positions.count ? positions[i] : nil
            let beat = v3 ? n["b"]?.number ?? 0 : n["_time"]?.number
            guard let beat, beat.isFinite, abs(beat) < 1_000_000 else {
                return BeatMapReader.failure(
                    file, p?.line ?? 1, p?.column ?? 1, "note \(i) has no beat (_time); write its position in beats")
            }
            if !v3, n["_type"]?.number == 3 { continue }  // a bomb
            notes.append(
                ChartHits.Note(
                    time: tempo.time(ofBeat: beat), beat: beat,
                    location: SourceLocation(file: file, line: p?.line, column: p?.column, jsonPath: "\(pointer)/\(i)")))
        }
        return ChartHits.map(notes, tempoMap: tempo, file: file, chart: name, maxBeats: maxBeats, empty: "the difficulty holds no note")
    }
}
