import AudioKitLinux
import Foundation
import Testing

/// The renderer against signals whose properties are computed here, independently.
@Suite("AHAP rendering")
struct RenderTests {
    static let rate = 48_000

    static func render(
        _ elements: [AHAPElement], model: HapticModel = HapticModel(), channels: RenderChannels = .haptic, base: String = "."
    ) -> (samples: [Float], renderer: PatternRenderer) {
        let r = PatternRenderer(
            pattern: AHAPPattern(elements: elements),
            options: RenderOptions(sampleRate: rate, channels: channels, model: model, baseDirectory: base))
        return (r.renderAll(), r)
    }

    static func continuous(
        _ time: Double = 0, duration: Double = 1, intensity: Double = 1, sharpness: Double = 0.5, extra: [AHAPEventParameter] = []
    ) -> AHAPElement {
        .event(
            AHAPEvent(
                .hapticContinuous, time: time, duration: duration,
                parameters: [AHAPEventParameter(.hapticIntensity, intensity), AHAPEventParameter(.hapticSharpness, sharpness)] + extra))
    }

    /// Frequency from the mean spacing of upward zero crossings (interpolated) in [from, to) seconds.
    static func measuredFrequency(_ x: [Float], from: Double, to: Double) -> Double {
        var crossings: [Double] = []
        for i in Int(from * Double(rate))..<min(x.count - 1, Int(to * Double(rate))) where x[i] <= 0 && x[i + 1] > 0 {
            crossings.append(Double(i) + Double(-x[i] / (x[i + 1] - x[i])))
        }
        guard crossings.count > 2 else { return 0 }
        return Double(rate) * Double(crossings.count - 1) / (crossings.last! - crossings.first!)
    }

    /// Largest |sample| in [from, to) seconds.
    static func peak(_ x: [Float], from: Double, to: Double) -> Double {
        let a = max(0, Int(from * Double(rate))), b = min(x.count, Int(to * Double(rate)))
        guard a < b else { return 0 }
        return Double(x[a..<b].map { abs($0) }.max()!)
    }

    @Test func transientStartsWithinOneMillisecond() {
        let (x, _) = Self.render([.event(AHAPEvent(.hapticTransient, time: 0.5, parameters: [AHAPEventParameter(.hapticIntensity, 1)]))])
        let first = x.firstIndex { abs($0) > 0.05 }!
        let t = Double(first) / Double(Self.rate)
        #expect(t >= 0.5 && t <= 0.501, "onset at \(t) s")
        // And it is a short burst: 10–20 ms, silent after.
        let last = x.lastIndex { abs($0) > 1e-4 }!
        let length = Double(last - first) / Double(Self.rate)
        #expect(length >= 0.010 && length <= 0.020)
    }

    @Test("drive frequency follows the sharpness mapping", arguments: [0.0, 0.25, 0.5, 0.75, 1.0])
    func driveFrequency(_ sharpness: Double) {
        let (x, _) = Self.render([Self.continuous(sharpness: sharpness)])
        let expected = 80 * pow(230.0 / 80.0, sharpness)  // docs/haptic-model.md
        let measured = Self.measuredFrequency(x, from: 0.1, to: 0.9)
        #expect(abs(measured - expected) / expected < 0.002, "sharpness \(sharpness): \(measured) Hz, expected \(expected) Hz")
    }

    @Test func audibleModeMovesTheBandTwoOctavesUp() {
        let (x, _) = Self.render([Self.continuous(sharpness: 0)], model: .audible)
        #expect(abs(Self.measuredFrequency(x, from: 0.1, to: 0.9) - 320) < 1)
    }

    @Test("amplitude scales with intensity", arguments: [0.25, 0.5, 0.8])
    func amplitude(_ intensity: Double) {
        let (x, _) = Self.render([Self.continuous(intensity: intensity)])
        #expect(abs(Self.peak(x, from: 0.3, to: 0.7) - intensity) < 0.002)
    }

    @Test func curveHitsItsControlPointsAndInterpolatesLinearly() {
        // Intensity control: 1 at 0.2 s, 0.2 at 0.6 s, 0.8 at 1.0 s (times relative to the curve at 0.2 s).
        let curve = AHAPParameterCurve(
            .hapticIntensityControl, time: 0.2,
            points: [AHAPControlPoint(time: 0, value: 1), AHAPControlPoint(time: 0.4, value: 0.2), AHAPControlPoint(time: 0.8, value: 0.8)])
        let pattern = AHAPPattern(elements: [Self.continuous(duration: 1.5), .curve(curve)])
        let track = ControlTrack(id: .hapticIntensityControl, pattern: pattern)
        #expect(track.value(at: 0.2) == 1)
        #expect(abs(track.value(at: 0.6) - 0.2) < 1e-12)
        #expect(abs(track.value(at: 1.0) - 0.8) < 1e-12)
        #expect(abs(track.value(at: 0.4) - 0.6) < 1e-12)  // halfway between 1 and 0.2
        #expect(abs(track.value(at: 0.8) - 0.5) < 1e-12)  // halfway between 0.2 and 0.8
        #expect(track.value(at: 0.1) == 1)  // before the curve: neutral
        #expect(abs(track.value(at: 1.3) - 0.8) < 1e-12)  // after: holds the last point
        // In the rendered signal: one drive period (~6.7 ms at sharpness 0.5) around each time.
        let (x, _) = Self.render(pattern.elements)
        for (t, v) in [(0.6, 0.2), (1.0, 0.8), (0.8, 0.5)] {
            #expect(abs(Self.peak(x, from: t - 0.004, to: t + 0.004) - v) < 0.02, "at \(t) s")
        }
    }

    @Test func dynamicParametersMultiplyAddAndClamp() {
        let pattern = AHAPPattern(elements: [
            .parameter(AHAPDynamicParameter(.hapticIntensityControl, value: 0.5, time: 0)),
            .parameter(AHAPDynamicParameter(.hapticSharpnessControl, value: 0.5, time: 0)),
            .parameter(AHAPDynamicParameter(.hapticSharpnessControl, value: -0.4, time: 2)),
        ])
        let c = ControlSet(pattern: pattern)
        #expect(c.apply(.hapticIntensityControl, to: 0.8, at: 1) == 0.4)  // 0.8 × 0.5
        #expect(c.apply(.hapticSharpnessControl, to: 0.3, at: 1) == 0.8)  // 0.3 + 0.5
        #expect(c.apply(.hapticSharpnessControl, to: 0.7, at: 1) == 1.0)  // 1.2 clamped
        #expect(abs(c.apply(.hapticSharpnessControl, to: 0.3, at: 3) - 0.0) < 1e-12)  // −0.1 clamped, later parameter wins
        #expect(c.apply(.audioVolumeControl, to: 0.7, at: 1) == 0.7)  // no control: unchanged
        // Applies to every event, transients included.
        let (x, _) = Self.render(
            pattern.elements + [.event(AHAPEvent(.hapticTransient, time: 0.5, parameters: [AHAPEventParameter(.hapticIntensity, 1)]))])
        let peak = Self.peak(x, from: 0.5, to: 0.52)
        #expect(peak > 0.4 && peak <= 0.5)
    }

    /// The sample of largest magnitude in [from, to) seconds, with its time.
    static func crest(_ x: [Float], from: Double, to: Double) -> (time: Double, value: Double) {
        let a = max(0, Int(from * Double(rate))), b = min(x.count, Int(to * Double(rate)))
        let i = (a..<b).max { abs(x[$0]) < abs(x[$1]) }!
        return (Double(i) / Double(rate), Double(abs(x[i])))
    }

    @Test("envelope attack and release last T(p) = 0.005 · 200^p seconds", arguments: [0.0, 0.5, 0.8])
    func envelopeLengths(_ p: Double) {
        let expected = 0.005 * pow(200, p)
        let duration = 2.0
        let (x, _) = Self.render([
            Self.continuous(
                duration: duration, sharpness: 1, extra: [AHAPEventParameter(.attackTime, p), AHAPEventParameter(.releaseTime, p)])
        ])
        // Linear segments on a 230 Hz sine that starts at phase 0: inside the attack
        // |x(t)| = (t / T)·|sin(2π·230·t)|; inside the release, ((duration − t) / T)·|sin(2π·230·t)|.
        let drive = { (t: Double) in abs(sin(2 * Double.pi * 230 * t)) }
        let rise = Self.crest(x, from: expected * 0.2, to: expected * 0.8)
        #expect(abs(rise.value - rise.time / expected * drive(rise.time)) < 2e-3, "attack crest \(rise)")
        let fall = Self.crest(x, from: duration - expected * 0.8, to: duration - expected * 0.2)
        #expect(abs(fall.value - (duration - fall.time) / expected * drive(fall.time)) < 2e-3, "release crest \(fall)")
        #expect(abs(Self.peak(x, from: expected + 0.05, to: duration - expected - 0.05) - 1) < 0.002)
        #expect(abs(HapticModel().envelopeTime(p) - expected) < 1e-12)
    }

    @Test func notSustainedDecaysAndStopsEarly() {
        let (x, _) = Self.render([
            Self.continuous(duration: 2, sharpness: 1, extra: [AHAPEventParameter(.sustained, 0), AHAPEventParameter(.decayTime, 0.5)])
        ])
        let decay = 0.005 * pow(200, 0.5)
        #expect(Self.peak(x, from: 0.005 + decay + 0.01, to: 2) == 0)
        #expect(Self.peak(x, from: 0.005, to: 0.006 + 0.005) > 0.9)
    }

    @Test func continuousEventsAreCutAt30Seconds() {
        let (x, r) = Self.render([Self.continuous(duration: 40)])
        #expect(Self.peak(x, from: 29.5, to: 29.9) > 0.99)
        #expect(Self.peak(x, from: 30.0, to: 40) == 0)
        #expect(r.warnings.count == 1)
    }

    @Test func audioCustomKeepsItsDurationAcrossRates() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 0.5 s of a constant 0.5 at 44.1 kHz.
        try AudioFile.write(
            [Float](repeating: 0.5, count: 22_050), to: dir.appendingPathComponent("dc.wav").path, sampleRate: 44_100, channels: 1)
        var event = AHAPEvent(.audioCustom, time: 0.25, waveformPath: "dc.wav")
        event.waveformUseVolumeEnvelope = false
        let (x, r) = Self.render([.event(event)], channels: .hapticAndStereo, base: dir.path)
        #expect(r.warnings.isEmpty)
        let left = stride(from: 1, to: x.count, by: 3).map { x[$0] }
        let on = left.indices.filter { left[$0] > 0.25 }
        let seconds = Double(on.last! - on.first! + 1) / Double(Self.rate)
        #expect(abs(seconds - 0.5) < 0.0005, "\(seconds) s")
        #expect(abs(Double(on.first!) / Double(Self.rate) - 0.25) < 0.0005)
        #expect(abs(Double(left[on[on.count / 2]]) - 0.5) < 0.01)
    }

    @Test func missingAudioStillRendersTheHaptics() {
        let (x, r) = Self.render(
            [.event(AHAPEvent(.audioCustom, time: 0, waveformPath: "nope.wav")), .event(AHAPEvent(.hapticTransient, time: 0.1))],
            channels: .hapticAndStereo, base: TestPaths.scratch().path)
        #expect(r.warnings.count == 1)
        #expect(r.warnings[0].contains("nope.wav"))
        #expect(stride(from: 0, to: x.count, by: 3).contains { abs(x[$0]) > 0.1 })
    }

    @Test func audioToneHasPitchVolumeAndPan() {
        let tone = AHAPEvent(
            .audioContinuous, time: 0, duration: 1,
            parameters: [
                AHAPEventParameter(.audioPitch, 1), AHAPEventParameter(.audioVolume, 0.5), AHAPEventParameter(.audioPan, 1),
                AHAPEventParameter(.audioBrightness, 0),
            ])
        let (x, _) = Self.render([.event(tone)], channels: .hapticAndStereo)
        let left = stride(from: 1, to: x.count, by: 3).map { x[$0] }
        let right = stride(from: 2, to: x.count, by: 3).map { x[$0] }
        #expect(abs(Self.measuredFrequency(right, from: 0.1, to: 0.9) - 880) < 1)  // 440 · 2^1
        #expect(abs(Self.peak(right, from: 0.2, to: 0.8) - 0.5) < 0.002)
        #expect(Self.peak(left, from: 0, to: 1) == 0)  // panned hard right
    }

    @Test func blocksStreamTheSameSamplesAsOneBigBlock() {
        let elements = [Self.continuous(duration: 0.7, sharpness: 0.3), .event(AHAPEvent(.hapticTransient, time: 0.33))]
        let small = PatternRenderer(pattern: AHAPPattern(elements: elements), options: RenderOptions(channels: .haptic, blockFrames: 100))
            .renderAll()
        let big = PatternRenderer(pattern: AHAPPattern(elements: elements), options: RenderOptions(channels: .haptic, blockFrames: 1 << 20))
            .renderAll()
        #expect(small == big)
    }

    @Test func plotIsValidSVG() throws {
        let pattern = try #require(AHAPTemplates.named("capacitor-charge")).pattern()
        let svg = AHAPPlot.svg(pattern: pattern, title: "a <title> & more")
        let doc = try XMLDocument(data: Data(svg.utf8))
        #expect(doc.rootElement()?.name == "svg")
        for heading in [
            "Intensity", "Sharpness", "Dynamic parameters and curves", "Rendered waveform envelope", "seconds", "HapticIntensityControl",
        ] {
            #expect(svg.contains(heading))
        }
        #expect(svg.contains("a &lt;title&gt; &amp; more"))
    }

    /// The plot's axes and legends follow what the pattern has: an intensity curve alone (a multiplier, 0…1) gets a 0…1
    /// axis, a sharpness curve below 0 (it adds) gets −1…1; the legend names only event types the pattern plays, and
    /// a sound underlay appears in the header legend, not over a panel's label.
    @Test func plotAxesAndLegendsFollowThePattern() {
        let intensityOnly = AHAPParameterCurve(
            .hapticIntensityControl, time: 0, points: [AHAPControlPoint(time: 0, value: 1), AHAPControlPoint(time: 0.5, value: 0.3)])
        let positive = AHAPPlot.svg(pattern: AHAPPattern(elements: [Self.continuous(duration: 1), .curve(intensityOnly)]), title: "t")
        // −0.5 is a tick of the curves' axis only (the waveform's are −1, 0 and 1).
        #expect(!positive.contains(">-0.5<"), "no negative half on the curves' axis")
        #expect(positive.contains(">HapticContinuous<") && !positive.contains(">HapticTransient<") && !positive.contains(">Audio<"))
        let sharpnessDown = AHAPParameterCurve(
            .hapticSharpnessControl, time: 0, points: [AHAPControlPoint(time: 0, value: 0), AHAPControlPoint(time: 0.5, value: -0.6)])
        let negative = AHAPPlot.svg(pattern: AHAPPattern(elements: [Self.continuous(duration: 1), .curve(sharpnessDown)]), title: "t")
        #expect(negative.contains(">-0.5<"))
        let sound = SoundUnderlay(amplitude: [Float](repeating: 0.25, count: 200), label: "sound: √amplitude")
        let withSound = AHAPPlot.svg(pattern: AHAPPattern(elements: [Self.continuous(duration: 0.1)]), title: "t", sound: sound)
        // The header legend sits at y = 40, above every panel.
        let label = withSound.range(of: ">sound: √amplitude<")
        let element = label.flatMap { withSound[..<$0.lowerBound].range(of: "<text", options: .backwards) }
        #expect(element.map { String(withSound[$0.lowerBound..<label!.lowerBound]).contains("y=\"40\"") } == true)
        // A 0.2 s sound over 900 columns: every column has its millisecond, so the outline never drops to 0 inside it.
        let outline = withSound.components(separatedBy: "<polygon points=\"").dropFirst().first { $0.contains("#999999") } ?? ""
        let ys = outline.prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0.split(separator: ",")[1]) }
        #expect(Set(ys.dropLast(2)).count == 1, "one height for a constant sound: \(Set(ys.dropLast(2)).sorted())")
    }

    @Test("every corpus file renders", .enabled(if: TestPaths.corpusAvailable, TestPaths.corpusMissing))
    func corpusRenders() throws {
        for url in TestPaths.corpusFiles() {
            let result = try AHAPValidator.validate(path: url.path, options: AHAPValidationOptions(lenient: true))
            guard let pattern = result.document?.pattern else { continue }
            let r = PatternRenderer(
                pattern: pattern, options: RenderOptions(sampleRate: 8_000, baseDirectory: url.deletingLastPathComponent().path))
            var block: [Float] = []
            var frames = 0
            while true {
                let n = r.renderNextBlock(into: &block)
                if n == 0 { break }
                frames += n
                #expect(block.allSatisfy { $0.isFinite && abs($0) <= 1 })
            }
            #expect(frames == r.totalFrames)
            #expect(Double(frames) / 8_000 >= pattern.duration - 0.001, "\(url.lastPathComponent)")
        }
    }
}

#if canImport(FoundationXML)
    import FoundationXML
#endif
