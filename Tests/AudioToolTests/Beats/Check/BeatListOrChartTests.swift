import AudioKitLinux
import Foundation
import Testing

/// A beat list as people tap it is checked beat by beat; a chart's hits on a tempo map. Which one a map is must not
/// change because some of its beats are wrong, nor because its beat is fast.
@Suite("Beat list or chart")
struct BeatListOrChartTests {
    /// Beats at 120 BPM with a human's ±10 ms spread, every tenth displaced by 150 ms (a slip of the hand, as the
    /// perturbation benchmark makes): still one pulse. Two intervals of 0.7 and 1.3 beats around each slip are off the
    /// pulse one by one, but they sum to two beats.
    @Test func aBeatListWithDisplacedBeatsIsStillAPulse() {
        var g = SplitMix(seed: 3)
        var times = (0..<60).map { 1 + Double($0) * 0.5 + 0.010 * (2 * g.uniform() - 1) }
        for k in stride(from: 5, to: 60, by: 10) { times[k] += k % 20 == 5 ? 0.15 : -0.15 }
        #expect(BeatChecker.isPulse(times))
        // The same list without the pairing: the slips alone take the on-pulse share below 80 %.
        let gaps = (1..<times.count).map { times[$0] - times[$0 - 1] }
        let plain = gaps.filter { $0 >= 0.4 && $0 <= 0.625 }.count
        #expect(Double(plain) < 0.8 * Double(gaps.count), "\(plain) of \(gaps.count) intervals on the pulse")
    }

    /// A chart that plays a dotted rhythm (a hit on each beat and a quarter-beat before the next, 3:1) is not a pulse:
    /// at most half its intervals are on the pulse, and each pair sums to one beat, which no displaced beat does.
    @Test func aChartWithSixteenthPickupsIsNotAPulse() {
        var times: [Double] = []
        for b in 0..<40 { times += [1 + Double(b) * 0.5, 1 + Double(b) * 0.5 + 0.375] }
        #expect(!BeatChecker.isPulse(times))
    }

    /// A human beat list at 262 BPM (229 ms, the fastest of the annotated clips, and slower than the fastest tactus of
    /// 200 ms) is checked beat by beat, with no tempo map, and its one displaced beat is the only one flagged.
    @Test func aFastBeatListIsCheckedBeatByBeat() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var g = SplitMix(seed: 5)
        let period = 60.0 / 262
        let times = (0..<100).map { 1 + Double($0) * period }
        let path = try BeatCheckTests.clickTrack(times: times, rate: 44_100, seconds: times.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        var tapped = times.map { $0 + 0.008 * (2 * g.uniform() - 1) }
        tapped[50] += 0.09
        let report = BeatChecker.check(map: BeatMap(times: tapped), onset: onset)
        #expect(report.tempoMap == nil, "checked as a chart on \(String(describing: report.tempoSource))")
        #expect(report.beats.filter(\.flagged).map(\.index) == [50])
    }

    /// A chart of hits with no tempo of its own is judged on the tempo map the check fits to it (its octave chosen by the
    /// audio), and its off-grid finding names that map's tempo at the hit, the one the check's JSON and the editor's grid
    /// show, not another fit's. Eighths and quarters at 150 BPM, three hits in a row 12.5 ms off their lines (a run the
    /// check does not flag hit by hit, so the lint's finding is the one listed; a hit the check flags has its own).
    @Test func anOffGridFindingNamesTheTempoTheCheckJudgesOn() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let beat = 0.4
        var times: [Double] = []
        for bar in 0..<12 {
            let start = 1 + Double(bar) * 4 * beat
            times += [0, 1, 1.5, 2, 3, 3.5].map { start + $0 * beat }
        }
        let path = try BeatCheckTests.clickTrack(times: times, rate: 44_100, seconds: times.last! + 1, in: dir)
        // Half a 1/16 step (25 ms at 150 BPM) off its line, and 12.5 ms from every 1/12 line too.
        for k in 20...22 { times[k] += 0.0125 }
        let report = BeatChecker.check(map: BeatMap(times: times), onset: try SpectralFlux.analyze(path: path))
        let tempo = try #require(report.tempoMap)
        let offGrid = report.diagnostics.filter { $0.ruleID == "beatmap.off_grid" }
        #expect(!offGrid.isEmpty, "\(report.diagnostics.map(\.message))")
        for d in offGrid {
            let bpm = tempo.bpm(atTime: times[20])
            #expect(d.message.contains("at \(RuleText.number((bpm * 100).rounded() / 100)) BPM"), "\(d.message) on \(bpm)")
        }
    }

    /// Steady 8ths on the 78 BPM grid a map declares (a draft written as JSON) are a chart on that grid, judged there:
    /// before, read as a beat list at 156 BPM, their first hit "1206 ms early". The same map's beats, one a beat, declaring
    /// that tempo, are a beat list still.
    @Test func steadyEighthsOnADeclaredGridAreAChart() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let beat = 60.0 / 78
        let eighths = (0..<64).map { 1 + Double($0) * beat / 2 }
        let path = try BeatCheckTests.clickTrack(times: eighths, rate: 44_100, seconds: eighths.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        let chart = BeatChecker.check(map: BeatMap(times: eighths, bpm: 78, offset: 1), onset: onset)
        #expect(chart.tempoSource == "declared", "\(String(describing: chart.tempoSource))")
        #expect(chart.tempoMap.map { abs($0.bpm(atTime: 2) - 78) < 1e-9 } == true)
        #expect(chart.beats.filter(\.flagged).isEmpty, "\(chart.diagnostics.map(\.message))")
        let beats = stride(from: 0, to: eighths.count, by: 2).map { eighths[$0] }
        #expect(BeatChecker.check(map: BeatMap(times: beats, bpm: 78, offset: 1), onset: onset).tempoMap == nil)
    }
}
