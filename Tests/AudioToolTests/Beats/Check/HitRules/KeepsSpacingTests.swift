import AudioKitLinux
import Foundation
import Testing

/// `KeepsSpacing` in `HitChecker`: a hit that keeps its neighbours' spacing by a step the chart uses is part of a
/// pattern; one moved halfway between them keeps an equal spacing of a step the chart does not use.
/// Each answer is known by construction (clicks under the notes, a hit moved by a known step).
@Suite("Rule: keeps its spacing")
struct KeepsSpacingTests {
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
