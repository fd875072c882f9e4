import Foundation

/// Writing osu!mania `.osu` text.
extension ChartWriter {
    /// osu!mania `.osu` text (v14, CRLF), in the map's lanes (4 for a list of hits), with holds.
    public static func osu(_ map: BeatMap, title: String, audio: String, version: String = "Hard") -> String {
        let tempo = tempoMap(of: map)
        let keys = laneCount(map, allowed: 1...18)
        let meta = map.metadata
        let oneLine = { (s: String) in s.filter { $0 != "\n" && $0 != "\r" } }
        var out = [
            "osu file format v14", "", "[General]", "AudioFilename: \(oneLine(audio))", "AudioLeadIn: 0",
            "PreviewTime: \(meta?.previewTime.map { Int(($0 * 1000).rounded()) } ?? -1)", "Countdown: 0",
            "SampleSet: Normal", "StackLeniency: 0.7", "Mode: 3", "LetterboxInBreaks: 0", "SpecialStyle: 0", "WidescreenStoryboard: 0", "",
            "[Editor]", "DistanceSpacing: 1", "BeatDivisor: 4", "GridSize: 4", "TimelineZoom: 1", "", "[Metadata]",
            "Title:\(oneLine(meta?.title ?? title))", "TitleUnicode:\(oneLine(meta?.title ?? title))",
            "Artist:\(oneLine(meta?.artist ?? ""))",
            "ArtistUnicode:\(oneLine(meta?.artist ?? ""))", "Creator:\(oneLine(meta?.creator ?? "beatmap"))",
            "Version:\(oneLine(meta?.difficulty ?? version))", "Source:\(oneLine(meta?.source ?? ""))", "Tags:\(oneLine(meta?.tags ?? ""))",
            "BeatmapID:0", "BeatmapSetID:-1", "", "[Difficulty]", "HPDrainRate:5", "CircleSize:\(keys)", "OverallDifficulty:5",
            "ApproachRate:5",
            "SliderMultiplier:1.4", "SliderTickRate:1", "", "[Events]", "//Background and Video events",
        ]
        out += meta?.background.map { ["0,0,\"\(oneLine($0).filter { $0 != "\"" })\",0,0"] } ?? []
        out += [
            "//Break Periods", "",
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
}
