import Foundation

/// What reading a written map back gave, against the hits it was written from.
public struct ChartReadBack: Sendable, Equatable {
    /// Hits written (finite, within a day of 0 s).
    public let expected: Int
    /// Hits read back.
    public let read: Int
    /// The largest distance from a hit of either list to the nearest of the other (seconds); nil when nothing read back.
    public let worst: Double?

    /// Hits that did not come back on their own: merged with another on one row or millisecond, or into a chord.
    public var merged: Int { max(0, expected - read) }

    /// True when every hit came back on its own within `tolerance` seconds.
    public func isExact(within tolerance: Double = 0.001) -> Bool { read == expected && (worst ?? .infinity) <= tolerance }

    /// What `back` holds against the hits of `map` that were written.
    init(_ map: BeatMap, _ back: BeatMapReadResult) {
        let expected = ChartWriter.writable(map).sorted()
        let read = (back.map?.times ?? []).filter(\.isFinite).sorted()
        self.init(expected: expected.count, read: read.count, worst: ChartExport.mismatch(expected, read))
    }

    /// The figures as given.
    public init(expected: Int, read: Int, worst: Double?) {
        self.expected = expected
        self.read = read
        self.worst = worst
    }

    /// The warning for `path`, or nil when `isExact(within:)`.
    public func warning(path: String, within tolerance: Double = 0.001) -> String? {
        guard !isExact(within: tolerance) else { return nil }
        var parts: [String] = []
        if let worst, worst > tolerance {
            parts.append(String(format: "read back, its hits are up to %.1f ms from the map's", worst * 1000))
        }
        if worst == nil { parts.append("read back, it holds no hit") }
        if merged > 0 {
            parts.append(
                "\(merged) of \(expected) hits share a place with another (the format's finest step, or a chord) and read back as one")
        }
        if read > expected {
            parts.append("\(read - expected) more hits read back than were written (a chord split over the format's steps)")
        }
        return "\(path): " + parts.joined(separator: "; ")
    }
}

/// A map written as the files of a format, each with the text to write, and what the chart read back as.
public struct ChartFileSet: Sendable {
    /// Each file: where (nil: standard output) and its text. A Beat Saber difficulty comes with its `Info.dat`.
    public var files: [(path: String?, text: String)]
    /// What the main file read back as.
    public var readBack: ChartReadBack
}

/// Writes a map as the files of a format and reads them back before anything is written, so that what the chart holds
/// is known, not assumed: a format that cannot hold a time (rows of 1/48 beat, whole milliseconds) or two hits at one
/// place says so with the true figures.
public enum ChartFiles {
    /// The files of `map` in `format` at `path` (nil: standard output): one file, or for Beat Saber the difficulty and
    /// the `Info.dat` beside it, written new or with the difficulty added to the one there. Throws `InputError` when a
    /// Beat Saber difficulty has no path, or the `Info.dat` there cannot take it.
    public static func make(
        _ map: BeatMap, format: BeatMapFormat, path: String?, title: String, audio: String, symbol: String = "beatMap",
        limits: InputLimits = .standard
    ) throws(InputError) -> ChartFileSet {
        var files: [(path: String?, text: String)]
        let back: BeatMapReadResult
        if format == .beatsaber {
            guard let path else {
                throw InputError(
                    .writeFailed, path: "<stdout>", reason: "a Beat Saber difficulty needs its Info.dat beside it",
                    fix: "write it to a file in the song's folder")
            }
            let made = try BeatSaberExport.files(map, path: path, title: title, audio: audio, limits: limits)
            files = [(path, made.difficulty), (made.infoPath, made.info)]
            back = made.readBack
        } else {
            let text = BeatMapWriter.string(map, format: format, symbol: symbol, title: title, audio: audio)
            files = [(path, text)]
            back = BeatMapReader.read(bytes: Array(text.utf8), file: path ?? "<stdout>", format: format, symbol: symbol)
        }
        return ChartFileSet(files: files, readBack: ChartReadBack(map, back))
    }

    /// One StepMania file at `path` holding every chart of `charts` (a song's difficulties, all on the first one's tempo
    /// map), each read back by its number: the read-back counts every chart's hits and gives the worst distance of any.
    public static func stepMania(charts: [BeatMap], path: String?, title: String, audio: String) -> ChartFileSet {
        let entries = charts.map { (difficulty: $0.metadata?.difficulty ?? "Hard", meter: $0.metadata?.meter ?? 1, map: $0) }
        let text = ChartWriter.stepMania(charts: entries, title: title, music: audio)
        var total = ChartReadBack(expected: 0, read: 0, worst: 0)
        for (k, map) in charts.enumerated() {
            let back = BeatMapReader.read(bytes: Array(text.utf8), file: path ?? "<stdout>", format: .stepmania, chart: String(k + 1))
            let one = ChartReadBack(map, back)
            total = ChartReadBack(
                expected: total.expected + one.expected, read: total.read + one.read,
                worst: one.worst.flatMap { w in total.worst.map { max($0, w) } })
        }
        return ChartFileSet(files: [(path, text)], readBack: total)
    }
}

/// A Beat Saber v3 difficulty and its v2 `Info.dat` (the song's BPM and offset, and the difficulty listed).
enum BeatSaberExport {
    /// The difficulty's text, the `Info.dat`'s path and text, and what the difficulty reads back as with it.
    static func files(_ map: BeatMap, path: String, title: String, audio: String, limits: InputLimits) throws(InputError) -> (
        difficulty: String, infoPath: String, info: String, readBack: BeatMapReadResult
    ) {
        let folder = (path as NSString).deletingLastPathComponent
        let file = (path as NSString).lastPathComponent
        let infoPath =
            ["Info.dat", "info.dat"].map { (folder as NSString).appendingPathComponent($0) }.first {
                FileManager.default.fileExists(atPath: $0)
            } ?? (folder as NSString).appendingPathComponent("Info.dat")
        let tempo = ChartWriter.tempoMap(of: map)
        var existing: JSONObject? = nil
        var songOffset = 0.0
        var songBPM = tempo.sections[0].bpm
        if FileManager.default.fileExists(atPath: infoPath) {
            let bytes = try InputFile.read(infoPath, maxBytes: limits.maxFileBytes)
            guard case .object(let o)? = JSONValue.parse(bytes, maxDepth: limits.maxNestingDepth), o["_difficultyBeatmapSets"]?.array != nil
            else {
                throw InputError(
                    .unsupportedFormat, path: infoPath,
                    reason: "is not a v2 Info.dat (no _difficultyBeatmapSets), so the difficulty cannot be added to it",
                    fix: "write the difficulty into a folder of its own, or add it to this Info.dat by hand")
            }
            existing = o
            songOffset = o["_songTimeOffset"]?.number ?? 0
            songBPM = o["_beatsPerMinute"]?.number ?? songBPM
            guard songOffset.isFinite, TempoMap.bpmRange.contains(songBPM) else {
                throw InputError(.corrupt, path: infoPath, reason: "its _beatsPerMinute or _songTimeOffset is not usable")
            }
        }
        let difficulty = ChartWriter.beatSaber(map, songOffset: songOffset)
        let name = difficultyName(file)
        let info = infoText(existing, file: file, difficulty: name, bpm: songBPM, title: title, audio: audio)
        let facts = BeatSaberChart.Info(bpm: songBPM, offset: songOffset, difficulties: [("Standard", name, file)])
        let back: BeatMapReadResult
        switch BeatSaberChart.decode(Array(difficulty.utf8), file: path, maxNestingDepth: limits.maxNestingDepth) {
        case .failure(let f): back = f.result
        case .success(let (value, bytes)):
            back = BeatSaberChart.difficulty(value, bytes: bytes, file: path, info: facts, name: nil, maxBeats: limits.maxBeats)
        }
        return (difficulty, infoPath, info, back)
    }

    /// Beat Saber's difficulty names, easiest first, with their ranks.
    static let names = [("Easy", 1), ("Normal", 3), ("Hard", 5), ("Expert", 7), ("ExpertPlus", 9)]

    /// The difficulty a file's name says (`ExpertPlusStandard.dat`, `Hard.dat`), else Expert.
    static func difficultyName(_ file: String) -> String {
        let stem = (file as NSString).deletingPathExtension.lowercased()
        return names.reversed().first { stem.hasPrefix($0.0.lowercased()) }?.0 ?? "Expert"
    }

    /// The Info.dat: `existing` with the difficulty added to its Standard set (or replaced where it lists the file), else
    /// a new one for the song.
    static func infoText(_ existing: JSONObject?, file: String, difficulty: String, bpm: Double, title: String, audio: String) -> String {
        let rank = names.first { $0.0 == difficulty }?.1 ?? 7
        let entry = JSONValue.object(
            JSONObject([
                "_difficulty": .string(difficulty), "_difficultyRank": .integer(Int64(rank)), "_beatmapFilename": .string(file),
                "_noteJumpMovementSpeed": .real(16), "_noteJumpStartBeatOffset": .real(0),
            ]))
        var info =
            existing
            ?? JSONObject([
                "_version": .string("2.1.0"), "_songName": .string(title), "_songSubName": .string(""), "_songAuthorName": .string(""),
                "_levelAuthorName": .string("beatmap"), "_beatsPerMinute": .real(bpm), "_songTimeOffset": .real(0), "_shuffle": .real(0),
                "_shufflePeriod": .real(0.5), "_previewStartTime": .real(0), "_previewDuration": .real(10),
                "_songFilename": .string(audio), "_coverImageFilename": .string(""), "_environmentName": .string("DefaultEnvironment"),
                "_difficultyBeatmapSets": .array([]),
            ])
        var sets = info["_difficultyBeatmapSets"]?.array ?? []
        var standard = sets.firstIndex { $0["_beatmapCharacteristicName"]?.string == "Standard" }
        if standard == nil {
            sets.append(.object(JSONObject(["_beatmapCharacteristicName": .string("Standard"), "_difficultyBeatmaps": .array([])])))
            standard = sets.count - 1
        }
        guard case .object(var set) = sets[standard!] else { return JSONWriter(indent: "  ").string(from: .object(info)) }
        var maps = (set["_difficultyBeatmaps"]?.array ?? []).filter { $0["_beatmapFilename"]?.string != file }
        maps.append(entry)
        maps.sort { ($0["_difficultyRank"]?.number ?? 0) < ($1["_difficultyRank"]?.number ?? 0) }
        set["_difficultyBeatmaps"] = .array(maps)
        sets[standard!] = .object(set)
        info["_difficultyBeatmapSets"] = .array(sets)
        return JSONWriter(indent: "  ").string(from: .object(info))
    }
}
