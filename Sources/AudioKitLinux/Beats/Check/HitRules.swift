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

    /// The free lines of the used subdivisions within the hit window of `t`.
    func freeLines(around t: Double) -> [(time: Double, level: Int)] { chart.freeLines(around: t, hitWindow: hitWindow) }

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

/// The rules of `HitChecker` (its type's description numbers them), applied to one hit in turn: a hit on a clear onset
/// is checked only for leaving a figure the chart repeats; a hit that keeps its neighbours' spacing is part of a
/// pattern; else a better place is looked for, and a hit the snap did not place is flagged with its fix.
enum HitRules {
    /// The judgement of hit `i` (map order).
    static func judge(_ i: Int, in c: HitJudging) -> HitChecker.Judgement {
        let t = c.times[i]
        let q = t - c.offset
        var j = HitChecker.Judgement(level: c.chart.levels[i])
        if SharesALine.apply(&j, i, in: c) { return j }
        if let own = c.odf.strongest(near: q, window: c.tolerance), abs(own.time - q) <= c.tolerance { j.match = own }
        let own = c.evidence(at: t)
        if j.match == nil, let p = own.peak { j.match = OnsetMatch(time: p.time, strength: p.strength) }
        if let p = own.peak, p.strength >= c.tuning.clearOnset, abs(p.time - q) <= c.tuning.clearOnsetWindow {
            LeftItsFigure.apply(&j, i, in: c)
            return j
        }
        if KeepsSpacing.holds(i, in: c) { return j }
        let lines = c.freeLines(around: t)
        if !BetterPlace.apply(&j, i, own: own, lines: lines, in: c), !Unsnapped.apply(&j, i, lines: lines, in: c) {
            LeftItsFigure.apply(&j, i, in: c)
        }
        return j
    }
}

/// A hit that keeps its neighbours' spacing on the grid (the same number of beats to the hit before and after it, a
/// step the chart uses, on a subdivision it uses) is part of a pattern: a moved hit breaks that spacing. A hit moved to
/// halfway between two neighbours makes an equal spacing too, but of a step the chart does not use.
enum KeepsSpacing {
    /// True when hit `i` keeps its neighbours' spacing.
    static func holds(_ i: Int, in c: HitJudging) -> Bool {
        let k = c.chart.rank[i]
        guard k > 0, k + 1 < c.chart.sorted.count, let level = c.chart.levels[i], c.chart.used.contains(level) else { return false }
        let t = c.times[i]
        let (a, b, d) = (c.tempo.beat(atTime: c.chart.sorted[k - 1]), c.tempo.beat(atTime: t), c.tempo.beat(atTime: c.chart.sorted[k + 1]))
        return abs((b - a) - (d - b)) * 60 / c.tempo.bpm(atTime: t) <= c.tuning.equalSpacingWithin && c.chart.common(b - a)
    }
}

/// Rules 3, 5 and 6: a free line of a used subdivision within the hit window, with a clear onset, and `betterBy` times
/// the hit's own evidence (`motifBetterBy` times more again for a hit on a line and an onset in a motif the chart
/// repeats), weighted by the chart's use of its subdivision and the rhythm it gives back. On a snapped chart, a hit on
/// a line of a used subdivision was put there by the author (a "maybe"), unless it left a figure the chart repeats; one
/// on a line of an unused subdivision, lone, was moved.
enum BetterPlace {
    /// Flags hit `i` with the better place among `lines` and returns true; false, leaving `j` as it is, when there is none.
    static func apply(
        _ j: inout HitChecker.Judgement, _ i: Int, own: (score: Double, peak: (time: Double, strength: Double)?),
        lines: [(time: Double, level: Int)], in c: HitJudging
    ) -> Bool {
        let k = c.chart.rank[i]
        let repeated = c.chart.levels[i] != nil && own.peak != nil && c.chart.plays(rank: k) >= c.tuning.repeatedMotif
        let ownScore = max(own.score, c.tuning.ownEvidenceFloor) * c.chart.prior(c.chart.levels[i])
        var best: (line: Double, onset: (time: Double, strength: Double), score: Double, ranked: Double)? = nil
        for (x, level, onset, evidence) in c.withOnsets(lines) {
            let score = evidence * c.chart.prior(level)
            let ranked = score * c.chart.rhythm(at: x, rank: k)
            if ranked > (best?.ranked ?? 0) { best = (x, onset, score, ranked) }
        }
        guard let best, best.score >= c.tuning.betterBy * (repeated ? c.tuning.motifBetterBy : 1) * ownScore else {
            return false
        }
        j.match = OnsetMatch(time: best.onset.time, strength: best.onset.strength)
        j.flagged = true
        j.suggestion = best.line
        j.ratio = best.score / ownScore
        if let limit = c.chart.offGridLimit, c.chart.gridDistances[k] <= limit {
            // A hit snapped where the chart plays a rhythm it never repeats, when the line with the onset gives it one the
            // chart does repeat, was moved out of that figure: not the author's choice.
            let leftItsFigure =
                c.chart.plays(rank: k) < c.tuning.repeatedMotif
                && c.chart.plays(at: best.line, rank: k) >= c.tuning.repeatedMotif
            if c.chart.loneOnUnusedLevel(k, limit: limit) {
                j.unusedLevel = c.chart.levels[i]
            } else if !leftItsFigure {
                j.onSnappedGrid = true
            }
        }
        return true
    }
}

/// Rules 4 and 6: a snapped chart's lone hit off every grid line, or moved onto a line the chart does not use, was not
/// placed by the editor's snap. Its fix is the free line with the most evidence (any onset, weighted by the chart's use
/// of the line's subdivision and the rhythm it gives back), else the nearest free line.
enum Unsnapped {
    /// Flags hit `i` with its fix among `lines` (not those in `taken`, which belong to other hits) and returns true;
    /// false, leaving `j` as it is, when the hit was snapped.
    static func apply(
        _ j: inout HitChecker.Judgement, _ i: Int, lines: [(time: Double, level: Int)], taken: Set<Double> = [], in c: HitJudging
    ) -> Bool {
        let k = c.chart.rank[i]
        guard let limit = c.chart.offGridLimit, c.chart.loneOffGrid(k, limit: limit) || c.chart.loneOnUnusedLevel(k, limit: limit)
        else { return false }
        let distance = c.chart.gridDistances[k]
        j.flagged = true
        j.onSnappedGrid = false
        if distance > limit { j.offGrid = distance } else { j.unusedLevel = c.chart.levels[i] }
        let free = lines.filter { !taken.contains($0.time) }
        let scored = free.map { line in
            (line, c.evidence(at: line.time), c.chart.prior(line.level) * c.chart.rhythm(at: line.time, rank: k))
        }
        if let pick = scored.filter({ $0.1.score > 0 }).max(by: { $0.1.score * $0.2 < $1.1.score * $1.2 }) {
            j.suggestion = pick.0.time
            if let p = pick.1.peak { j.match = OnsetMatch(time: p.time, strength: p.strength) }
        } else {
            let t = c.times[i]
            j.suggestion = free.min { abs($0.time - t) < abs($1.time - t) }?.time
        }
        return true
    }
}

/// Rule 7: a snapped hit (on an onset or not), in a rhythm the chart plays nowhere else, where a free line with a clear
/// onset within the hit window puts it in a figure the chart plays at least `figureRepeats` times: a hit moved out of
/// that figure onto another sound. Flagged with that line (the most played figure, then the most evidence).
enum LeftItsFigure {
    /// Flags hit `i` when it left such a figure; else leaves `j` as it is.
    static func apply(_ j: inout HitChecker.Judgement, _ i: Int, in c: HitJudging) {
        let k = c.chart.rank[i]
        guard let limit = c.chart.offGridLimit, c.chart.gridDistances[k] <= limit, c.chart.plays(rank: k) < c.tuning.repeatedMotif
        else { return }
        var best: (line: Double, plays: Int, score: Double, onset: (time: Double, strength: Double))? = nil
        for (x, _) in c.freeLines(around: c.times[i]) {
            let there = c.evidence(at: x)
            guard let onset = there.peak, onset.strength >= c.tuning.clearOnset,
                abs(onset.time - (x - c.offset)) <= c.tuning.lineOnsetWindow
            else { continue }
            let plays = c.chart.plays(at: x, rank: k)
            guard plays >= c.tuning.figureRepeats else { continue }
            if best.map({ (plays, there.score) > ($0.plays, $0.score) }) ?? true { best = (x, plays, there.score, onset) }
        }
        guard let best else { return }
        j.flagged = true
        j.suggestion = best.line
        j.figurePlays = best.plays
        j.match = OnsetMatch(time: best.onset.time, strength: best.onset.strength)
        j.ratio = Double(best.plays)
    }
}

/// Rule 8: two hits within `freeWindow` of each other (no player taps them apart, and a chart writes a chord as one
/// hit) on the same grid line: the one further from the line was moved onto it, off a line the chart left free. That hit
/// is flagged with the free line of a used subdivision within the hit window that has the most evidence, weighted by
/// the chart's use of the line's subdivision and the rhythm it gives back; when no free line has an onset (a quiet note
/// the onset curve does not show), with the free line that gives back the rhythm the chart plays most, weighted by its
/// subdivision's use. The hit on the line stays where it is; with no free line in the hit window nothing is flagged.
enum SharesALine {
    /// Flags hit `i` with its line and returns true when it was moved onto another hit's line; false, leaving `j` as it
    /// is, otherwise.
    static func apply(_ j: inout HitChecker.Judgement, _ i: Int, in c: HitJudging) -> Bool {
        let k = c.chart.rank[i]
        let sorted = c.chart.sorted
        let t = c.times[i]
        let near = [k - 1, k + 1].filter { $0 >= 0 && $0 < sorted.count && abs(sorted[$0] - t) <= c.tuning.freeWindow }
        guard let n = near.min(by: { abs(sorted[$0] - t) < abs(sorted[$1] - t) }), let finest = c.chart.used.max() else { return false }
        let mine = c.tempo.nearestLine(to: t, level: finest), theirs = c.tempo.nearestLine(to: sorted[n], level: finest)
        // The same line, and this hit clearly the further from it (the other was placed there).
        guard abs(mine.beat - theirs.beat) < 1e-9, abs(t - mine.time) >= abs(sorted[n] - theirs.time) + c.tuning.sharedLineMargin
        else { return false }
        let free = c.freeLines(around: t)
        var best: (line: Double, onset: (time: Double, strength: Double)?, ranked: Double)? = nil
        for (x, level, onset, evidence) in c.withOnsets(free) {
            let ranked = evidence * c.chart.prior(level) * c.chart.rhythm(at: x, rank: k)
            if ranked > (best?.ranked ?? 0) { best = (x, onset, ranked) }
        }
        if best == nil {
            // No onset to go by: the rhythm the chart plays, then the nearer line.
            for (x, level) in free {
                let ranked = c.chart.prior(level) * c.chart.rhythm(at: x, rank: k)
                if best.map({ ranked > $0.ranked || (ranked == $0.ranked && abs(x - t) < abs($0.line - t)) }) ?? true {
                    best = (x, nil, ranked)
                }
            }
        }
        guard let best else { return false }
        j.flagged = true
        j.suggestion = best.line
        if let onset = best.onset { j.match = OnsetMatch(time: onset.time, strength: onset.strength) }
        j.sharesLineWith = sorted[n]
        return true
    }
}

/// A line that several hits would move to belongs to one of them at most: the one whose own place has the least
/// evidence against the line's. A hit the snap did not place (rules 4 and 6) stays flagged and takes the best line
/// left; any other hit that loses the line stays where it is.
enum SharedLines {
    /// The judgements with each suggested line given to one hit.
    static func resolve(_ judged: [HitChecker.Judgement], in c: HitJudging) -> [HitChecker.Judgement] {
        var out = judged
        var owner: [Double: Int] = [:]
        for (k, j) in out.enumerated() {
            guard let x = j.suggestion else { continue }
            if let o = owner[x], out[o].ratio >= j.ratio { continue }
            owner[x] = k
        }
        let taken = Set(owner.keys)
        for k in out.indices where out[k].suggestion.map({ owner[$0] != k }) ?? false {
            out[k].suggestion = nil
            out[k].ratio = 0
            if !Unsnapped.apply(&out[k], k, lines: c.freeLines(around: c.times[k]), taken: taken, in: c) { out[k].flagged = false }
        }
        return out
    }
}
