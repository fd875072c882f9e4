import Foundation

/// Makes a fitted tempo map exact enough to snap hits to: each section's tempo and phase are refined on the onset
/// strength itself, by folding it at the beat period (the onset strength's peaks, each at its interpolated time,
/// added into a histogram of their phase in the beat, 1 ms bins, smoothed by a triangle ±8 ms wide) and taking the
/// tempo and phase whose fold peaks highest.
/// This is the comb-filter idea of Scheirer ("Tempo and beat analysis of acoustic musical signals", JASA 103(1),
/// 1998) evaluated over a whole section rather than tracked: a tempo off by 0.05 % moves the last beat of a 3-minute
/// song by 50 ms, which a beat tracker's 10 ms frames cannot see but a fold over the song can. The fold cannot tell
/// the beat from the off-beat; the tracked beats (`BeatTracker`) choose between the two.
public enum GridRefine {
    /// How far each side of the seed tempo the search goes, as a fraction (0.4 %).
    public static let searchWidth = 0.004
    /// How near a whole BPM must be to the best tempo to be considered (0.2 %: over a stretch of 12.5 s or more
    /// `roundDrift` is the nearer bound; a section of 20 s read 124.87 for a song at 125); a half BPM, half as near.
    static let roundWithin = 0.002
    /// How much lower a round tempo's fold may peak than the best's and still be taken (0.5 %).
    static let roundTolerance = 0.005
    /// Seconds by which a whole or half BPM's grid may part from the best tempo's over a stretch and still be taken: half
    /// of `beatmap check`'s default tolerance, the drift at which the check says a map drifts against its track
    /// (`beatmap.drift`), so that a tempo the check would accept as the track's is never passed over for one a few
    /// hundredths of a BPM off it. A song's onsets read from its audio fold a few hundredths of a percent off the tempo
    /// it was made at (Mecha-Tribe Assault, made and charted at 180, folds best at 179.965: 20 ms apart over its 105 s),
    /// and a chart author writes the round one.
    static let roundDrift = BeatCheckTuning.defaultTolerance / 2
    /// Histogram bin of the fold, in seconds.
    static let binSeconds = 0.001
    /// Half-width of the fold's triangular smoothing, in bins (±8 ms: the spread of onsets around a beat).
    static let smoothBins = 8

    /// The onset strength's peaks in `frames`, each at its parabolically interpolated time (frames are 10 ms apart; an
    /// onset between two frames would otherwise fold as if it sat on one, and a short song's fold would be noise).
    static func peaks(_ onset: OnsetStrength, frames: Range<Int>) -> [(time: Double, value: Double)] {
        let v = onset.values
        var out: [(time: Double, value: Double)] = []
        for f in frames where f > 0 && f + 1 < v.count && v[f] > v[f - 1] && v[f] >= v[f + 1] {
            let (y0, y1, y2) = (Double(v[f - 1]), Double(v[f]), Double(v[f + 1]))
            let delta = PeakInterpolation.offset(y0, y1, y2)
            out.append((onset.time(ofFrame: Double(f) + delta), y1))
        }
        return out
    }

    /// The fold's best phase and its height for a beat period of `period` seconds, over `peaks`.
    static func fold(_ peaks: [(time: Double, value: Double)], period: Double) -> (phase: Double, height: Double) {
        let bins = max(8, Int(period / binSeconds))
        var histogram = [Double](repeating: 0, count: bins)
        for p in peaks {
            var phase = p.time.truncatingRemainder(dividingBy: period)
            if phase < 0 { phase += period }
            histogram[min(bins - 1, Int(phase / period * Double(bins)))] += p.value
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
    /// a coarse search in steps of 0.01 % over ±`width` (`searchWidth` unless given), then a fine one in steps of 0.0001 %
    /// around it; then a whole BPM within 0.2 % or a half within 0.1 % whose grid parts from it by at most `roundDrift` over the stretch,
    /// or that folds nearly as well (`roundTolerance`), is preferred.
    /// With `fixed`, only the phase is searched. `width` widens the coarse search (a fraction each side) for a seed
    /// read from a short stretch, whose lag is coarser (20 s of a 125 BPM song read 124).
    public static func refine(
        _ onset: OnsetStrength, frames: Range<Int>, seed: Double, fixed: Bool = false, width: Double = searchWidth
    ) -> (bpm: Double, phase: Double) {
        let peaks = peaks(onset, frames: frames)
        if fixed { return (seed, fold(peaks, period: 60 / seed).phase) }
        var best = (bpm: seed, phase: 0.0, height: -Double.infinity)
        func consider(_ bpm: Double) {
            let f = fold(peaks, period: 60 / bpm)
            if f.height > best.height { best = (bpm, f.phase, f.height) }
        }
        let coarse = seed * 1e-4
        let steps = max(1, Int((width / 1e-4).rounded()))
        for k in -steps...steps { consider(seed + Double(k) * coarse) }
        let centre = best.bpm
        for k in -100...100 where k != 0 { consider(centre + Double(k) * coarse / 100) }
        // Songs are made at round tempos: a whole BPM within 0.2 % or a half within 0.1 % is the tempo when the two grids
        // part by no more than the check accepts over the stretch (`roundDrift`), or when its fold peaks within 0.5 % of
        // the best.
        let seconds = Double(frames.count) / onset.framesPerSecond
        for (round, within) in [(best.bpm.rounded(), roundWithin), ((best.bpm * 2).rounded() / 2, roundWithin / 2)]
        where abs(round / best.bpm - 1) <= within {
            let f = fold(peaks, period: 60 / round)
            if abs(round / best.bpm - 1) * seconds <= roundDrift || f.height >= (1 - roundTolerance) * best.height {
                return (round, f.phase)
            }
        }
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
    /// `fixedTempo`, tempos are kept and only phases refined. When a section is too short to fold (under 4 s), the song
    /// is refined as one section at the tempo held longest; the map itself when that one is too short.
    public static func refine(_ map: TempoMap, onset: OnsetStrength, beats: [Double], fixedTempo: Bool = false) -> TempoMap {
        var points: [(time: Double, bpm: Double)] = []
        let sections = map.sections
        for (i, s) in sections.enumerated() {
            let start = i == 0 ? 0 : s.time
            let end = i + 1 < sections.count ? sections[i + 1].time : onset.time(ofFrame: Double(onset.values.count))
            let first = max(0, Int(onset.frame(ofTime: start).rounded(.up)))
            let last = min(onset.values.count, Int(onset.frame(ofTime: end)))
            guard last - first >= Int(4 * onset.framesPerSecond) else {
                // A section too short to fold: one tempo, the one held longest, refined over the whole song.
                guard sections.count > 1 else { return map }
                let end = onset.time(ofFrame: Double(onset.values.count))
                return refine(
                    TempoMap(offset: map.offset, bpm: map.mainBPM(from: 0, to: end), beatsPerBar: map.beatsPerBar), onset: onset,
                    beats: beats, fixedTempo: fixedTempo)
            }
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
