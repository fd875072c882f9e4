import AudioKitLinux
import Foundation
import Testing

/// The band split that colours the editor's waveform, against the textbook response of fourth-order Linkwitz–Riley
/// crossovers: a tone well inside a band passes it whole and is cut from the others by at least 24 dB per octave away
/// from their edge; a tone at a crossover comes out of the two bands beside it at half its amplitude each (−6 dB).
@Suite("Three-band split")
struct ThreeBandSplitTests {
    /// The peak of each band's output for a sine of `frequency` Hz at amplitude 1, once the filters have settled.
    static func peaks(_ frequency: Double, sampleRate: Double = 44_100) -> (low: Float, mid: Float, high: Float) {
        var split = ThreeBandSplit(sampleRate: sampleRate)
        var peak: (low: Float, mid: Float, high: Float) = (0, 0, 0)
        let n = Int(sampleRate)
        for i in 0..<n {
            let b = split.split(Float(sin(2 * Double.pi * frequency * Double(i) / sampleRate)))
            if i > n / 2 { peak = (max(peak.low, abs(b.low)), max(peak.mid, abs(b.mid)), max(peak.high, abs(b.high))) }
        }
        return peak
    }

    @Test func aToneInsideABandPassesItAndNotTheOthers() {
        // 40 Hz is 2.6 octaves under the low edge: the mid band's high-pass cuts it by 24 dB × 2.6 ≈ 63 dB.
        let bass = Self.peaks(40)
        #expect(abs(bass.low - 1) < 0.01 && bass.mid < 0.001 && bass.high < 1e-4, "\(bass)")
        // 800 Hz sits 1.7 octaves above the low edge and 1.6 under the high edge.
        let voice = Self.peaks(800)
        #expect(abs(voice.mid - 1) < 0.03 && voice.low < 0.02 && voice.high < 0.02, "\(voice)")
        // 10 kHz is two octaves above the high edge.
        let hats = Self.peaks(10_000)
        #expect(abs(hats.high - 1) < 0.01 && hats.mid < 0.01 && hats.low < 1e-5, "\(hats)")
    }

    @Test func aToneAtACrossoverIsHalfInEachBandBesideIt() {
        let atLow = Self.peaks(ThreeBandSplit.lowEdge)
        #expect(abs(atLow.low - 0.5) < 0.01 && abs(atLow.mid - 0.5) < 0.02, "\(atLow)")
        let atHigh = Self.peaks(ThreeBandSplit.highEdge)
        #expect(abs(atHigh.high - 0.5) < 0.01 && abs(atHigh.mid - 0.5) < 0.02, "\(atHigh)")
    }
}

/// The editor's waveform overview carries each band's peak per column: a bass tone, then a voice-range tone, then a
/// hi-hat-range tone, each a second long and at the same amplitude, are told apart column by column, and each band is
/// scaled to its own loud level in the track (the loudest second of each band reads about 1).
@Suite("Track overview bands")
struct TrackOverviewBandTests {
    @Test func eachSecondShowsItsOwnBand() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rate = 44_100.0
        let tones = [60.0, 800, 9_000]
        let samples = (0..<(3 * Int(rate))).map { i -> Float in
            let t = Double(i) / rate
            return Float(0.5 * sin(2 * Double.pi * tones[min(2, Int(t))] * t))
        }
        let path = dir.appendingPathComponent("tones.wav").path
        try AudioFile.write(samples, to: path, sampleRate: Int(rate), channels: 1)
        let overview = try TrackOverview(path: path)
        let columns = overview.bandColumns(from: 0, to: 3, width: 30)
        #expect(columns.count == 30)
        // The middle of each second, away from the switches between tones and the filters' settling.
        for (second, band) in [(0, 0), (1, 1), (2, 2)] {
            for x in (second * 10 + 3)...(second * 10 + 7) {
                let c = columns[x]
                let others = (0..<3).filter { $0 != band }.map { c[$0] }
                #expect(abs(c[band] - 1) < 0.05 && others.allSatisfy { $0 < 0.1 }, "second \(second), column \(x): \(c)")
            }
        }
    }
}
