import AudioKitLinux
import Foundation
import Testing

/// Tempo against synthetic drum loops whose tempo is known exactly.
@Suite("Tempo")
struct TempoTests {
    static let rate = 22_050

    /// Kick on beats 1 and 3, snare on 2 and 4, closed hats on eighths; first beat at 0.25 s. `kicks` and `snares`
    /// name other eighths of a pattern `cycle` eighths long (a bar of 8 by default) for them.
    static func drumLoop(
        bpm: Double, seconds: Double = 12, kicks: Set<Int> = [0, 4], snares: Set<Int> = [2, 6], cycle: Int = 8, in dir: URL
    ) throws -> String {
        var g = SplitMix(seed: UInt64(bpm * 10))
        var x = [Float](repeating: 0, count: Int(seconds * Double(rate)))
        func add(_ t: Double, _ sig: [Float]) {
            let i = Int((t * Double(rate)).rounded())
            for (k, v) in sig.enumerated() where i + k < x.count { x[i + k] += v }
        }
        let kick: [Float] = (0..<Int(0.25 * Double(rate))).map { n in
            let t = Double(n) / Double(rate)
            return Float(sin(2 * .pi * (50 + 100 * exp(-t / 0.03)) * t) * exp(-t / 0.12) * 0.9)
        }
        let snare: [Float] = (0..<Int(0.18 * Double(rate))).map { n in
            let t = Double(n) / Double(rate)
            return Float((g.normal() * 0.5 + sin(2 * .pi * 190 * t) * 0.4) * exp(-t / 0.05) * 0.7)
        }
        let hat: [Float] = (0..<Int(0.05 * Double(rate))).map { n in Float(g.normal() * exp(-Double(n) / Double(rate) / 0.012) * 0.15) }
        let eighth = 30 / bpm
        var k = 0
        while 0.25 + Double(k) * eighth < seconds {
            let t = 0.25 + Double(k) * eighth
            if kicks.contains(k % cycle) { add(t, kick) }
            if snares.contains(k % cycle) { add(t, snare) }
            add(t, hat)
            k += 1
        }
        let path = dir.appendingPathComponent("loop-\(bpm)-\(kicks.sorted())-\(snares.sorted())-\(cycle).wav").path
        try AudioFile.write(x, to: path, sampleRate: rate, channels: 1)
        return path
    }

    static let neighbours: [Double: Double] = [88: 95, 95: 88, 172: 174, 174: 172, 160: 165, 165: 160, 132: 138, 138: 132, 140: 138]

    @Test("--expect passes at the declared BPM and fails at its neighbour", arguments: GameTempos.all)
    func expectTellsNeighboursApart(_ bpm: Double) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let onset = try TempoEstimator.onsetStrength(path: try Self.drumLoop(bpm: bpm, in: dir))
        let (estimate, right) = TempoEstimator.check(onset, expected: bpm, tolerance: 0.005, allowOctave: false)
        #expect(right.verdict == .pass, "\(bpm): \(right.message)")
        #expect(abs(estimate!.bpm / bpm - 1) < 0.001, "\(bpm): fitted \(estimate!.bpm)")
        let (_, wrong) = TempoEstimator.check(onset, expected: Self.neighbours[bpm]!, tolerance: 0.005, allowOctave: false)
        #expect(wrong.verdict == .wrongTempo, "\(bpm) vs \(Self.neighbours[bpm]!): \(wrong.message)")
    }

    /// A riff that repeats every three eighths (kick, then snare three eighths later, over hats on every eighth: a
    /// hemiola, as in rock and game music) makes its strongest period 2/3 of a beat. The tempo is still 105 or its
    /// octave, never 140 or 70: only the true beat has its half-beat (the hats' eighths) as a periodicity too.
    @Test func aRiffInThreesKeepsTheBeat() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.drumLoop(bpm: 105, seconds: 30, kicks: [0], snares: [3], cycle: 6, in: dir)
        let estimate = try #require(TempoEstimator.estimate(try TempoEstimator.onsetStrength(path: path)))
        #expect([105.0, 210, 52.5].contains { abs(estimate.bpm / $0 - 1) < 0.02 }, "\(estimate.bpm) BPM")
    }

    /// A kick on every eighth of a 90 BPM loop is a four-on-the-floor at 180: every half-beat of the 90 BPM reading is
    /// struck as hard as its beats, so the beat is 180 (as a chart of such music declares it). The 95 BPM loop with its
    /// kick and snare on the beats and only hats between stays at 95 (`halfAndDoubleTimeFailUnlessAllowed`).
    @Test func halfBeatsStruckAsHardAsTheBeatsAreTheBeat() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.drumLoop(bpm: 90, seconds: 20, kicks: Set(0..<8), snares: [2, 6], in: dir)
        let estimate = try #require(TempoEstimator.estimate(try TempoEstimator.onsetStrength(path: path)))
        #expect(abs(estimate.bpm / 180 - 1) < 0.02, "\(estimate.bpm) BPM")
        let hinted = try #require(TempoEstimator.estimate(try TempoEstimator.onsetStrength(path: path), hint: 90))
        #expect(abs(hinted.bpm / 90 - 1) < 0.02, "with a hint of 90: \(hinted.bpm) BPM")
        let plain = try #require(TempoEstimator.estimate(try TempoEstimator.onsetStrength(path: try Self.drumLoop(bpm: 95, in: dir))))
        #expect(abs(plain.bpm / 95 - 1) < 0.02, "\(plain.bpm) BPM")
    }

    @Test func halfAndDoubleTimeFailUnlessAllowed() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let onset = try TempoEstimator.onsetStrength(path: try Self.drumLoop(bpm: 95, in: dir))
        #expect(TempoEstimator.check(onset, expected: 47.5, tolerance: 0.005, allowOctave: false).1.verdict == .octave)
        #expect(TempoEstimator.check(onset, expected: 47.5, tolerance: 0.005, allowOctave: true).1.verdict == .pass)
    }

    /// 86 BPM declared as 174: the error is measured in the nearest octave, 2·86/174 − 1 = −1.15 %, not −50 %.
    @Test func aWrongTempoIsMeasuredInTheDeclaredOctave() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let onset = try TempoEstimator.onsetStrength(path: try Self.drumLoop(bpm: 86, in: dir))
        let check = TempoEstimator.check(onset, expected: 174, tolerance: 0.005, allowOctave: true).1
        #expect(check.verdict == .wrongTempo)
        #expect(check.message.contains("-1.1"), "\(check.message)")
        #expect(!check.message.contains("-50"), "\(check.message)")
    }

    @Test func noiseHasNoSteadyBeat() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var g = SplitMix(seed: 9)
        // Noise bursts at random times: onsets, but no pulse.
        var x = [Float](repeating: 0, count: 12 * Self.rate)
        for _ in 0..<40 {
            let start = Int(g.uniform() * Double(x.count - 2000))
            for k in 0..<2000 { x[start + k] += Float(g.normal() * 0.3 * exp(-Double(k) / 300)) }
        }
        let path = dir.appendingPathComponent("random.wav").path
        try AudioFile.write(x, to: path, sampleRate: Self.rate, channels: 1)
        let e = TempoEstimator.estimate(try TempoEstimator.onsetStrength(path: path))
        #expect(e?.isSteady == false, "confidence \(e?.confidence ?? -1)")
    }

    @Test func trackedBeatsLandOnTheClicks() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let onset = try TempoEstimator.onsetStrength(path: try Self.drumLoop(bpm: 132, in: dir))
        let beats = BeatTracker.track(onset, bpm: 132)
        let interval: Double = 60.0 / 132.0
        let truth: [Double] = (0..<26).map { (n: Int) -> Double in 0.25 + Double(n) * interval }.filter { $0 < 11.5 }
        let matched = truth.filter { t in beats.contains { abs($0 - t) < 0.02 } }
        #expect(Double(matched.count) / Double(truth.count) > 0.9)
    }

    @Test func gridFitRecoversTempoAndOffsetWithAMissingBeat() {
        let interval: Double = 60.0 / 88.0
        var times: [Double] = (0..<40).map { (n: Int) -> Double in 0.231 + Double(n) * interval + (Double(n % 3) - 1) * 0.004 }
        times.remove(at: 17)
        let fit = GridFit(times: times)!
        #expect(abs(fit.bpm - 88) < 0.02)
        #expect(abs(fit.offset - 0.231) < 0.004)
        #expect(fit.indices[17] == 18)
        #expect(fit.maxResidual < 0.006)
    }
}
