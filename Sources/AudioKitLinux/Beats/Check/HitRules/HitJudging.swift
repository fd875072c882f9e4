import Foundation

/// Everything a rule of `HitChecker` looks at: the hits (map order), the chart's structure, the track's onsets, the
/// tempo map, the map's offset from the audio, and the tolerances.
struct HitJudging {
    /// The hits, in map order.
    let times: [Double]
    /// What the hits say of the chart.
    let chart: ChartRhythm
    /// The track's onset strength.
    let odf: OnsetCurve
    /// Its onset peaks.
    let peaks: HitChecker.Peaks
    /// The tempo map the hits are judged on.
    let tempo: TempoMap
    /// Map minus audio (seconds).
    let offset: Double
    /// The check's tolerance (seconds).
    let tolerance: Double
    /// The game's hit window (± seconds): how far a better place may be.
    let hitWindow: Double
    /// The judging's constants.
    let tuning: BeatCheckTuning

    /// The onset evidence at map time `x` (`HitChecker.evidence`, the offset removed).
    func evidence(at x: Double) -> (score: Double, peak: (time: Double, strength: Double)?) {
        HitChecker.evidence(peaks, at: x - offset)
    }

    /// How likely a hit at `t` belongs on a line at `x`, by distance alone: exp(−½ ((x − t) / hitWindow)²). A placement
    /// error is more often small than large, so between two lines with like evidence the nearer is the likelier; within
    /// the window the weight falls no lower than 0.61, so evidence still decides.
    func nearness(_ x: Double, to t: Double) -> Double {
        guard hitWindow > 0 else { return 1 }
        let z = (x - t) / hitWindow
        return exp(-0.5 * z * z)
    }

    /// How much likelier a line at `x` is for a hit at `t` that the snap did not place, for a slip of a few milliseconds:
    /// 1 + `slipWeight` × exp(−½ ((x − t) / `slipSigma`)²). A hit typed or dragged without the snap is most often a hair
    /// from where it was meant to be; a line a beat's fraction away gains nothing.
    func slip(_ x: Double, to t: Double) -> Double {
        let z = (x - t) / tuning.slipSigma
        return 1 + tuning.slipWeight * exp(-0.5 * z * z)
    }

    /// The free lines of the used subdivisions within the hit window of `t`.
    func freeLines(around t: Double) -> [(time: Double, level: Int)] { chart.freeLines(around: t, hitWindow: hitWindow) }

    /// True when a hit of rank `k` at `x` would be in a figure the chart plays at least `figureRepeats` times: a place
    /// the chart's own rhythm vouches for. A chart repeats its rhythms, so a hit surely moved goes back to such a place
    /// before one whose only claim is a louder onset, which in a full mix may be another part's sound.
    func restoresFigure(_ x: Double, rank k: Int) -> Bool { figure(at: x, rank: k).restores }

    /// What the chart's rhythm says of a place `x` for the hit of rank `k`, its motif counted once: whether it restores a
    /// figure (`restoresFigure`) and its weight (`ChartRhythm.rhythm(at:rank:)`).
    func figure(at x: Double, rank k: Int) -> (restores: Bool, rhythm: Double) {
        let plays = chart.plays(at: x, rank: k)
        return (plays >= tuning.figureRepeats, chart.rhythm(plays: plays))
    }

    /// Those of `lines` with an onset of at least `strongEnough` within `lineOnsetWindow` of them, each with that onset
    /// and its evidence score, in the order given.
    func withOnsets(_ lines: [(time: Double, level: Int)]) -> [(
        time: Double, level: Int, onset: (time: Double, strength: Double), score: Double
    )] {
        lines.compactMap { x, level in
            let there = evidence(at: x)
            guard let onset = there.peak, onset.strength >= tuning.strongEnough,
                abs(onset.time - (x - offset)) <= tuning.lineOnsetWindow
            else { return nil }
            return (x, level, onset, there.score)
        }
    }
}
