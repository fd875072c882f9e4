import Foundation

/// Fits a tempo map to a list of hit times, for maps that declare none: the hits of a chart sit on subdivisions
/// of its beat, so the map is the grid that holds them, never a line through list positions.
///
/// 1. The finest grid: the shortest common inter-onset interval (the 10th percentile of the intervals that recur,
///    at least 3 % of them within 3 ms: a misplaced hit makes two odd intervals of its own, a chart's rhythm repeats
///    its intervals) divided by the smallest m in {1, 2, 3, 4, 6, 8, 12} that makes 90 % of the intervals whole
///    multiples of it (within 8 ms, at most an eighth of the grid) beyond what chance gives so fine a grid.
/// 2. Least squares onto that grid with missing lines allowed, each hit's line counted from the last hit on the grid
///    (so a misplaced hit neither shifts the lines after it nor enters the fit), then again through the hits nearest
///    the line (within three times their median distance, at least 2 ms).
/// 3. The beat: the multiple of the grid whose best phase holds the most hits relative to chance, within 50–260
///    BPM; a tie goes to a grouping by a power of two, then to the tempo nearest 120 BPM; an audio tempo then picks
///    only the octave.
/// 4. Tempo changes are found, not forced: a stretch where fewer than 90 % of the hits are within 10 ms of the
///    grid is split in two and each half fitted again (down to 16 hits), unless the halves' grids hold barely more
///    hits than the whole's (the misses are misplaced hits, not a tempo change); neighbouring stretches that one grid
///    holds are joined. Each stretch becomes a section that restarts the grid, as osu! and Quaver timing points do.
public enum TempoMapFit {
    /// A hit further than this from its grid line is off the grid (seconds).
    static let onGrid = 0.010
    /// Share of hits on the grid for a stretch to keep one tempo.
    static let holdShare = 0.9
    /// Fewest hits in a stretch of its own tempo.
    static let minimumHits = 16
    /// An interval recurs when this share of a stretch's intervals lie within `sameInterval` of it.
    static let recurring = 0.03
    /// An interval this close to a multiple of a grid is a whole multiple of it (seconds).
    static let wholeWithin = 0.008
    /// Intervals this close are the same interval (seconds).
    static let sameInterval = 0.003
    /// A split must put this share of the stretch's hits more on a grid than one grid does to be a tempo change.
    static let splitGain = 0.04

    /// A stretch of hits and the grid that holds them.
    struct Stretch {
        var first: Int
        var end: Int
        var grid: Double
        var intercept: Double
        var share: Double
    }

    /// The tempo map of `times` (seconds, any order); `audioBPM` picks the beat among the grid's multiples. When the
    /// hits hold tempo changes, `stretchBPM` (the audio's tempo from one time to another, as `StretchTempo` gives it)
    /// picks each section's octave from that section's audio, `audioBPM` where it gives none: two songs joined each
    /// keep their own octave, which the whole track's one tempo cannot give both. Nil when fewer than `minimumHits`
    /// hits make a grid.
    public static func fit(
        _ times: [Double], audioBPM: Double? = nil, stretchBPM: ((_ from: Double, _ to: Double) -> Double?)? = nil
    ) -> TempoMap? {
        let t = times.filter(\.isFinite).sorted()
        guard t.count >= 4 else { return nil }
        var stretches: [Stretch] = []
        split(t, 0, t.count, into: &stretches)
        guard !stretches.isEmpty else { return nil }
        // Join neighbours that one grid holds.
        var joined: [Stretch] = [stretches[0]]
        for s in stretches.dropFirst() {
            let last = joined[joined.count - 1]
            if let both = stretch(t, last.first, s.end), both.share >= holdShare, abs(both.grid / last.grid - 1) < 0.002 {
                joined[joined.count - 1] = both
            } else {
                joined.append(s)
            }
        }
        refineBoundaries(t, &joined)
        var points: [(time: Double, bpm: Double)] = []
        for s in joined {
            let audio = joined.count > 1 ? stretchBPM?(t[s.first], t[s.end - 1]) ?? audioBPM : audioBPM
            let (multiple, phase) = beat(of: s, in: t, audioBPM: audio)
            let period = s.grid * Double(multiple)
            let zero = s.intercept + Double(phase) * s.grid
            // The first beat line at or before the stretch's first hit.
            let start = zero + ((t[s.first] - zero) / period + 1e-6).rounded(.down) * period
            points.append((start, 60 / period))
        }
        return TempoMap(timingPoints: points)
    }

    /// True when `time` lies within `onGrid` of a line of `s`'s grid.
    static func holds(_ s: Stretch, _ time: Double) -> Bool {
        let k = ((time - s.intercept) / s.grid).rounded()
        return abs(s.intercept + k * s.grid - time) <= onGrid
    }

    /// Moves each boundary between two stretches to where the tempo changes: halving puts it at a hit count, not at the
    /// change. The earlier stretch takes the hits after it that stay on its grid, up to the first that does not; the
    /// later one takes back the hits before it that are off the earlier grid and on its own, and the one hit on both
    /// where they meet. Each side is then fitted again (a side left with fewer than 4 hits keeps the grid it had).
    static func refineBoundaries(_ t: [Double], _ stretches: inout [Stretch]) {
        guard stretches.count > 1 else { return }
        for i in 0..<(stretches.count - 1) {
            var left = stretches[i], right = stretches[i + 1]
            var boundary = left.end
            while boundary < right.end - 4, holds(left, t[boundary]) { boundary += 1 }
            // The later stretch's own grid, from there (the halving's may mix both tempi).
            let later = stretch(t, boundary, right.end) ?? right
            while boundary > left.first + 4, !holds(left, t[boundary - 1]), holds(later, t[boundary - 1]) { boundary -= 1 }
            // A hit on both grids where they meet starts the later tempo: a tempo change sits on the hit where the new
            // tempo is first heard, as StepMania's BPM changes sit on a row.
            if boundary > left.first + 4, holds(later, t[boundary - 1]) { boundary -= 1 }
            guard boundary != left.end, let l = stretch(t, left.first, boundary), let r = stretch(t, boundary, right.end) else { continue }
            left = l
            right = r
            stretches[i] = left
            stretches[i + 1] = right
        }
    }

    static func split(_ t: [Double], _ a: Int, _ b: Int, into out: inout [Stretch]) {
        let whole = stretch(t, a, b)
        if let s = whole, s.share >= holdShare || b - a < 2 * minimumHits {
            out.append(s)
            return
        }
        guard b - a >= 2 * minimumHits else { return }
        let mid = (a + b) / 2
        if let s = whole, let left = stretch(t, a, mid), let right = stretch(t, mid, b) {
            let held = { (x: Stretch) in x.share * Double(x.end - x.first) }
            if held(left) + held(right) - held(s) < splitGain * Double(b - a) {
                out.append(s)
                return
            }
        }
        split(t, a, mid, into: &out)
        split(t, mid, b, into: &out)
    }

    /// The finest grid of the hits a..<b and its share of hits on it.
    static func stretch(_ t: [Double], _ a: Int, _ b: Int) -> Stretch? {
        guard b - a >= 4 else { return nil }
        // The intervals in time order (hits closer than 20 ms are one: a chord).
        let ordered = (a + 1..<b).map { t[$0] - t[$0 - 1] }.filter { $0 > 0.02 }
        guard !ordered.isEmpty else { return nil }
        let gaps = ordered.sorted()
        // Intervals that recur (sorted, so the ones within `sameInterval` of a gap are a contiguous run).
        var recurrent: [Double] = []
        var lo = 0, hi = 0
        for g in gaps {
            while gaps[lo] < g - sameInterval { lo += 1 }
            while hi < gaps.count, gaps[hi] <= g + sameInterval { hi += 1 }
            if Double(hi - lo) >= recurring * Double(gaps.count) { recurrent.append(g) }
        }
        let pool = recurrent.isEmpty ? gaps : recurrent
        guard let seed = Median.upperQuantile(pool, 1, 10) else { return nil }
        var grid: Double? = nil
        let recurs = { (d: Double) in SortedTimes.contains(recurrent, near: d, within: sameInterval) }
        // A fine grid makes any interval nearly whole by chance (an interval lands within w of a multiple of g with
        // probability 2w / g): w is at most an eighth of the grid, and the share must be `holdShare` of what lies
        // beyond chance.
        for m in [1.0, 2, 3, 4, 6, 8, 12] {
            let chance = 2 * min(wholeWithin, seed / m / 8) / (seed / m)
            guard (wholeShare(ordered, grid: seed / m, recurs: recurs) - chance) / (1 - chance) >= holdShare else { continue }
            grid = seed / m
            break
        }
        guard let grid else { return nil }
        let (step, intercept, on) = fitLines(t[a..<b], step: grid)
        guard step > 0 else { return nil }
        return Stretch(first: a, end: b, grid: step, intercept: intercept, share: Double(on) / Double(b - a))
    }

    /// The least-squares line time = intercept + line × step through `points` (`LineFit`); nil when it is not a
    /// rising line.
    static func leastSquares(_ points: [(line: Double, time: Double)]) -> (step: Double, intercept: Double)? {
        guard let fit = LineFit.leastSquares(points.map { (x: $0.line, y: $0.time) }), fit.slope > 0 else { return nil }
        return (fit.slope, fit.intercept)
    }

    /// The share of `intervals` (in time order) that are whole multiples of `grid` (within 8 ms, or an eighth of the
    /// grid when that is less). A misplaced hit
    /// makes two odd intervals, neither one the chart repeats (`recurs`), whose sum is whole: that pair counts as one
    /// whole interval, so the hit is judged by the check, not taken for a finer grid.
    static func wholeShare(_ intervals: [Double], grid: Double, recurs: (Double) -> Bool) -> Double {
        let whole = { (d: Double) in abs(d / grid - (d / grid).rounded()) * grid <= min(wholeWithin, grid / 8) }
        var (count, units, k) = (0, 0, 0)
        while k < intervals.count {
            units += 1
            if whole(intervals[k]) {
                count += 1
            } else if k + 1 < intervals.count, !whole(intervals[k + 1]), !recurs(intervals[k]), !recurs(intervals[k + 1]),
                whole(intervals[k] + intervals[k + 1])
            {
                count += 1
                k += 1
            }
            k += 1
        }
        return Double(count) / Double(max(1, units))
    }

    /// Least squares of the hits onto a grid of about `step` seconds, and how many hits lie within `onGrid` of it.
    /// Each hit's line is counted from the last hit that was on the grid (an anchor), so a misplaced hit neither
    /// shifts the lines after it (as counting from the previous hit does) nor enters the fit; two hits in a row off the
    /// anchor's grid but on each other's move the anchor to them. Twice: the second pass counts with the fitted step.
    static func fitLines(_ t: ArraySlice<Double>, step seed: Double) -> (step: Double, intercept: Double, held: Int) {
        var step = seed
        var intercept = t.first ?? 0
        for _ in 0..<2 {
            guard let first = t.first else { break }
            var anchor = (line: 0.0, time: first)
            var on: [(line: Double, time: Double)] = [(0, first)]
            var missed: Double? = nil
            for x in t.dropFirst() {
                let n = ((x - anchor.time) / step).rounded()
                if abs(x - anchor.time - n * step) <= onGrid {
                    anchor = (anchor.line + n, x)
                    on.append(anchor)
                    missed = nil
                } else if let m = missed, case let k = ((x - m) / step).rounded(), abs(x - m - k * step) <= onGrid {
                    // Two hits off the anchor's grid but on each other's: the anchor was the odd one.
                    let line = anchor.line + ((m - anchor.time) / step).rounded()
                    anchor = (line + k, x)
                    on.append((line, m))
                    on.append(anchor)
                    missed = nil
                } else {
                    missed = x
                }
            }
            guard let line = leastSquares(on) else { break }
            (step, intercept) = line
            // Then through the hits nearest the line only (within three times their median distance, at least 2 ms):
            // a misplaced hit that happens to lie within `onGrid` of a line must not tilt a snapped chart's grid.
            let residuals = on.map { abs($0.time - intercept - $0.line * step) }
            let limit = max(0.002, 3 * Median.of(residuals))
            if let tight = leastSquares(on.filter { abs($0.time - intercept - $0.line * step) <= limit }) { (step, intercept) = tight }
        }
        let held = t.filter { x in abs(x - intercept - ((x - intercept) / step).rounded() * step) <= onGrid }.count
        return (step, intercept, held)
    }

    /// The multiple of the stretch's grid that is its beat, and the grid line of beat 0 (mod the multiple).
    /// Charts put more hits on beats than between them, so the beat is the multiple whose best phase holds the most
    /// hits relative to chance (share × multiple), within 50–260 BPM; an audio tempo then only picks the octave
    /// (the multiple, its double or its half), so it can never make the beat 2/3 or 3/2 of the chart's.
    static func beat(of s: Stretch, in t: [Double], audioBPM: Double?) -> (Int, Int) {
        let lines = (s.first..<s.end).map { Int(((t[$0] - s.intercept) / s.grid).rounded()) }
        func phase(_ m: Int) -> (Int, Double) {
            var counts = [Int](repeating: 0, count: m)
            for l in lines { counts[((l % m) + m) % m] += 1 }
            let p = counts.indices.max { counts[$0] < counts[$1] } ?? 0
            return (p, Double(counts[p]) / Double(max(1, lines.count)) * Double(m))
        }
        let multiples = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32]
        let inRange = multiples.filter { (50...260).contains(60 / (s.grid * Double($0))) }
        let pool = inRange.isEmpty ? [1] : inRange
        // The most beat-like multiple. A tie (a steady stream of notes, which any grouping fits) goes to a grouping
        // by a power of two, as listeners group an even pulse in twos and fours (Bolton 1894; Povel & Essens 1985)
        // and as most game music is in duple time; then to the tempo nearest 120 BPM.
        let binary = { (m: Int) in m & (m - 1) == 0 }
        var m = pool.max { a, b in
            let (x, y) = (phase(a).1, phase(b).1)
            if abs(x - y) > 0.05 * max(x, y) { return x < y }
            if binary(a) != binary(b) { return binary(b) }
            return abs(log2(60 / (s.grid * Double(a)) / 120)) > abs(log2(60 / (s.grid * Double(b)) / 120))
        }!
        if let a = audioBPM, a > 0 {
            let octave = (m % 2 == 0 ? [m / 2] : []) + [m, m * 2]
            m = octave.min { abs(log2(60 / (s.grid * Double($0)) / a)) < abs(log2(60 / (s.grid * Double($1)) / a)) } ?? m
        }
        return (m, phase(m).0)
    }
}
