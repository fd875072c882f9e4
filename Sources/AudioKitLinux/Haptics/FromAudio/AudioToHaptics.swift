import Foundation

/// Makes a haptic pattern from a sound: continuous events whose intensity and sharpness curves follow the sound's
/// amplitude and brightness, and transients at its sharp onsets.
///
/// - Intensity is the square root of the amplitude (normalised to the peak unless asked not to), as Meta Haptics
///   Studio and Lofelt's exporters map it: Core Haptics' intensity is not linear in amplitude.
/// - Sharpness is the brightness (`SpectralShape`) on a log-frequency scale, 0 at 100 Hz and 1 at 8 kHz.
/// - Breakpoints are reduced per second of sound by `BreakpointReduction` to the options' densities.
/// - Curves have at most 16 points and are chained (each starts on the last point of the one before), continuous
///   events last at most 30 s, and control-point times are relative to their curve: `ahap-tool validate` finds nothing.
public enum AudioToHaptics {
    /// Longest continuous event written, in seconds (Core Haptics' limit).
    public static let maximumEventDuration = CoreHapticsLimits.maximumContinuousDuration
    /// Most control points in one curve (Core Haptics' limit).
    public static let maximumCurvePoints = CoreHapticsLimits.maximumCurvePoints

    /// Converts the sound at `path`. `audioPath`, when given, adds an AudioCustom event at time 0 playing it.
    public static func convert(
        path: String, options: AudioToHapticsOptions = .init(), limits: AudioLimits = .standard, audioPath: String? = nil,
        progress: ((Double) -> Void)? = nil
    ) throws(InputError) -> HapticConversion {
        let (features, breakpoints) = try self.features(path: path, options: options, limits: limits, progress: progress)
        return convert(features, options: options, audioPath: audioPath, breakpoints: breakpoints)
    }

    /// Converts the sound at `path` with the options of `preset`, changed by `adjust` (a user's own settings). With
    /// `.auto`, the sound is analysed once with the default follower, its kind told by `SoundClassifier`, and the
    /// preset `Preset.chosen(for:)` that kind used (the sound is analysed again only when the preset or `adjust` asks
    /// for another envelope); the conversion's `kind` says what was told.
    public static func convert(
        path: String, preset: AudioToHapticsOptions.Preset, adjust: (inout AudioToHapticsOptions) -> Void = { _ in },
        limits: AudioLimits = .standard, audioPath: String? = nil, progress: ((Double) -> Void)? = nil
    ) throws(InputError) -> HapticConversion {
        guard preset == .auto else {
            var options = AudioToHapticsOptions(preset: preset)
            adjust(&options)
            return try convert(path: path, options: options, limits: limits, audioPath: audioPath, progress: progress)
        }
        // Counted as the general preset's first passes: most sounds are told as those and use them.
        let general = AudioToHapticsOptions(preset: .general)
        var first = try SoundFeatures.analyze(
            path: path, limits: limits, follower: .studio, weighting: .amplitude, studioClock: true, studioSpectrum: false,
            passes: general.studioSharpness ? 1 : 2, keeping: true, progress: progress)
        let told = SoundClassifier.classify(first)
        var options = AudioToHapticsOptions(preset: .chosen(for: told.kind))
        adjust(&options)
        let reuse = options.follower == .studio && options.weighting == .amplitude && options.studio != nil && !options.studioSharpness
        if !reuse { first.monoSamples = nil }
        let (features, breakpoints) =
            reuse
            ? try withStudioFlux(first, path: path, options: options, limits: limits) { progress?((2 + $0) / 3) }
            : try self.features(path: path, options: options, limits: limits)
        var conversion = convert(features, options: options, audioPath: audioPath, breakpoints: breakpoints)
        conversion.kind = told
        return conversion
    }

    /// Converts analysed features.
    public static func convert(_ features: SoundFeatures, options: AudioToHapticsOptions = .init(), audioPath: String? = nil)
        -> HapticConversion
    {
        convert(features, options: options, audioPath: audioPath, breakpoints: nil)
    }

    /// Converts analysed features, Studio's analysis starting from its `breakpoints` when they were found already.
    static func convert(
        _ features: SoundFeatures, options: AudioToHapticsOptions, audioPath: String?, breakpoints: StudioAnalysis.Breakpoints?
    ) -> HapticConversion {
        var notes: [String] = []
        let peak = Double(features.peak)
        let gain = outputGain(features, options: options)
        let (amplitude, studio, sound) = intensityLine(features, options: options, breakpoints: breakpoints)
        let loudest = Double(amplitude.max() ?? 0)
        guard peak > 1e-6, loudest >= options.silenceThreshold else {
            notes.append(
                features.samplePeak > 0
                    ? String(
                        format: "the sound is too quiet to feel (its loudest sample is %.1f dBFS); the pattern is empty",
                        20 * log10(Double(features.samplePeak)))
                    : "the sound is silent (every sample is 0); the pattern is empty")
            let empty = AHAPPattern(elements: [])
            return HapticConversion(
                combined: options.split ? nil : empty, continuous: options.split ? empty : nil, transients: options.split ? empty : nil,
                onsets: [], notes: notes, duration: features.duration, amplitude: sound ?? amplitude)
        }
        if let note = quietNote(features, options: options) { notes.append(note) }
        var onsets: [TransientPicker.Onset] = []
        // The transients the continuous intensity ducks under (Studio's emphasis has its dip in the breakpoints already).
        var ducked: [Double] = []
        if options.content != .continuousOnly {
            (onsets, ducked) = self.onsets(features, options: options, studio: studio, scale: peak * gain)
            if onsets.isEmpty {
                notes.append(
                    "no sharp onset found; \(options.content == .transientsOnly ? "the pattern is empty" : "the pattern has continuous events only") (a higher sensitivity finds softer ones)"
                )
            }
        }
        let transientEvents = transients(
            onsets, features: features, scale: peak * gain, sharpnessFromScore: studio != nil && options.studioSharpness)
        var audio: [AHAPElement] = []
        if let audioPath { audio = [.event(AHAPEvent(.audioCustom, time: 0, waveformPath: audioPath))] }
        var continuousElements: [AHAPElement] = []
        if options.content != .transientsOnly {
            // In one pattern, the curves break for 1 ms around each transient, where a neutral Parameter holds.
            continuousElements = continuous(
                amplitude: amplitude, features: features, breaks: options.split ? [] : transientEvents.map(\.time),
                ducked: options.split ? [] : ducked.map(patternTime), line: studio,
                sharpness: options.studioSharpness ? options.studio.flatMap { studioSharpness($0, features: features) } : nil,
                options: curveOptions(options))
        }
        if continuousElements.isEmpty, transientEvents.isEmpty {
            // Neither kind came out (a sound a few samples long): one note that says so, not one that promises curves.
            notes.removeAll { $0.hasPrefix("no sharp onset") }
            notes.append(
                String(
                    format:
                        "no sharp onset, and nothing sounding long enough for a continuous event, in %.1f ms of sound; the pattern is empty",
                    features.duration * 1000))
        }
        if options.split {
            return HapticConversion(
                combined: nil, continuous: pattern(audio + continuousElements), transients: pattern(transientEvents.map { .event($0) }),
                onsets: onsets, notes: notes, duration: features.duration, amplitude: sound ?? amplitude)
        }
        var combined = continuousElements + transientEvents.map { AHAPElement.event($0) }
        if !continuousElements.isEmpty {
            // A neutral value at each transient ends the curves before it, so they never scale the transient.
            for event in transientEvents {
                combined.append(.parameter(AHAPDynamicParameter(.hapticIntensityControl, value: 1, time: event.time)))
                combined.append(.parameter(AHAPDynamicParameter(.hapticSharpnessControl, value: 0, time: event.time)))
            }
        }
        return HapticConversion(
            combined: pattern(audio + sorted(combined)), continuous: nil, transients: nil, onsets: onsets, notes: notes,
            duration: features.duration, amplitude: sound ?? amplitude)
    }

    /// Sharpness of a spectral centroid: log2(c / 100 Hz) / log2(80), clamped to 0…1 (100 Hz → 0, 8 kHz → 1).
    public static func sharpness(centroid: Double) -> Double {
        guard centroid > 0 else { return 0 }
        return min(1, max(0, log2(centroid / 100) / log2(80)))
    }

    static func pattern(_ elements: [AHAPElement]) -> AHAPPattern {
        AHAPPattern(
            version: 1.0, metadata: JSONObject(["Project": .string("ahap-tool from-audio")]), elements: elements)
    }

    /// Elements in time order; at equal times events come before parameters and curves, and file order is kept.
    static func sorted(_ elements: [AHAPElement]) -> [AHAPElement] {
        // Each key is taken once: comparing the elements themselves would copy them at every step of the sort.
        let keys = elements.enumerated().map { offset, element -> (time: Double, kind: Int, offset: Int) in
            switch element {
            case .event(let x): (x.time, 0, offset)
            case .parameter(let x): (x.time, 1, offset)
            case .curve(let x): (x.time, 2, offset)
            default: (0, 3, offset)
            }
        }
        return keys.sorted { ($0.time, $0.kind, $0.offset) < ($1.time, $1.kind, $1.offset) }.map { elements[$0.offset] }
    }

    /// Runs of sound at or above `threshold`, in seconds; gaps under 50 ms are bridged, runs under 10 ms dropped.
    static func soundingSpans(_ amplitude: [Float], threshold: Double) -> [ClosedRange<Double>] {
        var runs: [ClosedRange<Int>] = []
        var start: Int? = nil
        for (i, a) in amplitude.enumerated() {
            if Double(a) >= threshold {
                if start == nil { start = i }
            } else if let s = start {
                runs.append(s...(i - 1))
                start = nil
            }
        }
        if let s = start { runs.append(s...(amplitude.count - 1)) }
        var merged: [ClosedRange<Int>] = []
        for run in runs {
            if let last = merged.last, run.lowerBound - last.upperBound < 50 {
                merged[merged.count - 1] = last.lowerBound...run.upperBound
            } else {
                merged.append(run)
            }
        }
        return merged.filter { $0.count >= 10 }.map { Double($0.lowerBound) / 1000...Double($0.upperBound) / 1000 }
    }

    /// The continuous events and their curves over every sounding span of `amplitude`, the curves broken around the
    /// times in `breaks` and ducked under those in `ducked`. With Studio's breakpoints' `line` (which `amplitude` samples every millisecond), the intensity
    /// curves keep exactly its points and values instead of reducing every millisecond; a `sharpness` track of breakpoints is
    /// kept the same way (by default, the sound's brightness, reduced). Every event (at most 30 s of a span) is
    /// made on its own, so they are made in parallel, in order.
    static func continuous(
        amplitude: [Float], features: SoundFeatures, breaks: [Double], ducked: [Double], line: StudioAnalysis.Result? = nil,
        sharpness: SharpnessTrack? = nil, options: AudioToHapticsOptions
    ) -> [AHAPElement] {
        let sharpnessTrack = sharpness ?? SharpnessTrack(features: features)
        let events = soundingSpans(amplitude, threshold: options.silenceThreshold).flatMap(eventRanges)
        let slots = ResultSlots<[AHAPElement]>(count: events.count)
        DispatchQueue.concurrentPerform(iterations: events.count) { k in
            slots.set(
                k,
                event(
                    events[k], amplitude: amplitude, sharpness: sharpnessTrack, breaks: breaks, ducked: ducked, line: line,
                    options: options))
        }
        return slots.values.flatMap { $0 ?? [] }
    }

    /// The continuous events (at most 30 s each, none shorter than 5 ms) that cover `span`, as (start, end).
    static func eventRanges(_ span: ClosedRange<Double>) -> [(start: Double, end: Double)] {
        var ranges: [(Double, Double)] = []
        var start = span.lowerBound
        while span.upperBound - start >= 0.005 {
            let end = min(span.upperBound, start + maximumEventDuration)
            ranges.append((start, end))
            start = end
        }
        return ranges
    }

    /// One continuous event from `range.start` to `range.end`, with its chained intensity and sharpness curves; the chains
    /// stop `curveBreak` before each time in `breaks` and start again `curveBreak` after it, and the intensity hands over
    /// to each transient in `ducked`. With Studio's `line`, the intensity points are its breakpoints inside each stretch,
    /// its ends and the hand-overs' corners, at the intensity Studio's AHAP export gives.
    static func event(
        _ range: (start: Double, end: Double), amplitude: [Float], sharpness: SharpnessTrack, breaks: [Double], ducked: [Double],
        line: StudioAnalysis.Result?, options: AudioToHapticsOptions
    ) -> [AHAPElement] {
        let (start, end) = range
        var elements: [AHAPElement] = [
            .event(
                AHAPEvent(
                    .hapticContinuous, time: patternTime(start), duration: round(end - start, 1e-5),
                    parameters: [AHAPEventParameter(.hapticIntensity, 1), AHAPEventParameter(.hapticSharpness, 0)]))
        ]
        // The stretches between breaks, each with its own chains of curves; one of 2 ms or less gets a single value.
        var stretches: [(Double, Double)] = []
        var short: [Double] = []
        var from = start
        for b in breaks where b > start - curveBreak && b < end + curveBreak {
            if b - curveBreak > from + 0.002 {
                stretches.append((from, b - curveBreak))
            } else if b - curveBreak > from {
                short.append(from)
            }
            from = max(from, b + curveBreak)
        }
        if end > from + 0.002 { stretches.append((from, end)) } else if end > from { short.append(from) }
        func intensity(at t: Double) -> Double {
            (line?.intensity(at: t) ?? Double(value(amplitude, at: t)).squareRoot())
                * handOver(t, breaks: ducked, ducking: options.transientDucking)
        }
        // Without it the event would play there at its own full intensity, with no curve to scale it (a sound that starts
        // loud a millisecond or two before its first transient began with a burst at 1).
        for t in short {
            elements.append(
                .parameter(AHAPDynamicParameter(.hapticIntensityControl, value: round(intensity(at: t), 1e-4), time: patternTime(t))))
            elements.append(
                .parameter(AHAPDynamicParameter(.hapticSharpnessControl, value: round(sharpness.value(at: t), 1e-4), time: patternTime(t))))
        }
        for (a, b) in stretches {
            // The hand-over's corners stay whatever the budget, so the curve's return under a transient's fade is not drawn
            // as one long ramp that leaves a dip in the sum.
            let corners =
                options.transientDucking > 0
                ? ducked.filter { $0 > a - handOverLength && $0 < b }.flatMap { t in
                    [t + handOverLength / 2, t + handOverLength * 0.75, t + handOverLength]
                } : []
            // Intensity at every millisecond of the envelope (or at the line's breakpoints and the corners); sharpness on the
            // STFT frame grid.
            let times =
                line.map { line in
                    let inside = line.times[SortedTimes.upperBound(line.times, a)..<SortedTimes.lowerBound(line.times, b)]
                    return Array(Set([a, b] + inside + corners.filter { $0 > a && $0 < b })).sorted()
                } ?? grid(from: a, to: b, step: 0.001)
            let intensity = times.map(intensity(at:))
            let sharpnessTimes =
                sharpness.times.map { v in [a] + v[SortedTimes.upperBound(v, a)..<SortedTimes.lowerBound(v, b)] + [b] }
                ?? grid(from: a, to: b, step: max(0.001, sharpness.step))
            let bright = sharpnessTimes.map { sharpness.value(at: $0) }
            // Reduced on the amplitude (intensity squared), as Studio reduces its envelope before mapping it to intensity;
            // the line's breakpoints are already reduced.
            elements += curves(
                .hapticIntensityControl, times: times, values: intensity, shape: intensity.map { $0 * $0 },
                density: line == nil ? options.density : nil, keeping: corners)
            elements += curves(
                .hapticSharpnessControl, times: sharpnessTimes, values: bright,
                density: sharpness.times == nil ? options.sharpnessDensity : nil)
        }
        return elements
    }

    /// A loudest sample under this (−60 dBFS) makes normalising worth a note.
    static let quietPeak = 0.001

    /// Normalising a sound whose loudest sample is 60 dB under full scale or more makes full-strength haptics of what is
    /// mostly its noise floor (16-bit dither peaks near −90 dBFS): the note that says so, with the level and the gain.
    static func quietNote(_ features: SoundFeatures, options: AudioToHapticsOptions) -> String? {
        let samplePeak = Double(features.samplePeak), peak = Double(features.peak)
        guard options.normalize, samplePeak > 0, samplePeak < quietPeak, peak > 0 else { return nil }
        return String(
            format:
                "the sound's loudest sample is %.1f dBFS, so normalising raised it by %.0f dB: a sound this quiet is mostly its noise floor; check the file, or keep its own level instead of normalising",
            20 * log10(samplePeak), -20 * log10(peak))
    }

    /// `start`, the multiples of `step` strictly between `start` and `end`, and `end`.
    static func grid(from start: Double, to end: Double, step: Double) -> [Double] {
        var times = [start]
        var k = (start / step).rounded(.down) + 1
        while k * step < end - 1e-9 {
            times.append(k * step)
            k += 1
        }
        times.append(end)
        return times
    }

    /// The amplitude at `time` seconds, linear between milliseconds.
    static func value(_ amplitude: [Float], at time: Double) -> Float {
        let x = time * 1000
        let i = Int(x.rounded(.down))
        guard i >= 0, !amplitude.isEmpty else { return amplitude.first ?? 0 }
        guard i + 1 < amplitude.count else { return amplitude[amplitude.count - 1] }
        let f = Float(x - Double(i))
        return amplitude[i] * (1 - f) + amplitude[i + 1] * f
    }

    /// The points reduced to `density` per second (per one-second region, whose ends stay; nil keeps every point), as
    /// chained curves of at most 16 points. The reduction weighs the points' `shape` (their values when nil). The points
    /// nearest the times in `keeping` (strictly inside the span) stay too.
    static func curves(
        _ id: DynamicParameterID, times: [Double], values: [Double], shape: [Double]? = nil, density: Double?, keeping: [Double] = []
    ) -> [AHAPElement] {
        let shape = shape ?? values
        let forced = Set(
            keeping.compactMap { t -> Int? in
                guard let first = times.first, let last = times.last, t > first, t < last else { return nil }
                // The first point at or after t (t is strictly inside the span, so one after the first).
                let after = SortedTimes.lowerBound(times, t)
                return after > 0 && t - times[after - 1] < times[after] - t ? after - 1 : after
            })
        var kept: [Int] = []
        var regionStart = 0
        while regionStart < times.count - 1 {
            var regionEnd = regionStart + 1
            while regionEnd < times.count - 1 && times[regionEnd] - times[regionStart] < 1.0 { regionEnd += 1 }
            let length = times[regionEnd] - times[regionStart]
            let budget = density.map { max(2, Int(($0 * length).rounded(.up)) + 1) } ?? (regionEnd - regionStart + 1)
            let local = BreakpointReduction.reduce(
                times: Array(times[regionStart...regionEnd]), values: Array(shape[regionStart...regionEnd]), budget: budget)
            let region = Set(local.map { regionStart + $0 }).union(forced.filter { $0 > regionStart && $0 < regionEnd }).sorted()
            for index in region where kept.last != index { kept.append(index) }
            regionStart = regionEnd
        }
        var elements: [AHAPElement] = []
        var from = 0
        while from < kept.count - 1 {
            let to = min(kept.count - 1, from + maximumCurvePoints - 1)
            let origin = patternTime(times[kept[from]])
            let points = kept[from...to].map { i in
                AHAPControlPoint(time: round(patternTime(times[i]) - origin, 1e-5), value: round(values[i], 1e-4))
            }
            elements.append(.curve(AHAPParameterCurve(id, time: origin, points: points)))
            from = to
        }
        return elements
    }

    /// A pattern time: rounded to 10 µs, and from 512 s on (where a 32-bit float's step passes 1/48000 s) moved onto the
    /// 32-bit float Core Haptics reads it as, so `ahap.time_precision` has nothing to report.
    static func patternTime(_ x: Double) -> Double {
        let r = round(x, 1e-5)
        return r >= 512 ? Double(Float(r)) : r
    }

    /// `x` rounded to the multiple of `step` (a power of ten below 1), written as the nearest double to that decimal.
    static func round(_ x: Double, _ step: Double) -> Double {
        let scale = (1 / step).rounded()
        return (x * scale).rounded() / scale
    }
}
