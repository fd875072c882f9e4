import AudioKitLinux
import Foundation
import Testing

/// Two ways a chart's own structure misled the checker, each on a signal whose answer is known by construction.
@Suite("Chart judgement")
struct ChartJudgementTests {
    /// A steady stream of notes fits any grouping equally; its beat is a grouping by two or four (185 BPM or its
    /// half), never by three or six (123.3 BPM, ⅔ of the chart's tempo, which the nearest-to-120 tie-break chose).
    @Test func aSteadyStreamIsGroupedInTwosNotThrees() throws {
        let step = 60.0 / 185 / 4
        let times = (0..<400).map { 1 + Double($0) * step }
        let bpm = try #require(TempoMapFit.fit(times)?.bpm(atTime: 10))
        #expect([185.0, 92.5].contains { abs(bpm / $0 - 1) < 0.01 }, "fitted \(bpm) BPM")
    }

    /// A swung chart (each beat and the last third of it) is still heard in threes: its beat stays 120 BPM.
    @Test func aSwungChartKeepsItsTripletBeat() throws {
        let beat = 0.5
        var times: [Double] = []
        for b in 0..<120 {
            let start = 1 + Double(b) * beat
            times += [start, start + beat * 2 / 3]
        }
        let bpm = try #require(TempoMapFit.fit(times)?.bpm(atTime: 10))
        #expect(abs(bpm - 120) < 0.5, "fitted \(bpm) BPM")
    }

    /// Runs of 1/4-beat notes at 185 BPM, each on a click; one hit moved 1.5 steps later lands halfway between two
    /// neighbours, an equal spacing of a step (1/8 beat) the chart never uses, on a subdivision it does use. It is flagged, with a move back
    /// to its own line, and nothing else is.
    @Test func aHitMovedHalfwayBetweenItsNeighboursIsStillFlagged() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let step = 60.0 / 185 / 4
        // Groups of four quarter-beat notes with a beat of rest, as a chart's bursts go; every third group has a
        // pickup on the 1/8 line 3/8 of a beat after it, so 1/8 is a subdivision the chart uses (but never as a step).
        var times: [Double] = []
        for g in 0..<60 {
            let start = Double(g * 8)
            for j in 0..<4 { times.append(1 + (start + Double(j)) * step) }
            if g % 3 == 0 { times.append(1 + (start + 4.5) * step) }
        }
        let path = try BeatCheckTests.clickTrack(times: times, rate: 44_100, seconds: times.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        var moved = times
        let k = 88  // the second note of group 20 (after 20 groups of 4 and 7 pickups): moved halfway between its 3rd and 4th
        #expect(abs(times[k] - (1 + Double(20 * 8 + 1) * step)) < 1e-9)
        moved[k] += 1.5 * step
        let map = BeatMap(times: moved.sorted(), bpm: 185, offset: 1)
        let report = BeatChecker.check(map: map, onset: onset)
        let flagged = report.beats.filter(\.flagged)
        #expect(flagged.map(\.time) == [moved[k]], "flagged \(flagged.map(\.time))")
        #expect(abs((flagged.first?.suggestion ?? 0) - times[k]) < 0.020, "suggested \(String(describing: flagged.first?.suggestion))")
        let clean = BeatChecker.check(map: BeatMap(times: times, bpm: 185, offset: 1), onset: onset)
        #expect(clean.flaggedCount == 0)
    }

    /// Noise-burst clicks at `times` with their own `gains`, written to a WAV at 44.1 kHz.
    static func clicks(_ times: [Double], gains: [Double], seconds: Double, in dir: URL) throws -> String {
        let rate = 44_100.0
        var g = SplitMix(seed: 11)
        var x = [Float](repeating: 0, count: Int(rate * seconds))
        for (t, gain) in zip(times, gains) {
            let start = Int((t * rate).rounded())
            for i in 0..<Int(0.02 * rate) where start + i < x.count {
                x[start + i] += Float(gain * g.normal() * 0.5 * exp(-Double(i) / (0.004 * rate)))
            }
        }
        let path = dir.appendingPathComponent("motif.wav").path
        try AudioFile.write(x, to: path, sampleRate: Int(rate), channels: 1)
        return path
    }

    /// A syncopated motif played in every bar at 180 BPM: hits on beats 0, 0.75, 1.25, 2 and 3, none on beat 1, where
    /// the music has its loudest click; the two syncopated hits sit on quiet clicks. The chart repeats the motif, so
    /// neither is moved to the empty beat. A hit moved off its click to where the music is silent is still flagged.
    @Test func aRepeatedSyncopatedMotifIsNotMovedToTheEmptyBeat() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let beat = 60.0 / 180
        let motif = [0, 0.75, 1.25, 2, 3]
        var hits: [Double] = []
        var sounds: [Double] = []
        var gains: [Double] = []
        for bar in 0..<8 {
            let start = 1 + Double(bar * 4) * beat
            hits += motif.map { start + $0 * beat }
            for (b, gain) in [(0.0, 1.0), (0.75, 0.15), (1, 1.5), (1.25, 0.15), (2, 1), (3, 1)] {
                sounds.append(start + b * beat)
                gains.append(gain)
            }
        }
        let path = try Self.clicks(sounds, gains: gains, seconds: hits.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        let report = BeatChecker.check(map: BeatMap(times: hits, bpm: 180, offset: 1), onset: onset)
        #expect(report.flaggedCount == 0, "flagged \(report.beats.filter(\.flagged).map(\.time))")
        var moved = hits
        let k = 5 * 5 + 4  // beat 3 of bar 5, moved 0.4 beat later, into silence
        moved[k] += 0.4 * beat
        let broken = BeatChecker.check(map: BeatMap(times: moved, bpm: 180, offset: 1), onset: onset)
        #expect(broken.beats.filter(\.flagged).map(\.time) == [moved[k]])
        #expect(abs((broken.beats[k].suggestion ?? 0) - hits[k]) < 0.020)
    }
}
