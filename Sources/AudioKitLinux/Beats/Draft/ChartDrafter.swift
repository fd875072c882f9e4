import Foundation

/// Drafts a chart from a song: hits on the lines of a tempo map, at the densities a designer asks for, in a style.
///
/// 1. **Lines**: every line of the tempo map at the style's subdivision levels inside the range, each with the
///    coarsest level it lies on.
/// 2. **Salience**: for each band group (low, mid, high), the spectral flux (SuperFlux, `SpectralFlux`) divided by
///    its own mean over ±3 s, an adaptive threshold as in Bello et al., "A tutorial on onset detection in music
///    signals" (IEEE TSAP 13(5), 2005, §V-A), so a quiet verse is charted as well as a loud chorus; its largest value
///    within ±20 ms of the line (the audio time is the line moved by the style's offset); the bands weighed by the
///    style. Repeated music is charted alike: each bar's saliences are moved towards the mean of the bars within 64
///    bars whose saliences are alike (cosine similarity at least 0.9), by the style's repetition share.
/// 3. **Choice**: a line's score is its salience times its level's weight; the best lines are taken in order,
///    skipping any closer than the minimum gap to one already taken, until the count is reached. This is
///    Dance Dance Convolution's step placement (Donahue et al., ICML 2017: a salience per frame, peaks above a
///    threshold chosen for the density) done on the grid, as GenéLive! conditions its placement on the beat (KLab,
///    AAAI 2023). Easier levels choose among the harder level's hits, with the level weights raised to a higher
///    power, so they keep the main beats and stay subsets of each other.
public struct ChartDrafter: Sendable {
    /// One difficulty to draft: its name and how many hits.
    public struct Level: Sendable, Equatable {
        /// The difficulty's name ("Hard").
        public var name: String
        /// How many hits it holds.
        public var count: Int

        /// A level called `name` of `count` hits.
        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    /// A drafted difficulty.
    public struct Draft: Sendable {
        /// Its name.
        public let name: String
        /// The hits, in time order: audio times on the tempo map.
        public let times: [Double]
        /// Their beats on the tempo map.
        public let beats: [Double]
    }

    /// Why a draft cannot be made.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong and how to fix it.
        public let description: String
    }

    /// A grid line that may get a hit.
    struct Line {
        let beat: Double
        let time: Double
        let level: Int
        var salience: Double
    }

    /// The song's onset strength, with its band groups (`DraftStyle.bandEdges`).
    public let onset: OnsetStrength
    /// The tempo map the hits go on.
    public let tempoMap: TempoMap
    /// The style.
    public let style: DraftStyle
    /// Each band group's onset strength over its mean within ±3 s.
    let normalized: [[Float]]

    /// Seconds each side of a frame over which the adaptive threshold's mean is taken.
    static let normalizingSeconds = 3.0
    /// Seconds each side of a line within which its salience is looked for.
    static let peakSeconds = 0.020
    /// Bars compared each side for repetition.
    static let repetitionReach = 64
    /// Cosine similarity from which two bars are the same music.
    static let repetitionSimilarity = 0.9

    /// A drafter for `onset` (split into `DraftStyle.bandEdges` groups) on `tempoMap` in `style`.
    public init(onset: OnsetStrength, tempoMap: TempoMap, style: DraftStyle) {
        self.onset = onset
        self.tempoMap = tempoMap
        self.style = style
        let curves = onset.bands.count == DraftStyle.bandNames.count ? onset.bands : [onset.values, onset.values, onset.values]
        normalized = curves.map { Self.normalize($0, reach: Int(Self.normalizingSeconds * onset.framesPerSecond)) }
    }

    /// `values` over their mean within `reach` frames each side (plus a floor of a thousandth of the largest value,
    /// so silence stays silence).
    static func normalize(_ values: [Float], reach: Int) -> [Float] {
        guard !values.isEmpty else { return [] }
        var prefix = [Double](repeating: 0, count: values.count + 1)
        for (i, v) in values.enumerated() { prefix[i + 1] = prefix[i] + Double(v) }
        let floor = 1e-3 * Double(values.max() ?? 0) + 1e-12
        return values.indices.map { i in
            let lo = max(0, i - reach), hi = min(values.count, i + reach + 1)
            let mean = (prefix[hi] - prefix[lo]) / Double(hi - lo)
            return Float(Double(values[i]) / (mean + floor))
        }
    }

    /// The lines of the tempo map between `start` and `end` (audio seconds) at the style's levels.
    func lines(from start: Double, to end: Double) -> [Line] {
        let levels = style.usedLevels
        guard !levels.isEmpty, end > start else { return [] }
        let fractions = Set(levels.flatMap { n in (0..<n).map { Double($0) / Double(n) } }).sorted()
        var out: [Line] = []
        var beat = tempoMap.beat(atTime: start).rounded(.down)
        let lastBeat = tempoMap.beat(atTime: end).rounded(.up)
        while beat <= lastBeat {
            for f in fractions {
                let b = beat + f
                let t = tempoMap.time(ofBeat: b)
                guard t >= start - 1e-9, t <= end + 1e-9 else { continue }
                let level = levels.first { n in abs(f * Double(n) - (f * Double(n)).rounded()) < 1e-9 } ?? levels.last!
                out.append(Line(beat: b, time: t, level: level, salience: 0))
            }
            beat += 1
        }
        return out
    }

    /// Each band group's largest normalized value within `peakSeconds` of audio time `t`, unweighted.
    func bandSaliences(at t: Double) -> [Double] {
        let centre = onset.frame(ofTime: t)
        let reach = Self.peakSeconds * onset.framesPerSecond
        let lo = max(0, Int((centre - reach).rounded(.up))), hi = min(onset.values.count - 1, Int((centre + reach).rounded(.down)))
        guard lo <= hi else { return normalized.map { _ in 0 } }
        return normalized.map { curve in Double((lo...hi).map { curve[$0] }.max() ?? 0) }
    }

    /// The salience of a line at audio time `t`: each band's largest normalized value within `peakSeconds`, weighed.
    func salience(at t: Double) -> Double {
        bandSaliences(at: t).enumerated().reduce(0) { $0 + style.weight(ofBand: $1.offset) * $1.element }
    }

    /// The lines of the range with their saliences, repetition applied.
    func scoredLines(from start: Double, to end: Double) -> [Line] {
        var lines = lines(from: start, to: end)
        let shift = style.offsetMs / 1000
        for i in lines.indices { lines[i].salience = salience(at: lines[i].time - shift) }
        applyRepetition(&lines)
        return lines
    }

    /// Moves each bar's saliences towards the mean of the bars like it (`style.repetition`).
    func applyRepetition(_ lines: inout [Line]) {
        guard style.repetition > 0, !lines.isEmpty else { return }
        let perBar = Double(tempoMap.beatsPerBar)
        // Bars by their first beat; a bar's slots by the position in the bar.
        var bars: [Int: [Int]] = [:]
        for (i, l) in lines.enumerated() { bars[Int((l.beat / perBar).rounded(.down)), default: []].append(i) }
        let keys = bars.keys.sorted()
        let slotsPerBar = lines.count > 0 ? Set(lines.map { ($0.beat - (($0.beat / perBar).rounded(.down) * perBar)) }).count : 0
        let full = keys.filter { bars[$0]!.count == slotsPerBar }
        guard full.count >= 2 else { return }
        let vectors = full.map { k in bars[k]!.map { lines[$0].salience } }
        let norms = vectors.map { v in sqrt(v.reduce(0) { $0 + $1 * $1 }) }
        var updated: [[Double]] = vectors
        for a in full.indices {
            var sum = vectors[a]
            var count = 1.0
            for b in max(0, a - Self.repetitionReach)...min(full.count - 1, a + Self.repetitionReach) where b != a {
                guard norms[a] > 0, norms[b] > 0 else { continue }
                var dot = 0.0
                for s in 0..<slotsPerBar { dot += vectors[a][s] * vectors[b][s] }
                if dot / (norms[a] * norms[b]) >= Self.repetitionSimilarity {
                    for s in 0..<slotsPerBar { sum[s] += vectors[b][s] }
                    count += 1
                }
            }
            updated[a] = (0..<slotsPerBar).map { (1 - style.repetition) * vectors[a][$0] + style.repetition * sum[$0] / count }
        }
        for (a, k) in full.enumerated() {
            for (s, i) in bars[k]!.enumerated() { lines[i].salience = updated[a][s] }
        }
    }

    /// The best `count` of `candidates` (indices into `lines`) by salience times level weight to the power
    /// `power`, none closer than `minGap` seconds to another; fewer when the gap leaves no more room.
    static func choose(_ lines: [Line], candidates: [Int], count: Int, power: Double, minGap: Double, style: DraftStyle) -> [Int] {
        let order = candidates.sorted { a, b in
            let sa = lines[a].salience * pow(style.weight(ofLevel: lines[a].level), power)
            let sb = lines[b].salience * pow(style.weight(ofLevel: lines[b].level), power)
            return sa != sb ? sa > sb : a < b
        }
        var taken = Set<Int>()
        var picked: [Int] = []
        // Lines are in time order: the nearest taken ones are found by walking out from a line.
        for i in order {
            if picked.count >= count { break }
            var clear = true
            var j = i - 1
            while j >= 0, lines[i].time - lines[j].time < minGap - 1e-9 {
                if taken.contains(j) { clear = false }
                j -= 1
            }
            j = i + 1
            while clear, j < lines.count, lines[j].time - lines[i].time < minGap - 1e-9 {
                if taken.contains(j) { clear = false }
                j += 1
            }
            guard clear else { continue }
            taken.insert(i)
            picked.append(i)
        }
        return picked.sorted()
    }

    /// Drafts `levels` between `start` and `end` (audio seconds), hits at least `minGap` seconds apart. The hardest
    /// level is drafted first; each easier one is a subset of the one above it. Throws when a level cannot hold its
    /// count.
    public func draft(levels: [Level], from start: Double, to end: Double, minGap: Double) throws(Failure) -> [Draft] {
        let lines = scoredLines(from: start, to: end)
        let ordered = levels.enumerated().sorted { ($0.element.count, $0.offset) > ($1.element.count, $1.offset) }
        guard let hardest = ordered.first?.element.count else { return [] }
        var candidates = Array(lines.indices)
        var drafts: [(Int, Draft)] = []
        for (index, level) in ordered {
            // Easier levels lean on the coarser lines: the weights' power grows by one for each halving of the count.
            let power = 1 + log2(Double(hardest) / Double(max(1, level.count)))
            let picked = Self.choose(lines, candidates: candidates, count: level.count, power: power, minGap: minGap, style: style)
            guard picked.count == level.count else {
                throw Failure(
                    description: String(
                        format:
                            "%@: only %d of %d hits fit between %.3f s and %.3f s with hits %.0f ms apart on the %@ lines; allow closer hits, widen the range or ask for fewer",
                        level.name, picked.count, level.count, start, end, minGap * 1000,
                        style.usedLevels.map(Subdivision.name).joined(separator: ", ")))
            }
            candidates = picked
            drafts.append((index, Draft(name: level.name, times: picked.map { lines[$0].time }, beats: picked.map { lines[$0].beat })))
        }
        return drafts.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// How many lines the range offers (an upper bound on any level's count).
    public func lineCount(from start: Double, to end: Double) -> Int { lines(from: start, to: end).count }
}
