import AudioKitLinux
import Foundation
import Testing

/// Rules 4 and 6 of `HitChecker` (`Unsnapped`): a snapped chart's lone hit off every grid line, or moved onto a
/// subdivision the chart does not use, was not placed by the editor's snap.
/// Each answer is known by construction (clicks under the notes, a hit moved by a known step).
@Suite("Rule: unsnapped")
struct UnsnappedTests {
    /// Clicks only under the first and third note of each group (the others are soft sounds with no onset); the second
    /// note of group 20 moved 35 ms later, into silence, 5.5 ms from the nearest 1/16 line. Snapped, it is flagged as off
    /// the grid, with its own line as the suggestion (the nearest free one: nothing in the audio says otherwise).
    /// The same chart with every hit tapped in (±4 ms) is not snapped: the same move is then left unconfirmed.
    @Test func aSnappedChartsHitOffTheGridIsFlagged() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (times, _) = SnappedChartTests.groups(60)
        let sounds = times.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let path = try ChartJudgementTests.clicks(sounds, gains: sounds.map { _ in 1 }, seconds: times.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        let k = 20 * 4 + 1
        var moved = times
        moved[k] += 0.035

        let clean = BeatChecker.check(map: BeatMap(times: times, bpm: 185, offset: 1), onset: onset)
        #expect(clean.flaggedCount == 0, "flagged \(clean.beats.filter(\.flagged).map(\.time))")

        let report = BeatChecker.check(map: BeatMap(times: moved, bpm: 185, offset: 1), onset: onset)
        let flagged = report.beats.filter(\.flagged)
        #expect(flagged.map(\.index) == [k], "flagged \(flagged.map(\.time))")
        // The nearest line of 1/12 or 1/16 of a beat is the 1/8 line 40.5 ms after the note's own.
        let expected = 60.0 / 185 / 8 - 0.035
        #expect(abs((report.beats[k].offGrid ?? 0) - expected) < 0.0005, "off by \(String(describing: report.beats[k].offGrid))")
        #expect(abs((report.beats[k].suggestion ?? 0) - times[k]) < 0.002)
        let finding = report.diagnostics.first { $0.ruleID == BeatMapRules.misaligned }
        #expect(finding?.message.contains("off every grid line") == true, "\(String(describing: finding?.message))")

        // Tapped in: the hits scatter ±4 ms about their lines, so a hit a few milliseconds off one says nothing.
        var g = SplitMix(seed: 5)
        let tapped = moved.map { $0 + (g.uniform() - 0.5) * 0.008 }
        let loose = BeatChecker.check(map: BeatMap(times: tapped, bpm: 185, offset: 1), onset: onset)
        #expect(loose.beats[k].flagged == false && loose.beats[k].offGrid == nil)
    }
    /// Clicks under the first and third note of each group, a quiet one under the fourth; the fourth note of group 20
    /// moved three 1/8 beats later (121.6 ms), into the rest, exactly onto a 1/8 line: a subdivision the chart never
    /// uses, between neighbours on its usual grid, in a rhythm it does not repeat. It is on a grid line, so rule 4 (off
    /// the grid) cannot see it; it is flagged as moved onto an unused subdivision, an error, with its own line (the quiet
    /// click) as the fix. The same move in a chart whose every group plays that 1/8 note is the chart's rhythm: not flagged.
    @Test func aHitMovedOntoASubdivisionTheChartDoesNotUseIsFlagged() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (times, step) = SnappedChartTests.groups(60)
        let gains = times.indices.map { [1.0, 0, 1, 0.25][$0 % 4] }
        let sounds = zip(times, gains).filter { $0.1 > 0 }
        let path = try ChartJudgementTests.clicks(sounds.map(\.0), gains: sounds.map(\.1), seconds: times.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        let k = 20 * 4 + 3
        var moved = times
        moved[k] += 1.5 * step

        let report = BeatChecker.check(map: BeatMap(times: moved, bpm: 185, offset: 1), onset: onset)
        let flagged = report.beats.filter(\.flagged)
        #expect(flagged.map(\.index) == [k], "flagged \(flagged.map(\.time))")
        #expect(report.beats[k].unusedSubdivision == 8 && report.beats[k].offGrid == nil, "\(report.beats[k])")
        #expect(abs((report.beats[k].suggestion ?? 0) - times[k]) < 0.002, "suggested \(String(describing: report.beats[k].suggestion))")
        let finding = report.diagnostics.first { $0.ruleID == BeatMapRules.misaligned }
        #expect(
            finding?.severity == .error && finding?.message.contains("a subdivision only 1 of") == true, "\(String(describing: finding))")

        // Every group plays the note three 1/8 beats after its fourth: a figure of the chart, not a slip.
        let figure = (times + (0..<60).map { 1 + Double($0 * 8 + 3) * step + 1.5 * step }).sorted()
        let played = BeatChecker.check(map: BeatMap(times: figure, bpm: 185, offset: 1), onset: onset)
        #expect(played.beats.filter { $0.unusedSubdivision != nil }.isEmpty)
    }

    /// A click under every note; the third note of group 20 nudged 6 ms late (off every line: the nearest 1/16 lines
    /// are 20 ms apart), as a note dragged without the snap lands. Its fix is its own line, 6 ms back, not a free line
    /// a fraction of a beat away: a hit the snap did not place is likelier a hair from where it was meant to be.
    @Test func aHitNudgedOffItsLineGoesBackToIt() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (times, _, onset) = try SnappedChartTests.clickedGroups(60, in: dir)
        for (k, nudge) in [(20 * 4 + 2, 0.006), (30 * 4 + 1, -0.009)] {
            var moved = times
            moved[k] += nudge
            let report = BeatChecker.check(map: BeatMap(times: moved, bpm: 185, offset: 1), onset: onset)
            #expect(report.beats.filter(\.flagged).map(\.index) == [k], "flagged \(report.beats.filter(\.flagged).map(\.time))")
            #expect(abs((report.beats[k].offGrid ?? 0) - abs(nudge)) < 0.0005, "\(report.beats[k])")
            #expect(
                abs((report.beats[k].suggestion ?? 0) - times[k]) < 0.0005, "suggested \(String(describing: report.beats[k].suggestion))")
        }
    }

    /// A click under every note; the second note of group 20 nudged 2 ms late. The chart is snapped exactly (as
    /// StepMania's rows and Friday Night Funkin's step times are), so 2 ms off its line is not the snap's doing: it is
    /// flagged, with its own line as the fix. The same chart with every time rounded to whole milliseconds (as osu! and
    /// Quaver store them, up to 0.5 ms off) is not flagged for the same nudge: there, 2 ms is within what the format's
    /// rounding and a snapped editor leave (at least 3 ms off is off the grid).
    @Test func aHitTwoMillisecondsOffAnExactChartsLineIsFlagged() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (times, _, onset) = try SnappedChartTests.clickedGroups(60, in: dir)
        let k = 20 * 4 + 1
        var moved = times
        moved[k] += 0.002
        let report = BeatChecker.check(map: BeatMap(times: moved, bpm: 185, offset: 1), onset: onset)
        #expect(report.beats.filter(\.flagged).map(\.index) == [k], "flagged \(report.beats.filter(\.flagged).map(\.time))")
        #expect(
            abs((report.beats[k].suggestion ?? 0) - times[k]) < 0.0005, "suggested \(String(describing: report.beats[k].suggestion))")

        let rounded = moved.map { ($0 * 1000).rounded() / 1000 }
        let whole = BeatChecker.check(map: BeatMap(times: rounded, bpm: 185, offset: 1), onset: onset)
        #expect(whole.beats.allSatisfy { $0.offGrid == nil }, "\(whole.beats.filter { $0.offGrid != nil }.map(\.time))")
    }

    /// A click under every note; group 20 plays its last note a 1/4 beat late (on the beat after the group's usual
    /// fourth, where a quiet click the chart does not play sounds, as another part's would), and that note is nudged 8 ms
    /// later still. The usual fourth line, 89 ms away, would restore the figure every other group plays and has a sound;
    /// but the note lies a hair from its own line, on the strongest sound of all its candidates: a slip, so its fix is
    /// its own line. Unnudged, the chart is not flagged.
    @Test func aSlipOntoItsOwnSoundBeatsAFigureElsewhere() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var (times, step) = SnappedChartTests.groups(60)
        let k = 20 * 4 + 3
        times[k] += step
        let sounds = (times.map { ($0, 1.0) } + [(times[k] - step, 0.25)]).sorted { $0.0 < $1.0 }
        let path = try ChartJudgementTests.clicks(sounds.map(\.0), gains: sounds.map(\.1), seconds: times.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)

        let clean = BeatChecker.check(map: BeatMap(times: times, bpm: 185, offset: 1), onset: onset)
        #expect(clean.flaggedCount == 0, "flagged \(clean.beats.filter(\.flagged).map(\.time))")

        var moved = times
        moved[k] += 0.008
        let report = BeatChecker.check(map: BeatMap(times: moved, bpm: 185, offset: 1), onset: onset)
        #expect(report.beats.filter(\.flagged).map(\.index) == [k], "flagged \(report.beats.filter(\.flagged).map(\.time))")
        #expect(
            abs((report.beats[k].suggestion ?? 0) - times[k]) < 0.0005, "suggested \(String(describing: report.beats[k].suggestion))")
    }

    /// A click under every note; group 20 plays a fifth note on the beat after its four (a rhythm the chart plays once,
    /// so no figure vouches for its line), and a quiet click (another part's, at 0.14 of the notes' gain) sounds a 1/4
    /// beat after it, in the rest. That note moved a 1/4 beat less 8 ms later lands 8 ms from the quiet click's line,
    /// as near as a slip lands to its own: the slip's prior must not outweigh its own line's far clearer sound. The fix is
    /// its own line (a slip weight of 4 sent it to the quiet click's line).
    @Test func aHitMovedALineSpacingGoesBackToItsClearerSoundNotTheLineItLandedNear() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var (times, step) = SnappedChartTests.groups(60)
        let k = 20 * 4 + 4
        times.insert(times[k - 1] + step, at: k)
        let sounds = (times.map { ($0, 1.0) } + [(times[k] + step, 0.14)]).sorted { $0.0 < $1.0 }
        let path = try ChartJudgementTests.clicks(sounds.map(\.0), gains: sounds.map(\.1), seconds: times.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)

        let clean = BeatChecker.check(map: BeatMap(times: times, bpm: 185, offset: 1), onset: onset)
        #expect(clean.flaggedCount == 0, "flagged \(clean.beats.filter(\.flagged).map(\.time))")

        var moved = times
        moved[k] += step - 0.008
        let report = BeatChecker.check(map: BeatMap(times: moved, bpm: 185, offset: 1), onset: onset)
        #expect(report.beats.filter(\.flagged).map(\.index) == [k], "flagged \(report.beats.filter(\.flagged).map(\.time))")
        #expect(
            abs((report.beats[k].suggestion ?? 0) - times[k]) < 0.0005, "suggested \(String(describing: report.beats[k].suggestion))")
    }

    /// A click under every note, and a click the chart does not play (another part's) on the beat after group 20's four
    /// notes. The fourth note moved a 1/4 beat and 14 ms later lands 14 ms after that click: too far to be a slip onto
    /// it (beyond 12 ms, the slip's prior is under a third of its peak), so its fix is its own line, 95 ms back, which
    /// gives back the figure every other group plays, though the click it landed near is as loud.
    @Test func aHitFourteenMillisecondsFromALoudLineIsNoSlipAgainstItsFigure() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (times, step) = SnappedChartTests.groups(60)
        let k = 20 * 4 + 3
        let sounds = (times + [times[k] + step]).sorted()
        let path = try ChartJudgementTests.clicks(sounds, gains: sounds.map { _ in 1 }, seconds: times.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)

        var moved = times
        moved[k] += step + 0.014
        let report = BeatChecker.check(map: BeatMap(times: moved, bpm: 185, offset: 1), onset: onset)
        #expect(report.beats.filter(\.flagged).map(\.index) == [k], "flagged \(report.beats.filter(\.flagged).map(\.time))")
        #expect(
            abs((report.beats[k].suggestion ?? 0) - times[k]) < 0.0005, "suggested \(String(describing: report.beats[k].suggestion))")
    }

    /// A click under every note; the second and third notes of group 20 moved past each other (the second a 1/4 beat and
    /// 4 ms later, the third a 1/4 beat and 6 ms earlier), so that each lies a few milliseconds from the other's line:
    /// two hits off the grid side by side, between hits on it. A run of two is two slips, not a stretch where the
    /// tempo map does not hold: both are flagged, and their fixes put the chart's notes back on their lines. Three hits
    /// off the grid in a row are not flagged one by one (a tempo map that does not hold there).
    @Test func twoNeighboursMovedPastEachOtherAreBothFlagged() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (times, step, onset) = try SnappedChartTests.clickedGroups(60, in: dir)
        let k = 20 * 4 + 1
        var moved = times
        moved[k] += step + 0.004
        moved[k + 1] -= step + 0.006
        let report = BeatChecker.check(map: BeatMap(times: moved, bpm: 185, offset: 1), onset: onset)
        #expect(
            report.beats.filter(\.flagged).map(\.index).sorted() == [k, k + 1], "flagged \(report.beats.filter(\.flagged).map(\.time))")
        let fixed = moved.indices.map { report.beats[$0].suggestion ?? moved[$0] }.sorted()
        #expect(zip(fixed, times).allSatisfy { abs($0 - $1) < 0.0005 }, "\(zip(fixed, times).filter { abs($0 - $1) >= 0.0005 })")

        // Three in a row, each 5 ms late: not flagged as off the grid.
        var run = times
        for j in 0..<3 { run[30 * 4 + j] += 0.005 }
        let three = BeatChecker.check(map: BeatMap(times: run, bpm: 185, offset: 1), onset: onset)
        #expect(three.beats.allSatisfy { $0.offGrid == nil }, "\(three.beats.filter { $0.offGrid != nil }.map(\.time))")
    }

    /// A click under every note of a chart at 100 BPM (groups of four 1/4 beats, a beat's rest between); the second note
    /// of group 20 nudged 15 ms late, off every line by more than the lint's 10 ms. The lint alone says
    /// `beatmap.off_grid` on it; the check says it once, as its own finding with the line to move it to. Before, the
    /// editor's list showed the hit twice: an error with its fix and a warning without.
    @Test func aHitOffTheGridIsListedOnce() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let step = 60.0 / 100 / 4
        let times = (0..<40).flatMap { g in (0..<4).map { 1 + Double(g * 8 + $0) * step } }
        let path = try ChartJudgementTests.clicks(times, gains: times.map { _ in 1 }, seconds: times.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        let k = 20 * 4 + 1
        var moved = times
        moved[k] += 0.015
        let map = BeatMap(times: moved, bpm: 100, offset: 1, file: "chart.txt")
        let lint = BeatRuleRegistry.lint(map).filter { $0.ruleID == OffGridRule.description.id }
        #expect(lint.map(\.location) == [map.locations[k]], "\(lint)")

        let report = BeatChecker.check(map: map, onset: onset)
        #expect(report.beats.filter(\.flagged).map(\.index) == [k], "flagged \(report.beats.filter(\.flagged).map(\.time))")
        let onHit = report.diagnostics.filter { $0.location == map.locations[k] }
        #expect(onHit.map(\.ruleID) == [BeatMapRules.misaligned], "\(onHit)")
        #expect(abs((report.beats[k].suggestion ?? 0) - times[k]) < 0.0005)
    }
}
