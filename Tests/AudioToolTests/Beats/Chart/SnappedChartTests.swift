import AudioKitLinux
import Foundation
import Testing

/// A chart placed with an editor's snap sits exactly on its grid: a hit off every grid line was typed or moved, and a
/// few such hits must not bend the tempo map fitted to the others. Each answer is known by construction.
@Suite("Snapped charts")
struct SnappedChartTests {
    /// `count` groups of four 1/4-beat notes at 185 BPM with a beat of rest, from 1 s, and the 1/4-beat step.
    static func groups(_ count: Int) -> (times: [Double], step: Double) {
        let step = 60.0 / 185 / 4
        var times: [Double] = []
        for g in 0..<count {
            for j in 0..<4 { times.append(1 + Double(g * 8 + j) * step) }
        }
        return (times, step)
    }

    /// Clicks only under the first and third note of each group (the others are soft sounds with no onset); the second
    /// note of group 20 moved 35 ms later, into silence, 5.5 ms from the nearest 1/16 line. Snapped, it is flagged as off
    /// the grid, with its own line as the suggestion (the nearest free one: nothing in the audio says otherwise).
    /// The same chart with every hit tapped in (±4 ms) is not snapped: the same move is then left unconfirmed.
    @Test func aSnappedChartsHitOffTheGridIsFlagged() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (times, _) = Self.groups(60)
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

    /// Clicks under every note (the fourth accented) and in the rest after each group (the music sounds where the chart
    /// has no note); the
    /// fourth note of group 20 moved one 1/4 step later, into the rest: onto a grid line of a subdivision the chart uses,
    /// and onto a sound. Only the chart's rhythm tells: there the hit is in a figure the chart plays nowhere else, and its
    /// own line (free, with a click) puts it back in the figure every group plays. Flagged as moved out of that figure
    /// (rule 7), an error whose fix is its own line; the unmoved chart is not flagged (issue #39).
    @Test func aHitMovedOutOfAFigureTheChartRepeatsIsFlaggedThoughOnASound() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (times, step) = Self.groups(60)
        let rests = (0..<60).map { 1 + Double($0 * 8 + 4) * step }
        let sounds = (times + rests).sorted()
        // The fourth note's click is the loudest (an accent): a clear onset, which rule 7 needs at the line it suggests.
        let accents = Set(times.enumerated().filter { $0.offset % 4 == 3 }.map(\.element))
        let path = try ChartJudgementTests.clicks(
            sounds, gains: sounds.map { accents.contains($0) ? 3 : 1 }, seconds: times.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        let clean = BeatChecker.check(map: BeatMap(times: times, bpm: 185, offset: 1), onset: onset)
        #expect(clean.flaggedCount == 0, "flagged \(clean.beats.filter(\.flagged).map(\.time))")
        let k = 20 * 4 + 3
        var moved = times
        moved[k] += step
        let report = BeatChecker.check(map: BeatMap(times: moved, bpm: 185, offset: 1), onset: onset)
        let flagged = report.beats.filter(\.flagged)
        #expect(flagged.map(\.index) == [k], "flagged \(flagged.map(\.time))")
        #expect((report.beats[k].figurePlays ?? 0) >= 3)
        #expect(abs((report.beats[k].suggestion ?? 0) - times[k]) < 0.002)
        let finding = report.diagnostics.first { $0.ruleID == BeatMapRules.misaligned }
        #expect(
            finding?.severity == .error && finding?.message.contains("moved out of that figure") == true, "\(String(describing: finding))")
    }

    /// Clicks under the first and third note of each group, a quiet one under the fourth; the fourth note of group 20
    /// moved three 1/8 beats later (121.6 ms), into the rest, exactly onto a 1/8 line: a subdivision the chart never
    /// uses, between neighbours on its usual grid, in a rhythm it does not repeat. It is on a grid line, so rule 4 (off
    /// the grid) cannot see it; it is flagged as moved onto an unused subdivision, an error, with its own line (the quiet
    /// click) as the fix. The same move in a chart whose every group plays that 1/8 note is the chart's rhythm: not flagged.
    @Test func aHitMovedOntoASubdivisionTheChartDoesNotUseIsFlagged() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (times, step) = Self.groups(60)
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

    /// A hit the author snapped to a grid line, with no onset, beside a free beat with a loud click: the audio alone
    /// disagrees with the chart, so the finding is a warning that offers the beat. The same hits tapped in (±4 ms, not
    /// snapped) have only the audio to go by: the finding is an error.
    @Test func aSnappedHitOnItsGridLineIsAWarningATappedOneAnError() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let beat = 60.0 / 120
        // Ten bars of a rhythm with gaps and a 1/4 pair (beats 0, 1, 1.5, 2, 2.25, 2.5, 3), each hit on a click; in bar 5
        // the off-beat at 1.5 moved onto the 1/4 line at 1.75, where nothing sounds, and beat 2 left out of the chart:
        // its click sounds, free.
        let bar = [0, 1, 1.5, 2, 2.25, 2.5, 3]
        var hits: [Double] = []
        for b in 0..<10 { hits += bar.map { 1 + (Double(b * 4) + $0) * beat } }
        let sounds = hits
        let k = 5 * bar.count + 2
        hits[k] += 0.25 * beat
        hits.remove(at: k + 1)
        let path = try ChartJudgementTests.clicks(sounds, gains: sounds.map { _ in 1 }, seconds: 22, in: dir)
        let onset = try SpectralFlux.analyze(path: path)

        let snapped = BeatChecker.check(map: BeatMap(times: hits, bpm: 120, offset: 1), onset: onset)
        #expect(snapped.beats.filter(\.flagged).map(\.index) == [k])
        #expect(snapped.beats[k].onSnappedGrid)
        #expect(abs((snapped.beats[k].suggestion ?? 0) - (1 + 22 * beat)) < 0.002, "\(snapped.beats[k])")
        let warning = snapped.diagnostics.first { $0.ruleID == BeatMapRules.misaligned }
        #expect(warning?.severity == .warning, "\(String(describing: warning))")

        var g = SplitMix(seed: 3)
        let tapped = hits.map { $0 + (g.uniform() - 0.5) * 0.008 }
        let loose = BeatChecker.check(map: BeatMap(times: tapped, bpm: 120, offset: 1), onset: onset)
        #expect(loose.beats[k].flagged && !loose.beats[k].onSnappedGrid)
        let error = loose.diagnostics.first { $0.ruleID == BeatMapRules.misaligned }
        #expect(error?.severity == .error, "\(String(describing: error))")
    }

    /// A correct chart with off-beats, 1/4 bursts and gaps at 150 BPM, then a tempo change to 110 BPM for its last
    /// two beats, each hit on a click but the late off-beats (soft sounds). Given with its own tempo map (both sections) it passes; given as a list declaring only
    /// the first tempo, the hits after the change run off that grid together: a tempo map that does not hold there,
    /// not misplaced hits, so none is flagged as off the grid.
    @Test func aTempoChangeTheListDoesNotDeclareIsNotOffGridHitByHit() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var hits: [Double] = []
        for k in 0..<32 where (k / 4) % 4 != 3 {
            let t = 1 + Double(k) * 0.4
            hits.append(t)
            if k % 2 == 1 { hits.append(t + 0.2) }  // off-beats
            if k % 8 == 4 { hits += [t + 0.1, t + 0.3] }  // a 1/4 burst
        }
        let change = 1 + 32 * 0.4
        let beat = 60.0 / 110
        let late: [Double] = (0..<2).flatMap { k -> [Double] in [change + Double(k) * beat, change + (Double(k) + 0.5) * beat] }
        // The late off-beats are soft sounds (no click): nothing in the audio confirms them, only the tempo map places them.
        let sounds = hits + late.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        hits = (hits + late).sorted()
        let path = try ChartJudgementTests.clicks(sounds, gains: sounds.map { _ in 1 }, seconds: hits.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        var chart = BeatMap(times: hits)
        chart.tempoMap = TempoMap(offset: 1, changes: [(0, 150), (32, 110)])
        let own = BeatChecker.check(map: chart, onset: onset)
        #expect(own.flaggedCount == 0, "flagged \(own.beats.filter(\.flagged).map(\.time))")
        let declared = BeatChecker.check(map: BeatMap(times: hits, bpm: 150, offset: 1), onset: onset)
        #expect(
            declared.beats.filter { $0.offGrid != nil }.isEmpty, "off the grid: \(declared.beats.filter { $0.offGrid != nil }.map(\.time))")
    }

    /// 5 % of a 1/4-beat chart's hits moved 80–150 ms either way (seeded): the fitted tempo map is still one section
    /// at 185 BPM whose beat lines pass within 1 ms of the chart's, and the moved hits are the ones off it.
    @Test func misplacedHitsDoNotBendAFittedTempoMap() throws {
        let times = Self.groups(100).times
        var g = SplitMix(seed: 9)
        var moved = times
        var picked: Set<Int> = []
        while picked.count < times.count / 20 {
            let k = Int(g.uniform() * Double(times.count))
            guard !picked.contains(k) else { continue }
            picked.insert(k)
            moved[k] += (g.uniform() < 0.5 ? -1 : 1) * (0.080 + 0.070 * g.uniform())
        }
        let map = try #require(TempoMapFit.fit(moved))
        #expect(map.sections.count == 1, "\(map.sections)")
        let bpm = map.bpm(atTime: 10)
        #expect([185.0, 92.5].contains { abs(bpm - $0) < 0.01 }, "fitted \(bpm) BPM")
        // Every unmoved hit lies on a line of a 185 BPM quarter-beat: 1/4 of the fitted beat, or 1/8 of its half.
        let level = bpm < 100 ? 8 : 4
        let worst = times.indices.filter { !picked.contains($0) }.map { abs(map.nearestLine(to: times[$0], level: level).time - times[$0]) }
            .max()
        #expect((worst ?? 1) < 0.001, "an unmoved hit is \(String(describing: worst)) s off the fitted grid")
    }
}
