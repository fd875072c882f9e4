/// A first beat map drafted from audio (`beatmap detect`), for an author to correct by ear: the tempo estimate,
/// beats tracked by dynamic programming (Ellis 2007) at the estimate's tempo or at a given one, and the grid
/// that best explains them.
public struct BeatMapDraft: Sendable {
    /// The drafted map, with the fitted BPM (to 0.001) and the offset of its first beat.
    public let map: BeatMap
    /// The tempo estimate the draft rests on (its confidence says whether the beat is steady).
    public let estimate: TempoEstimate

    /// Drafts a map from `onset`: tempo searched in `range` (or tracked at `bpm` when given), the tracked beats with
    /// the grid fitted to them as the map's tempo (`onFittedGrid` writes a grid's beats instead). Nil when the audio
    /// is too short or silent to hold a beat.
    public init?(_ onset: OnsetStrength, range: ClosedRange<Double>, bpm: Double? = nil) {
        guard let estimate = TempoEstimator.estimate(onset, range: range, hint: bpm) else { return nil }
        let beats = bpm.map { BeatTracker.track(onset, bpm: $0) } ?? estimate.beats
        guard !beats.isEmpty else { return nil }
        let fit = GridFit(times: beats)
        self.estimate = estimate
        self.map = BeatMap(
            times: beats, tempoMap: fit.map { TempoMap(offset: $0.offset, bpm: ($0.bpm * 1000).rounded() / 1000) }, origin: .declared)
    }

    init(map: BeatMap, estimate: TempoEstimate) {
        self.map = map
        self.estimate = estimate
    }

    /// A draft whose beats are the whole beats of the song's tempo map as `beatmap draft` places it
    /// (`DraftAnalysis.fittedTempoMap`: the tracked beats fitted into sections, refined on the onsets, and kept on the
    /// beat, not the off-beat, by `BeatPhase`), over `onset`'s track; at `bpm` when given (its phase alone fitted).
    /// `onset` is `DraftAnalysis.onset`'s (bands and pitch classes). Nil when the track is too short or silent.
    ///
    /// A line through the tracked beats cannot stand for the grid: a tracker that holds the off-beat for a stretch
    /// and the beat after it gives a line between the two (Mecha-Tribe Assault: first beat at 0.145 s, its chart's at
    /// 0.028 s, a third of a beat at 180 BPM).
    public static func onFittedGrid(_ onset: OnsetStrength, range: ClosedRange<Double>, bpm: Double? = nil) -> BeatMapDraft? {
        guard let estimate = TempoEstimator.estimate(onset, range: range, hint: bpm),
            let tempo = DraftAnalysis.fittedTempoMap(onset, bpm: bpm, range: range)
        else { return nil }
        let first = tempo.beat(atTime: 0).rounded(.up), last = tempo.beat(atTime: onset.audio.duration).rounded(.down)
        guard first.isFinite, last.isFinite, last >= first, last - first < 1e7 else { return nil }
        let times = stride(from: first, through: last, by: 1).map { tempo.time(ofBeat: $0) }.filter { $0 < onset.audio.duration }
        return BeatMapDraft(map: BeatMap(times: times, tempoMap: tempo, origin: .declared), estimate: estimate)
    }
}

extension BeatMapFormat {
    /// The format to write to `path`: by its extension, and text when there is no path or the extension says nothing.
    public static func forOutput(path: String?) -> BeatMapFormat {
        path.flatMap { detect(path: $0, bytes: []) } ?? .text
    }
}
