import Foundation

/// Writes beat maps in every format the reader reads.
public enum BeatMapWriter {
    static func seconds(_ t: Double) -> String { String(format: "%.6f", t) }

    /// The map as text in `format`, times in seconds to six decimals; `symbol` names the array in Swift source.
    /// JSON output carries the BPM and offset when the map has them, and its tempo map's later sections as
    /// `"tempo_changes"`, and its stops as `"stops"`; Swift output names them in a comment.
    /// Charts are written whole on the map's tempo map (`ChartWriter`), titled `title` and naming `audio` as their song.
    public static func string(
        _ map: BeatMap, format: BeatMapFormat, symbol: String = "beatMap", title: String = "beatmap", audio: String = "audio.ogg"
    ) -> String {
        switch format {
        case .stepmania: return ChartWriter.stepMania(map, title: title, music: audio)
        case .osu: return ChartWriter.osu(map, title: title, audio: audio)
        case .quaver: return ChartWriter.quaver(map, title: title, audio: audio)
        case .beatsaber: return ChartWriter.beatSaber(map)
        case .clonehero: return CloneHeroChart.write(map, title: title, audio: audio)
        case .json:
            let beats = JSONValue.array(map.times.map { .real(($0 * 1e6).rounded() / 1e6) })
            // A tempo map is the truth: its first section gives "bpm" and "offset" (one grid), its later ones the changes.
            let bpm = map.tempoMap?.sections[0].bpm ?? map.bpm
            let offset = map.tempoMap?.offset ?? map.offset
            guard bpm != nil || offset != nil else { return JSONWriter(indent: "  ").string(from: beats) }
            var o = JSONObject()
            if let bpm { o["bpm"] = .real(bpm) }
            if let offset { o["offset"] = .real((offset * 1e6).rounded() / 1e6 + 0) }
            // Tempo changes restart the grid at their times; stops pause it from theirs (the whole tempo map is kept).
            if let tempo = map.tempoMap, tempo.sections.count > 1 {
                o["tempo_changes"] = .array(
                    tempo.sections.dropFirst().map {
                        .object(JSONObject(["time": .real(($0.time * 1e6).rounded() / 1e6), "bpm": .real($0.bpm)]))
                    })
            }
            if let tempo = map.tempoMap, !tempo.stops.isEmpty {
                o["stops"] = .array(
                    tempo.stops.map { stop in
                        var entry = JSONObject([
                            "time": .real((tempo.time(ofBeat: stop.beat) * 1e6).rounded() / 1e6),
                            "seconds": .real((stop.seconds * 1e6).rounded() / 1e6),
                        ])
                        if TempoMap.delayedBeat(of: stop) != nil { entry["delay"] = .bool(true) }
                        return .object(entry)
                    })
            }
            o["beats"] = beats
            return JSONWriter(indent: "  ").string(from: .object(o))
        case .text:
            return map.times.map(seconds).joined(separator: "\n") + "\n"
        case .csv:
            return "beat,time\n" + map.times.enumerated().map { "\($0.offset + 1),\(seconds($0.element))" }.joined(separator: "\n") + "\n"
        case .audacity:
            return map.times.enumerated().map { "\(seconds($0.element))\t\(seconds($0.element))\t\($0.offset + 1)" }.joined(separator: "\n")
                + "\n"
        case .swift:
            var out = "import Foundation\n\n"
            if let bpm = map.bpm {
                out += "/// \(RuleText.number(bpm)) BPM\(map.offset.map { ", first beat at \(seconds($0)) s" } ?? "").\n"
            }
            out += "let \(symbol): [TimeInterval] = [\n"
            for chunk in stride(from: 0, to: map.times.count, by: 8) {
                out += "    " + map.times[chunk..<min(chunk + 8, map.times.count)].map(seconds).joined(separator: ", ") + ",\n"
            }
            return out + "]\n"
        }
    }
}
