import Foundation

/// A JSON beat map: an array of seconds, or an object with `"bpm"`, `"offset"`, `"beats"`, `"tempo_changes"` and
/// `"stops"`; a Friday Night Funkin' chart JSON is read through it (`FunkinChart`).
enum JSONBeatMapCodec: BeatMapCodec {
    static let format = BeatMapFormat.json
    static let editorSavesAs = true
    static let extensions = ["json"]
    static let holdsTempo = true

    static func read(_ input: BeatMapReadInput) -> BeatMapReadResult {
        BeatMapReader.readJSON(
            BeatMapText.normalizingLineEndings(input.bytes), file: input.file, chart: input.chart,
            maxNestingDepth: input.limits.maxNestingDepth, maxBeats: input.limits.maxBeats)
    }

    /// The BPM and offset when the map has them, its tempo map's later sections as `"tempo_changes"` and its stops as
    /// `"stops"`; a bare array when it has no tempo.
    static func write(_ map: BeatMap, _ options: BeatMapWriteOptions) -> String {
        let beats = JSONValue.array(map.times.map { .real(($0 * 1e6).rounded() / 1e6) })
        // A tempo map is the truth: its first section gives "bpm" and "offset" (one grid), its later ones the changes.
        guard let first = map.tempoMap else { return JSONWriter(indent: "  ").string(from: beats) }
        var o = JSONObject()
        o["bpm"] = .real(first.sections[0].bpm)
        o["offset"] = .real((first.offset * 1e6).rounded() / 1e6 + 0)
        // Tempo changes restart the grid at their times; stops pause it from theirs (the whole tempo map is kept).
        // A StepMania bridge, and a bridge pause, restart nothing a section's own time does not (`TempoMap.isBridge`).
        if let tempo = map.tempoMap, case let changes = tempo.sections.indices.dropFirst().filter({ !tempo.isBridge($0) }),
            !changes.isEmpty
        {
            o["tempo_changes"] = .array(
                changes.map { tempo.sections[$0] }.map {
                    .object(JSONObject(["time": .real(($0.time * 1e6).rounded() / 1e6), "bpm": .real($0.bpm)]))
                })
        }
        if let pauses = map.tempoMap?.pauses, !pauses.isEmpty {
            o["stops"] = .array(
                pauses.map { pause in
                    var entry = JSONObject([
                        "time": .real((pause.time * 1e6).rounded() / 1e6), "seconds": .real((pause.seconds * 1e6).rounded() / 1e6),
                    ])
                    if pause.delay { entry["delay"] = .bool(true) }
                    return .object(entry)
                })
        }
        o["beats"] = beats
        return JSONWriter(indent: "  ").string(from: .object(o))
    }

    /// Only the beats array is replaced.
    static func replacingBeats(in original: String, symbol: String?, times: [Double], path: String, ending: String) throws(InputError)
        -> String
    {
        try BeatMapSaver.json(original, times: times, path: path, ending: ending)
    }
}
