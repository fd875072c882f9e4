import Foundation

/// The transients of `AudioToHaptics`: where they go, what they play, and how the continuous events make way for them.
extension AudioToHaptics {
    /// The transient picker's onsets on the envelope's peaks. The envelope's last value closes a partial millisecond at
    /// the next whole one: an onset there lies past the end, and is left out.
    static func pickedOnsets(_ features: SoundFeatures, options: AudioToHapticsOptions) -> [TransientPicker.Onset] {
        options.transients.onsets(envelope: features.envelope, flux: features.flux, frameStep: features.frameStep)
            .filter { $0.time <= features.duration }
    }

    /// The transients' onsets, and the times of those the continuous intensity ducks under: the picker's (all ducked), or
    /// Studio's emphasis (whose amplitudes already carry the gain: their height is the amplitude over `scale`, the peak
    /// times the gain, as `transients` scales back; none ducked, their breakpoints dip). With `ownOnsets`, every one of the
    /// picker's onsets (where it lies within the picker's minimum spacing of an emphasis, it stands for that emphasis,
    /// on the sound's onset rather than on the breakpoint after it; the others are ducked), and the emphasis with no
    /// onset of the picker's that near.
    static func onsets(_ features: SoundFeatures, options: AudioToHapticsOptions, studio: StudioAnalysis.Result?, scale: Double)
        -> (onsets: [TransientPicker.Onset], ducked: [Double])
    {
        let picked = studio == nil || options.ownOnsets ? pickedOnsets(features, options: options) : []
        guard let studio else { return (picked, picked.map(\.time)) }
        let emphasis = studio.emphasis.filter { $0.time <= features.duration }.map {
            TransientPicker.Onset(
                time: $0.time, peakTime: $0.time, height: scale > 0 ? $0.amplitude / scale : 0, rise: 0, score: $0.sharpness)
        }
        guard options.ownOnsets else { return (emphasis, []) }
        let spacing = options.transients.minimumSpacing
        let pickedTimes = picked.map(\.time), emphasisTimes = emphasis.map(\.time)
        let studioOnly = emphasis.filter { !SortedTimes.contains(pickedTimes, near: $0.time, within: spacing) }
        let ducked = pickedTimes.filter { !SortedTimes.contains(emphasisTimes, near: $0, within: spacing) }
        return ((picked + studioOnly).sorted { $0.time < $1.time }, ducked)
    }

    /// A transient for each onset: its intensity the square root of its height in the envelope times `scale` (the peak
    /// and the gain), its sharpness from the spectral centroid there, or its score (Studio's emphasis sharpness) with
    /// `sharpnessFromScore`.
    static func transients(_ onsets: [TransientPicker.Onset], features: SoundFeatures, scale: Double, sharpnessFromScore: Bool = false)
        -> [AHAPEvent]
    {
        onsets.map { onset -> AHAPEvent in
            let intensity = (min(1, onset.height * scale)).squareRoot()
            let sharpness =
                sharpnessFromScore
                ? min(1, max(0, onset.score)) : features.centroid(near: onset.time).map { Self.sharpness(centroid: Double($0)) } ?? 0.5
            return AHAPEvent(
                .hapticTransient, time: patternTime(onset.time),
                parameters: [
                    AHAPEventParameter(.hapticIntensity, round(intensity, 1e-4)),
                    AHAPEventParameter(.hapticSharpness, round(sharpness, 1e-4)),
                ])
        }
    }

    /// How long before and after a transient the curves stop, in a pattern with both (seconds).
    static let curveBreak = 0.0005
    /// How long a transient takes over from the continuous events (a Core Haptics transient lasts about 15 ms).
    static let handOverLength = 0.015

    /// The share of the continuous intensity kept at `time` near the transients at `breaks`: 1 − `ducking` during the
    /// first half of `handOverLength` after a transient, then a raised-cosine return to all of it, so that transient and
    /// continuous events together follow the sound instead of adding up at its onsets.
    static func handOver(_ time: Double, breaks: [Double], ducking: Double) -> Double {
        let low = SortedTimes.upperBound(breaks, time)
        guard low > 0 else { return 1 }
        let since = time - breaks[low - 1]
        let half = handOverLength / 2
        let kept = 1 - min(1, max(0, ducking))
        if since >= handOverLength { return 1 }
        if since < half { return kept }
        return kept + (1 - kept) * 0.5 * (1 - cos(Double.pi * (since - half) / half))
    }
}
