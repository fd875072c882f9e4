/// A first beat map drafted from audio (`beatmap detect`), for an author to correct by ear: the tempo estimate,
/// beats tracked by dynamic programming (Ellis 2007) at the estimate's tempo or at a given one, and the grid
/// that best explains them.
public struct BeatMapDraft: Sendable {
    /// The drafted map, with the fitted BPM (to 0.001) and the offset of its first beat.
    public let map: BeatMap
    /// The tempo estimate the draft rests on (its confidence says whether the beat is steady).
    public let estimate: TempoEstimate

    /// Drafts a map from `onset`: tempo searched in `range` (or tracked at `bpm` when given), and with `quantize`
    /// the beats replaced by their fitted grid. Nil when the audio is too short or silent to hold a beat.
    public init?(_ onset: OnsetStrength, range: ClosedRange<Double>, bpm: Double? = nil, quantize: Bool = false) {
        guard let estimate = TempoEstimator.estimate(onset, range: range, hint: bpm) else { return nil }
        var beats = bpm.map { BeatTracker.track(onset, bpm: $0) } ?? estimate.beats
        guard !beats.isEmpty else { return nil }
        let fit = GridFit(times: beats)
        if quantize, let fit {
            beats = BeatMap.grid(bpm: fit.bpm, offset: fit.offset, duration: onset.audio.duration).times
        }
        self.estimate = estimate
        self.map = BeatMap(
            times: beats, tempoMap: fit.map { TempoMap(offset: $0.offset, bpm: ($0.bpm * 1000).rounded() / 1000) }, origin: .declared)
    }
}

extension BeatMapFormat {
    /// The format to write to `path`: by its extension, and text when there is no path or the extension says nothing.
    public static func forOutput(path: String?) -> BeatMapFormat {
        path.flatMap { detect(path: $0, bytes: []) } ?? .text
    }
}
