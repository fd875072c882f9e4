/// The tempo of one stretch of a track: a tempo section of a chart, such as the second of two songs joined, whose
/// tempo the whole track's estimate does not give.
public enum StretchTempo {
    /// The shortest stretch estimated, in seconds: the tempo estimator needs 4 s of onsets, and a beat more keeps its
    /// autocorrelation from resting on its last lags.
    public static let shortest = 5.0
    /// How far each side of the stretch's estimate the fold searches (1.5 %): a stretch of seconds reads its tempo
    /// from a coarser lag than a song does (20 s of a 125 BPM song read 124, 0.8 % off, outside the song's 0.4 %).
    public static let searchWidth = 0.015

    /// The tempo of `onset` (`TempoEstimator.onsetStrength`) from `from` to `to` seconds, estimated on that stretch alone
    /// (`TempoEstimator.estimate` on its frames), then refined by folding the stretch's onsets at the beat
    /// (`GridRefine.refine` over ±`searchWidth`, Scheirer's comb over the whole stretch, which takes a whole or half BPM
    /// when the onsets fold as well on it): `bpm`, and the estimate with its half, double and strength. Nil when the stretch, once inside the
    /// track, is shorter than `shortest` or has no pulse.
    public static func estimate(_ onset: OnsetStrength, from: Double, to: Double) -> (bpm: Double, estimate: TempoEstimate)? {
        guard from.isFinite, to.isFinite else { return nil }
        let first = max(0, Int(onset.frame(ofTime: from).rounded(.up)))
        let last = min(onset.values.count, Int(onset.frame(ofTime: to).rounded(.down)))
        guard last - first >= Int((shortest * onset.framesPerSecond).rounded(.up)) else { return nil }
        guard let estimate = TempoEstimator.estimate(onset.slice(first..<last)), estimate.bpm.isFinite, estimate.bpm > 0 else {
            return nil
        }
        return (GridRefine.refine(onset, frames: first..<last, seed: estimate.bpm, width: searchWidth).bpm, estimate)
    }
}
