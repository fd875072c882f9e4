import Foundation

/// Makes a fitted tempo map exact enough to snap hits to: each section's tempo and phase are refined on the onset
/// strength itself, by folding it at the beat period (the onset strength of every frame added into a histogram of
/// its phase in the beat, 1 ms bins, smoothed by a triangle ±8 ms wide) and taking the tempo and phase whose fold peaks highest.
/// This is the comb-filter idea of Scheirer ("Tempo and beat analysis of acoustic musical signals", JASA 103(1),
/// 1998) evaluated over a whole section rather than tracked: a tempo off by 0.05 % moves the last beat of a 3-minute
/// song by 50 ms, which a beat tracker's 10 ms frames cannot see but a fold over the song can. The fold cannot tell
/// the beat from the off-beat; the tracked beats (`BeatTracker`) choose between the two.
public enum GridRefine {
    /// How far each side of the seed tempo the search goes, as a fraction (0.4 %).
    static let searchWidth = 0.004
    /// Histogram bin of the fold, in seconds.
    static let binSeconds = 0.001
    /// Half-width of the fold's triangular smoothing, in bins (±8 ms: the spread of onsets around a beat).
    static let smoothBins = 8

    /// The fold's best phase and its height for a beat period of `period` seconds, over frames `frames`.
    static func fold(_ onset: OnsetStrength, frames: Range<Int>, period: Double) -> (phase: Double, height: Double) {
        let bins = max(8, Int(period / binSeconds))
        var histogram = [Double](repeating: 0, count: bins)
        for f in frames {
            let t = onset.time(ofFrame: Double(f))
            var p = t.truncatingRemainder(dividingBy: period)
            if p < 0 { p += period }
            histogram[min(bins - 1, Int(p / period * Double(bins)))] += Double(onset.values[f])
        }
        // A triangular kernel (a box of ±`smoothBins` / 2 applied twice) of half-width `smoothBins`: its peak rises as the
        // onsets gather, so the best tempo is the one that gathers them most, not any whose spread fits inside a box.
        let r = smoothBins / 2
        func box(_ x: [Double]) -> [Double] {
            var out = [Double](repeating: 0, count: bins)
            var window = 0.0
            for k in -r...r { window += x[(k % bins + bins) % bins] }
            for i in 0..<bins {
                out[i] = window
                window += x[(i + r + 1) % bins] - x[((i - r) % bins + bins) % bins]
            }
            return out
        }
        let smooth = box(box(histogram))
        var best = (phase: 0.0, height: -Double.infinity)
        for i in 0..<bins where smooth[i] > best.height { best = ((Double(i) + 0.5) / Double(bins) * period, smooth[i]) }
        return best
    }

    /// The tempo (BPM) near `seed` and the phase (seconds, in 0..<60/bpm) whose fold over `frames` peaks highest:
    /// a coarse search in steps of 0.01 % over ±`searchWidth`, then a fine one in steps of 0.0001 % around it.
    /// With `fixed`, only the phase is searched.
    public static func refine(_ onset: OnsetStrength, frames: Range<Int>, seed: Double, fixed: Bool = false) -> (bpm: Double, phase: Double)
    {
        if fixed { return (seed, fold(onset, frames: frames, period: 60 / seed).phase) }
        var best = (bpm: seed, phase: 0.0, height: -Double.infinity)
        func consider(_ bpm: Double) {
            let f = fold(onset, frames: frames, period: 60 / bpm)
            if f.height > best.height { best = (bpm, f.phase, f.height) }
        }
        let coarse = seed * 1e-4
        for k in -40...40 { consider(seed + Double(k) * coarse) }
        let centre = best.bpm
        for k in -100...100 where k != 0 { consider(centre + Double(k) * coarse / 100) }
        return (best.bpm, best.phase)
    }

    /// The beat or the off-beat: of `phase` and `phase` + half a period, the one nearer the circular mean phase of
    /// `beats` (tracked beats inside the section); `phase` when there are none.
    static func choosePhase(_ phase: Double, period: Double, beats: [Double]) -> Double {
        guard !beats.isEmpty else { return phase }
        var x = 0.0, y = 0.0
        for b in beats {
            let a = 2 * Double.pi * b / period
            x += cos(a)
            y += sin(a)
        }
        var mean = atan2(y, x) / (2 * Double.pi) * period
        if mean < 0 { mean += period }
        func distance(_ a: Double) -> Double {
            let d = abs(a - mean).truncatingRemainder(dividingBy: period)
            return min(d, period - d)
        }
        let other = (phase + period / 2).truncatingRemainder(dividingBy: period)
        return distance(other) < distance(phase) ? other : phase
    }

    /// `map` with each section's tempo and phase refined on `onset` (tracked `beats` choose beat or off-beat): each
    /// section restarts the grid at its refined line nearest its old start, as a timing point does. With
    /// `fixedTempo`, tempos are kept and only phases refined. The map itself when a section is too short to fold
    /// (under 4 s).
    public static func refine(_ map: TempoMap, onset: OnsetStrength, beats: [Double], fixedTempo: Bool = false) -> TempoMap {
        var points: [(time: Double, bpm: Double)] = []
        let sections = map.sections
        for (i, s) in sections.enumerated() {
            let start = i == 0 ? 0 : s.time
            let end = i + 1 < sections.count ? sections[i + 1].time : onset.time(ofFrame: Double(onset.values.count))
            let first = max(0, Int(onset.frame(ofTime: start).rounded(.up)))
            let last = min(onset.values.count, Int(onset.frame(ofTime: end)))
            guard last - first >= Int(4 * onset.framesPerSecond) else { return map }
            let r = refine(onset, frames: first..<last, seed: s.bpm, fixed: fixedTempo)
            let period = 60 / r.bpm
            let phase = choosePhase(r.phase, period: period, beats: beats.filter { $0 >= start && $0 < end })
            // The line of the refined grid nearest the section's start; the first section starts at its first line.
            let k = ((s.time - phase) / period).rounded()
            var time = phase + k * period
            if i == 0 { time -= (time / period).rounded(.down) * period }
            if let last = points.last, time <= last.time { continue }
            points.append((time, r.bpm))
        }
        return TempoMap(timingPoints: points, beatsPerBar: map.beatsPerBar) ?? map
    }
}
