import AudioKitLinux
import Foundation
import Testing

@Suite("Audio to haptics")
struct AudioToHapticsTests {
    static func convert(_ samples: [Float], _ options: AudioToHapticsOptions = .init()) -> HapticConversion {
        AudioToHaptics.convert(SoundFeatures(mono: samples, sampleRate: HapticSignals.rate), options: options)
    }

    /// Our own analysis (the follower's level every millisecond, reduced; the picker's transients, each ducked under): the
    /// music, loop and voice presets' analysis, and the general preset's before Studio's envelope and emphasis.
    static var ownAnalysis: AudioToHapticsOptions {
        var options = AudioToHapticsOptions(preset: .voice)
        options.weighting = .amplitude
        options.transients = AudioToHapticsOptions().transients
        return options
    }

    static func transients(_ p: AHAPPattern) -> [AHAPEvent] { p.events.filter { $0.eventType == .hapticTransient } }

    /// Every finding the validator reports on `pattern`, written out as AHAP text.
    static func findings(_ pattern: AHAPPattern) -> [Diagnostic] {
        let text = AHAPFormatter.format(pattern.jsonValue)
        return AHAPValidator.validate(bytes: Array(text.utf8), file: "out.ahap", options: AHAPValidationOptions(checkWaveformFiles: false))
            .diagnostics
    }

    @Test("a click train gives one transient per click, within 2 ms")
    func clickTrain() {
        let times = stride(from: 0.2, through: 2.0, by: 0.25).map { $0 + 0.0123 }
        let result = Self.convert(HapticSignals.clicks(at: times, seconds: 2.5))
        let found = Self.transients(result.combined!).map(\.time)
        #expect(found.count == times.count, "\(found)")
        for (t, f) in zip(times, found) { #expect(abs(t - f) <= 0.002, "click at \(t) s, transient at \(f) s") }
        #expect(Self.findings(result.combined!).isEmpty, "\(Self.findings(result.combined!).map(\.message))")
    }

    @Test("identical clicks keep their transients at any sensitivity from 0.2")
    func identicalClicksKept() {
        let times = [0.3, 0.8, 1.3, 1.8]
        for sensitivity in [0.2, 0.5, 0.9] {
            var options = AudioToHapticsOptions()
            options.transients.sensitivity = sensitivity
            let found = Self.transients(Self.convert(HapticSignals.clicks(at: times, seconds: 2.2), options).combined!)
            #expect(found.count == 4, "sensitivity \(sensitivity): \(found.map(\.time))")
        }
    }

    @Test("a sine swell gives a rising intensity curve and no transient")
    func swell() {
        let result = Self.convert(HapticSignals.swell())
        #expect(Self.transients(result.combined!).isEmpty)
        let points = result.combined!.curves.filter { $0.parameterID == .hapticIntensityControl }
            .flatMap { c in c.controlPoints.map { (c.time + $0.time, $0.value) } }
        #expect(points.count >= 10)
        // Rising: Spearman-like check that later points are higher, and the ends far apart.
        let rising = zip(points, points.dropFirst()).filter { $1.1 >= $0.1 - 0.02 }.count
        #expect(Double(rising) >= 0.95 * Double(points.count - 1))
        #expect((points.last?.1 ?? 0) > 0.85 && (points.first?.1 ?? 1) < 0.35, "\(points.first!) … \(points.last!)")
        #expect(Self.findings(result.combined!).isEmpty)
    }

    @Test("a low thud gives low sharpness, a bright hit high sharpness")
    func sharpness() {
        func meanSharpness(_ r: HapticConversion) -> (transient: Double, curve: Double) {
            let t = Self.transients(r.combined!).first?.value(of: .hapticSharpness) ?? -1
            let v = r.combined!.curves.filter { $0.parameterID == .hapticSharpnessControl }.flatMap { $0.controlPoints.map(\.value) }
            return (t, v.reduce(0, +) / Double(max(1, v.count)))
        }
        let thud = meanSharpness(Self.convert(HapticSignals.burst(hz: 60)))
        let bright = meanSharpness(Self.convert(HapticSignals.noiseHit()))
        #expect(thud.transient >= 0 && thud.transient < 0.2, "thud transient \(thud.transient)")
        #expect(thud.curve < 0.2, "thud curve \(thud.curve)")
        #expect(bright.transient > 0.8, "bright transient \(bright.transient)")
        #expect(bright.curve > 0.7, "bright curve \(bright.curve)")
        // The centroid mapping itself, against values computed by hand: log2(c/100)/log2(80).
        #expect(abs(AudioToHaptics.sharpness(centroid: 1000) - log2(10) / log2(80)) < 1e-12)
        #expect(AudioToHaptics.sharpness(centroid: 50) == 0 && AudioToHaptics.sharpness(centroid: 12_000) == 1)
    }

    @Test("silence gives an empty pattern and a note")
    func silence() {
        let result = Self.convert([Float](repeating: 0, count: HapticSignals.rate))
        #expect(result.combined?.elements.isEmpty == true)
        var split = AudioToHapticsOptions()
        split.split = true
        let halves = Self.convert([Float](repeating: 0, count: HapticSignals.rate), split)
        #expect(halves.combined == nil && halves.continuous?.elements.isEmpty == true && halves.transients?.elements.isEmpty == true)
        #expect(result.notes.count == 1 && result.notes[0].contains("silent"), "\(result.notes)")
    }

    /// A tone whose loudest sample is −80 dBFS is normalised with a note that gives its level and the 80 dB it took; one
    /// at −20 dBFS, or either kept at its own level, gets none.
    @Test("normalising a sound 60 dB or more under full scale is said, with its level")
    func aVeryQuietSoundIsSaid() {
        func tone(_ dB: Double) -> [Float] {
            let a = pow(10, dB / 20)
            return (0..<HapticSignals.rate / 2).map { Float(a * sin(2 * .pi * 440 * Double($0) / Double(HapticSignals.rate))) }
        }
        let said = { (n: [String]) in n.filter { $0.contains("mostly its noise floor") } }
        let quiet = said(Self.convert(tone(-80)).notes)
        #expect(quiet.count == 1 && quiet[0].contains("-80.0 dBFS") && quiet[0].contains("by 80 dB"), "\(quiet)")
        #expect(said(Self.convert(tone(-20)).notes).isEmpty)
        var own = AudioToHapticsOptions()
        own.normalize = false
        #expect(said(Self.convert(tone(-80), own).notes).isEmpty)
    }

    @Test("a long sound gives events of at most 30 s and chained curves of at most 16 points")
    func limits() {
        // 70 s of a 300 Hz tone whose loudness wanders (two slow sines), with a click every 2 s.
        let rate = Double(HapticSignals.rate)
        let n = Int(70 * rate)
        var samples = (0..<n).map { i -> Float in
            let t = Double(i) / rate
            return Float((0.45 + 0.25 * sin(2 * .pi * 0.3 * t) + 0.15 * sin(2 * .pi * 2.1 * t)) * sin(2 * .pi * 300 * t))
        }
        for k in stride(from: 1.0, to: 70, by: 2) { samples[Int(k * rate)] = 1 }
        let result = Self.convert(samples)
        let pattern = result.combined!
        for e in pattern.events where e.eventType == .hapticContinuous { #expect((e.duration ?? 0) <= 30 + 1e-9) }
        #expect(pattern.events.filter { $0.eventType == .hapticContinuous }.count >= 3)
        for id in [DynamicParameterID.hapticIntensityControl, .hapticSharpnessControl] {
            let curves = pattern.curves.filter { $0.parameterID == id }
            for c in curves {
                #expect(c.controlPoints.count >= 2 && c.controlPoints.count <= 16)
                #expect(c.controlPoints.first?.time == 0, "control-point times are relative to their curve")
            }
            // Within each continuous event, a curve starts where the one before it ended, at the same value.
            for (a, b) in zip(curves, curves.dropFirst()) {
                let end = a.time + (a.controlPoints.last?.time ?? 0)
                guard abs(end - b.time) < 0.0005 else { continue }
                #expect(a.controlPoints.last?.value == b.controlPoints.first?.value)
            }
        }
        var splitOptions = AudioToHapticsOptions()
        splitOptions.split = true
        let halves = Self.convert(samples, splitOptions)
        let perSecond = result.breakpointsPerSecond(halves.continuous!)
        // The densities asked for, plus the kept end of each one-second region, plus the point each curve of 16 shares
        // with the next in its chain.
        let bound = (splitOptions.density + 1 + splitOptions.sharpnessDensity + 1) * 16 / 15 + 2
        #expect(perSecond <= bound, "breakpoints per second \(perSecond), bound \(bound)")
        #expect(Self.findings(pattern).isEmpty, "\(Self.findings(pattern).prefix(3).map(\.message))")
        #expect(Self.findings(halves.continuous!).isEmpty && Self.findings(halves.transients!).isEmpty)
        #expect(halves.transients!.events.count == Self.transients(pattern).count)
    }

    @Test("times past 512 s sit on the 32-bit float grid, so a 10-minute sound validates clean")
    func longSoundTimes() {
        // 600 s at 8 kHz: a 200 Hz tone pulsing every 1.5 s.
        let rate = 8_000
        let samples = (0..<(600 * rate)).map { i -> Float in
            let t = Double(i) / Double(rate)
            let phase = t.truncatingRemainder(dividingBy: 1.5)
            return Float(phase < 0.6 ? 0.7 * exp(-phase / 0.2) * sin(2 * .pi * 200 * t) : 0)
        }
        let result = AudioToHaptics.convert(SoundFeatures(mono: samples, sampleRate: rate))
        let pattern = result.combined!
        #expect(pattern.events.filter { $0.eventType == .hapticTransient }.count >= 390)
        for e in pattern.events where e.time >= 512 { #expect(Double(Float(e.time)) == e.time) }
        #expect(Self.findings(pattern).isEmpty, "\(Self.findings(pattern).prefix(2).map(\.message))")
    }

    @Test("in a combined pattern no curve spans a transient, and each transient plays as written")
    func transientsUnscaled() {
        let samples = zip(HapticSignals.swell(seconds: 2), HapticSignals.clicks(at: [0.7, 1.4], seconds: 2)).map { 0.5 * $0 + $1 }
        let pattern = Self.convert(samples).combined!
        let controls = ControlSet(pattern: pattern)
        let transients = Self.transients(pattern)
        #expect(transients.count == 2)
        for t in transients {
            #expect(controls.apply(.hapticIntensityControl, to: 0.7, at: t.time) == 0.7)
            #expect(controls.apply(.hapticSharpnessControl, to: 0.4, at: t.time) == 0.4)
        }
    }

    @Test("a stretch too short for a curve before a transient plays the sound's intensity, not the event's full 1")
    func shortStretchBeforeATransient() throws {
        // A steady 150 Hz tone at a third of the click's level from the start, and a click 2 ms in: the continuous event
        // starts 1 ms in and its transient 1 ms after the click, too near for a curve before it.
        let tone = (0..<HapticSignals.rate).map { i in Float(0.3 * sin(2 * .pi * 150 * Double(i) / Double(HapticSignals.rate))) }
        let samples = zip(tone, HapticSignals.clicks(at: [0.002], seconds: 1)).map { $0 + $1 }
        let conversion = Self.convert(samples, Self.ownAnalysis)
        let pattern = try #require(conversion.combined)
        let continuous = try #require(pattern.events.first { $0.eventType == .hapticContinuous })
        let transient = try #require(Self.transients(pattern).first)
        #expect(continuous.time < 0.002 && transient.time - continuous.time < 0.0025, "\(continuous.time), \(transient.time)")
        let controls = ControlSet(pattern: pattern)
        let own = continuous.parameters.first { $0.rawID == EventParameterID.hapticIntensity.rawValue }?.value ?? 1
        // Before the click, every 0.25 ms: the tone's intensity (the square root of its amplitude in the first
        // millisecond, the tone alone), not a burst at the event's own intensity.
        let tone1ms = Double(conversion.amplitude[1]).squareRoot()
        #expect(tone1ms > 0.3 && tone1ms < 0.75, "\(tone1ms)")
        var t = continuous.time
        while t < 0.002 {
            let played = controls.apply(.hapticIntensityControl, to: own, at: t)
            #expect(abs(played - tone1ms) < 0.15, "at \(t) s: \(played), the tone \(tone1ms)")
            t += 0.00025
        }
    }

    @Test("under a transient the continuous intensity dips by the ducking, and is whole again 15 ms after it")
    func ducking() {
        let samples = zip(HapticSignals.swell(seconds: 2), HapticSignals.clicks(at: [0.7], seconds: 2)).map { 0.5 * $0 + $1 }
        // Every 2 ms point kept, so the curve at a time is the sound's intensity times the share kept there.
        func played(_ ducking: Double) -> (transient: Double, at: (Double) -> Double) {
            var options = Self.ownAnalysis
            options.density = 1000
            options.transientDucking = ducking
            let pattern = Self.convert(samples, options).combined!
            let controls = ControlSet(pattern: pattern)
            return (Self.transients(pattern)[0].time, { controls.apply(.hapticIntensityControl, to: 1, at: $0) })
        }
        let whole = played(0)
        for ducking in [0.25, 0.5, 1.0] {
            let ducked = played(ducking)
            #expect(ducked.transient == whole.transient)
            let t = whole.transient
            // 4 ms in, both neighbouring points lie in the first 7.5 ms: (1 − ducking) of the undisturbed intensity.
            #expect(abs(ducked.at(t + 0.004) - (1 - ducking) * whole.at(t + 0.004)) < 1e-3, "ducking \(ducking)")
            #expect(whole.at(t + 0.004) > 0.3)
            // From 15 ms on, nothing is taken; before the transient, nothing either.
            #expect(abs(ducked.at(t + 0.02) - whole.at(t + 0.02)) < 1e-3)
            #expect(abs(ducked.at(t - 0.01) - whole.at(t - 0.01)) < 1e-3)
        }
    }
}

@Suite("Haptic DSP units")
struct HapticDSPTests {
    @Test("Visvalingam–Whyatt removes the smallest triangles first and keeps the ends")
    func reduction() {
        // A flat line with a spike at x = 5 and a small bump at x = 2. Worked by hand: the zero-area points go first, then
        // the bump (its triangle over 0…4 is 0.2, less than the spike's 1.0 and its shoulders' 1.05 and 1.5), leaving five.
        let times = (0...9).map(Double.init)
        let values: [Double] = [0, 0, 0.1, 0, 0, 1, 0, 0, 0, 0]
        #expect(BreakpointReduction.reduce(times: times, values: values, budget: 5) == [0, 4, 5, 6, 9])
        #expect(BreakpointReduction.reduce(times: times, values: values, budget: 6) == [0, 2, 4, 5, 6, 9])
        // Collinear points carry no area: a straight line reduces to its ends without changing any value.
        let line = BreakpointReduction.reduce(times: times, values: times.map { 0.1 * $0 }, budget: 2)
        #expect(line == [0, 9])
    }

    @Test("spacing keeps the strongest of close onsets")
    func spacing() {
        // Two clicks 40 ms apart, the second louder: with 100 ms spacing only the louder stays.
        var s = HapticSignals.clicks(at: [0.5], seconds: 1)
        let loud = HapticSignals.clicks(at: [0.54], seconds: 1, seed: 9)
        for i in s.indices { s[i] = 0.4 * s[i] + loud[i] }
        let onsets = TransientPicker().onsets(envelope: SoundFeatures(mono: s, sampleRate: HapticSignals.rate).envelope)
        #expect(onsets.count == 1)
        #expect(abs((onsets.first?.time ?? 0) - 0.54) < 0.002, "\(onsets.map(\.time))")
    }

    @Test func aBacktrackedOnsetIsTheStartOfItsRise() {
        // Silence, then a rise from 100 ms that is slow for 30 ms and then ever steeper up to its peak at 135 ms: the
        // steepest step is the last (134 → 135 ms); backtracked, the onset is where the rise began (99 → 100 ms).
        var envelope = [Float](repeating: 0.001, count: 300)
        for i in 100..<130 { envelope[i] = 0.001 + Float(i - 99) * 0.01 }
        for i in 130..<136 { envelope[i] = envelope[i - 1] + 0.05 + 0.03 * Float(i - 130) }
        for i in 136..<300 { envelope[i] = envelope[135] * Float(exp(-Double(i - 135) / 40)) }
        let steepest = TransientPicker(riseWindow: 0.04).onsets(envelope: envelope)
        let started = TransientPicker(riseWindow: 0.04, backtrack: true).onsets(envelope: envelope)
        #expect(steepest.map(\.time) == [0.135])
        #expect(started.map(\.time) == [0.099])
        // The backtrack stops at its limit: 10 ms back from the steepest step.
        #expect(TransientPicker(riseWindow: 0.04, backtrack: true, backtrackLimit: 0.01).onsets(envelope: envelope).map(\.time) == [0.125])
    }
}

@Suite("Audio to haptics on real sounds", .enabled(if: TestPaths.sfxAvailable, TestPaths.sfxMissing))
struct AudioToHapticsCorpusTests {
    @Test("every sound of the corpus gives a pattern with no finding, in one file and split")
    func corpusClean() throws {
        let folder = TestPaths.sfxCorpus.path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { ["wav", "ogg", "mp3", "flac"].contains(($0 as NSString).pathExtension) }.sorted()
        #expect(names.count == 52)
        var split = AudioToHapticsOptions()
        split.split = true
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            let features = try SoundFeatures.analyze(path: path)
            let one = AudioToHaptics.convert(features)
            let two = AudioToHaptics.convert(features, options: split)
            for pattern in [one.combined, two.continuous, two.transients].compactMap({ $0 }) where !pattern.elements.isEmpty {
                let found = AudioToHapticsTests.findings(pattern)
                #expect(found.isEmpty, "\(name): \(found.prefix(2).map(\.message))")
            }
            #expect(one.combined?.events.isEmpty == false, "\(name) gave an empty pattern")
        }
    }
}
