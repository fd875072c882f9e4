import AudioKitLinux
import Foundation
import Testing

/// The tempo of a whole song, to the precision a chart needs: on the seven shared charts' songs, every one steady, the
/// estimate from the audio alone is within 0.05 % of the tempo the chart's own grid keeps (its beat lines as an
/// independent parser reads them, `grid.txt`, fitted to a line). A song at 150 BPM was given 150.30 before the tempo
/// was refined by folding the whole track's onsets (`GridRefine`): the chart's hits drifted 0.6 of a beat against that grid by
/// the song's end.
@Suite("Tempo precision on whole songs", .enabled(if: TestPaths.chartsAvailable, TestPaths.chartsMissing))
struct TempoPrecisionTests {
    @Test(arguments: ["fnf-high", "fnf-pico", "fnf-spookeez", "qua-csikos-post", "qua-lollipop", "sm-goin-under", "sm-mechatribe"])
    func aSteadySongsTempoIsWithinFiveHundredthsOfAPercent(_ name: String) throws {
        let folder = TestPaths.chartsCorpus.appendingPathComponent(name)
        let lines = try String(contentsOf: folder.appendingPathComponent("grid.txt"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).compactMap { Double($0.split(separator: " ").first ?? "") }
        let truth = try #require(GridFit(times: lines)).bpm
        let onset = try TempoEstimator.onsetStrength(path: folder.appendingPathComponent("audio.ogg").path)
        let estimate = try #require(TempoEstimator.estimate(onset))
        #expect(abs(estimate.bpm / truth - 1) < 0.0005, "\(name): \(estimate.bpm) BPM against the chart's \(truth)")
    }
}
