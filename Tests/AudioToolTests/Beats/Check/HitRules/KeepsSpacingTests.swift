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

    /// Bars at 150 BPM with notes on beats 0, ½, 1, 2, 2¾ and 3½, each on a click (the one on beat 1 accented): the
    /// chart plays ¾-beat steps (2 → 2¾ → 3½, in every bar) and the 1/4 subdivision. The note on beat 1 of bar 15 moved a
    /// 1/4 beat later, onto a silent line, lands ¾ beat from both neighbours: an even spacing of a step the chart uses,
    /// on a subdivision it uses, but in a rhythm it plays nowhere else, while its own line (free, with a click) puts it
    /// back in the figure every bar plays. Flagged as moved out of that figure, with its own line as the fix; the 2¾
    /// notes, evenly spaced in every bar, and the unmoved chart are not flagged (issue #39: the editor's fix-cascade
    /// bench found such a hit never flagged).
    @Test func anEvenSpacingTheChartPlaysOnceBesideItsFigureIsFlagged() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let beat = 60.0 / 150
        let places = [0, 0.5, 1, 2, 2.75, 3.5]
        let times = (0..<30).flatMap { bar in places.map { 1 + (Double(bar) * 4 + $0) * beat } }
        let path = try ChartJudgementTests.clicks(
            times, gains: times.indices.map { $0 % places.count == 2 ? 3 : 1 }, seconds: times.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        let clean = BeatChecker.check(map: BeatMap(times: times, bpm: 150, offset: 1), onset: onset)
        #expect(clean.flaggedCount == 0, "flagged \(clean.beats.filter(\.flagged).map(\.time))")
        let k = 15 * places.count + 2
        var moved = times
        moved[k] += beat / 4
        #expect(abs((moved[k] - moved[k - 1]) - (moved[k + 1] - moved[k])) < 1e-9)
        let report = BeatChecker.check(map: BeatMap(times: moved, bpm: 150, offset: 1), onset: onset)
        let flagged = report.beats.filter(\.flagged)
        #expect(flagged.map(\.index) == [k], "flagged \(flagged.map(\.time))")
        #expect((report.beats[k].figurePlays ?? 0) >= 3)
        #expect(abs((report.beats[k].suggestion ?? 0) - times[k]) < 0.002, "suggested \(String(describing: report.beats[k].suggestion))")
    }
}
