import Foundation

/// Writing Quaver `.qua` text.
extension ChartWriter {
    /// Quaver `.qua` text (4 keys for a chart of at most 4 lanes or a list of hits, else 7: a 5- or 6-lane chart keeps
    /// every lane; beyond 7 they fold back): timing points and hit objects in milliseconds, holds with their `EndTime`.
    public static func quaver(_ map: BeatMap, title: String, audio: String) -> String {
        let tempo = tempoMap(of: map)
        let keys = !map.notes.isEmpty && (map.lanes ?? 4) > 4 ? 7 : 4
        let meta = map.metadata
        let quote = { (s: String) in "'" + s.filter { $0 != "\n" && $0 != "\r" }.replacingOccurrences(of: "'", with: "''") + "'" }
        var out = ["AudioFile: \(quote(audio))"]
        out += meta?.previewTime.map { ["SongPreviewTime: \(Int(($0 * 1000).rounded()))"] } ?? []
        out += meta?.background.map { ["BackgroundFile: \(quote($0))"] } ?? []
        out += [
            "Mode: Keys\(keys)", "Title: \(quote(meta?.title ?? title))", "Artist: \(quote(meta?.artist ?? ""))",
        ]
        out += meta?.source.map { ["Source: \(quote($0))"] } ?? []
        out += meta?.tags.map { ["Tags: \(quote($0))"] } ?? []
        out += [
            "Creator: \(quote(meta?.creator ?? "beatmap"))", "DifficultyName: \(quote(meta?.difficulty ?? "Hard"))", "TimingPoints:",
        ]
        for p in timingPoints(tempo) {
            out += ["- StartTime: \(RuleText.number((p.time * 1000 * 1000).rounded() / 1000))", "  Bpm: \(RuleText.number(p.bpm))"]
        }
        out += ["SliderVelocities: []", "HitObjects:"]
        for n in millisecondNotes(map, lanes: keys) {
            out += ["- StartTime: \(n.ms)", "  Lane: \(n.lane + 1)"] + (n.end.map { ["  EndTime: \($0)"] } ?? [])
        }
        return out.joined(separator: "\n") + "\n"
    }
}
