import Foundation

/// Judges the hits of a chart (a beat map that is not one steady pulse) against its track, on a tempo map.
///
/// 1. The global offset: the shift within ±350 ms that puts the most hits on onset peaks (each hit counts the
///    peak nearest it, Gaussian-weighted with σ = 15 ms and capped in strength, so a few loud off-beats cannot
///    pull it half a beat away), with a mild preference for small shifts; then the median of hit − onset over the
///    hits that meet a clear onset within 25 ms.
/// 2. Each hit on its own time: a hit with a clear onset within the tolerance, or any onset peak (even a weak one)
///    within 30 ms, is confirmed and not flagged by rule 3 (rules 4, 7 and 8 still apply).
/// 3. A hit with no onset near it is flagged only when the tempo map offers a better place: a free grid line (no
///    other hit within 25 ms) of a subdivision the chart uses at least as often as the hit's own, within the hit
///    window, with a clear onset within 20 ms of it. The suggestion is that line. A hit with no onset and no such
///    place is left unconfirmed (a soft sound: a vocal, a pad).
/// 4. In a snapped chart (90 % of its hits within 1.5 ms of a grid line, as an editor's snap puts them), a lone hit
///    off every grid line by more than 3 ms (or three times the chart's precision; its neighbours on the grid), on an
///    onset or not, was typed or moved, not snapped: it is flagged, with the free line of a used subdivision that puts
///    it back in a figure the chart repeats, else the one with the most onset evidence (else the nearest), as the
///    suggestion. osu!'s Mapset Verifier reports unsnapped objects the same way.
/// 5. A hit flagged by rule 3 that sits on a grid line of a snapped chart was placed there by the author with the
///    editor's snap: the chart's structure vouches for it and only the audio disagrees, so the finding is a warning
///    (`onSnappedGrid`), not an error. A hit off the grid, on a line of rule 6, or in a list tapped in, has only the
///    audio to go by.
/// 6. In a snapped chart, a hit on a subdivision the chart does not use (fewer than 2 % of its hits), on no clear
///    onset, in a rhythm the chart never repeats, with hits on the chart's usual grid either side (at most one other
///    hit off it beside it), was moved, not snapped: a hit moved by a few subdivisions lands on a finer line (three
///    1/8 beats is 121 ms at 185 BPM). It is flagged as in rule 4. A figure on a rare subdivision that the chart plays
///    again (a pickup, a triplet) is left alone. In a snapped chart a hit is on a subdivision when it is within the
///    chart's own precision of its line, not the 8 ms allowed to hits tapped in.
/// 7. A snapped hit in a rhythm the chart plays nowhere else, where a free line with a clear onset puts it back in a
///    figure the chart repeats, was moved out of that figure (`LeftItsFigure`).
/// 8. Two hits closer than 25 ms on the same grid line: the one further from the line was moved onto it (a hit moved
///    by one line of a dense chart lands on its neighbour's place, and on its onset); it is flagged with the free line
///    of a used subdivision within the hit window that puts it back in a figure the chart repeats, else one with a
///    clear onset, checked before any other rule (`SharesALine`).
///
/// A hit surely moved (rules 4, 6 and 8) goes back to its figure before a louder onset: a chart repeats its rhythms,
/// and in a full mix a loud onset on a free line is as often another part's sound (a drum under a vocal line). When
/// several hits would take one line, a hit off every line or on another's line takes it before any other flagged hit
/// (`SharedLines`).
///
/// A hit that keeps its neighbours' spacing by a step the chart uses is part of a pattern and not flagged; a hit on a
/// grid line and an onset whose motif (the rhythm within a beat either side, at its place in the bar) the chart plays
/// at least twice needs a place four times better again before it is moved.
///
/// Neighbours are compared by beat position on the tempo map, never by list position.
enum HitChecker {
    /// What the checker found for one hit.
    struct Judgement {
        var match: OnsetMatch?
        var flagged = false
        var suggestion: Double? = nil
        var level: Int? = nil
        /// How many times the suggested place's evidence exceeds the hit's own, each weighted by its subdivision's use
        /// (rules 3 to 6); 0 where a rule does not weigh them (rule 8).
        var ratio = 0.0
        /// For a hit off the grid of a snapped chart: its distance to the nearest grid line (seconds).
        var offGrid: Double? = nil
        /// True for a hit of a snapped chart that sits on a grid line: the author put it there with the editor's snap.
        var onSnappedGrid = false
        /// For a hit of a snapped chart moved onto a subdivision the chart does not use: that subdivision (rule 6).
        var unusedLevel: Int? = nil
        /// For a hit moved out of a figure the chart repeats (rule 7): how often the chart plays the figure the
        /// suggested line puts it back in.
        var figurePlays: Int? = nil
        /// For a hit moved onto another hit's grid line (rule 8): the time of that other hit.
        var sharesLineWith: Double? = nil
        /// For a hit flagged for the rhythm around it, which holds a flagged hit with a clearer case (rule 9): that
        /// hit's time. Fix that one first; this one is a "maybe" until then.
        var waitsFor: Double? = nil

        /// Flagged on the chart's own line of a used subdivision, with only the audio against it (`BeatEvidence.isMaybe`
        /// before any stretch or waiting is known).
        var isSnappedMaybe: Bool {
            flagged && onSnappedGrid && suggestion != nil && offGrid == nil && unusedLevel == nil && figurePlays == nil
                && sharesLineWith == nil
        }
    }

    /// Onset peaks as (time, strength), in time order.
    struct Peaks {
        let times: [Double]
        let strengths: [Double]
        /// The judging's constants (the curve's).
        let tuning: BeatCheckTuning

        /// The peaks of `odf` at least `floor` strong (default: the tuning's `supportFloor`).
        init(_ odf: OnsetCurve, floor: Double? = nil) {
            tuning = odf.tuning
            let floor = floor ?? odf.tuning.supportFloor
            var t: [Double] = []
            var s: [Double] = []
            let raw = odf.raw
            if raw.count >= 3 {
                for i in 1..<(raw.count - 1) where raw[i] > raw[i - 1] && raw[i] >= raw[i + 1] && Double(raw[i]) >= floor {
                    let (y0, y1, y2) = (Double(raw[i - 1]), Double(raw[i]), Double(raw[i + 1]))
                    let shift = PeakInterpolation.offset(y0, y1, y2)
                    t.append(odf.time(Double(i) + shift))
                    s.append(y1)
                }
            }
            times = t
            strengths = s
        }

        /// The index of the first peak at or after `time`.
        func lowerBound(_ time: Double) -> Int { SortedTimes.lowerBound(times, time) }

        /// How well `times` sit on the peaks once `shift` is removed: for each time, its strongest peak within 3σ
        /// (strength capped at 2), Gaussian-weighted by its distance with σ = `sigma`, summed. The peaks are walked in
        /// place: this runs for every candidate shift and every time.
        func alignment(_ times: [Double], shift: Double, sigma: Double) -> Double {
            var sum = 0.0
            for t in times {
                let centre = t - shift
                var best = 0.0
                var k = lowerBound(centre - 3 * sigma)
                while k < self.times.count, self.times[k] <= centre + 3 * sigma {
                    let d = self.times[k] - centre
                    best = max(best, min(strengths[k], 2) * exp(-d * d / (2 * sigma * sigma)))
                    k += 1
                }
                sum += best
            }
            return sum
        }

        /// The peaks within `window` of `time` whose strength is at least `minimum`.
        func near(_ time: Double, window: Double, minimum: Double = 0) -> [(time: Double, strength: Double)] {
            var out: [(Double, Double)] = []
            var k = lowerBound(time - window)
            while k < times.count, times[k] <= time + window {
                if strengths[k] >= minimum { out.append((times[k], strengths[k])) }
                k += 1
            }
            return out
        }
    }

    /// The distance from `time` to the nearest grid line of any subdivision (1/1 to 1/16; every line is one of 1/12 or
    /// 1/16).
    static func gridDistance(_ time: Double, tempo: TempoMap) -> Double {
        min(abs(tempo.nearestLine(to: time, level: 16).time - time), abs(tempo.nearestLine(to: time, level: 12).time - time))
    }

    /// A snapped chart's own precision, given every hit's `distances` to its nearest line: the distance within which 90 %
    /// of its hits lie. Nil when the chart is not snapped (fewer than 90 % of its hits within `snappedWithin` of a line:
    /// hits tapped in or placed by ear, where a few milliseconds off the grid say nothing).
    static func snappedPrecision(_ distances: [Double], tuning: BeatCheckTuning) -> Double? {
        guard distances.count >= tuning.snappedMinimumHits else { return nil }
        guard let p90 = Median.quantile(distances.sorted(), tuning.snappedShare) else { return nil }
        return p90 <= tuning.snappedWithin ? p90 : nil
    }

    /// How far from every grid line a hit of a chart snapped to `precision` (`snappedPrecision`) must be to be off the
    /// grid: at least `offGridAtLeast` (`offGridExactAtLeast` in a chart snapped exactly), and `offGridTimesPrecision`
    /// times the precision.
    static func offGridLimit(precision: Double, tuning: BeatCheckTuning) -> Double {
        let least = precision <= tuning.exactlySnappedWithin ? tuning.offGridExactAtLeast : tuning.offGridAtLeast
        return max(least, tuning.offGridTimesPrecision * precision)
    }

    /// The global offset (map minus audio) of `times` against `peaks`.
    static func offset(_ times: [Double], peaks: Peaks) -> Double {
        let tuning = peaks.tuning
        let step = max(1, times.count / tuning.offsetSampleHits)
        let sample = Swift.stride(from: 0, to: times.count, by: step).map { times[$0] }
        let sigma = tuning.offsetSigma
        func score(_ a: Double) -> Double {
            peaks.alignment(sample, shift: a, sigma: sigma)
                * (1 - tuning.offsetShiftPenalty * abs(a) / tuning.alignmentOffset)
        }
        var bestA = 0.0
        var bestScore = score(0)
        for a in Swift.stride(
            from: -tuning.alignmentOffset, through: tuning.alignmentOffset, by: tuning.offsetSearchStep)
        {
            let s = score(a)
            if s > bestScore {
                bestScore = s
                bestA = a
            }
        }
        var residuals: [Double] = []
        for t in times {
            let clear = peaks.near(t - bestA, window: tuning.offsetOnsetWindow, minimum: tuning.strongEnough)
            if let p = clear.min(by: { abs($0.time - (t - bestA)) < abs($1.time - (t - bestA)) }) { residuals.append(t - p.time) }
        }
        return residuals.count >= 4 ? Median.of(residuals) : bestA
    }

    /// Onset evidence at `time`: the strongest peak within 30 ms, weighted by a Gaussian of σ = 12 ms.
    static func evidence(_ peaks: Peaks, at time: Double) -> (score: Double, peak: (time: Double, strength: Double)?) {
        let tuning = peaks.tuning
        var best = 0.0
        var at: (Double, Double)? = nil
        for p in peaks.near(time, window: tuning.supportWindow) {
            let d = p.time - time
            let s = p.strength * exp(-d * d / (2 * tuning.evidenceSigma * tuning.evidenceSigma))
            if s > best {
                best = s
                at = p
            }
        }
        return (best, at)
    }

    /// Judges every hit of `times` (map order) on `tempo` against `odf`, after removing `offset`.
    ///
    /// Evidence for a hit at a place = onset evidence there × (the share of the chart's hits on that place's
    /// subdivision)^0.5: a chart's hits sit on onsets, and mostly on the subdivisions it uses most. A hit is flagged
    /// when a free grid line within the hit window has a clear onset and four times its evidence, and it does not
    /// itself sit on a clear onset.
    static func judge(
        _ times: [Double], odf: OnsetCurve, peaks: Peaks, tempo: TempoMap, offset: Double, tolerance: Double, hitWindow: Double
    ) -> [Judgement] {
        let c = HitJudging(
            times: times, chart: ChartRhythm(times, tempo: tempo, tuning: odf.tuning), odf: odf, peaks: peaks, tempo: tempo,
            offset: offset, tolerance: tolerance, hitWindow: hitWindow, tuning: odf.tuning)
        return NeighbourFirst.resolve(SharedLines.resolve(times.indices.map { HitRules.judge($0, in: c) }, in: c), in: c)
    }
}
