import AudioKitLinux
import Foundation
import Testing

@Suite("Crossfade audition")
struct CrossfadeAuditionTests {
    /// Two tracks of independent noise (12 s each, 22.05 kHz stereo) in a scratch folder.
    static func tracks(_ dir: URL) throws -> CrossfadeInputs {
        let pa = dir.appendingPathComponent("a.wav").path, pb = dir.appendingPathComponent("b.wav").path
        try AudioFile.write(CrossfadeTests.noise(seconds: 12, seed: 11), to: pa, sampleRate: 22_050, channels: 2)
        try AudioFile.write(CrossfadeTests.noise(seconds: 12, seed: 12), to: pb, sampleRate: 22_050, channels: 2)
        return CrossfadeInputs(
            outgoing: pa, incoming: pb, sampleRate: 22_050, outgoingTempo: TempoMap(offset: 0, bpm: 120),
            incomingTempo: TempoMap(offset: 0.25, bpm: 100))
    }

    @Test(
        "the loop is, sample for sample, what beatmap crossfade writes at those frames",
        arguments: [CrossfadeCurve.linear, .equalPower, .sCurve, .hardCut, .esin])
    func theLoopIsWhatTheCommandWrites(_ curve: CrossfadeCurve) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inputs = try Self.tracks(dir)
        let audition = CrossfadeAudition(inputs: inputs)
        let plan = CrossfadePlan(at: 6.3, duration: 1.5, curve: curve, quantize: .beat, phaseAlign: true, gap: 0.2, incomingFrom: 1)
        let out = dir.appendingPathComponent("mix.wav").path
        _ = try CrossfadeRender.run(inputs, plan: CrossfadeAudition.looped(plan), output: out)
        let file = try AudioFile.read(out)
        let frames = audition.frames(of: plan)
        let loop = try audition.mix(plan)
        #expect(loop.count == 2 * frames.count)
        #expect(Array(file.samples[(2 * frames.lowerBound)..<(2 * frames.upperBound)]) == loop)
        // The fade starts on A's next beat after 6.3 s (120 BPM: 6.5 s), the loop 4 s before it.
        #expect(frames.lowerBound == Int(2.5 * 22_050))
    }

    @Test func everyCurveLoopsTheSameFrames() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let audition = CrossfadeAudition(inputs: try Self.tracks(dir))
        var plan = CrossfadePlan(at: 5, duration: 3, gap: 0.5)
        var counts: Set<Int> = []
        for curve in CrossfadeCurve.allCases {
            plan.curve = curve
            counts.insert(try audition.mix(plan).count)
            #expect(audition.frames(of: plan) == 22_050..<Int(12.5 * 22_050))
        }
        #expect(counts == [2 * Int(11.5 * 22_050)])
    }

    @Test func theViewDrawsEachCurvesGainsAndMeasuresItsDip() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let audition = CrossfadeAudition(inputs: try Self.tracks(dir))
        let view = try audition.view(CrossfadePlan(at: 5, duration: 2, curve: .qsin), width: 601)
        #expect(view.curves.map(\.curve) == ["linear", "equal-power", "s-curve", "hard-cut", "qsin"])
        #expect(view.windowStart == 1 && view.windowEnd == 11 && view.fadeStart == 5 && view.fadeEnd == 7)
        // 601 points over 10 s: point 300 is the fade's midpoint (6 s), point 100 is 2 s, point 500 is 10 s.
        for c in view.curves {
            #expect(c.outgoingGain[100] == 1 && c.incomingGain[100] == 0, "\(c.curve) before the fade")
            #expect(c.outgoingGain[500] == 0 && c.incomingGain[500] == 1, "\(c.curve) after the fade")
        }
        let linear = try #require(view.curves.first { $0.curve == "linear" })
        let power = try #require(view.curves.first { $0.curve == "equal-power" })
        #expect(abs(linear.outgoingGain[300] - 0.5) < 1e-3 && abs(linear.incomingGain[300] - 0.5) < 1e-3)
        #expect(abs(power.outgoingGain[300] - 0.5.squareRoot()) < 1e-3 && abs(power.incomingGain[300] - 0.5.squareRoot()) < 1e-3)
        // Uncorrelated noise at equal levels: linear dips 3 dB midway (10·log10(0.5² + 0.5²)), equal power holds.
        let dip = try #require(linear.momentaryDip), level = try #require(power.momentaryDip)
        #expect(dip < -2 && dip > -4.5, "linear dip \(dip)")
        #expect(level > -1.5, "equal-power dip \(level)")
        // A's beats (120 BPM) while it sounds, B's (100 BPM from 0.25 s of its own time) once it has entered at 5 s.
        #expect(view.outgoingBeats.first == 1 && view.outgoingBeats.last == 6.5)
        #expect(abs((view.incomingBeats.first ?? 0) - 5.25) < 1e-9 && view.incomingBeats.allSatisfy { $0 >= 5 })
        #expect(view.outgoingPeaks.count == 601 && view.outgoingPeaks[500] == 0 && view.outgoingPeaks[100] > 0.3)
        #expect(view.incomingPeaks[100] == 0 && view.incomingPeaks[500] > 0.3)
    }

    @Test func aQueryIsReadOrRefusedWithTheReason() throws {
        let withTempo = CrossfadeAudition(
            inputs: CrossfadeInputs(
                outgoing: "a.wav", incoming: "b.wav", sampleRate: 48_000, outgoingTempo: TempoMap(offset: 0, bpm: 90),
                incomingTempo: TempoMap(offset: 0, bpm: 100)))
        let plan = try CrossfadeAuditionQuery.plan(
            [
                ("at", "31.25"), ("duration", "0.5"), ("curve", "s-curve"), ("quantize", "bar"), ("gap", "0.1"), ("from", "2"),
                ("phase", "1"),
                ("token", "x"),
            ],
            for: withTempo, other: ["token"])
        #expect(plan.at == 31.25 && plan.duration == 0.5 && plan.curve == .sCurve && plan.quantize == .bar && plan.gap == 0.1)
        #expect(plan.incomingFrom == 2 && plan.phaseAlign)
        let bare = CrossfadeAudition(inputs: CrossfadeInputs(outgoing: "a.wav", incoming: "b.wav", sampleRate: 48_000))
        let refused: [([(String, String)], String)] = [
            ([("tempo", "1")], "unknown parameter tempo"), ([("at", "1"), ("at", "2")], "at is given twice"),
            ([("duration", "11")], "duration must be seconds from 0.0 to 10.0"), ([("at", "nan")], "at must be seconds"),
            ([("curve", "cubic")], "curve must be one of"), ([("quantize", "beat")], "needs A's tempo"),
            ([("phase", "1")], "needs B's tempo"), ([("phase", "yes")], "phase must be 0 or 1"),
        ]
        for (query, reason) in refused {
            #expect(throws: CrossfadeAuditionQuery.Refusal.self) { try CrossfadeAuditionQuery.plan(query, for: bare) }
            do {
                _ = try CrossfadeAuditionQuery.plan(query, for: bare)
            } catch { #expect(error.description.contains(reason), "\(query): \(error.description)") }
        }
    }

    @Test func theGamesScenariosAreTheSeeds() {
        let base = CrossfadePlan(at: 10, duration: 2, curve: .linear)
        let chapter = CrossfadeScenario.chapterChange.apply(to: base, curve: nil, gap: nil)
        #expect(chapter.duration == 0.5 && chapter.curve == .linear && chapter.gap == 0)
        let death = CrossfadeScenario.death.apply(to: base, curve: nil, gap: nil)
        #expect(death.curve == .hardCut && death.gap == 0)
        let intermission = CrossfadeScenario.intermissionDeath.apply(to: base, curve: nil, gap: nil)
        #expect(intermission.curve == .hardCut && intermission.gap == 0.5)
        #expect(CrossfadeScenario.level5to6.apply(to: base, curve: .equalPower, gap: nil, duration: 3).duration == 3)
    }

    @Test func aFloatWAVReadsBackAsTheSameSamples() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let samples = CrossfadeTests.noise(seconds: 0.5, seed: 3)
        let path = dir.appendingPathComponent("x.wav")
        try Data(FloatWAV.bytes(samples, sampleRate: 44_100, channels: 2)).write(to: path)
        let read = try AudioFile.read(path.path)
        #expect(read.info.sampleRate == 44_100 && read.info.channels == 2 && read.samples == samples)
    }

    @Test("the Swift the page gives compiles, and its gain is the library's curve")
    func theSwiftSnippetComputesTheCurve() throws {
        guard let swiftc = TestPaths.program("swiftc") else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("swiftc is not on PATH") }
            return
        }
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // AVFoundation's player, as far as the snippet uses it (Linux has no AVFoundation).
        var program = """
            import Foundation
            final class AVAudioPlayer {
                var currentTime: TimeInterval = 0
                var deviceCurrentTime: TimeInterval = 0
                var volume: Float = 1
                func play(atTime time: TimeInterval) -> Bool { true }
                func stop() {}
            }

            """
        let curves = CrossfadeCurve.allCases
        let timeline = CrossfadeTimeline(plan: CrossfadePlan(at: 3, duration: 2), sampleRate: 48_000, outgoing: nil, incoming: nil)
        for (i, curve) in curves.enumerated() {
            var plan = CrossfadePlan(at: 3, duration: 2, curve: curve)
            plan.gap = 0
            program += CrossfadeCode.swift(plan, timeline: timeline).replacingOccurrences(of: "import AVFoundation", with: "")
                .replacingOccurrences(of: "crossfadeGain(", with: "gain\(i)(").replacingOccurrences(
                    of: "func crossfade(", with: "func crossfade\(i)(")
            program += curve == .hardCut ? "func gain\(i)(_ x: Double) -> Double { .nan }\n" : ""
        }
        let xs = [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0]
        program +=
            "for x in \(xs) { print([\((0..<curves.count).map { "gain\($0)(x)" }.joined(separator: ", "))].map { String($0) }.joined(separator: \" \")) }\n"
        let source = dir.appendingPathComponent("main.swift"), binary = dir.appendingPathComponent("snippet")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let built = try run(swiftc, ["-O", "-o", binary.path, source.path])
        try #require(built.status == 0, "the snippets do not compile: \(built.stderr)")
        let printed = try run(binary, []).stdout.split(separator: "\n").map { $0.split(separator: " ").map { Double($0)! } }
        for (row, x) in zip(printed, xs) {
            for (value, curve) in zip(row, curves) where curve != .hardCut {
                #expect(abs(value - curve.gain(x)) < 1e-12, "\(curve) at \(x): the snippet gives \(value), the library \(curve.gain(x))")
            }
        }
        #expect(printed.count == xs.count)
    }
}
