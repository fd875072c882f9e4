import Foundation

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
        let name = difficultyName(file)
        if let existing, let other = listed(existing, difficulty: name, besides: file) {
            throw InputError(
                .writeFailed, path: infoPath,
                reason: "already lists the Standard \(name) difficulty as \(other), and Beat Saber plays one map per difficulty of a set",
                fix:
                    "name the file for another difficulty (\(names.map { "\($0.0).dat" }.filter { $0 != "\(name).dat" }.joined(separator: ", "))), write it into a folder of its own, or convert onto \(other) to replace it"
            )
        }
        let difficulty = ChartWriter.beatSaber(map, songOffset: songOffset)
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

    /// The file `info`'s Standard set lists for `difficulty`, when it is not `file`.
    static func listed(_ info: JSONObject, difficulty: String, besides file: String) -> String? {
        let sets = info["_difficultyBeatmapSets"]?.array ?? []
        guard let standard = sets.first(where: { $0["_beatmapCharacteristicName"]?.string == "Standard" }) else { return nil }
        return (standard["_difficultyBeatmaps"]?.array ?? []).first {
            $0["_difficulty"]?.string == difficulty && $0["_beatmapFilename"]?.string != file
        }?["_beatmapFilename"]?.string
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
