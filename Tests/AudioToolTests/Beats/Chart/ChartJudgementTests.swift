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
}
