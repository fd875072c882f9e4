import AudioKitLinux
import Foundation
import Testing

/// AHAP → .haptic → AHAP keeps every event's time, intensity and sharpness within 1e-4, except what the conversion
/// reports as lost.
@Suite("AHAP to .haptic and back")
struct RoundTripTests {
    /// The intensity and sharpness the strongest continuous event plays at `t`, after the dynamic parameters.
    static func continuousLevel(_ p: AHAPPattern, at t: Double) -> (Double, Double)? {
        let controls = ControlSet(pattern: p)
        var best: (Double, Double)? = nil
        for e in p.events where e.eventType == .hapticContinuous && e.time <= t && t <= e.time + (e.duration ?? 0) {
            let i = controls.apply(.hapticIntensityControl, to: e.value(of: .hapticIntensity), at: t)
            let s = controls.apply(.hapticSharpnessControl, to: e.value(of: .hapticSharpness), at: t)
            if best == nil || i >= best!.0 { best = (i, s) }
        }
        return best
    }

    /// Checks the round trip of `pattern`: each transient at its time with its intensity and sharpness after the
    /// controls; each continuous event's level just after its start and at its middle. Elements reported lost are
    /// skipped, and returned.
    static func check(_ pattern: AHAPPattern, _ name: String) throws -> [AHAPToHaptic.Loss] {
        let (clipOrNil, losses) = AHAPToHaptic.convert(pattern)
        let clip = try #require(clipOrNil, "\(name)")
        let text = JSONWriter(indent: "  ").string(from: clip.jsonValue)
        let reread = HapticFileValidator.validate(bytes: Array(text.utf8))
        #expect(!reread.diagnostics.contains { $0.severity != .note }, "\(name): \(reread.diagnostics.map(\.message))")
        let back = HapticToAHAP.convert(try #require(reread.clip))
        let lost = Set(losses.map(\.element))
        let controls = ControlSet(pattern: pattern)
        let backTransients = back.events.filter { $0.eventType == .hapticTransient }
        for (index, element) in pattern.elements.enumerated() where !lost.contains(index) {
            guard case .event(let e) = element else { continue }
            switch e.eventType {
            case .hapticTransient:
                let i = controls.apply(.hapticIntensityControl, to: e.value(of: .hapticIntensity), at: e.time)
                let s = controls.apply(.hapticSharpnessControl, to: e.value(of: .hapticSharpness), at: e.time)
                let match = backTransients.first { abs($0.time - e.time) < 1e-9 }
                #expect(match != nil, "\(name): transient at \(e.time) s lost")
                if let m = match {
                    #expect(
                        abs(m.value(of: .hapticIntensity) - i) <= 1e-4,
                        "\(name): transient \(e.time) intensity \(m.value(of: .hapticIntensity)) vs \(i)")
                    #expect(abs(m.value(of: .hapticSharpness) - s) <= 1e-4, "\(name): transient \(e.time) sharpness")
                }
            case .hapticContinuous:
                let d = e.duration ?? 0
                for t in [e.time + 1e-6, e.time + d / 2] {
                    let a = try #require(continuousLevel(pattern, at: t))
                    let b = continuousLevel(back, at: t) ?? (0, 0)
                    #expect(abs(a.0 - b.0) <= 1e-4, "\(name): continuous at \(t) s intensity \(b.0) vs \(a.0)")
                    #expect(abs(a.1 - b.1) <= 1e-4 || a.0 == 0, "\(name): continuous at \(t) s sharpness \(b.1) vs \(a.1)")
                }
            default: continue
            }
        }
        return losses
    }

    @Test("every template of ahap-tool new survives the round trip", arguments: AHAPTemplates.all.map(\.name))
    func template(_ name: String) throws {
        let pattern = try AHAPTemplates.named(name)!.pattern()
        _ = try Self.check(pattern, name)
    }

    @Test("the samples survive, and the audio event is reported lost")
    func samples() throws {
        for file in ["heartbeat", "thud", "capacitor_charge"] {
            let path = TestPaths.packageRoot.appendingPathComponent("samples/ahap/\(file).ahap").path
            let pattern = try #require(AHAPValidator.validate(path: path).document?.pattern)
            let losses = try Self.check(pattern, file)
            if file == "thud" {
                #expect(losses.count == 1 && losses[0].message.contains("AudioCustom"))
            }
        }
    }

    @Test("what .haptic cannot hold is reported on its element")
    func losses() {
        let pattern = AHAPPattern(elements: [
            .event(
                AHAPEvent(
                    .hapticContinuous, time: 0, duration: 1,
                    parameters: [AHAPEventParameter(.hapticIntensity, 0.5), AHAPEventParameter(.attackTime, 0.3)])),
            .event(AHAPEvent(.hapticContinuous, time: 0.5, duration: 1, parameters: [AHAPEventParameter(.hapticIntensity, 0.9)])),
            .parameter(AHAPDynamicParameter(.hapticAttackTimeControl, value: 0.2, time: 0)),
            .event(AHAPEvent(.audioCustom, time: 0, waveformPath: "x.wav")),
        ])
        let (clip, losses) = AHAPToHaptic.convert(pattern)
        #expect(clip != nil)
        #expect(Set(losses.map(\.element)) == [0, 1, 2, 3], "\(losses)")
        // The overlap keeps the stronger event: 0.9² from 0.5 s on.
        let at = clip!.amplitude.filter { $0.time == 1.0 }.map(\.amplitude)
        #expect(at.contains { abs($0 - 0.81) < 1e-12 })
    }
}
