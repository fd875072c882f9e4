import Foundation

/// What a chart's own hits say of it, before any audio (`HitChecker`'s structure): each hit's place in time order, its
/// distance to the grid and its subdivision, whether the chart is snapped, which subdivisions and steps it uses, and
/// the motifs (rhythms within a beat around a hit) it plays and how often.
struct ChartRhythm {
    /// The hits in time order.
    let sorted: [Double]
    /// Each hit's place in time order, by map order (a hit's neighbours are its neighbours in time).
    let rank: [Int]
    /// Each hit's distance to its nearest grid line, in time order.
    let gridDistances: [Double]
    /// How far from every grid line a hit must be to be off the grid; nil when the chart is not snapped
    /// (`HitChecker.snappedPrecision`, `HitChecker.offGridLimit`).
    let offGridLimit: Double?
    /// How much further from a shared grid line than the other hit a hit must be to be the one moved there (rule 8):
    /// `BeatCheckTuning.sharedLineMargin`, or, in a chart snapped more finely than whole milliseconds (StepMania's exact
    /// rows), three times its own precision, at least `sharedLineMarginAtLeast`.
    let sharedLineMargin: Double
    /// Each hit's subdivision, in map order (nil: on none), within the chart's own precision when it is snapped.
    let levels: [Int?]
    /// The same, in time order.
    let sortedLevels: [Int?]
    /// The subdivisions the chart uses: at least 2 % of its hits, and more than one; a triplet subdivision (1/3, 1/6,
    /// 1/12) also when it holds two hits and the three together hold 2 %.
    let used: [Int]
    /// The tempo map the hits are on.
    let tempo: TempoMap
    /// Each hit's position in 1/48 beats, in time order.
    let positions: [Int]
    /// The judging's constants.
    let tuning: BeatCheckTuning
    private let counts: [Int: Double]
    private let total: Double
    private let steps: [Int: Int]
    private let motifs: [[Int]: Int]
    private let halfBeatMotifs: [[Int]: Int]

    /// The structure of `times` (map order) on `tempo`.
    init(_ times: [Double], tempo: TempoMap, tuning: BeatCheckTuning = .standard) {
        self.tempo = tempo
        self.tuning = tuning
        let sorted = times.sorted()
        self.sorted = sorted
        var rank = [Int](repeating: 0, count: times.count)
        for (k, i) in times.indices.sorted(by: { times[$0] < times[$1] }).enumerated() { rank[i] = k }
        self.rank = rank
        // A chart is snapped when most hits are a hair from a line, and then a hit is on a subdivision only within the
        // chart's own precision.
        let distances = sorted.map { HitChecker.gridDistance($0, tempo: tempo) }
        gridDistances = distances
        let precision = HitChecker.snappedPrecision(distances, tuning: tuning)
        let limit = precision.map { HitChecker.offGridLimit(precision: $0, tuning: tuning) }
        offGridLimit = limit
        sharedLineMargin =
            precision.map {
                min(tuning.sharedLineMargin, max(tuning.sharedLineMarginAtLeast, tuning.offGridTimesPrecision * $0))
            } ?? tuning.sharedLineMargin
        let levels = times.map { tempo.subdivision(of: $0, tolerance: limit ?? tuning.onLine)?.level }
        self.levels = levels
        var sortedLevels = [Int?](repeating: nil, count: times.count)
        for (i, level) in levels.enumerated() { sortedLevels[rank[i]] = level }
        self.sortedLevels = sortedLevels
        var counts: [Int: Double] = [:]
        for l in levels { counts[l ?? 0, default: 0] += 1 }
        self.counts = counts
        total = Double(times.count) + tuning.subdivisionPrior * Double(Subdivision.levels.count + 1)
        // In a short chart a lone hit would count.
        let share = max(2, tuning.usedSubdivisionShare * Double(times.count))
        // A triplet's notes fall on 1/3, 1/6 or 1/12 lines by where they sit in the beat (a triplet of half beats
        // alternates 1/6 and 1/3): a chart that plays triplets uses each of those lines it puts two hits on.
        let triplets = Subdivision.levels.filter { $0 % 3 == 0 }.reduce(0) { $0 + counts[$1, default: 0] }
        used = Subdivision.levels.filter { level in
            let own = counts[level, default: 0]
            return own >= share || (level % 3 == 0 && own >= 2 && triplets >= share)
        }
        // How often the chart steps from one hit to the next by each interval (in 1/48 beats): a pattern is made of the
        // steps a chart uses, not of any equal spacing.
        var steps: [Int: Int] = [:]
        for k in sorted.indices.dropFirst() {
            steps[Int(((tempo.beat(atTime: sorted[k]) - tempo.beat(atTime: sorted[k - 1])) * 48).rounded()), default: 0] += 1
        }
        self.steps = steps
        let positions = sorted.map { Int((tempo.beat(atTime: $0) * 48).rounded()) }
        self.positions = positions
        var motifs: [[Int]: Int] = [:]
        var halfBeatMotifs: [[Int]: Int] = [:]
        for k in positions.indices {
            motifs[Self.motif(k, positions), default: 0] += 1
            halfBeatMotifs[Self.motif(k, positions, reach: 24), default: 0] += 1
        }
        self.motifs = motifs
        self.halfBeatMotifs = halfBeatMotifs
    }

    /// The weight of a subdivision by the chart's use of it: (its share of the hits)^`structureWeight`, smoothed.
    func prior(_ level: Int?) -> Double {
        pow((counts[level ?? 0, default: 0] + tuning.subdivisionPrior) / total, tuning.structureWeight)
    }

    /// True when a hit other than the one at `t` lies within `BeatCheckTuning.freeWindow` of `x`.
    func occupied(_ x: Double, except t: Double) -> Bool {
        var k = SortedTimes.lowerBound(sorted, x - tuning.freeWindow)
        while k < sorted.count, sorted[k] <= x + tuning.freeWindow {
            if sorted[k] != t { return true }
            k += 1
        }
        return false
    }

    /// True when a step of `beats` between neighbours is one the chart uses (`BeatCheckTuning.commonStep` of its steps).
    func common(_ beats: Double) -> Bool {
        Double(steps[Int((beats * 48).rounded()), default: 0]) >= tuning.commonStep * Double(max(1, sorted.count - 1))
    }

    /// A motif: the rhythm around the hit of rank `k` (where the hits within a beat either side sit, and where it sits
    /// in its bar), in 1/48 beats. A chart repeats its rhythms; a hit whose motif recurs is written, not misplaced. At
    /// most 48 hits either side: hits stacked closer than that (a chord of many notes) would make each motif as long as
    /// the stack, and the check quadratic.
    /// `reach`: how far either side the hits are taken, in 1/48 beats (a beat unless said).
    static func motif(_ k: Int, _ positions: [Int], reach: Int = 48) -> [Int] {
        var m = [((positions[k] % 192) + 192) % 192]
        var j = k - 1
        while j >= 0, k - j <= 48, positions[k] - positions[j] <= reach {
            m.append(positions[j] - positions[k])
            j -= 1
        }
        j = k + 1
        while j < positions.count, j - k <= 48, positions[j] - positions[k] <= reach {
            m.append(positions[j] - positions[k])
            j += 1
        }
        return m
    }

    /// How often the chart plays the motif of the hit of rank `k`.
    func plays(rank k: Int) -> Int { motifs[Self.motif(k, positions), default: 0] }

    /// How often the chart plays the rhythm within half a beat around the hit of rank `k` (at the same place in its bar).
    /// On a grid at half the song's tempo a beat spans two of the song's: a figure the chart repeats (Goin' Under's
    /// triplets) has other neighbours a song's beat away each time, and only the half beat shows it repeated.
    func playsWithinHalfABeat(rank k: Int) -> Int { halfBeatMotifs[Self.motif(k, positions, reach: 24), default: 0] }

    /// How often the chart plays the motif the hit of rank `k` would have at `x`, the other hits as they are.
    func plays(at x: Double, rank k: Int) -> Int {
        let p = Int((tempo.beat(atTime: x) * 48).rounded())
        var m = [((p % 192) + 192) % 192]
        var j = k - 1
        var before: [Int] = []
        var after: [Int] = []
        while j >= 0, k - j <= 49, p - positions[j] <= 48 {
            if positions[j] <= p { before.append(positions[j] - p) } else { after.append(positions[j] - p) }
            j -= 1
        }
        j = k + 1
        while j < positions.count, j - k <= 49, positions[j] - p <= 48 {
            if positions[j] >= p { after.append(positions[j] - p) } else { before.append(positions[j] - p) }
            j += 1
        }
        m += before.sorted(by: >).filter { $0 >= -48 }.prefix(48) + after.sorted().prefix(48)
        return motifs[m, default: 0]
    }

    /// How much a place `x` for the hit of rank `k` restores the chart's rhythm: 1 + how often the chart plays the motif
    /// the hit would have there, to the power `motifWeight`. A hit moved out of a figure the chart repeats goes back to
    /// where the figure has it, rather than to the next line with an onset.
    func rhythm(at x: Double, rank k: Int) -> Double { rhythm(plays: plays(at: x, rank: k)) }

    /// The weight `rhythm(at:rank:)` gives a place where the chart plays the hit's motif `plays` times.
    func rhythm(plays: Int) -> Double { pow(1 + Double(plays), tuning.motifWeight) }

    /// A hit off the grid with its neighbours in time on it (or the chart's end): a lone slip. Two hits off the grid side
    /// by side are two slips (neighbours moved past each other land each a few milliseconds from the other's line) when
    /// the chart holds its grid around them: `BeatCheckTuning.slipContext` hits on it either side. A longer run, or a
    /// pair at the chart's end or beside more hits off the grid, says the tempo map does not hold there (a tempo change
    /// it does not declare), not that each hit is misplaced.
    func loneOffGrid(_ k: Int, limit: Double) -> Bool {
        let n = gridDistances.count
        func on(_ j: Int) -> Bool { gridDistances[j] <= limit }
        guard !on(k) else { return false }
        if (k == 0 || on(k - 1)) && (k + 1 == n || on(k + 1)) { return true }
        // A pair: the other hit off the grid is one neighbour, and the chart holds its grid either side of the two.
        let first = k > 0 && !on(k - 1) ? k - 1 : k
        let last = first + 1
        guard last < n, !on(last) else { return false }
        let context = tuning.slipContext
        guard first >= context, last + context < n else { return false }
        return (first - context..<first).allSatisfy(on) && (last + 1...last + context).allSatisfy(on)
    }

    /// A hit on a subdivision the chart does not use, in a rhythm the chart never repeats (within a beat, nor within half
    /// a beat), with at most one other hit off the chart's usual grid beside it and hits on it either side: a hit moved
    /// onto a finer line (or two neighbours moved), not a figure the chart plays and not a stretch where the tempo map
    /// does not hold (rule 6).
    func loneOnUnusedLevel(_ k: Int, limit: Double) -> Bool {
        func onUsed(_ j: Int) -> Bool { gridDistances[j] <= limit && sortedLevels[j].map(used.contains) == true }
        guard gridDistances[k] <= limit, let level = sortedLevels[k], !used.contains(level),
            max(plays(rank: k), playsWithinHalfABeat(rank: k)) < tuning.repeatedMotif
        else { return false }
        var first = k
        var last = k
        while first > 0, !onUsed(first - 1), k - first < 2 { first -= 1 }
        while last + 1 < sorted.count, !onUsed(last + 1), last - k < 2 { last += 1 }
        return last - first < 2 && first > 0 && last + 1 < sorted.count
    }

    /// The free lines of the subdivisions the chart uses within `BeatCheckTuning.slipReach` of `t`, each once at its
    /// coarsest level: where a hit off the grid at `t` was meant to be if it slipped (lines `freeLines(around:hitWindow:)`
    /// leaves out).
    func snapLines(around t: Double) -> [(time: Double, level: Int)] {
        freeLines(around: t, from: 0, to: min(tuning.slipReach, tuning.supportWindow))
    }

    /// The free lines of the subdivisions the chart uses within `hitWindow` of `t` (and further than
    /// `BeatCheckTuning.supportWindow`), each once at its coarsest level.
    func freeLines(around t: Double, hitWindow: Double) -> [(time: Double, level: Int)] {
        freeLines(around: t, from: tuning.supportWindow, to: hitWindow)
    }

    /// The free lines of the used subdivisions further than `near` from `t` (any line when `near` is 0) and within `far`.
    private func freeLines(around t: Double, from near: Double, to far: Double) -> [(time: Double, level: Int)] {
        var lines: [(time: Double, level: Int)] = []
        for level in used {
            let first = (tempo.beat(atTime: t - far) * Double(level)).rounded(.up)
            let last = (tempo.beat(atTime: t + far) * Double(level)).rounded(.down)
            guard first <= last, last - first < 64 else { continue }
            for k in Int(first)...Int(last) where Subdivision.level(ofBeat: Double(k) / Double(level)) == level {
                let x = tempo.time(ofBeat: Double(k) / Double(level))
                let d = abs(x - t)
                if d > near || near == 0, d <= far, !occupied(x, except: t) { lines.append((x, level)) }
            }
        }
        return lines
    }
}
