import Foundation

extension DraftStyle {
    /// A chart of the team's with its song, to learn from.
    public struct Example: Sendable {
        /// The chart's hits, with its tempo map when it has one (else one is fitted to the hits).
        public let map: BeatMap
        /// The song's onset strength, split into `bandEdges` groups (`DraftAnalysis.onset`).
        public let onset: OnsetStrength
        /// The chart's name, for `learnedFrom`.
        public let name: String

        /// The chart `map` of the song whose onset strength is `onset`, called `name`.
        public init(map: BeatMap, onset: OnsetStrength, name: String) {
            self.map = map
            self.onset = onset
            self.name = name
        }
    }

    /// Hits further than this from every line of their chart's tempo map are not counted on a level (seconds).
    static let onLine = 0.010
    /// How far from a hit its onset is looked for when measuring the charts' offset (seconds).
    static let offsetReach = 0.070
    /// A level used by fewer than this share of the hits is not used by the charts learned from.
    static let unusedShare = 0.02
    /// The share of its built-in weight a level keeps when the charts learned from do not use it.
    static let unusedFloor = 0.1

    /// The style of `examples`: each level's weight is the share of its lines that carry a hit, relative to the most
    /// charted level's (a level under 2 % of the hits counts as unused; every level keeps at least a tenth of its
    /// built-in weight, so triplets stay off unless the charts use them); each band's weight is how well its salience separates
    /// charted lines from the others (the difference of the means over the pooled standard deviation, d′), the
    /// negative ones 0, the rest summing to 1; the offset is the median distance from each hit to the strongest onset
    /// within ±70 ms; the density is all hits over all spans; the minimum gap is 90 % of the 5th percentile of the
    /// gaps between hits, at least 60 ms (`beatmap lint`'s `beatmap.too_close`). Throws when no example holds a
    /// tempo map or at least 16 hits to fit one.
    public static func learn(from examples: [Example]) throws(ChartDrafter.Failure) -> DraftStyle {
        var linesAt: [Int: Double] = [:], hitsAt: [Int: Double] = [:]
        var onHits = [[Double]](repeating: [], count: bandNames.count), offHits = [[Double]](repeating: [], count: bandNames.count)
        var offsets: [Double] = [], gaps: [Double] = []
        var totalHits = 0.0, totalSpan = 0.0
        var names: [String] = []
        for example in examples {
            let times = example.map.times.filter(\.isFinite).sorted()
            guard times.count >= 2, let tempo = example.map.writtenTempoMap ?? TempoMapFit.fit(times) else {
                throw ChartDrafter.Failure(
                    description: "\(example.name): holds no tempo map and too few hits to fit one; give a chart or at least 16 hits")
            }
            names.append(example.name)
            let offset = chartOffset(times, onset: example.onset)
            offsets.append(contentsOf: offset.samples)
            var all = DraftStyle.standard
            all.subdivisions = Dictionary(uniqueKeysWithValues: levels.map { (Subdivision.name($0), 1.0) })
            all.repetition = 0
            all.offsetMs = offset.median * 1000
            let drafter = ChartDrafter(onset: example.onset, tempoMap: tempo, style: all)
            let lines = drafter.lines(from: times[0] - 1e-6, to: times[times.count - 1] + 1e-6)
            var charted = [Bool](repeating: false, count: lines.count)
            var j = 0
            for t in times {
                while j + 1 < lines.count, abs(lines[j + 1].time - t) <= abs(lines[j].time - t) { j += 1 }
                if j < lines.count, abs(lines[j].time - t) <= onLine { charted[j] = true }
            }
            for (i, line) in lines.enumerated() {
                linesAt[line.level, default: 0] += 1
                if charted[i] { hitsAt[line.level, default: 0] += 1 }
                let values = drafter.bandSaliences(at: line.time - offset.median)
                for b in values.indices {
                    if charted[i] { onHits[b].append(values[b]) } else { offHits[b].append(values[b]) }
                }
            }
            totalHits += Double(times.count)
            totalSpan += times[times.count - 1] - times[0]
            gaps += zip(times, times.dropFirst()).map { $1 - $0 }.filter { $0 >= 0.001 }
        }
        guard !names.isEmpty else { throw ChartDrafter.Failure(description: "no chart to learn from") }
        let charted = hitsAt.values.reduce(0, +)
        var rates: [Int: Double] = [:]
        for level in levels {
            let hits = hitsAt[level] ?? 0
            rates[level] = hits >= unusedShare * charted ? (hits + 1) / ((linesAt[level] ?? 0) + 2) : 0
        }
        let top = rates.values.max() ?? 0
        var style = DraftStyle.standard
        if top > 0 {
            // A level the built-in style uses keeps a tenth of its built-in weight: a song denser than the charts learned
            // from still has lines to fill, last.
            style.subdivisions = Dictionary(
                uniqueKeysWithValues: levels.map { level in
                    let learned = (rates[level] ?? 0) / top
                    return (Subdivision.name(level), (max(learned, unusedFloor * standard.weight(ofLevel: level)) * 1000).rounded() / 1000)
                })
        }
        let separation = bandNames.indices.map { b in max(0, dPrime(onHits[b], offHits[b])) }
        let sum = separation.reduce(0, +)
        if sum > 0 {
            style.bands = Dictionary(
                uniqueKeysWithValues: bandNames.indices.map { (bandNames[$0], ((separation[$0] / sum) * 1000).rounded() / 1000) })
        }
        style.offsetMs = offsets.count >= 10 ? (Median.of(offsets) * 10_000).rounded() / 10 : 0
        style.density = totalSpan > 0 ? ((totalHits / totalSpan) * 1000).rounded() / 1000 : nil
        if let p5 = Median.quantile(gaps.sorted(), 0.05) {
            style.minGapMs = max(60, (0.9 * p5 * 1000).rounded())
        }
        style.learnedFrom = names
        return style
    }

    /// The distances from each hit to the strongest onset within ±`offsetReach` (hits with a clear one: above
    /// twice the local mean), and their median (0 when fewer than 10).
    static func chartOffset(_ times: [Double], onset: OnsetStrength) -> (samples: [Double], median: Double) {
        let curve = ChartDrafter.normalize(onset.values, reach: Int(ChartDrafter.normalizingSeconds * onset.framesPerSecond))
        var samples: [Double] = []
        for t in times {
            let lo = max(0, Int(onset.frame(ofTime: t - offsetReach).rounded(.up)))
            let hi = min(curve.count - 1, Int(onset.frame(ofTime: t + offsetReach)))
            guard lo <= hi, let peak = (lo...hi).max(by: { curve[$0] < curve[$1] }), curve[peak] >= 2 else { continue }
            samples.append(t - onset.time(ofFrame: Double(peak)))
        }
        return (samples, samples.count >= 10 ? Median.of(samples) : 0)
    }

    /// (mean(a) − mean(b)) / √((var(a) + var(b)) / 2); 0 when either is empty or both are constant.
    static func dPrime(_ a: [Double], _ b: [Double]) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        func stats(_ x: [Double]) -> (Double, Double) {
            let m = x.reduce(0, +) / Double(x.count)
            return (m, x.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(x.count))
        }
        let (ma, va) = stats(a), (mb, vb) = stats(b)
        let s = ((va + vb) / 2).squareRoot()
        return s > 0 ? (ma - mb) / s : 0
    }
}

/// The analyses a draft rests on.
public enum DraftAnalysis {
    /// The onset strength of a song for drafting, split into `DraftStyle.bandEdges` groups: SuperFlux at 100 frames
    /// per second with a 10 ms lag (as `beatmap check` uses), the audio halved while above 24 kHz (bands up to about
    /// 10 kHz are kept: hats included), with each frame's pitch-class profile (`BeatPhase`'s chord changes).
    public static func onset(path: String, limits: AudioLimits = .standard) throws(InputError) -> OnsetStrength {
        try SpectralFlux.analyze(
            path: path, limits: limits, framesPerSecond: SpectralFlux.framesPerSecond, lagSeconds: 0.010, maxSampleRate: 24_000,
            groupEdges: DraftStyle.bandEdges, pitchClasses: true)
    }

    /// A tempo map fitted to the song: the tempo estimated (`TempoEstimator`, at `bpm` when given) and tracked, the
    /// tracked beats fitted into sections (`TempoMapFit`), and each section refined on the onset strength
    /// (`GridRefine`); with `bpm`, one section at that tempo whose phase alone is fitted. Nil when the song is too
    /// short or silent to hold a beat.
    ///
    /// A fold cannot tell the beat from the off-beat, and a beat tracker often cannot either; so the map is kept, or
    /// moved half a beat, by `BeatPhase` (the onsets on its lines against between them, and the chord changes across
    /// them, with `onset`'s pitch classes); without enough beats to tell, by which of the two carries more weighted
    /// salience on its lines in `style` (the grid that best explains the song as the style charts).
    public static func fittedTempoMap(
        _ onset: OnsetStrength, bpm: Double? = nil, range: ClosedRange<Double> = 40...250, style: DraftStyle = .standard
    ) -> TempoMap? {
        guard let map = refinedTempoMap(onset, bpm: bpm, range: range) else { return nil }
        let halfBeat = map.timingPointsShifted(byBeats: 0.5)
        let span = soundingSpan(onset)
        if let evidence = BeatPhase.evidence(onset, tempo: map, from: span.start, to: span.end) {
            return evidence < 0 ? halfBeat : map
        }
        func fitness(_ m: TempoMap) -> Double {
            let drafter = ChartDrafter(onset: onset, tempoMap: m, style: style)
            return drafter.lines(from: span.start, to: span.end).reduce(0) {
                $0 + drafter.salience(at: $1.time) * style.weight(ofLevel: $1.level)
            }
        }
        return fitness(halfBeat) > fitness(map) ? halfBeat : map
    }

    /// For a song that changes tempo (`TempoChanges`, every stretch's tempo inside `range`): a tempo map with a section
    /// for each stretch, and the beats tracked in each at its own tempo. Nil for a song of one tempo.
    static func sectionedSeed(_ onset: OnsetStrength, range: ClosedRange<Double>) -> (TempoMap, [Double])? {
        let stretches = TempoChanges.stretches(onset)
        guard stretches.count > 1, stretches.allSatisfy({ range.contains($0.bpm) }) else { return nil }
        let end = onset.time(ofFrame: Double(onset.values.count))
        var beats: [Double] = []
        for (i, s) in stretches.enumerated() {
            let frames = TempoChanges.frames(onset, from: s.time, to: i + 1 < stretches.count ? stretches[i + 1].time : end)
            let shift = Double(frames.lowerBound) / onset.framesPerSecond
            beats += BeatTracker.track(onset.slice(frames), bpm: s.bpm).map { $0 + shift }
        }
        beats.sort()
        guard let first = beats.first,
            let seed = TempoMap(timingPoints: [(first, stretches[0].bpm)] + stretches.dropFirst().map { ($0.time, $0.bpm) })
        else { return nil }
        return (seed, beats)
    }

    /// The tracked, fitted and refined tempo map of `fittedTempoMap`, before the choice of beat or off-beat; for a song
    /// that changes tempo, a section for each of its stretches (`sectionedSeed`).
    static func refinedTempoMap(_ onset: OnsetStrength, bpm: Double?, range: ClosedRange<Double>) -> TempoMap? {
        guard let estimate = TempoEstimator.estimate(onset, range: range, hint: bpm) else { return nil }
        if bpm == nil, let (seed, beats) = sectionedSeed(onset, range: range) {
            return GridRefine.refine(seed, onset: onset, beats: beats)
        }
        let beats = bpm.map { BeatTracker.track(onset, bpm: $0) } ?? estimate.beats
        guard let first = beats.first else { return nil }
        let seed: TempoMap
        if let bpm {
            seed = TempoMap(offset: first, bpm: bpm)
        } else {
            seed = TempoMapFit.fit(beats, audioBPM: estimate.bpm) ?? TempoMap(offset: first, bpm: estimate.bpm)
        }
        return GridRefine.refine(seed, onset: onset, beats: beats, fixedTempo: bpm != nil)
    }
}
