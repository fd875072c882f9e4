import AudioKitLinux
import Testing

/// The one least-squares line under the tempo fitters, against lines and sums worked by hand.
@Suite("Line fit")
struct LineFitTests {
    @Test func anExactLineComesBackExactly() throws {
        // y = 0.25 + 0.5 x at x = 0…7: a beat grid at 120 BPM from 0.25 s.
        let fit = try #require(LineFit.leastSquares((0..<8).map { (x: Double($0), y: 0.25 + 0.5 * Double($0)) }))
        #expect(abs(fit.slope - 0.5) < 1e-12 && abs(fit.intercept - 0.25) < 1e-12)
    }

    @Test func noisyPointsGiveTheTextbookSlope() throws {
        // x = 0, 1, 2, 3; y = 1, 3, 2, 5: mean x 1.5, mean y 2.75, Sxy = 5.5, Sxx = 5, so slope 1.1 and intercept 1.1.
        let fit = try #require(LineFit.leastSquares([(0, 1), (1, 3), (2, 2), (3, 5)]))
        #expect(abs(fit.slope - 1.1) < 1e-12 && abs(fit.intercept - 1.1) < 1e-12)
    }

    @Test func noLineThroughOnePointOrOneColumn() {
        #expect(LineFit.leastSquares([(1, 2)]) == nil)
        #expect(LineFit.leastSquares([(1, 2), (1, 3), (1, 4)]) == nil)
    }

    @Test func aBeatListFitIsAOneSectionTempoMap() throws {
        // Beats at 100 BPM from 0.3 s, one missing: the grid holds them and its map has one section.
        let beats = [0.3, 0.9, 1.5, 2.7, 3.3].map { $0 + 0.0 }
        let fit = try #require(GridFit(times: beats))
        let map = try #require(fit.tempoMap)
        #expect(map.sections.count == 1 && abs(map.sections[0].bpm - 100) < 1e-9 && abs(map.offset - 0.3) < 1e-9)
        #expect(fit.indices == [0, 1, 2, 4, 5])
    }
}
