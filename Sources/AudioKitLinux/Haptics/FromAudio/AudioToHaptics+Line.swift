import Foundation

/// What the continuous intensity of `AudioToHaptics` follows.
extension AudioToHaptics {
    /// The amplitude the continuous intensity follows, every millisecond (normalised, with the gain, under the noise
    /// floor's expander): the follower's level, or under Studio's analysis its breakpoints' line (`studio`, the emphasis
    /// that did not rise enough dropped); and `sound`, what a plot draws as the sound under that line (nil: the amplitude
    /// itself).
    static func intensityLine(_ features: SoundFeatures, options: AudioToHapticsOptions, breakpoints: StudioAnalysis.Breakpoints?)
        -> (amplitude: [Float], studio: StudioAnalysis.Result?, sound: [Float]?)
    {
        let gain = outputGain(features, options: options)
        // The curves follow the follower's level at each millisecond's end (Studio's instants); the peaks pick transients.
        let levels = features.followed
        // The sound after normalising and gain, clamped at 1 as Studio clamps its follower.
        let scaled = levels.map { Float(min(1, Double($0) * gain)) }
        // Studio's analysis reads the sound's own level (Studio's thresholds are on it), with the gain when not normalised;
        // normalised, its result is scaled after.
        var studio = options.studio.map {
            studioAnalysis($0, levels: studioLevels(levels, options: options), features: features, breakpoints: breakpoints)
                .scaled(by: options.normalize ? gain : 1)
                .rising(levels, by: options.emphasisMinimumRise)
        }
        var amplitude = studio?.everyMillisecond(count: levels.count) ?? scaled
        let loudest = Double(amplitude.max() ?? 0)
        if let decibels = options.noiseFloorDecibels, decibels < 0 {
            // The floor sits below the loudest value, and the scale keeps that value where it was.
            let floor = Float(loudest * pow(10, decibels / 20)), scale = Float(loudest) / max(Float(loudest) - floor, .leastNormalMagnitude)
            amplitude = amplitude.map { max(0, $0 - floor) * scale }
            if let line = studio { studio?.values = line.values.map { max(0, $0 - Double(floor)) * Double(scale) } }
        }
        return (amplitude, studio, studio == nil ? nil : scaled)
    }

    /// From the follower's level to the pattern's amplitude: `--gain`, after scaling the sound's peak to 1 when the
    /// options normalise.
    static func outputGain(_ features: SoundFeatures, options: AudioToHapticsOptions) -> Double {
        let peak = Double(features.peak)
        return pow(10, options.gainDecibels / 20) * (options.normalize ? (peak > 0 ? 1 / peak : 0) : 1)
    }
}
