import Foundation

/// The parts of `AudioToHaptics` that run Studio's analysis: the features it reads, the analysis of them, its sharpness,
/// and the options its curves are drawn with.
extension AudioToHaptics {
    /// The features `options` need of the sound at `path`: with Studio's analysis, on its clock with the DC offset taken
    /// out, and Studio's flux, over every frame when its frequency curve is wanted, else at the analysis's peaks alone
    /// (a last pass over the file, `withStudioFlux`, which gives the breakpoints it found those peaks among as well).
    static func features(
        path: String, options: AudioToHapticsOptions, limits: AudioLimits, progress: ((Double) -> Void)? = nil
    ) throws(InputError) -> (features: SoundFeatures, breakpoints: StudioAnalysis.Breakpoints?) {
        let probe = options.studio != nil && !options.studioSharpness
        let features = try SoundFeatures.analyze(
            path: path, limits: limits, follower: options.follower, weighting: options.weighting, studioClock: options.studio != nil,
            studioSpectrum: options.studio != nil && options.studioSharpness, passes: probe ? 2 : 1, keeping: probe, progress: progress)
        guard probe else { return (features, nil) }
        return try withStudioFlux(features, path: path, options: options, limits: limits) { progress?((2 + $0) / 3) }
    }

    /// `features` with Studio's flux at the frames its analysis of them reads (its peak breakpoints'), from one more pass
    /// over the sound at `path`, and the breakpoints (steps 1–3 of the analysis, not to be done twice); `progress` gets
    /// the fraction of that pass read.
    static func withStudioFlux(
        _ features: SoundFeatures, path: String, options: AudioToHapticsOptions, limits: AudioLimits,
        progress: ((Double) -> Void)? = nil
    ) throws(InputError) -> (features: SoundFeatures, breakpoints: StudioAnalysis.Breakpoints?) {
        guard let analysis = options.studio else { return (features, nil) }
        let breakpoints = analysis.breakpoints(
            levels: studioLevels(features.followed, options: options), levelTimes: features.instantTimes)
        let start = StudioSpectrum.start(sampleRate: features.sampleRate), step = StudioSpectrum.step(sampleRate: features.sampleRate)
        let frames = StudioAnalysis.fluxFrames(
            at: analysis.peakTimes(breakpoints), start: start, step: step, count: studioFrameCount(features))
        var probed = features
        probed.monoSamples = nil
        if let mono = features.monoSamples {
            // The samples the analysis kept: the file is not read again.
            probed.studioFluxFrames = StudioFluxProbe.flux(mono: mono, offset: features.dcOffset, frames: frames)
            progress?(1)
        } else {
            probed.studioFluxFrames = try SoundFeatures.studioFlux(
                path: path, limits: limits, samples: studioSampleCount(features), offset: features.dcOffset, frames: frames,
                progress: progress)
        }
        return (probed, breakpoints)
    }

    /// How many frames Studio's spectrum has over the sound of `features`.
    static func studioFrameCount(_ features: SoundFeatures) -> Int {
        StudioSpectrum.frameCount(samples: studioSampleCount(features))
    }

    /// How many samples the sound of `features` has.
    static func studioSampleCount(_ features: SoundFeatures) -> Int {
        Int((features.duration * Double(features.sampleRate)).rounded())
    }

    /// What Studio's analysis reads of the follower's `levels`: the sound's own level (times the gain when the options do
    /// not normalise), clamped at 1 as Studio clamps its follower.
    static func studioLevels(_ levels: [Float], options: AudioToHapticsOptions) -> [Float] {
        let gain = options.normalize ? 1 : Float(pow(10, options.gainDecibels / 20))
        return levels.map { min(1, $0 * gain) }
    }

    /// Studio's analysis of the follower's `levels` (reduced to `breakpoints` already, when given), on Studio's own flux
    /// when the features carry it, at every frame or at the frames the analysis reads (else on ours).
    static func studioAnalysis(
        _ analysis: StudioAnalysis, levels: [Float], features: SoundFeatures, breakpoints: StudioAnalysis.Breakpoints? = nil
    ) -> StudioAnalysis.Result {
        let reduced = breakpoints ?? analysis.breakpoints(levels: levels, levelTimes: features.instantTimes)
        if !features.studioFlux.isEmpty {
            let flux = features.studioFlux, start = features.studioFluxStart, step = features.studioFluxStep
            return analysis.analyze(reduced) { StudioAnalysis.flux(at: $0 - start, flux, step) }
        }
        if !features.studioFluxFrames.isEmpty {
            let start = StudioSpectrum.start(sampleRate: features.sampleRate), step = StudioSpectrum.step(sampleRate: features.sampleRate)
            let count = studioFrameCount(features), frames = features.studioFluxFrames
            return analysis.analyze(reduced) { time in
                StudioAnalysis.flux(at: time - start, count: count, step) { Double(frames[$0] ?? 0) }
            }
        }
        return analysis.analyze(reduced) { StudioAnalysis.flux(at: $0, features.flux, features.frameStep) }
    }

    /// Studio's sharpness breakpoints (√frequency, as Studio's AHAP export maps them), or nil when the features carry no
    /// Studio frequency (then the sharpness is ours).
    static func studioSharpness(_ analysis: StudioAnalysis, features: SoundFeatures) -> SharpnessTrack? {
        guard !features.studioFrequency.isEmpty else { return nil }
        let (times, values) = analysis.sharpness(
            frequency: features.studioFrequency, start: features.studioFluxStart, frameStep: features.studioFluxStep)
        return times.isEmpty ? nil : SharpnessTrack(times: times, values: values.map { $0.squareRoot() })
    }

    /// The options the continuous events are drawn with. Under Studio's analysis the amplitude is its breakpoints' line,
    /// which sounds to the end: no gate.
    static func curveOptions(_ options: AudioToHapticsOptions) -> AudioToHapticsOptions {
        guard options.studio != nil else { return options }
        var o = options
        o.silenceThreshold = 0
        return o
    }
}

extension StudioAnalysis.Result {
    /// The breakpoints and the emphasis with every amplitude times `gain`, clamped at 1 (the analysis of the sound's own
    /// level, normalised after).
    func scaled(by gain: Double) -> Self {
        guard gain != 1 else { return self }
        var result = self
        result.values = values.map { min(1, $0 * gain) }
        for k in result.emphasis.indices { result.emphasis[k].amplitude = min(1, result.emphasis[k].amplitude * gain) }
        return result
    }

    /// The emphasis where the follower's `levels` (one per millisecond) rose by at least `decibels` over the 10 ms before
    /// it; the rest is dropped and its breakpoints given back the amplitude ducking took. Nil `decibels`: all of it.
    func rising(_ levels: [Float], by decibels: Double?) -> Self {
        guard let decibels else { return self }
        func rose(_ e: StudioAnalysis.Emphasis) -> Bool {
            let k = min(levels.count - 1, Int((e.time * 1000).rounded()))
            guard k >= 0 else { return true }
            let before = k >= 10 ? Double(levels[k - 10]) : 0
            return before <= 0 || 20 * log10(Double(levels[k]) / before) >= decibels
        }
        var result = self
        result.emphasis = []
        for e in emphasis {
            if rose(e) {
                result.emphasis.append(e)
            } else if case let i = SortedTimes.lowerBound(times, e.time), i < times.count, times[i] == e.time {
                result.values[i] = e.amplitude
            }
        }
        return result
    }
}
