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

    /// The crossfade chart says what it draws: a dashed short-term line per curve (its title says dashed), each curve
    /// in the same colour whichever curve was chosen, the fade shaded over the grid, the gains each curve applies, and
    /// no beat legend when there are no beats.
    /// A hard cut through half a second of silence (the intermission-death scenario) dips down to the −70 LUFS gate: the
    /// text marks that figure and says what it is measured to; a crossfade between two sounds has no such mark.
    @Test func aDipDownToSilenceIsMarkedAsMeasuredToTheGate() throws {
        let a = Deck(samples: Self.noise(seconds: 14, seed: 1), sampleRate: Self.rate)
        let b = Deck(samples: Self.noise(seconds: 14, seed: 2), sampleRate: Self.rate)
        let plan = CrossfadeScenario.intermissionDeath.apply(to: CrossfadePlan(at: 6, duration: 2, curve: .linear), curve: nil, gap: nil)
        let silent = CrossfadeReport(a: a, b: b, plan: plan)
        #expect(silent.curves.first?.reachesSilence(shortTerm: false) == true)
        #expect(silent.text.contains("dB*") && silent.text.contains("measured to that floor"), "\(silent.text)")
        // A hard cut has no fade to span: the header says the cut and the silence after it (it said "fade 6.000–6.500 s").
        #expect(silent.text.hasPrefix("hard cut at 6.000 s, B at 6.500 s after 0.500 s of silence;"), "\(silent.text)")
        #expect(silent.svg.contains("Crossfade, hard cut at 6.000 s, B at 6.500 s"))
        let plain = CrossfadeReport(a: a, b: b, plan: CrossfadePlan(at: 6, duration: 2, curve: .linear))
        #expect(plain.text.hasPrefix("fade 6.000–8.000 s; B plays from its own 0.000 s"), "\(plain.text)")
        #expect(plain.curves.allSatisfy { !$0.reachesSilence(shortTerm: false) && !$0.reachesSilence(shortTerm: true) })
        #expect(!plain.text.contains("*"), "\(plain.text)")
        // A dip that rounds to zero (a hard cut between two steady tracks) prints +0.00, never −0.00.
        #expect(!plain.text.contains("-0.00"), "\(plain.text)")
    }

    @Test func theCrossfadeChartDrawsWhatItsLegendSays() throws {
        let a = Deck(samples: Self.noise(seconds: 14, seed: 1), sampleRate: Self.rate)
        let b = Deck(samples: Self.noise(seconds: 14, seed: 2), sampleRate: Self.rate)
        let chosenSCurve = CrossfadeReport(a: a, b: b, plan: CrossfadePlan(at: 6, duration: 2, curve: .sCurve)).svg
        let chosenLinear = CrossfadeReport(a: a, b: b, plan: CrossfadePlan(at: 6, duration: 2, curve: .linear)).svg
        #expect(chosenSCurve.contains("dashed: short-term"))
        // Three curves: a dashed short-term line and a dashed incoming gain each.
        #expect(chosenSCurve.components(separatedBy: "<polyline").filter { $0.contains("stroke-dasharray") }.count == 6)
        // Linear is blue in both charts, although it is the first curve of one and the second of the other.
        func colour(of curve: String, in svg: String) throws -> String {
            let legend = try #require(svg.range(of: ">\(curve): dip"))
            let before = svg[..<legend.lowerBound]
            let fill = try #require(before.range(of: "fill=\"", options: .backwards))
            return String(before[fill.upperBound...].prefix(7))
        }
        #expect(try colour(of: "linear", in: chosenSCurve) == colour(of: "linear", in: chosenLinear))
        #expect(try colour(of: "equal-power", in: chosenSCurve) == colour(of: "equal-power", in: chosenLinear))
        // The fade's shade comes after the panel's background, so it shows.
        let background = try #require(chosenSCurve.range(of: "fill=\"#fafafa\""))
        let shade = try #require(chosenSCurve.range(of: "fill=\"#f5cba7\""))
        #expect(background.lowerBound < shade.lowerBound)
        #expect(chosenSCurve.contains("Gain (solid: outgoing deck; dashed: incoming deck)"))
        #expect(!chosenSCurve.contains("outgoing beats"))
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

@Suite("Streaming crossfade")
struct StreamingCrossfadeTests {
    /// A mono or stereo test signal: a 220 Hz tone under seeded noise, different per channel.
    static func signal(seconds: Double, rate: Int, channels: Int, seed: UInt64) -> [Float] {
        var g = SplitMix(seed: seed)
        return (0..<Int(seconds * Double(rate))).flatMap { i -> [Float] in
            let tone = Float(0.2 * sin(2 * Double.pi * 220 * Double(i) / Double(rate)))
            return (0..<channels).map { _ in tone + Float(g.normal()) * 0.05 }
        }
    }

    @Test(
        "decks streamed from files mix exactly as decks held in memory",
        arguments: [(44_100, 2, 44_100, 1), (44_100, 1, 48_000, 2), (48_000, 3, 22_050, 2)])
    func streamedEqualsInMemory(_ c: (rateA: Int, channelsA: Int, rateB: Int, channelsB: Int)) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pa = dir.appendingPathComponent("a.wav").path, pb = dir.appendingPathComponent("b.flac").path
        try AudioFile.write(
            Self.signal(seconds: 6, rate: c.rateA, channels: c.channelsA, seed: 1), to: pa, sampleRate: c.rateA, channels: c.channelsA)
        try AudioFile.write(
            Self.signal(seconds: 5, rate: c.rateB, channels: c.channelsB, seed: 2), to: pb, sampleRate: c.rateB, channels: c.channelsB)
        // A loops past its end (fade at 6.5 s), B stays inside its first pass.
        let plan = CrossfadePlan(at: 6.5, duration: 1.5, curve: .equalPower, tail: 2)
        let rate = c.rateA
        let memory = Crossfader.render(
            try Deck.load(pa, sampleRate: rate), try Deck.load(pb, sampleRate: rate), plan: plan)
        let (fa, fb) = try CrossfadeInputs(outgoing: pa, incoming: pb, sampleRate: rate).open()
        let source = CrossfadeSource(fa, fb, plan: plan)
        let streamed = source.renderAll()
        #expect(source.failure == nil)
        #expect(streamed.count == memory.samples.count)
        let worst = zip(streamed, memory.samples).map { abs($0 - $1) }.max() ?? 1
        // Same rates: the same samples. Resampled: the streaming converter and the one-shot one differ only in rounding.
        #expect(worst <= (c.rateB == rate ? 0 : 2e-3), "max difference \(worst)")
    }

    @Test func theReportIsMeasuredOnTheTransitionOfTheStreamedDecks() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rate = 22_050
        let pa = dir.appendingPathComponent("a.wav").path, pb = dir.appendingPathComponent("b.wav").path
        try AudioFile.write(CrossfadeTests.noise(seconds: 12, seed: 5).map { $0 }, to: pa, sampleRate: CrossfadeTests.rate, channels: 2)
        try AudioFile.write(CrossfadeTests.noise(seconds: 12, seed: 6).map { $0 }, to: pb, sampleRate: CrossfadeTests.rate, channels: 2)
        let inputs = CrossfadeInputs(outgoing: pa, incoming: pb, sampleRate: rate)
        let out = dir.appendingPathComponent("mix.wav").path
        let plan = CrossfadePlan(at: 5, duration: 4, curve: .linear, tail: 5)
        let report = try CrossfadeRender.run(inputs, plan: plan, output: out)
        // Uncorrelated noise: linear dips about 3 dB at its midpoint, equal power stays level (as in memory).
        let linear = try #require(report.curves.first { $0.curve == .linear }?.momentaryDip)
        let power = try #require(report.curves.first { $0.curve == .equalPower }?.momentaryDip)
        #expect(linear < -2 && linear > -5, "linear dip \(linear)")
        #expect(power > linear + 1.5, "equal-power dip \(power)")
        #expect(try AudioFile.info(out).duration == 14)
    }
}
