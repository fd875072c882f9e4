import AudioKitLinux
import Foundation
import Testing

/// The global offset of a beat list at half the track's tempo: it aligns on either half of the track's pulse, and the
/// nearer one is kept; a list at the track's tempo keeps a real offset.
@Suite("Global alignment")
struct GlobalAlignmentTests {
    /// A click on every beat of 180 BPM from 1 s for 30 s, the backbeat (odd beats) louder (the others at 0.7 of its gain): the old search put a list of the others on it.
    static func backbeat(in dir: URL) throws -> (path: String, beats: [Double]) {
        let beats = (0..<90).map { 1 + Double($0) / 3 }
        let gains = beats.indices.map { $0 % 2 == 1 ? 1.0 : 0.7 }
        return (try ChartJudgementTests.clicks(beats, gains: gains, seconds: 32, in: dir), beats)
    }

    @Test func aHalfTempoListKeepsTheNearerHalfOfThePulse() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, beats) = try Self.backbeat(in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        // Every other beat, on the quieter ones: the louder backbeat lies 333 ms later, inside the search.
        let half = stride(from: 0, to: beats.count, by: 2).map { beats[$0] }
        let report = BeatChecker.check(map: BeatMap(times: half), onset: onset)
        let offset = try #require(report.offset)
        #expect(abs(offset) < 0.02, "offset \(offset * 1000) ms: the list was moved onto the backbeat")
        // A list at the track's tempo, 150 ms late, keeps its offset: the silent off-beats do not align.
        let late = beats.map { $0 + 0.15 }
        let lateOffset = try #require(BeatChecker.check(map: BeatMap(times: late), onset: onset).offset)
        #expect(abs(lateOffset - 0.15) < 0.02, "offset \(lateOffset * 1000) ms")
    }
}
