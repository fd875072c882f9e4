import Foundation

extension DraftAnalysis {
    /// From the first to the last frame whose onset strength reaches 5 % of its 99th percentile: where the song sounds.
    public static func soundingSpan(_ onset: OnsetStrength) -> (start: Double, end: Double) {
        guard let p99 = Median.quantile(onset.values.sorted(), 0.99) else { return (0, 0) }
        let bar = 0.05 * p99
        guard bar > 0, let first = onset.values.firstIndex(where: { $0 >= bar }), let last = onset.values.lastIndex(where: { $0 >= bar })
        else { return (0, 0) }
        return (max(0, onset.time(ofFrame: Double(first))), min(onset.audio.duration, onset.time(ofFrame: Double(last))))
    }
}

/// The files a draft is written as.
public enum DraftOutput {
    /// A drafted level as a beat map on `tempo`: its hits, their beats, and the tempo map.
    public static func map(_ draft: ChartDrafter.Draft, tempo: TempoMap) -> BeatMap {
        var map = BeatMap(times: draft.times, tempoMap: tempo)
        map.positions = draft.beats
        map.chart = draft.name
        return map
    }

    /// The text of each output: one `.sm` holding every level (meters from each level's hits per second over
    /// `span` seconds), or one text per level in any other format.
    public static func texts(
        _ drafts: [ChartDrafter.Draft], tempo: TempoMap, format: BeatMapFormat, title: String, audio: String, symbol: String, span: Double
    ) -> [String] {
        let maps = drafts.map { map($0, tempo: tempo) }
        if format.holdsSeveralCharts {
            let charts = zip(drafts, maps).map { d, m in
                (difficulty: d.name, meter: max(1, min(20, Int((Double(d.times.count) / max(span, 1) * 2).rounded()))), map: m)
            }
            return [ChartWriter.stepMania(charts: charts, title: title, music: audio)]
        }
        return maps.map { BeatMapWriter.string($0, format: format, symbol: symbol, title: title, audio: audio) }
    }

    /// What `beatmap draft` says of the hits its own check moved (`DraftSettling`): how many, where from and to (the
    /// first `shown`), and what the check finds after; nil when none moved.
    public static func settlingLine(_ outcome: DraftSettling.Outcome, shown: Int = 6) -> String? {
        let moves = outcome.moves
        guard !moves.isEmpty else { return nil }
        let listed = moves.prefix(shown).map { String(format: "%.3f → %.3f s", $0.from, $0.to) }.joined(separator: ", ")
        let more = moves.count > shown ? ", and \(moves.count - shown) more" : ""
        let after =
            outcome.remaining == 0
            ? "its check now finds no error"
            : "its check still finds \(outcome.remaining) error\(outcome.remaining == 1 ? "" : "s"): see `beatmap check` on the draft"
        let hits = moves.count == 1 ? "hit" : "hits"
        return "beatmap: moved \(moves.count) drafted \(hits) where the draft's own check (`beatmap check`, which weighs the "
            + "chart's rhythm as well as the sound) put \(moves.count == 1 ? "it" : "them"), in every level: \(listed)\(more); \(after)\n"
    }
}
