/// Every tuning constant of `BeatChecker`, in one place. The values were chosen on synthetic clicks and on
/// the human annotations of ../shared/corpus/beats (bench/RESULTS.md, "beatmap check").
public enum BeatCheckTuning {
    /// A beat further than this from the audio's evidence is flagged, by default (seconds).
    public static let defaultTolerance = 0.050
    /// How many neighbours on each side draw a beat's local grid.
    static let neighbourRadius = 4
    /// Fewest agreeing neighbours that make a local grid.
    static let minimumNeighbours = 3
    /// A neighbour agrees with the audio when its onset is this close (seconds).
    static let neighbourAgreement = 0.07
    /// The search window around a beat: this share of the local beat interval, at most `maxSearchWindow`.
    static let searchWindowShare = 0.3
    static let maxSearchWindow = 0.1
    /// Onsets are weighed by a Gaussian of this σ around the beat (seconds).
    static let onsetSigma = 0.04
    /// An onset peak counts when at least this share of the track's typical (75th-percentile) peak.
    static let strongEnough = 0.3
    /// The neighbours' grid is believed when the audio has an onset there at least this share as strong as the beat's own.
    static let gridBelief = 0.25
    /// Global alignment: offsets within ±`alignmentOffset` s and tempo scales within ±`alignmentScale`.
    static let alignmentOffset = 0.35
    static let alignmentScale = 0.03
    /// Fewest beats inside the track for a check; fewest well-matched beats for a drift estimate.
    static let minimumBeats = 4
    static let minimumBeatsForDrift = 8
    /// Below this share of beats confirmed by an onset, the check is an error (`beatmap.unconfirmed`).
    static let minimumConfirmedShare = 0.5
    /// The shortest beat period people tap as a beat (seconds): a steady pulse at least this slow is a beat list, checked
    /// beat by beat; a faster one is a stream of subdivisions, a chart. The fastest tactus is 200–250 ms (London, *Hearing
    /// in Time*, 2004, pp. 34–35); the annotated clips of ../shared/corpus/beats go down to 229 ms (262 BPM).
    static let shortestBeatPeriod = 0.2
}
