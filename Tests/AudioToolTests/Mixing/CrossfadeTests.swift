import AudioKitLinux
import Foundation
import Testing

@Suite("Crossfade")
struct CrossfadeTests {
    static let rate = 44_100

    /// Independent white noise, seeded.
    static func noise(seconds: Double, seed: UInt64, amplitude: Float = 0.25) -> [Float] {
        var g = SplitMix(seed: seed)
        return (0..<Int(seconds * Double(rate)) * 2).map { _ in Float(g.normal()) * amplitude }
    }

    @Test("linear dips 3 dB on uncorrelated music, equal power does not")
    func loudnessDip() {
        let a = Deck(samples: Self.noise(seconds: 12, seed: 1), sampleRate: Self.rate)
        let b = Deck(samples: Self.noise(seconds: 12, seed: 2), sampleRate: Self.rate)
        for (curve, expected) in [(CrossfadeCurve.linear, -3.01), (.equalPower, 0.0)] {
            // A 4 s fade, so the 400 ms momentary window sits inside it.
            let r = Crossfader.render(a, b, plan: CrossfadePlan(at: 5, duration: 4, curve: curve, tail: 5))
            let points = LoudnessMeter.series(r.samples, sampleRate: Self.rate, channels: 2)
            let mid = points.first { $0.time >= 7.2 }!.momentary
            let before = points.first { $0.time >= 4.5 }!.momentary
            // Power at the midpoint: 2·g(½)² = ½ for linear (−3.01 dB), 1 for equal power.
            #expect(abs((mid - before) - expected) < 0.3, "\(curve): \(mid - before) dB")
        }
    }

    @Test func hardCutWithGapIsSilentInBetween() {
        let a = Deck(samples: [Float](repeating: 0.5, count: 10 * Self.rate * 2), sampleRate: Self.rate)
        let b = Deck(samples: [Float](repeating: -0.25, count: 10 * Self.rate * 2), sampleRate: Self.rate)
        let r = Crossfader.render(a, b, plan: CrossfadePlan(at: 2, duration: 2, curve: .hardCut, gap: 0.5, tail: 1))
        let at = { (t: Double) in r.samples[2 * Int(t * Double(Self.rate))] }
        #expect(at(1.999) == 0.5)
        #expect(at(2.0) == 0 && at(2.499) == 0)
        #expect(at(2.5) == -0.25)
    }

    @Test func quantizeToTheNextBarOfTheOutgoingTrack() {
        var a = Deck(samples: [Float](repeating: 0.1, count: 20 * Self.rate * 2), sampleRate: Self.rate)
        a.clock = BeatClock(bpm: 120, anchor: 0.25)
        let b = Deck(samples: [Float](repeating: 0.1, count: 20 * Self.rate * 2), sampleRate: Self.rate, clock: BeatClock(bpm: 95))
        let r = Crossfader.render(a, b, plan: CrossfadePlan(at: 3.1, duration: 2, quantize: .bar, tail: 1))
        #expect(abs(r.fadeStart - 4.25) < 1e-4)  // bars at 0.25, 2.25, 4.25 …
        #expect(r.outgoingBeats.count == 4)  // 4.25, 4.75, 5.25, 5.75
        #expect(r.relockTime != nil)
    }

    @Test func decksLoopSeamlessly() {
        let ramp = (0..<100).flatMap { [Float($0), Float($0)] }
        let d = Deck(samples: ramp, sampleRate: 100)
        let r = Crossfader.render(d, d, plan: CrossfadePlan(at: 10, duration: 0, curve: .hardCut, tail: 0))
        #expect(r.samples[2 * 250] == 50)  // frame 250 of a 100-frame loop is frame 50
    }

    @Test(
        "matches ffmpeg's acrossfade sample for sample",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg is not installed; scripts/test.sh installs it"),
        arguments: CrossfadeCurve.ffmpegNamed)
    func matchesFFmpeg(_ curve: CrossfadeCurve) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = Self.noise(seconds: 3, seed: 3, amplitude: 0.2)
        let b = (0..<(4 * Self.rate)).flatMap { i -> [Float] in
            let v = Float(0.3 * sin(2 * Double.pi * 330 * Double(i) / Double(Self.rate)))
            return [v, -v]
        }
        let pa = dir.appendingPathComponent("a.wav").path, pb = dir.appendingPathComponent("b.wav").path
        try AudioFile.write(a, to: pa, sampleRate: Self.rate, channels: 2)
        try AudioFile.write(b, to: pb, sampleRate: Self.rate, channels: 2)
        let out = dir.appendingPathComponent("ff.wav").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        p.arguments = [
            "-v", "error", "-y", "-i", pa, "-i", pb, "-filter_complex", "acrossfade=d=2:c1=\(curve.rawValue):c2=\(curve.rawValue)", "-c:a",
            "pcm_f32le", out,
        ]
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let reference = try AudioFile.read(out).samples
        // ffmpeg's convention: A plays whole, the last 2 s of A overlap the first 2 s of B.
        let deckA = Deck(samples: a, sampleRate: Self.rate, loops: false)
        let deckB = Deck(samples: b, sampleRate: Self.rate, loops: false)
        let ours = Crossfader.render(deckA, deckB, plan: CrossfadePlan(at: 1, duration: 2, curve: curve, tail: 2)).samples
        #expect(ours.count == reference.count)
        let worst = zip(ours, reference).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 1e-4, "\(curve): max difference \(worst)")
    }
}
