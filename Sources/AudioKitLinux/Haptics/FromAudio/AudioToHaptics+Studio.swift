import Foundation

/// The `studio` preset's parts of `AudioToHaptics`: Studio's analysis of the features, its sharpness, and the options
/// its curves are drawn with.
extension AudioToHaptics {
    /// Studio's analysis of the follower's `levels`, on Studio's own flux when the features carry it (else on ours).
    static func studioAnalysis(_ analysis: StudioAnalysis, levels: [Float], features: SoundFeatures) -> StudioAnalysis.Result {
        features.studioFlux.isEmpty
            ? analysis.analyze(levels: levels, flux: features.flux, frameStep: features.frameStep)
            : analysis.analyze(
                levels: levels, levelTimes: features.instantTimes, flux: features.studioFlux, frameStep: features.studioFluxStep,
                fluxStart: features.studioFluxStart)
    }

    /// Studio's sharpness breakpoints (√frequency, as Studio's AHAP export maps them), or nil when the features carry no
    /// Studio frequency (then the sharpness is ours).
    static func studioSharpness(_ analysis: StudioAnalysis, features: SoundFeatures) -> SharpnessTrack? {
        guard !features.studioFrequency.isEmpty else { return nil }
        let (times, values) = analysis.sharpness(
            frequency: features.studioFrequency, start: features.studioFluxStart, frameStep: features.studioFluxStep)
        return times.isEmpty ? nil : SharpnessTrack(times: times, values: values.map { $0.squareRoot() })
    }

    /// The options the continuous events are drawn with. Under Studio's analysis the amplitude is already its breakpoints'
    /// line, ducked at the emphasis, and sounds to the end: no more ducking and no gate.
    static func curveOptions(_ options: AudioToHapticsOptions) -> AudioToHapticsOptions {
        guard options.studio != nil else { return options }
        var o = options
        o.transientDucking = 0
        o.silenceThreshold = 0
        return o
    }
}
