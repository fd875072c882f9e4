import Foundation

/// The kind of game sound a haptic pattern is made for, which `--preset auto` picks the settings by.
public enum SoundKind: String, Sendable, CaseIterable {
    /// Hits, thuds, explosions, shots, steps: a sharp attack that decays.
    case impact
    /// Clicks, confirmations, errors, pickups: short interface sounds.
    case ui
    /// Music: long, with onsets all through it.
    case music
    /// Engines, ambiences, loops: long and steady, few onsets.
    case loop
    /// Speech: syllables, the level modulated at 3–8 times a second.
    case voice
}

/// What `SoundClassifier` measures of a sound.
public struct SoundDescriptors: Sendable, Hashable {
    /// Length of the sound from its first to its last sounding millisecond (above −30 dB of the peak), in seconds.
    public var soundingDuration: Double
    /// Share of the sounding milliseconds within 12 dB of the peak: near 1 for a steady sound, small for one that decays.
    public var sustain: Double
    /// Onsets per second of sounding time (`TransientPicker` at sensitivity 0.5, 100 ms apart).
    public var onsetRate: Double
    /// Median spectral centroid of the frames above the gate, in Hz (0 with none).
    public var centroid: Double
    /// Median spectral flatness of the frames above the gate: near 0 for a tone, near 1 for noise (0 with none).
    public var flatness: Double
    /// Share of 20 ms frames quieter than half the mean level of the second around them, averaged over the sounding
    /// seconds (Scheirer and Slaney's "percentage of low-energy frames"): high for speech, whose words are separated by
    /// short pauses, low for most music; −1 for a sound under a second.
    public var lowEnergyShare: Double
    /// How periodic the onsets are: the largest normalised autocorrelation of the spectral flux (mean removed) at a lag
    /// of 0.25–1.5 s, a beat of 40–240 BPM (Ellis, "Beat Tracking by Dynamic Programming", JNMR 36(1), 2007, §3.1),
    /// over the first minute; 0 for a sound under 3 s. Music with a beat scores 0.2 and more, speech and noise under 0.1.
    public var periodicity: Double

    /// Descriptors with the given values.
    public init(
        soundingDuration: Double, sustain: Double, onsetRate: Double, centroid: Double, flatness: Double, lowEnergyShare: Double,
        periodicity: Double
    ) {
        self.soundingDuration = soundingDuration
        self.sustain = sustain
        self.onsetRate = onsetRate
        self.centroid = centroid
        self.flatness = flatness
        self.lowEnergyShare = lowEnergyShare
        self.periodicity = periodicity
    }
}

/// Tells which kind of game sound a sound is, from a few descriptors, by fixed rules (a decision list; the first that
/// matches wins):
///
/// 1. **voice**: sounding at least 2 s, 25–50 % low-energy frames, 1.5–5 onsets per second, no beat (periodicity
///    under 0.15), the centroid between 300 Hz and 3 kHz and a tonal spectrum (flatness under 0.1). The low-energy
///    share and the syllable-like onset rate are features Scheirer and Slaney found to part speech from music
///    ("Construction and evaluation of a robust multifeature speech/music discriminator", ICASSP 1997); the others keep
///    out music, noise and sparse hits.
/// 2. **music**: sounding at least 4 s with a beat (periodicity ≥ 0.15).
/// 3. **loop**: sounding at least 4 s without a beat, or at least 1.5 s and steady (sustain ≥ 0.75): an engine, a
///    drone, an ambience.
/// 4. **impact**: a noisy spectrum (flatness ≥ 0.02) or a sound that decays at once (sustain under 0.3): a hit, a
///    shot, an explosion, a step.
/// 5. **ui**: the rest: short tonal sounds, a beep, a chime, a click.
///
/// The thresholds are round figures, fixed and documented here. How well the kinds agree with the labels of the
/// corpus, and whether a setting per kind beats one setting for all on sounds it was not chosen on, is measured by
/// `akl-bench haptics-cv` (bench/RESULTS.md).
public enum SoundClassifier {
    /// The kind of the sound with `features`, and the descriptors it was told by.
    public static func classify(_ features: SoundFeatures) -> (kind: SoundKind, descriptors: SoundDescriptors) {
        let d = descriptors(features)
        return (kind(of: d), d)
    }

    /// The kind the rules give for `d`.
    public static func kind(of d: SoundDescriptors) -> SoundKind {
        if d.soundingDuration >= 2, (0.25...0.5).contains(d.lowEnergyShare), (1.5...5).contains(d.onsetRate), d.periodicity < 0.15,
            (300...3000).contains(d.centroid), d.flatness < 0.1
        {
            return .voice
        }
        if d.soundingDuration >= 4 && d.periodicity >= 0.15 { return .music }
        if d.soundingDuration >= 4 || (d.soundingDuration >= 1.5 && d.sustain >= 0.75) { return .loop }
        if d.flatness >= 0.02 || d.sustain < 0.3 { return .impact }
        return .ui
    }

    /// The descriptors of the sound with `features`.
    public static func descriptors(_ features: SoundFeatures) -> SoundDescriptors {
        let envelope = features.envelope
        let peak = envelope.max() ?? 0
        guard peak > 0 else {
            return SoundDescriptors(
                soundingDuration: 0, sustain: 0, onsetRate: 0, centroid: 0, flatness: 0, lowEnergyShare: -1, periodicity: 0)
        }
        let sounding = peak * Float(pow(10, -30.0 / 20)), loud = peak * Float(pow(10, -12.0 / 20))
        let first = envelope.firstIndex { $0 >= sounding } ?? 0
        let last = envelope.lastIndex { $0 >= sounding } ?? 0
        let span = Array(envelope[first...last])
        let soundingCount = span.filter { $0 >= sounding }.count
        let sustain = Double(span.filter { $0 >= loud }.count) / Double(max(1, soundingCount))
        let seconds = Double(span.count) / 1000
        let onsets = TransientPicker().onsets(envelope: envelope, flux: features.flux, frameStep: features.frameStep)
        return SoundDescriptors(
            soundingDuration: seconds, sustain: sustain, onsetRate: Double(onsets.count) / max(seconds, 0.001),
            centroid: centre(features.centroid), flatness: centre(features.flatness), lowEnergyShare: lowEnergyShare(span, peak: peak),
            periodicity: seconds >= 3 ? periodicity(features.flux, frameStep: features.frameStep) : 0)
    }

    /// The upper median (`Median.upper`) of the values that are not NaN (0 with none).
    static func centre(_ values: [Float]) -> Double {
        Median.upper(values.filter { !$0.isNaN }).map(Double.init) ?? 0
    }

    /// The largest normalised autocorrelation of `flux` (mean removed, first minute) at lags of 0.25–1.5 s.
    static func periodicity(_ flux: [Float], frameStep: Double) -> Double {
        guard frameStep > 0 else { return 0 }
        let values = flux.prefix(Int(60 / frameStep)).map(Double.init)
        let mean = values.reduce(0, +) / Double(max(1, values.count))
        let x = values.map { $0 - mean }
        let energy = x.reduce(0) { $0 + $1 * $1 }
        let shortest = Int((0.25 / frameStep).rounded()), longest = Int((1.5 / frameStep).rounded())
        guard energy > 0, x.count > longest * 2 else { return 0 }
        var best = 0.0
        for lag in shortest...longest {
            var sum = 0.0
            for i in 0..<(x.count - lag) { sum += x[i] * x[i + lag] }
            best = max(best, sum / energy)
        }
        return best
    }

    /// Scheirer and Slaney's low-energy share on the millisecond envelope: 20 ms frames, one-second windows every half
    /// second; windows quieter than −40 dB of the peak are skipped.
    static func lowEnergyShare(_ envelope: [Float], peak: Float) -> Double {
        let frames = stride(from: 0, to: envelope.count - 19, by: 20).map { k in envelope[k..<(k + 20)].reduce(0, +) / 20 }
        guard frames.count >= 50 else { return -1 }
        var shares: [Double] = []
        for start in stride(from: 0, through: frames.count - 50, by: 25) {
            let window = frames[start..<(start + 50)]
            let mean = window.reduce(0, +) / 50
            guard mean >= peak * 0.01 else { continue }
            shares.append(Double(window.filter { $0 < 0.5 * mean }.count) / 50)
        }
        return shares.isEmpty ? -1 : shares.reduce(0, +) / Double(shares.count)
    }
}
