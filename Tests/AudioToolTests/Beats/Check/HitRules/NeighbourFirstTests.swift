import AudioKitLinux
import Foundation
import Testing

/// Rule 9 of `HitChecker` on a real chart: a moved hit can put its untouched neighbour in a rhythm the chart plays
/// nowhere else, and the neighbour, flagged for that rhythm, must not be moved before the hit that broke it.
@Suite("Rule: the clearest fix first", .enabled(if: TestPaths.chartsAvailable, TestPaths.chartsMissing))
struct NeighbourFirstTests {
    /// Goin' Under (../shared/corpus/charts/sm-goin-under, 210 BPM; hits here by index from 0, the findings count
    /// from 1): hit 251 (50.429 s, a half-beat line) moved 98 ms earlier lands 2 ms from a 1/12-beat line, and leaves
    /// hit 249 (50.214 s, one of the chart's three 1/4-beat notes) in a figure the chart plays nowhere else. Hit 251 is
    /// the error, with its own line as the fix; hit 249 is a warning that waits for it (before this rule it was an error
    /// too, first in the list, and its fix moved it 119 ms). The chart as written has no hit waiting and none flagged.
    @Test func anUntouchedNeighbourWaitsForTheHitThatBrokeItsFigure() throws {
        let folder = TestPaths.chartsCorpus.appendingPathComponent("sm-goin-under")
        let read = try BeatMapReader.read(path: folder.appendingPathComponent("Goin' Under.ssc").path)
        let chart = try #require(read.map)
        let onset = try SpectralFlux.analyze(path: folder.appendingPathComponent("audio.ogg").path)
        let clean = BeatChecker.check(map: chart, onset: onset)
        #expect(clean.beats.allSatisfy { $0.waitsFor == nil })
        #expect(!clean.beats.contains { $0.index == 249 || $0.index == 251 ? $0.flagged : false })

        var moved = chart
        let truth = chart.times[251]
        #expect(abs(truth - 50.4286) < 0.001 && abs(chart.times[249] - 50.2143) < 0.001, "\(truth), \(chart.times[249])")
        moved.times[251] -= 0.098
        let report = BeatChecker.check(map: moved, onset: onset)
        let hit251 = try #require(report.beats.first { $0.index == 251 })
        let hit249 = try #require(report.beats.first { $0.index == 249 })
        #expect(hit251.flagged && !hit251.isMaybe && hit251.fix.map { abs($0 - truth) < 0.001 } == true, "\(hit251)")
        #expect(hit249.flagged && hit249.isMaybe && hit249.waitsFor == moved.times[251], "\(hit249)")
        // No other hit is flagged as an error.
        let errors = report.beats.filter { $0.flagged && !$0.isMaybe }.map(\.index)
        #expect(errors == [251], "\(errors)")
        // The finding says which hit to fix first, as a warning.
        let said = report.diagnostics.filter { $0.message.hasPrefix("hit 250 at 50.214 s:") }
        #expect(said.count == 1 && said.first?.severity == .warning, "\(said)")
        #expect(said.first?.message.contains(String(format: "fix the flagged hit at %.3f s first", moved.times[251])) == true)

        // The editor's state gives the error a fix (what its apply does) and the maybe none: an API client that applies
        // every `fix` moves what the page's apply moves. The maybe's place is kept apart, to look at.
        let state = EditorState(
            track: "audio.ogg", info: try AudioFile.info(folder.appendingPathComponent("audio.ogg").path), map: nil, dirty: true,
            canSave: false, beats: moved.times, report: report, tolerance: 0.05, hitWindow: 0.15, minimumGap: 0.1)
        #expect(state.beats[251].fix.map { abs($0 - truth) < 0.001 } == true && !state.beats[251].maybe)
        #expect(state.beats[251].maybePlace == nil)
        #expect(state.beats[249].maybe && state.beats[249].fix == nil && state.beats[249].maybePlace == hit249.fix)
        #expect(state.beats[249].maybePlace != nil && state.beats[249].waitsFor == moved.times[251])
        #expect(state.beats.filter { $0.fix != nil }.count == errors.count)
    }
}
