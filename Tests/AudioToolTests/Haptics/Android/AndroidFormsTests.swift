import AudioKitLinux
import Foundation
import Testing

/// The composition's primitive choice and timing, and the envelope's limits and accuracy.
struct AndroidFormsTests {
    @Test("each emphasis becomes the primitive of its quadrant, at its time, scaled by its amplitude")
    func primitives() {
        // (amplitude, frequency) → intensity √a, sharpness √f.
        let cases: [(Double, Double, AndroidComposition.Primitive)] = [
            (0.81, 0.64, .click), (0.16, 0.64, .tick), (0.81, 0.04, .thud), (0.16, 0.04, .lowTick),
            (0.36, 0.25, .click),  // on both thresholds: i = 0.6, s = 0.5
        ]
        let clip = HapticClip(
            amplitude: cases.enumerated().map { i, c in
                .init(time: Double(i) * 0.25, amplitude: 0, emphasis: .init(amplitude: c.0, frequency: c.1))
            } + [.init(time: 2, amplitude: 0)])
        let composition = AndroidComposition(clip)
        #expect(composition.elements.map(\.primitive) == cases.map(\.2))
        #expect(composition.elements.map(\.timeMs) == [0, 250, 500, 750, 1000])
        #expect(composition.elements.map(\.scale) == cases.map(\.0))
        #expect(composition.apiLevel == 31, "THUD and LOW_TICK came with API 31")
        #expect(AndroidComposition.Primitive.allCases.map(\.id) == [1, 2, 7, 8], "VibrationEffect.Composition's constants")
    }

    @Test("the envelope keeps every device's limits: ≤ 16 points, 20 ms to 1 s apart, ending at 0")
    func envelopeLimits() throws {
        // 400 breakpoints over 8 s: a wobbling intensity the 16 points can only follow approximately.
        let amplitude = (0...400).map { i -> HapticClip.AmplitudeBreakpoint in
            let t = Double(i) * 0.02
            return .init(time: t, amplitude: 0.5 + 0.4 * sin(t * 3) * sin(t * 11))
        }
        let frequency = (0...80).map { HapticClip.FrequencyBreakpoint(time: Double($0) * 0.1, frequency: Double($0 % 5) / 4) }
        let envelope = try #require(AndroidEnvelope(HapticClip(amplitude: amplitude, frequency: frequency)))
        let points = envelope.controlPoints
        #expect(points.count <= 16)
        #expect(points.allSatisfy { (20...1000).contains($0.durationMs) }, "\(points.map(\.durationMs))")
        #expect(points.last?.intensity == 0)
        #expect(points.allSatisfy { (0...1).contains($0.intensity) && (0...1).contains($0.sharpness) })
        // It spans the clip: 8 s, plus at most the 20 ms rise and the 20 ms fall.
        #expect(abs(envelope.durationMs - 8000) <= 40, "\(envelope.durationMs)")
        // The error is what it says: recompute it at the clip's breakpoints from the control points.
        var times: [Double] = [0]
        var values: [Double] = [0]
        for p in points {
            times.append(times.last! + Double(p.durationMs) / 1000)
            values.append(p.intensity)
        }
        var worst = 0.0
        for b in amplitude where b.time >= times[1] {
            var j = 0
            while j + 1 < times.count && times[j + 1] <= b.time { j += 1 }
            let played =
                j + 1 < times.count ? values[j] + (values[j + 1] - values[j]) * (b.time - times[j]) / (times[j + 1] - times[j]) : values[j]
            worst = max(worst, abs(played - b.amplitude.squareRoot()))
        }
        #expect(abs(worst - envelope.maximumIntensityError) < 1e-9, "\(worst) vs \(envelope.maximumIntensityError)")
        #expect(envelope.maximumIntensityError > 0.01, "16 points cannot follow 400")
    }

    @Test("a two-point ramp is kept exactly; an emphasis is a peak at its sharpness; silence has no envelope")
    func envelopeShapes() throws {
        let ramp = try #require(AndroidEnvelope(HapticClip(amplitude: [.init(time: 0, amplitude: 0), .init(time: 0.5, amplitude: 1)])))
        // The rise from 0 at time 0 to the first point (0 at 20 ms), then to 1 at 500 ms, then back to 0.
        #expect(ramp.controlPoints.map(\.durationMs) == [20, 480, 20])
        #expect(ramp.controlPoints.map(\.intensity) == [0, 1, 0])
        #expect(ramp.maximumIntensityError < 0.05, "only the 20 ms shift of the start: \(ramp.maximumIntensityError)")
        let hit = HapticClip(amplitude: [
            .init(time: 0, amplitude: 0), .init(time: 0.3, amplitude: 0, emphasis: .init(amplitude: 0.64, frequency: 0.09)),
            .init(time: 0.6, amplitude: 0),
        ])
        let peak = try #require(AndroidEnvelope(hit))
        let top = try #require(peak.controlPoints.max { $0.intensity < $1.intensity })
        #expect(abs(top.intensity - 0.8) < 1e-12 && abs(top.sharpness - 0.3) < 1e-12)
        #expect(AndroidEnvelope(HapticClip(amplitude: [.init(time: 0, amplitude: 0), .init(time: 1, amplitude: 0)])) == nil)
    }

    @Test("a clip longer than 16 s cannot fit 16 points of at most 1 s: more points, and said so")
    func longEnvelope() throws {
        let clip = HapticClip(amplitude: [.init(time: 0, amplitude: 0.5), .init(time: 25, amplitude: 0.5)])
        let haptics = try AndroidHaptics(clip)
        let envelope = try #require(haptics.envelope)
        #expect(envelope.controlPoints.count > 16)
        #expect(envelope.controlPoints.allSatisfy { $0.durationMs <= 1000 })
        #expect(haptics.lost.contains { $0.contains("more than the 16") })
    }

    @Test("a 40 s fade in, hold and fade out keeps its level in the envelope (the 1 s gaps need more than 16 points)")
    func longFade() throws {
        let clip = HapticClip(amplitude: [
            .init(time: 0, amplitude: 0), .init(time: 1, amplitude: 1), .init(time: 39, amplitude: 1), .init(time: 40, amplitude: 0),
        ])
        let envelope = try #require(AndroidEnvelope(clip))
        #expect(envelope.controlPoints.filter { $0.intensity > 0.99 }.count >= 30, "the hold is played at full")
        #expect(envelope.maximumIntensityError < 0.05, "\(envelope.maximumIntensityError)")
        #expect(envelope.controlPoints.allSatisfy { (20...1000).contains($0.durationMs) })
    }

    @Test("the JSON holds the three forms with their API levels, and what is lost")
    func json() throws {
        let clip = HapticClip(
            amplitude: [
                .init(time: 0, amplitude: 0.25), .init(time: 0.1, amplitude: 0.25, emphasis: .init(amplitude: 1, frequency: 1)),
                .init(time: 0.2, amplitude: 0),
            ], frequency: [.init(time: 0, frequency: 0.2), .init(time: 0.2, frequency: 0.9)])
        let haptics = try AndroidHaptics(clip)
        let text = JSONWriter().string(from: haptics.jsonValue(source: "x.haptic"))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let waveform = try #require(root["waveform"] as? [String: Any])
        #expect(waveform["api"] as? Int == 26 && waveform["repeat"] as? Int == -1)
        #expect((waveform["timings_ms"] as? [Int])?.reduce(0, +) == 200)
        #expect((waveform["amplitudes"] as? [Int])?.allSatisfy { (1...255).contains($0) } == true)
        let primitives = try #require((root["composition"] as? [String: Any])?["primitives"] as? [[String: Any]])
        #expect(primitives.count == 1 && primitives[0]["primitive"] as? String == "CLICK" && primitives[0]["time_ms"] as? Int == 100)
        #expect((root["envelope"] as? [String: Any])?["api"] as? Int == 36)
        #expect(root["emphasis_only"] as? Bool == false)
        let lost = try #require(root["lost"] as? [String])
        #expect(lost.contains { $0.hasPrefix("waveform: sharpness") } && lost.contains { $0.hasPrefix("composition:") })
    }
}
