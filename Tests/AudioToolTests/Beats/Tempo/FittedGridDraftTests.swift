import AudioKitLinux
import BrowserPages
import Foundation
import Testing

/// `beatmap detect --quantize` and the audition's analysis write the beats of the song's fitted tempo map
/// (`BeatMapDraft.onFittedGrid`), as `beatmap draft` places it, not a line through the tracked beats: a tracker that
/// holds the off-beat for a stretch and the beat after it gave a line between the two.
@Suite("Draft on the fitted grid")
struct FittedGridDraftTests {
    /// Clicks at 140 BPM from 0.3 s, loud on the beats and half as loud on the eighths between them, for 30 s: the grid's
    /// beats are the loud clicks (computed here: 0.3 + n × 60/140), not the eighths, within 10 ms.
    @Test func theGridsBeatsAreTheLoudClicks() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let beat = 60.0 / 140
        let beats = (0..<70).map { 0.3 + Double($0) * beat }
        let eighths = beats.map { $0 + beat / 2 }
        let times = zip(beats, eighths).flatMap { [$0, $1] }
        let path = try ChartJudgementTests.clicks(times, gains: times.indices.map { $0 % 2 == 0 ? 1 : 0.5 }, seconds: 31, in: dir)
        let draft = try #require(BeatMapDraft.onFittedGrid(try DraftAnalysis.onset(path: path), range: 40...250))
        let tempo = try #require(draft.map.tempoMap)
        #expect(abs(tempo.bpm(atTime: 10) - 140) < 0.1, "\(tempo.bpm(atTime: 10)) BPM")
        let written = draft.map.times.filter { $0 >= 0.29 && $0 <= beats.last! + 0.01 }
        #expect(written.count == beats.count, "\(written.count) beats over the clicks, \(beats.count) clicked")
        let worst = zip(written, beats).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 0.010, "worst beat \(worst * 1000) ms from its click")
    }

    /// Mecha-Tribe Assault (../shared/corpus/charts/sm-mechatribe, 180 BPM): its beat tracker holds the off-beat for
    /// the first third of the song, and the line through its beats put the first beat at 0.145 s, a third of a beat
    /// after the chart's (0.028 s). `beatmap detect --quantize` and the audition's analysis now keep every beat within
    /// 15 ms of a line of the chart's own grid (its `grid.txt`, the beats its tempo map puts in the song).
    @Test(.enabled(if: TestPaths.chartsAvailable, TestPaths.chartsMissing))
    func mechaTribesGridIsOnTheChartsBeats() throws {
        let folder = TestPaths.chartsCorpus.appendingPathComponent("sm-mechatribe")
        let song = folder.appendingPathComponent("audio.ogg").path
        let text = try String(contentsOf: folder.appendingPathComponent("grid.txt"), encoding: .utf8)
        let grid = text.split(whereSeparator: \.isNewline).compactMap { Double($0) }
        let period = 60.0 / 180
        /// The distance from `t` to the nearest line of the chart's grid, extended by whole beats before and after it.
        func off(_ t: Double) -> Double {
            let k = ((t - grid[0]) / period).rounded()
            return abs(t - (grid[0] + k * period))
        }
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("beats.json").path
        let r = try run(TestPaths.binary("beatmap"), ["detect", "--quantize", song, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let read = try #require(try BeatMapReader.read(path: out).map)
        let inside = read.times.filter { $0 >= grid.first! && $0 <= grid.last! }
        #expect(inside.count > 250, "\(inside.count) beats over the chart's grid")
        let worst = inside.map(off).max() ?? 1
        #expect(worst < 0.015, "worst beat \(worst * 1000) ms off the chart's grid")

        let inputs = CrossfadeInputs(outgoing: song, incoming: song, sampleRate: 44_100)
        let filled = try AuditionTempo.filled(inputs)
        let tempo = try #require(filled.inputs.outgoingTempo)
        let first = BeatClock(tempo: tempo).beats(from: 0, to: 5)
        #expect(first.count >= 10 && first.allSatisfy { off($0) < 0.015 }, "\(first) against the grid from \(grid[0])")
        #expect(filled.notes.first?.contains("first beat at 0.0") == true, "\(filled.notes)")
    }
}
