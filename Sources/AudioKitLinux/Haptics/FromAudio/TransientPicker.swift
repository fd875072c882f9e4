import Foundation

/// Finds the onsets of a sound that deserve a haptic transient: peaks of the amplitude envelope that rise sharply, each
/// scored by the spectral flux around it.
///
/// Method, after the emphasis detection of Meta Haptics Studio's audio analysis (MIT; method read, not copied) and the
/// peak-picking of Bello et al., "A Tutorial on Onset Detection in Music Signals", IEEE TASLP 13(5), 2005, §IV:
/// 1. candidates are local maxima of the envelope (normalised to the sound's peak) that rise by at least `minimumRise`
///    and by at least `relativeRise` of their own height within `riseWindow` before them;
/// 2. each is scored by the largest flux within the rise, normalised to the largest flux of the sound;
/// 3. candidates closer than `minimumSpacing` keep only the highest score;
/// 4. the onset time is the millisecond of the steepest rise before the peak; with `backtrack`, the start of that rise
///    instead: the nearest local minimum of the envelope before it, at most `backtrackLimit` back (the backtracking
///    of librosa's `onset_backtrack`, McFee et al., "librosa: Audio and Music Signal Analysis in Python", SciPy 2015,
///    after Jehan, *Creating Music by Listening*, MIT 2005, §3.4), so a slow rise does not put the transient late.
///
/// Unlike Studio's threshold, which sits between the sound's smallest and largest flux so that a file of identical
/// clicks can lose all of them, the thresholds here are absolute (a rise in normalised amplitude) and relative to the
/// strongest onset, so identical clicks are all kept.
public struct TransientPicker: Sendable, Hashable {
    /// 0…1: higher finds more, softer onsets.
    public var sensitivity: Double
    /// Shortest time between two transients, in seconds.
    public var minimumSpacing: Double
    /// How far back a rise is measured from its peak, in seconds.
    public var riseWindow: Double
    /// Put each onset at the start of its rise (the envelope's last local minimum before the steepest step) rather
    /// than at the steepest step.
    public var backtrack: Bool
    /// How far back from the steepest step a backtrack may go, in seconds.
    public var backtrackLimit: Double
    /// The smallest rise as a share of the peak's own height: 0.5 by default, so the level must at least double
    /// (6 dB); 0.3 takes a re-attack of 3 dB within a sound that is already loud.
    public var relativeRise: Double

    /// A picker with the given sensitivity (0…1), spacing, rise window and relative rise, onsets at the steepest rise
    /// or, with `backtrack`, at the rise's start.
    public init(
        sensitivity: Double = 0.5, minimumSpacing: Double = 0.1, riseWindow: Double = 0.02, backtrack: Bool = false,
        backtrackLimit: Double = 0.05, relativeRise: Double = 0.5
    ) {
        self.relativeRise = relativeRise
        self.sensitivity = sensitivity
        self.minimumSpacing = minimumSpacing
        self.riseWindow = riseWindow
        self.backtrack = backtrack
        self.backtrackLimit = backtrackLimit
    }

    /// The smallest rise, in amplitude normalised to the sound's peak: 0.30 at sensitivity 0, 0.12 at 0.5, 0.02 at 1.
    public var minimumRise: Double { 0.02 + 0.28 * pow(1 - min(1, max(0, sensitivity)), 1.3) }
    /// The smallest flux score, as a share of the strongest onset's: 0.25 at sensitivity 0, 0.125 at 0.5, none at 1.
    public var minimumScore: Double { 0.25 * (1 - min(1, max(0, sensitivity))) }

    /// One transient found.
    public struct Onset: Sendable, Hashable {
        /// Onset time in seconds: the steepest rise.
        public var time: Double
        /// Time of the envelope peak, in seconds.
        public var peakTime: Double
        /// The peak's height, normalised to the sound's peak (0…1).
        public var height: Double
        /// The rise in normalised amplitude.
        public var rise: Double
        /// The flux score, normalised to the sound's strongest (0…1); 1 when no flux is given.
        public var score: Double
    }

    /// The onsets of a sound with millisecond envelope `envelope` and STFT flux `flux` (frames `frameStep` seconds apart,
    /// frame n centred on n·frameStep); without flux, candidates are scored by their rise.
    public func onsets(envelope: [Float], flux: [Float] = [], frameStep: Double = 0) -> [Onset] {
        guard let peak = envelope.max(), peak > 0 else { return [] }
        let scale = 1 / Double(peak)
        let window = max(2, Int((riseWindow * 1000).rounded()))
        let maxFlux = Double(flux.max() ?? 0)
        var candidates: [Onset] = []
        let n = envelope.count
        var i = 1
        while i < n {
            let here = Double(envelope[i]) * scale
            // A peak: not below its left neighbour, above the next different value on the right (plateaus count once).
            guard envelope[i] >= envelope[i - 1] else {
                i += 1
                continue
            }
            var j = i + 1
            while j < n && envelope[j] == envelope[i] { j += 1 }
            guard j == n || envelope[j] < envelope[i] else {
                i = j
                continue
            }
            let start = max(0, i - window)
            var low = here
            var steepest = i
            var steepestStep = -Double.infinity
            for k in start..<i {
                low = min(low, Double(envelope[k]) * scale)
                let step = Double(envelope[k + 1]) - Double(envelope[k])
                if step > steepestStep {
                    steepestStep = step
                    steepest = k + 1
                }
            }
            if i - window < 0 { low = min(low, 0) }
            let rise = here - low
            if rise >= minimumRise && rise >= relativeRise * here {
                var score = 1.0
                if maxFlux > 0 && frameStep > 0 {
                    let from = max(0, Int((Double(start) / 1000 / frameStep).rounded(.down)))
                    let to = min(flux.count - 1, Int((Double(i) / 1000 / frameStep).rounded(.up)) + 1)
                    score = from <= to ? Double(flux[from...to].max() ?? 0) / maxFlux : 0
                } else if flux.isEmpty {
                    score = rise
                }
                var at = steepest
                if backtrack {
                    let floor = max(0, steepest - Int((backtrackLimit * 1000).rounded()))
                    while at > floor && envelope[at - 1] < envelope[at] { at -= 1 }
                }
                candidates.append(Onset(time: Double(at) / 1000, peakTime: Double(i) / 1000, height: here, rise: rise, score: score))
            }
            i = j
        }
        if flux.isEmpty, let best = candidates.map(\.score).max(), best > 0 {
            for k in candidates.indices { candidates[k].score /= best }
        }
        candidates = candidates.filter { $0.score >= minimumScore }
        return Self.spaced(candidates, minimumSpacing: minimumSpacing)
    }

    /// Keeps, of candidates closer than `minimumSpacing`, the one with the highest score (then the earlier), in time order.
    static func spaced(_ candidates: [Onset], minimumSpacing: Double) -> [Onset] {
        let ranked = candidates.indices.sorted {
            (candidates[$0].score, -candidates[$0].time) > (candidates[$1].score, -candidates[$1].time)
        }
        var kept: [Onset] = []
        var keptTimes: [Double] = []
        for index in ranked {
            let c = candidates[index]
            // keptTimes is sorted: only the neighbours either side of c's place can be too close.
            let low = SortedTimes.lowerBound(keptTimes, c.time)
            if low < keptTimes.count && keptTimes[low] - c.time < minimumSpacing - 1e-9 { continue }
            if low > 0 && c.time - keptTimes[low - 1] < minimumSpacing - 1e-9 { continue }
            keptTimes.insert(c.time, at: low)
            kept.insert(c, at: low)
        }
        return kept
    }
}
