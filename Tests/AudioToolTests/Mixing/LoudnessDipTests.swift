import AudioKitLinux
import Foundation
import Testing

/// A loudness dip is what the fade does, measured against both tracks traded at constant power: the tracks' own level
/// changes cancel, silence counts as the absolute gate (−70 LUFS), and a dip from silence is no dip (n/a).
@Suite("loudness dips")
struct LoudnessDipTests {
    static let rate = 22_050

    /// White noise at `amplitude`, seeded, stereo.
    static func noise(seconds: Double, seed: UInt64, amplitude: Float = 0.25) -> [Float] {
        var g = SplitMix(seed: seed)
        return (0..<Int(seconds * Double(rate)) * 2).map { _ in Float(g.normal()) * amplitude }
    }

    /// The report's curves by name, for a plan over two decks of noise.
    static func dips(_ a: [Float], _ b: [Float], _ plan: CrossfadePlan) -> [CrossfadeCurve: CrossfadeReport.CurveLoudness] {
        let report = CrossfadeReport(a: Deck(samples: a, sampleRate: rate), b: Deck(samples: b, sampleRate: rate), plan: plan)
        return Dictionary(uniqueKeysWithValues: report.curves.map { ($0.curve, $0) })
    }

    /// Momentary points every 0.1 s at the given levels.
    static func points(_ levels: [Double]) -> [LoudnessMeter.Point] {
        levels.enumerated().map { LoudnessMeter.Point(time: 0.1 * Double($0.offset + 1), momentary: $0.element, shortTerm: $0.element) }
    }

    @Test("the dip is the mix's lowest level against the reference, silence floored at the gate, a silent reference left out")
    func dipAgainstTheReference() throws {
        // Windows end every 0.1 s; a fade over [1, 2] s is reached by the windows ending in (1, 2.4) s.
        var mix = [Double](repeating: -20, count: 40), reference = mix
        mix[19] = -26  // the window ending at 2.0 s
        mix[5] = -40  // at 0.6 s: before the fade, not read
        #expect(
            try #require(LoudnessMeter.dip(mix: Self.points(mix), reference: Self.points(reference), from: 1, to: 2, shortTerm: false))
                == -6)
        mix[12] = -1000  // silence, at 1.3 s
        let silent = try #require(
            LoudnessMeter.dip(mix: Self.points(mix), reference: Self.points(reference), from: 1, to: 2, shortTerm: false))
        #expect(silent == LoudnessMeter.absoluteGate - -20)
        #expect(LoudnessMeter.reachesSilence(mix: Self.points(mix), reference: Self.points(reference), from: 1, to: 2, shortTerm: false))
        // Where the reference is silent there is nothing to dip from.
        reference = [Double](repeating: -1000, count: 40)
        #expect(LoudnessMeter.dip(mix: Self.points(mix), reference: Self.points(reference), from: 1, to: 2, shortTerm: false) == nil)
    }

    @Test("linear dips 3 dB between equally loud unrelated tracks, equal power does not, a hard cut does not")
    func unrelatedTracks() throws {
        let a = Self.noise(seconds: 14, seed: 1), b = Self.noise(seconds: 14, seed: 2)
        let curves = Self.dips(a, b, CrossfadePlan(at: 6, duration: 3, curve: .hardCut))
        // 10·log10(½² + ½²) at the middle of a linear fade; cos² + sin² = 1 for equal power.
        let linear = try #require(curves[.linear]?.momentaryDip), power = try #require(curves[.equalPower]?.momentaryDip)
        #expect(abs(linear - -3.01) < 0.6, "linear \(linear)")
        #expect(abs(power) < 0.6, "equal power \(power)")
        // The old measure (lowest level against the levels around the fade) read a hard cut at ±3 dB on music; here A
        // then B is exactly what the reference holds.
        let cut = try #require(curves[.hardCut]?.momentaryDip)
        #expect(abs(cut) < 0.3, "hard cut \(cut)")
    }

    @Test("a track faded into itself in step does not dip with a linear fade: its gains sum to one")
    func aTrackIntoItself() throws {
        let a = Self.noise(seconds: 14, seed: 3)
        // B enters at 6 s of its own track, where A is at the fade start: the same samples.
        let curves = Self.dips(a, a, CrossfadePlan(at: 6, duration: 3, curve: .linear, incomingFrom: 6))
        let linear = try #require(curves[.linear]), power = try #require(curves[.equalPower])
        #expect(abs(try #require(linear.momentaryDip)) < 0.05, "linear \(linear.momentaryDip ?? .nan)")
        // Equal power swells instead: (cos + sin)² = 2 at the middle, +3 dB above the track.
        let swell = zip(power.points, power.reference).map { $0.momentary - $1.momentary }.max() ?? 0
        #expect(abs(swell - 3.01) < 0.3, "equal-power swell \(swell)")
        #expect(try #require(power.momentaryDip) > -0.05)
        // The report says the swell, for equal power only (linear's gains sum to one: no rise).
        let powerRise = try #require(power.momentaryRise), linearRise = try #require(linear.momentaryRise)
        #expect(abs(powerRise - swell) < 1e-9 && abs(linearRise) < 0.05)
        let report = CrossfadeReport(
            a: Deck(samples: a, sampleRate: Self.rate), b: Deck(samples: a, sampleRate: Self.rate),
            plan: CrossfadePlan(at: 6, duration: 3, curve: .linear, incomingFrom: 6))
        #expect(report.text.contains("equal-power rises +") && !report.text.contains("linear rises"), "\(report.text)")
    }

    @Test("into a quieter track the reference falls with it: the dip is the curve's, as the power sums predict")
    func intoAQuieterTrack() throws {
        let a = Self.noise(seconds: 14, seed: 4), b = Self.noise(seconds: 14, seed: 5, amplitude: 0.25 / 4)
        let curves = Self.dips(a, b, CrossfadePlan(at: 6, duration: 4, curve: .linear))
        // B is 12 dB quieter (r = 1/16 in power). Linear gains (1 − x, x) against the reference's power weights (1 − x, x):
        // the lowest of 10·log10(((1 − x)² + x²·r) / ((1 − x) + x·r)) over the fade, about −4.9 dB.
        let r = 1.0 / 16
        let theory = stride(from: 0.0, through: 1, by: 0.001).map { x in 10 * log10(((1 - x) * (1 - x) + x * x * r) / ((1 - x) + x * r)) }
            .min()!
        let linear = try #require(curves[.linear]?.momentaryDip)
        // Each 400 ms window averages 10 % of the fade, which lifts the lowest point a little.
        #expect(linear < theory + 0.8 && linear > theory - 0.5, "linear \(linear), theory \(theory)")
        // Before and after the transition the reference is the mix itself.
        let c = try #require(curves[.linear])
        for (m, q) in zip(c.points, c.reference) where m.time < 6 || m.time > 10.4 {
            #expect(abs(m.momentary - q.momentary) < 1e-6, "at \(m.time) s")
        }
    }

    @Test("a hard cut through a gap dips to the gate, marked as silence; two silent tracks have no dip")
    func gapsAndSilence() throws {
        let a = Self.noise(seconds: 14, seed: 6), b = Self.noise(seconds: 14, seed: 7)
        let gap = try #require(Self.dips(a, b, CrossfadePlan(at: 6, duration: 0, curve: .hardCut, gap: 0.5))[.hardCut])
        #expect(gap.reachesSilence(shortTerm: false))
        let dip = try #require(gap.momentaryDip)
        #expect(dip < -40 && dip > LoudnessMeter.absoluteGate, "gap \(dip)")
        let quiet = [Float](repeating: 0, count: 2 * 14 * Self.rate)
        let none = Self.dips(quiet, quiet, CrossfadePlan(at: 6, duration: 2, curve: .linear))
        #expect(none[.linear]?.momentaryDip == nil && none[.linear]?.shortTermDip == nil)
    }

    @Test("a fade past a track's end is said: the decks loop, a plain AVAudioPlayer does not")
    func pastTheEnds() {
        let a = Deck(samples: Self.noise(seconds: 10, seed: 8), sampleRate: Self.rate)
        let b = Deck(samples: Self.noise(seconds: 8, seed: 9), sampleRate: Self.rate)
        let past = CrossfadeReport(a: a, b: b, plan: CrossfadePlan(at: 11, duration: 2, curve: .linear, incomingFrom: 9))
        #expect(past.text.contains("note: the fade starts at 11.000 s, past A's end (10.000 s)"), "\(past.text)")
        #expect(past.text.contains("note: B enters at its own 9.000 s, past its end (8.000 s)"), "\(past.text)")
        let across = CrossfadeReport(a: a, b: b, plan: CrossfadePlan(at: 9, duration: 2, curve: .linear))
        #expect(
            across.ends == [
                "A ends at 10.000 s, inside the fade: the mix plays A again from its start; a plain AVAudioPlayer (numberOfLoops 0) stops there"
            ])
        let inside = CrossfadeReport(a: a, b: b, plan: CrossfadePlan(at: 6, duration: 2, curve: .linear))
        #expect(inside.ends.isEmpty && !inside.text.contains("note:"), "\(inside.text)")
    }
}
