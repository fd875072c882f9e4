import Foundation

/// Fits a tempo map to a list of hit times, for maps that declare none: the hits of a chart sit on subdivisions
/// of its beat, so the map is the grid that holds them, never a line through list positions.
///
/// 1. The finest grid: the shortest common inter-onset interval (its 10th percentile) divided by the smallest
///    m in {1, 2, 3, 4, 6, 8, 12} that makes 90 % of the intervals whole multiples of it (within 8 ms).
/// 2. Least squares onto that grid with missing lines allowed (`GridFit`, seeded with it).
/// 3. The beat: the multiple of the grid whose best phase holds the most hits relative to chance, within 50–260
///    BPM; a tie goes to a grouping by a power of two, then to the tempo nearest 120 BPM; an audio tempo then picks
///    only the octave.
/// 4. Tempo changes are found, not forced: a stretch where fewer than 90 % of the hits are within 10 ms of the
///    grid is split in two and each half fitted again (down to 16 hits); neighbouring stretches that one grid
///    holds are joined. Each stretch becomes a section that restarts the grid, as osu! and Quaver timing points do.
public enum TempoMapFit {
    /// A hit further than this from its grid line is off the grid (seconds).
    static let onGrid = 0.010
    /// Share of hits on the grid for a stretch to keep one tempo.
    static let holdShare = 0.9
    /// Fewest hits in a stretch of its own tempo.
    static let minimumHits = 16

    /// A stretch of hits and the grid that holds them.
    struct Stretch {
        var first: Int
        var end: Int
        var grid: Double
        var intercept: Double
        var share: Double
    }

    /// The tempo map of `times` (seconds, any order); `audioBPM` picks the beat among the grid's multiples.
    /// Nil when fewer than `minimumHits` hits make a grid.
    public static func fit(_ times: [Double], audioBPM: Double? = nil) -> TempoMap? {
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
        var points: [(time: Double, bpm: Double)] = []
        for s in joined {
            let (multiple, phase) = beat(of: s, in: t, audioBPM: audioBPM)
            let period = s.grid * Double(multiple)
            let zero = s.intercept + Double(phase) * s.grid
            // The first beat line at or before the stretch's first hit.
            let start = zero + ((t[s.first] - zero) / period + 1e-6).rounded(.down) * period
            points.append((start, 60 / period))
        }
        return TempoMap(timingPoints: points)
    }

    static func split(_ t: [Double], _ a: Int, _ b: Int, into out: inout [Stretch]) {
        if let s = stretch(t, a, b), s.share >= holdShare || b - a < 2 * minimumHits {
            out.append(s)
            return
        }
        guard b - a >= 2 * minimumHits else { return }
        let mid = (a + b) / 2
        split(t, a, mid, into: &out)
        split(t, mid, b, into: &out)
    }

    /// The finest grid of the hits a..<b and its share of hits on it.
    static func stretch(_ t: [Double], _ a: Int, _ b: Int) -> Stretch? {
        guard b - a >= 4 else { return nil }
        let gaps = (a + 1..<b).map { t[$0] - t[$0 - 1] }.filter { $0 > 0.02 }.sorted()
        guard !gaps.isEmpty else { return nil }
        let seed = gaps[gaps.count / 10]
        var grid: Double? = nil
        for m in [1.0, 2, 3, 4, 6, 8, 12] {
            let g = seed / m
            let whole = gaps.filter { d in abs(d / g - (d / g).rounded()) * g <= 0.008 }.count
            if Double(whole) >= 0.9 * Double(gaps.count) {
                grid = g
                break
            }
        }
        guard let grid, let fit = GridFit(times: Array(t[a..<b]), interval: grid) else { return nil }
        let step = 60 / fit.bpm
        let on = fit.residuals.filter { abs($0) <= onGrid }.count
        // GridFit's offset is grid line 0 of its indices.
        return Stretch(first: a, end: b, grid: step, intercept: fit.offset, share: Double(on) / Double(b - a))
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
