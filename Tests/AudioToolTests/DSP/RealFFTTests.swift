import AudioKitLinux
import Foundation
import Testing

@Suite("Real FFT")
struct RealFFTTests {
    /// The magnitudes `RealFFT` gives for `frame`.
    private func magnitudes(_ frame: [Float]) -> [Float] {
        let fft = RealFFT(size: frame.count)
        var out = [Float](repeating: .nan, count: frame.count / 2 + 1)
        frame.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { fft.magnitudes(input.baseAddress!, into: $0.baseAddress!) }
        }
        return out
    }

    /// |X[k]| by the definition, X[k] = Σ x[t]·exp(−2πi kt/n), in double precision.
    private func dftMagnitudes(_ frame: [Float]) -> [Double] {
        let n = frame.count
        return (0...n / 2).map { k in
            var (re, im) = (0.0, 0.0)
            for (t, x) in frame.enumerated() {
                let angle = 2 * Double.pi * Double(k * t % n) / Double(n)
                re += Double(x) * cos(angle)
                im -= Double(x) * sin(angle)
            }
            return (re * re + im * im).squareRoot()
        }
    }

    @Test("every size from 16 to 4096 agrees with the DFT by its definition on a noisy frame", arguments: 4...12)
    func agreesWithTheDefinition(log2Size: Int) {
        let n = 1 << log2Size
        var generator = SystemRandomNumberGenerator()
        // A sinusoid off any bin, a DC offset and white noise: every bin has something in it.
        let frame = (0..<n).map { t in
            Float(0.6 * sin(0.37 * Double(t)) + 0.2) + Float.random(in: -0.3...0.3, using: &generator)
        }
        let ours = magnitudes(frame), exact = dftMagnitudes(frame)
        let scale = exact.max()!
        for k in 0...n / 2 {
            // Float rounding through log2(n) passes: a few parts in 10⁷ of the largest bin.
            #expect(abs(Double(ours[k]) - exact[k]) <= 2e-6 * scale, "size \(n), bin \(k): \(ours[k]) vs \(exact[k])")
        }
    }

    @Test("an impulse has a flat spectrum, a constant all in bin 0, a cosine on bin k is n/2 there and nothing elsewhere")
    func knownSignals() {
        let n = 1024
        var impulse = [Float](repeating: 0, count: n)
        impulse[0] = 1
        #expect(magnitudes(impulse).allSatisfy { abs($0 - 1) < 1e-6 })

        let constant = magnitudes([Float](repeating: 0.5, count: n))
        #expect(abs(constant[0] - 512) < 1e-3)
        #expect(constant.dropFirst().allSatisfy { $0 < 1e-3 })

        for k in [1, 7, 100, 511, 512] {
            let cosine = (0..<n).map { Float(cos(2 * Double.pi * Double(k * $0 % n) / Double(n))) }
            let spectrum = magnitudes(cosine)
            // The Nyquist bin holds the whole cosine (−1, 1, −1, …): n, not n/2.
            let peak: Float = k == n / 2 ? Float(n) : Float(n / 2)
            #expect(abs(spectrum[k] - peak) < 1e-3 * peak, "bin \(k): \(spectrum[k])")
            #expect(spectrum.enumerated().allSatisfy { $0.offset == k || $0.element < 1e-3 }, "bin \(k) leaks")
        }
    }

    @Test("one FFT used again gives the same magnitudes for the same frame, whatever came before")
    func reuse() {
        let fft = RealFFT(size: 256)
        let a = (0..<256).map { Float(sin(Double($0) * 0.1)) }, b = (0..<256).map { Float($0 % 7) - 3 }
        var first = [Float](repeating: 0, count: 129), again = first
        a.withUnsafeBufferPointer { fft.magnitudes($0.baseAddress!, into: &first) }
        b.withUnsafeBufferPointer { fft.magnitudes($0.baseAddress!, into: &again) }
        a.withUnsafeBufferPointer { fft.magnitudes($0.baseAddress!, into: &again) }
        #expect(first == again)
    }
}
