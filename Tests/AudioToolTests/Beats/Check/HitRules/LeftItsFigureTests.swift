import AudioKitLinux
import Foundation
import Testing

/// Rule 7 of `HitChecker` (`LeftItsFigure`): a snapped hit moved out of a figure the chart repeats, onto another
/// sound.
/// Each answer is known by construction (clicks under the notes, a hit moved by a known step).
@Suite("Rule: left its figure")
struct LeftItsFigureTests {
    /// The groups' chart on clicks under its notes, its fourth notes at `fourth` and its rests' clicks at `rest` (the others
    /// 1), checked as written and with the fourth note of group 20 moved one 1/4 step into the rest: the notes' times,
    /// that note's index, and the two reports.
    static func movedIntoTheRest(fourth: Double, rest: Double) throws -> (
        times: [Double], k: Int, clean: BeatCheckReport, moved: BeatCheckReport
    ) {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (times, step) = SnappedChartTests.groups(60)
        let rests = Set((0..<60).map { 1 + Double($0 * 8 + 4) * step })
        let sounds = (times + rests).sorted()
        let fourths = Set(times.enumerated().filter { $0.offset % 4 == 3 }.map(\.element))
        let path = try ChartJudgementTests.clicks(
            sounds, gains: sounds.map { fourths.contains($0) ? fourth : rests.contains($0) ? rest : 1 }, seconds: times.last! + 1,
            in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        let k = 20 * 4 + 3
        var moved = times
        moved[k] += step
        return (
            times, k, BeatChecker.check(map: BeatMap(times: times, bpm: 185, offset: 1), onset: onset),
            BeatChecker.check(map: BeatMap(times: moved, bpm: 185, offset: 1), onset: onset)
        )
    }

    /// Clicks under every note (the fourth accented) and in the rest after each group (the music sounds where the chart
    /// has no note); the fourth note of group 20 moved one 1/4 step later, into the rest: onto a grid line of a
    /// subdivision the chart uses, and onto a sound. Only the chart's rhythm tells: there the hit is in a figure the chart
    /// plays nowhere else, and its own line (free, with a click) puts it back in the figure every group plays. Flagged as
    /// moved out of that figure (rule 7), an error whose fix is its own line; the unmoved chart is not flagged (issue #39).
    @Test func aHitMovedOutOfAFigureTheChartRepeatsIsFlaggedThoughOnASound() throws {
        // The fourth note's click is the loudest (an accent): a clear onset at the line rule 7 suggests.
        let r = try Self.movedIntoTheRest(fourth: 3, rest: 1)
        #expect(r.clean.flaggedCount == 0, "flagged \(r.clean.beats.filter(\.flagged).map(\.time))")
        let flagged = r.moved.beats.filter(\.flagged)
        #expect(flagged.map(\.index) == [r.k], "flagged \(flagged.map(\.time))")
        #expect((r.moved.beats[r.k].figurePlays ?? 0) >= 3)
        #expect(abs((r.moved.beats[r.k].suggestion ?? 0) - r.times[r.k]) < 0.002)
        let finding = r.moved.diagnostics.first { $0.ruleID == BeatMapRules.misaligned }
        #expect(
            finding?.severity == .error && finding?.message.contains("moved out of that figure") == true, "\(String(describing: finding))")
    }

    /// The same chart, its fourth notes and its rests' clicks alike and softer than the rest (`gain`): the line the moved
    /// hit left sounds less than a clear onset, but as much as the rest it was moved onto, so the figure still vouches
    /// for it and the hit is flagged. Where that line sounds far less than the rest (`gain` against `rest`), the hit's
    /// own sound is the better claim and it is left alone.
    @Test(arguments: [(0.6, 0.6, true), (0.8, 0.8, true), (0.3, 0.9, false)])
    func aSofterLineOfTheFigureStillTakesItsHitBack(gain: Double, rest: Double, flagged expected: Bool) throws {
        let r = try Self.movedIntoTheRest(fourth: gain, rest: rest)
        #expect(r.clean.flaggedCount == 0, "flagged \(r.clean.beats.filter(\.flagged).map(\.time))")
        let flagged = r.moved.beats.filter(\.flagged)
        if expected {
            #expect(flagged.map(\.index) == [r.k], "flagged \(flagged.map(\.time))")
            #expect(abs((r.moved.beats[r.k].suggestion ?? 0) - r.times[r.k]) < 0.002)
        } else {
            #expect(flagged.isEmpty, "flagged \(flagged.map(\.time))")
        }
    }
}
