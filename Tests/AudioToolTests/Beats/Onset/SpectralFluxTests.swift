import AudioKitLinux
import Foundation
import Testing

/// The onset strength every check and draft stands on, against noise bursts placed at known times.
@Suite("Spectral flux")
struct SpectralFluxTests {
    /// Five bursts of decaying noise at uneven times in silence: the onset strength has one clear peak per burst, each
    /// within one frame (and the frame's latency, which `time(ofFrame:)` removes) of the burst's start, and nothing
    /// as strong anywhere else.
    @Test func eachBurstIsOnePeakAtItsStart() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let starts = [0.50, 1.13, 1.62, 2.40, 2.95]
        let path = try ChartJudgementTests.clicks(starts, gains: starts.map { _ in 1 }, seconds: 3.5, in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        let v = onset.values
        let top = try #require(v.max())
        #expect(top > 0)
        var peaks: [Double] = []
        for i in 1..<(v.count - 1) where v[i] > v[i - 1] && v[i] >= v[i + 1] && v[i] >= 0.3 * top {
            peaks.append(onset.time(ofFrame: Double(i)))
        }
        #expect(peaks.count == starts.count, "peaks at \(peaks)")
        let frame = 1 / onset.framesPerSecond
        for (peak, start) in zip(peaks, starts) {
            #expect(abs(peak - start) <= frame + 0.002, "peak at \(peak) for a burst at \(start)")
        }
    }

    /// Silence has no onset: the strength is zero throughout.
    @Test func silenceHasNoOnset() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try ChartJudgementTests.clicks([], gains: [], seconds: 1.0, in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        #expect(!onset.values.isEmpty && onset.values.allSatisfy { $0 == 0 })
    }
}
