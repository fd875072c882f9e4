import Foundation

/// Where a song changes tempo (two songs joined, a bridge at another tempo), from its onset strength alone, for a
/// draft's tempo map: a beat tracker at one tempo runs through a change at the old one.
///
/// 1. A local tempo every `hop` seconds: `TempoEstimator` on each `window` of the onset strength (the autocorrelation
///    tempogram of Grosche and Müller, "Extracting predominant local pulse information from music recordings", IEEE
///    TASLP 19(6), 2011, read at its peak), folded into the octave of the whole song's tempo.
/// 2. Binary segmentation (Scott and Knott, Biometrics 1974): the time that best splits the local tempi into two
///    steady stretches, each at least `shortest` long, with at least `steadyShare` of its windows within `steady` of
///    its median, and medians at least `minimumChange` apart; each side is split again the same way.
/// 3. The exact change: each side's tempo and phase refined by folding its onsets (`GridRefine`), each grid on its
///    beats, not its off-beats, by `BeatPhase`; and the change put on the line of the later grid, within two hops of the
///    cuts that split equally well, that puts the most onset peaks on the grid that holds at their time (the new song's
///    first beat: `changeLine`).
/// 4. The test: the stretches' onsets, each folded at its own tempo, must gather `foldGain` more than at the one tempo
///    of the whole song; a local tempo misread by a percent or two folds no better, and is no change.
///
/// A song that keeps one tempo, or drifts by less than `minimumChange`, is one stretch.
public enum TempoChanges {
    /// Length of the window each local tempo is estimated on (seconds).
    public static let window = 6.0
    /// Seconds between two local tempi.
    public static let hop = 1.0
    /// The shortest stretch of its own tempo (seconds).
    public static let shortest = 8.0
    /// Two stretches' tempi must differ by at least this share to be a change.
    public static let minimumChange = 0.02
    /// A local tempo this close to its stretch's median agrees with it (a share of it).
    public static let steady = 0.01
    /// The share of a stretch's local tempi that must agree with its median.
    public static let steadyShare = 0.8
    /// How much more onset strength the stretches' own tempi must gather than the whole song's one (a share of it).
    public static let foldGain = 0.15

    /// The song's stretches of one tempo, in order: each one's start (the first's is 0, its grid's phase the caller's to
    /// fit) and tempo (BPM, refined by `GridRefine`). One stretch at the whole song's tempo when no change is found;
    /// empty when the song is too short or has no pulse.
    public static func stretches(_ onset: OnsetStrength) -> [(time: Double, bpm: Double)] {
        guard let whole = TempoEstimator.estimate(onset) else { return [] }
        let local = localTempi(onset, near: whole.bpm)
        let end = onset.time(ofFrame: Double(onset.values.count))
        var found: [(cut: Double, within: ClosedRange<Double>)] = []
        split(local, from: 0, to: end, into: &found)
        found.sort { $0.cut < $1.cut }
        guard !found.isEmpty else { return [(0, whole.bpm)] }
        let cuts = found.map(\.cut)
        // Each stretch's tempo and phase, refined on its own onsets from the median of its local tempi (so in the octave
        // they agree on); a cut between two stretches the refinement puts within `minimumChange` of each other goes.
        var bounds = [0] + cuts + [end]
        func refined(_ i: Int) -> (bpm: Double, phase: Double) {
            let inside = local.filter { $0.start >= bounds[i] - 1e-9 && $0.start + window <= bounds[i + 1] + 1e-9 }.compactMap(\.bpm)
            let span = frames(onset, from: bounds[i], to: bounds[i + 1])
            let seed = octave(of: Median.quantile(inside, 0.5) ?? whole.bpm, nearest: TempoEstimator.estimate(onset.slice(span))?.bpm)
            let r = GridRefine.refine(onset, frames: span, seed: seed)
            return (r.bpm, r.phase)
        }
        var grids = (0..<(bounds.count - 1)).map(refined)
        var i = 1
        while i < grids.count {
            if abs(grids[i].bpm / grids[i - 1].bpm - 1) < minimumChange {
                bounds.remove(at: i)
                grids.remove(at: i)
                grids[i - 1] = refined(i - 1)
            } else {
                i += 1
            }
        }
        guard grids.count > 1 else { return [(0, whole.bpm)] }
        var out: [(time: Double, bpm: Double)] = [(0, grids[0].bpm)]
        for i in 1..<grids.count {
            let within = found.first { $0.cut == bounds[i] }?.within ?? bounds[i]...bounds[i]
            let before = beatPhase(onset, grids[i - 1], from: bounds[i - 1], to: bounds[i])
            let after = beatPhase(onset, grids[i], from: bounds[i], to: bounds[i + 1])
            out.append((changeLine(onset, before: before, after: after, within: within), grids[i].bpm))
        }
        // Each tempo refined again between the changes as found (the cuts' stretches held a little of their neighbours).
        let stretches = out.enumerated().map { i, s in
            let to = i + 1 < out.count ? out[i + 1].time : end
            return (time: s.time, bpm: GridRefine.refine(onset, frames: frames(onset, from: s.time, to: to), seed: s.bpm).bpm)
        }
        // A change must explain the onsets better than one tempo does: each stretch's onsets, folded at its own tempo,
        // gather at least `foldGain` more than at the whole song's (a local tempo misread by a percent or two at a
        // fast tempo, where a window's lags are few, folds no better).
        let one = GridRefine.refine(onset, frames: frames(onset, from: 0, to: end), seed: whole.bpm).bpm
        var own = 0.0, single = 0.0
        for (i, s) in stretches.enumerated() {
            let peaks = GridRefine.peaks(
                onset, frames: frames(onset, from: s.time, to: i + 1 < stretches.count ? stretches[i + 1].time : end))
            own += GridRefine.fold(peaks, period: 60 / s.bpm).height
            single += GridRefine.fold(peaks, period: 60 / one).height
        }
        return own >= (1 + foldGain) * single ? stretches : [(0, one)]
    }

    /// `bpm` moved by octaves to the one nearest `own`, a stretch's own tempo (`TempoEstimator` on its onsets alone);
    /// `bpm` without one. The local tempi are read in the octave of the whole song's tempo, which for two songs at 180
    /// and 125 BPM joined is neither's (121.7): the first was drafted at 90.
    static func octave(of bpm: Double, nearest own: Double?) -> Double {
        guard let own, own.isFinite, own > 0 else { return bpm }
        return [bpm / 2, bpm, bpm * 2].min { abs(log($0 / own)) < abs(log($1 / own)) } ?? bpm
    }

    /// The local tempo of each window (its start and tempo folded into the octave of `reference`); nil where the
    /// window has no pulse.
    static func localTempi(_ onset: OnsetStrength, near reference: Double) -> [(start: Double, bpm: Double?)] {
        let end = onset.time(ofFrame: Double(onset.values.count))
        var out: [(start: Double, bpm: Double?)] = []
        var start = 0.0
        while start + window <= end + 1e-9 {
            var bpm = TempoEstimator.estimate(onset.slice(frames(onset, from: start, to: start + window)))?.lagBPM
            if var b = bpm, b.isFinite, b > 0 {
                while b > reference * 2.0.squareRoot() { b /= 2 }
                while b < reference / 2.0.squareRoot() { b *= 2 }
                bpm = b
            } else {
                bpm = nil
            }
            out.append((start, bpm))
            start += hop
        }
        return out
    }

    /// Adds to `cuts` the changes of tempo between `from` and `to` seconds, found by binary segmentation of `local`:
    /// each the middle of the cuts that split best, with the span of those cuts (a window across the change may read
    /// either tempo, so several cuts can split equally well).
    static func split(
        _ local: [(start: Double, bpm: Double?)], from: Double, to: Double, into cuts: inout [(cut: Double, within: ClosedRange<Double>)]
    ) {
        var best: (cuts: [Double], agreeing: Int)? = nil
        var cut = from + shortest
        while cut <= to - shortest + 1e-9 {
            // The windows wholly on either side of the cut.
            let left = local.filter { $0.start >= from - 1e-9 && $0.start + window <= cut + 1e-9 }.compactMap(\.bpm)
            let right = local.filter { $0.start >= cut - 1e-9 && $0.start + window <= to + 1e-9 }.compactMap(\.bpm)
            if left.count >= 3, right.count >= 3, let l = Median.quantile(left, 0.5), let r = Median.quantile(right, 0.5),
                abs(r / l - 1) >= minimumChange
            {
                let agreeingLeft = left.filter { abs($0 / l - 1) <= steady }.count
                let agreeingRight = right.filter { abs($0 / r - 1) <= steady }.count
                let agreeing = agreeingLeft + agreeingRight
                if Double(agreeingLeft) >= steadyShare * Double(left.count), Double(agreeingRight) >= steadyShare * Double(right.count),
                    agreeing >= best?.agreeing ?? 0
                {
                    best = agreeing > best?.agreeing ?? 0 ? ([cut], agreeing) : ((best?.cuts ?? []) + [cut], agreeing)
                }
            }
            cut += hop
        }
        guard let best, let first = best.cuts.first, let last = best.cuts.last else { return }
        let middle = ((first + last) / 2 / hop).rounded() * hop
        cuts.append((middle, first...last))
        split(local, from: from, to: middle, into: &cuts)
        split(local, from: middle, to: to, into: &cuts)
    }

    /// The line of `after`'s grid within two hops of the cuts `within` where the song changes from `before`'s grid to
    /// it: the one that puts the most onset strength on the grid that holds there, `before`'s lines before it and
    /// `after`'s from it. Each onset peak counts once, on the grid of its time: in full on a beat, by half on an
    /// off-beat (a song's first beat can fall on the old grid's beat by chance, and its first off-beat tells them
    /// apart). Counting each grid's lines instead let the slower grid's, weighted by their period, win on the faster
    /// song's first eighths. Of the lines that explain the onsets as well (a silence between the songs leaves every line
    /// in it as good), the last: the beat of the first sound only the new grid explains, or the beat before it.
    static func changeLine(
        _ onset: OnsetStrength, before: (bpm: Double, phase: Double), after: (bpm: Double, phase: Double), within: ClosedRange<Double>
    ) -> Double {
        let lo = within.lowerBound - 2 * hop, hi = within.upperBound + 2 * hop
        // The share of a peak's strength `grid` explains: 1 on a beat, ½ on an off-beat, else 0.
        func explained(_ t: Double, _ grid: (bpm: Double, phase: Double)) -> Double {
            let half = 30 / grid.bpm
            let k = ((t - grid.phase) / half).rounded()
            guard abs(t - grid.phase - k * half) <= lineReach else { return 0 }
            return k.truncatingRemainder(dividingBy: 2) == 0 ? 1 : 0.5
        }
        let peaks = GridRefine.peaks(onset, frames: frames(onset, from: lo - lineReach, to: hi + lineReach))
        let period = 60 / after.bpm
        var lines: [Double] = []
        var t = after.phase + ((lo - after.phase) / period).rounded(.up) * period
        while t < hi {
            lines.append(t)
            t += period
        }
        let scores = lines.map { u in
            peaks.reduce(0.0) { $0 + $1.value * explained($1.time, $1.time < u - lineReach ? before : after) }
        }
        guard let best = scores.max() else { return (lo + hi) / 2 }
        // Peaks too weak to be a sound (a tenth of the strongest here) do not part two lines.
        let slack = 0.1 * (peaks.map(\.value).max() ?? 0)
        return lines.indices.last { scores[$0] >= best - slack }.map { lines[$0] } ?? (lo + hi) / 2
    }

    /// An onset this close to a grid line is on it (seconds: the onset curve's frames are 10 ms apart).
    static let lineReach = 0.020

    /// `grid`'s phase, or half a beat from it, whichever `BeatPhase` finds the beats of the song from `from` to `to`
    /// seconds on: a fold gathers the onsets on the beat and on the off-beat alike, and a tempo change put on an
    /// off-beat starts its section half a beat early. Lines with `clearBeats` times the onset strength of the off-beats
    /// are the beats whatever the chord changes say (the pitch classes of clicks or drums alone are noise: a click
    /// track's said its off-beats). As the fold has it when there are too few beats to tell.
    static func beatPhase(
        _ onset: OnsetStrength, _ grid: (bpm: Double, phase: Double), from: Double, to: Double
    ) -> (bpm: Double, phase: Double) {
        guard let measure = BeatPhase.measure(onset, tempo: TempoMap(offset: grid.phase, bpm: grid.bpm), from: from, to: to),
            measure.evidence < 0, measure.onsets < clearBeats
        else { return grid }
        return (grid.bpm, grid.phase + 30 / grid.bpm)
    }

    /// The ratio of onset strength on a grid's lines to that between them from which they are its beats (`beatPhase`).
    static let clearBeats = 1.5

    /// The frames of `onset` from `from` to `to` seconds, inside the onset strength.
    static func frames(_ onset: OnsetStrength, from: Double, to: Double) -> Range<Int> {
        let first = max(0, min(onset.values.count, Int(onset.frame(ofTime: from).rounded(.up))))
        let last = max(first, min(onset.values.count, Int(onset.frame(ofTime: to).rounded(.down))))
        return first..<last
    }
}
