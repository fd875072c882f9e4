/// Every tuning constant of `beatmap check`'s judging (`BeatChecker` for beat lists, `HitChecker` and its rules for
/// charts), in one value that the check carries (`BeatCheckOptions.tuning`) and hands to each rule (`HitJudging`);
/// only the bounds that tell a beat list from a chart stay with `BeatChecker.isPulse`, which documents them. The
/// values of `standard` were chosen on synthetic clicks, on the charts of ../shared/corpus/charts and on the human
/// annotations of ../shared/corpus/beats (bench/RESULTS.md, "beatmap check"); a test may change one to see its rule
/// turn.
public struct BeatCheckTuning: Sendable {
    /// A beat further than this from the audio's evidence is flagged, by default (seconds): the default of the check's
    /// tolerance option, not a constant of the judging.
    public static let defaultTolerance = 0.050
    /// The values every command checks with.
    public static let standard = BeatCheckTuning()

    /// The standard values.
    public init() {}

    /// How many neighbours on each side draw a beat's local grid.
    var neighbourRadius = 4
    /// Fewest agreeing neighbours that make a local grid.
    var minimumNeighbours = 3
    /// A neighbour agrees with the audio when its onset is this close (seconds).
    var neighbourAgreement = 0.07
    /// The search window around a beat: this share of the local beat interval, at most `maxSearchWindow`.
    var searchWindowShare = 0.3
    var maxSearchWindow = 0.1
    /// Onsets are weighed by a Gaussian of this σ around the beat (seconds).
    var onsetSigma = 0.04
    /// An onset peak counts when at least this share of the track's typical (75th-percentile) peak.
    var strongEnough = 0.3
    /// The neighbours' grid is believed when the audio has an onset there at least this share as strong as the beat's own.
    var gridBelief = 0.25
    /// Global alignment: offsets within ±`alignmentOffset` s and tempo scales within ±`alignmentScale`.
    var alignmentOffset = 0.35
    var alignmentScale = 0.03
    /// A shift half a map beat nearer zero is kept when its onsets sum to at least this share of the best shift's: a
    /// pulse at twice the map's rate (a beat list at half the track's tempo) aligns both ways, and the audio cannot say
    /// which beats the map meant (`GlobalAlignment`).
    var halfBeatAlignment = 0.75
    /// Fewest beats inside the track for a check; fewest well-matched beats for a drift estimate.
    var minimumBeats = 4
    var minimumBeatsForDrift = 8
    /// The shortest stretch of time (seconds) the beats a drift is measured on must span: a drift over 40,000 hits in
    /// 40 ms is no tempo (it read "track 264 BPM" for a 132 BPM track).
    var minimumDriftSpan = 2.0

    /// Whether beats at `times` (the well-matched ones) are enough to measure a drift on: as many as
    /// `minimumBeatsForDrift`, spanning `minimumDriftSpan`.
    func measuresDrift(_ times: [Double]) -> Bool {
        times.count >= minimumBeatsForDrift && (times.max() ?? 0) - (times.min() ?? 0) >= minimumDriftSpan
    }
    /// Below this share of beats confirmed by an onset, the check is an error (`beatmap.unconfirmed`).
    var minimumConfirmedShare = 0.5
    /// The shortest beat period people tap as a beat (seconds): a steady pulse at least this slow is a beat list, checked
    /// beat by beat; a faster one is a stream of subdivisions, a chart. The fastest tactus is 200–250 ms (London, *Hearing
    /// in Time*, 2004, pp. 34–35); the annotated clips of ../shared/corpus/beats go down to 229 ms (262 BPM).
    var shortestBeatPeriod = 0.2

    // The hits of a chart (`HitChecker`, its rules in `HitRules`, and `ChartRhythm`).

    /// Weakest peak that still counts as an onset under a hit (share of the track's typical peak).
    var supportFloor = 0.1
    /// A hit with any onset peak this close is confirmed (seconds).
    var supportWindow = 0.030
    /// A grid line is free when no other hit is this close (seconds).
    var freeWindow = 0.025
    /// A suggested line needs a clear onset this close (seconds).
    var lineOnsetWindow = 0.020
    /// A hit is on a subdivision when its grid line is this close (seconds).
    var onLine = 0.008
    /// How much further from a grid line than the hit it shares the line with a hit must be to be the one moved there
    /// (seconds; rule 8).
    var sharedLineMargin = 0.003
    /// The least such margin, in a chart snapped exactly (seconds): a hit half a millisecond off a StepMania row was not
    /// placed there by the snap.
    var sharedLineMarginAtLeast = 0.0005
    /// A chart is snapped (its hits placed by an editor's snap) when 90 % of its hits lie within this of a grid line
    /// of 1/12 or 1/16 of a beat (seconds): exact in StepMania, whole milliseconds in osu! and Quaver.
    var snappedWithin = 0.0015
    /// In a snapped chart, a hit further than this from every grid line is off the grid (seconds): at least 3 ms
    /// (osu!'s Mapset Verifier calls an object 2 ms or more from its snap unsnapped), and at least three times the
    /// chart's own precision.
    var offGridAtLeast = 0.003
    /// In a chart snapped exactly (90 % of its hits within `exactlySnappedWithin` of a line: StepMania's rows, Friday
    /// Night Funkin's step times), the least distance off the grid is this instead (seconds): more than a whole-millisecond
    /// format's rounding or truncation (up to 1 ms) could put a snapped hit, so a hit 2 ms off a line was not placed by
    /// the snap.
    var offGridExactAtLeast = 0.0015
    /// A snapped chart is snapped exactly when 90 % of its hits lie within this of a grid line (seconds): far under
    /// the half millisecond a whole-millisecond format's rounding leaves.
    var exactlySnappedWithin = 0.0001
    /// In a snapped chart, two hits off the grid side by side, with this many hits on it either side, are two slips
    /// (neighbours moved past each other); a longer run, or a pair without that, is a stretch where the tempo map does
    /// not hold (`ChartRhythm.loneOffGrid`).
    var slipContext = 2
    /// A hit off the grid is likelier a slip of a few milliseconds than a move to another line: its nearest lines weigh
    /// up to 1 + `slipWeight` times more, by a Gaussian of `slipSigma` (seconds) on the distance (`HitJudging.slip`).
    /// A prior, not a proof: a hit moved by one line spacing (100 ms at 150 BPM's 1/4) lands as near the next line as a
    /// slip lands near its own, and there the far line's clearer sound and the chart's use of its subdivision must
    /// still be able to win (at 4, a line with little more than a fifth of the far line's weighted evidence could win).
    var slipWeight = 2.0
    var slipSigma = 0.008
    /// A hit off the grid may have slipped from a line at most this far (seconds; two `slipSigma`): a line further away
    /// is weighed as any other place it may have been moved from.
    var slipReach = 0.016
    /// A hit off the grid this near a line (seconds; 1.5 `slipSigma`, where the slip's prior is still a third of its
    /// peak) whose sound has the most evidence of all its candidate lines slipped from it, whatever figure another line
    /// would give back (`Unsnapped`); further off, a figure's line 100 ms away is as likely.
    var slippedWithin = 0.012
    /// A hit with an onset at least this strong (share of the track's typical peak) within 20 ms sits on a clear
    /// onset and is never flagged.
    var clearOnset = 1.0
    /// A motif (the rhythm within a beat around a hit) the chart plays this many times is the chart's own.
    var repeatedMotif = 2
    /// The weight of a place's rhythm (how often the chart plays the motif a hit would have there) against its evidence
    /// when choosing where a flagged hit goes (an exponent).
    var motifWeight = 0.5
    /// A hit in a rhythm the chart plays nowhere else is flagged, though it sits on an onset, when a free line with a
    /// clear onset (`clearOnset`) within the hit window puts it in a figure the chart plays at least this often (rule 7);
    /// and a hit surely moved (rules 4, 6 and 8) goes back to a free line where it is in such a figure before any other
    /// (`HitJudging.restoresFigure`).
    var figureRepeats = 3
    /// Rule 7's line may sound less than a clear onset when its onset is at least `strongEnough` and its evidence at
    /// least this share of the hit's own: a figure's sound nearly as strong as the one the hit sits on (two alike sounds
    /// measure within about a tenth of each other) is as good a claim, and the figure decides.
    var figureSoundShare = 0.75
    /// How many times more evidence a better place needs against a hit in a repeated motif.
    var motifBetterBy = 4.0
    /// A step between hits is one the chart uses when at least this share of its steps are it.
    var commonStep = 0.05
    /// A place must have this many times the evidence of the hit's own to be suggested.
    var betterBy = 4.0
    /// The weight of the chart's own use of a subdivision against the audio's evidence (an exponent).
    var structureWeight = 0.5
    /// The global offset of a chart's hits: the hits are aligned to the onsets with a Gaussian of this σ (seconds)…
    var offsetSigma = 0.015
    /// … and the offset is the median distance to a strong onset within this of each hit (seconds).
    var offsetOnsetWindow = 0.025
    /// A hit's onset evidence is the strongest peak within `supportWindow`, weighted by a Gaussian of this σ (seconds).
    var evidenceSigma = 0.012
    /// A hit with a `clearOnset` this close sits on it and is never flagged (seconds).
    var clearOnsetWindow = 0.020
    /// A hit keeps its neighbours' spacing when the gaps before and after it differ by at most this (seconds;
    /// `KeepsSpacing`).
    var equalSpacingWithin = 0.003
    /// The least a hit's own evidence counts when a better place is weighed against it (`BetterPlace`): a hit with no
    /// onset at all is not infinitely outdone.
    var ownEvidenceFloor = 0.05
    /// A chart is judged snapped only with at least this many hits, this share of them within `snappedWithin` of a
    /// line; a hit is then off the grid beyond `offGridAtLeast` or this many times that share's distance.
    var snappedMinimumHits = 16
    var snappedShare = 0.9
    var offGridTimesPrecision = 3.0
    /// The chart's global offset: at most this many hits are aligned (evenly sampled), a shift at the edge of
    /// ±`alignmentOffset` loses this share of its score (small shifts preferred), and shifts are tried in steps of this
    /// (seconds).
    var offsetSampleHits = 1500
    var offsetShiftPenalty = 0.15
    var offsetSearchStep = 0.002
    /// Each subdivision's use is counted from this prior (so an unused one is unlikely, not impossible), and a
    /// subdivision is one the chart uses when at least this share of its hits (and two) are on it.
    var subdivisionPrior = 0.5
    var usedSubdivisionShare = 0.02
}
