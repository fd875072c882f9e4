import AudioKitLinux
import Foundation
import Testing

/// The decimator in front of tempo analysis, against sines and impulses whose answers are known.
@Suite("Half-band decimator")
struct HalfBandDecimatorTests {
    static func decimate(_ x: [Float], blocks: [Int] = [4096]) -> [Float] {
        var d = HalfBandDecimator()
        var out: [Float] = []
        var i = 0, b = 0
        x.withUnsafeBufferPointer { p in
            while i < x.count {
                let n = min(blocks[b % blocks.count], x.count - i)
                d.process(UnsafeBufferPointer(rebasing: p[i..<(i + n)]), into: &out)
                i += n
                b += 1
            }
        }
        d.finish(into: &out)
        return out
    }

    static func sine(_ hz: Double, rate: Double, seconds: Double) -> [Float] {
        (0..<Int(rate * seconds)).map { Float(0.5 * sin(2 * Double.pi * hz * Double($0) / rate)) }
    }

    /// RMS over the middle half, away from the edges.
    static func rms(_ x: [Float]) -> Double {
        let part = x[(x.count / 4)..<(3 * x.count / 4)]
        return (part.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(part.count)).squareRoot()
    }

    @Test func passBandSineKeepsItsLevel() {
        let y = Self.decimate(Self.sine(1_000, rate: 44_100, seconds: 1))
        let expected = 0.5 / 2.0.squareRoot()
        #expect(abs(20 * log10(Self.rms(y) / expected)) < 0.05)
        #expect(abs(y.count - 22_050) <= 1)
    }

    @Test("a sine above the new Nyquist is removed", arguments: [14_000.0, 16_000, 20_000])
    func stopBandSineIsRemoved(_ hz: Double) {
        let y = Self.decimate(Self.sine(hz, rate: 44_100, seconds: 1))
        #expect(20 * log10(Self.rms(y) / (0.5 / 2.0.squareRoot())) < -60)
    }

    @Test func impulseKeepsItsTimeAndBlocksDoNotMatter() {
        var x = [Float](repeating: 0, count: 10_000)
        x[4_000] = 1
        let whole = Self.decimate(x)
        let peak = whole.indices.max { abs(whole[$0]) < abs(whole[$1]) }!
        #expect(peak == 2_000)
        #expect(abs(whole[peak] - 0.5) < 1e-6)
        #expect(Self.decimate(x, blocks: [1, 7, 333, 2, 4096]) == whole)
    }
}
