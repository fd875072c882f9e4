import AudioKitLinux
import Foundation
import Testing

/// `SpectralShape` against the definitions computed here in double precision with a direct DFT: a Hann-windowed frame
/// centred on n·hop, flux as the rectified rise over 20 Hz–16 kHz, centroid over the same bins, flatness as the
/// geometric over the arithmetic mean of the power over 100 Hz–8 kHz.
@Suite("SpectralShape: flux, centroid and flatness by their definitions")
struct SpectralShapeTests {
    static let rate = 44_100

    /// The magnitudes of frame `n` of `x` (size `size`, hop `size / 2`), by a direct DFT.
    static func magnitudes(_ x: [Float], frame n: Int, size: Int) -> [Double] {
        let start = n * size / 2 - size / 2
        let windowed = (0..<size).map { k -> Double in
            let i = start + k
            let sample = i >= 0 && i < x.count ? Double(x[i]) : 0
            return sample * (0.5 - 0.5 * cos(2 * Double.pi * Double(k) / Double(size)))
        }
        return (0...(size / 2)).map { bin in
            var re = 0.0
            var im = 0.0
            for (k, v) in windowed.enumerated() {
                let phase = -2 * Double.pi * Double(bin * k % size) / Double(size)
                re += v * cos(phase)
                im += v * sin(phase)
            }
            return (re * re + im * im).squareRoot()
        }
    }

    static func noise(count: Int, scale: Float) -> [Float] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Float(state >> 40) / Float(1 << 24) * 2 - 1) * scale
        }
    }

    static func check(_ x: [Float], frames: [Int]) {
        let shape = SpectralShape(sampleRate: rate)
        x.withUnsafeBufferPointer { shape.push($0) }
        shape.finish()
        let size = shape.frameSize
        let binHz = Double(rate) / Double(size)
        let low = Int((20 / binHz).rounded(.up))
        let high = Int((16_000 / binHz).rounded(.down))
        let flatLow = Int((100 / binHz).rounded(.up))
        let flatHigh = Int((8_000 / binHz).rounded(.down))
        for n in frames {
            let m = magnitudes(x, frame: n, size: size)
            let before = magnitudes(x, frame: n - 1, size: size)
            let rise = (low...high).reduce(0.0) { $0 + max(0, m[$1] - before[$1]) }
            let centroid = (low...high).reduce(0.0) { $0 + Double($1) * m[$1] } / (low...high).reduce(0.0) { $0 + m[$1] } * binHz
            let powers = (flatLow...flatHigh).map { m[$0] * m[$0] + 1e-20 }
            let geometric = exp(powers.reduce(0.0) { $0 + log($1) } / Double(powers.count))
            let flatness = geometric / (powers.reduce(0, +) / Double(powers.count))
            // The rise of a steady tone is a difference of near-equal magnitudes: single precision's share of the whole
            // spectrum is allowed besides.
            let level = (low...high).reduce(0.0) { $0 + m[$1] }
            #expect(abs(Double(shape.flux[n]) - rise) <= 1e-3 * rise + 1e-6 * level, "frame \(n): flux \(shape.flux[n]) against \(rise)")
            #expect(
                abs(Double(shape.centroid[n]) - centroid) <= 1e-3 * centroid,
                "frame \(n): centroid \(shape.centroid[n]) against \(centroid)")
            #expect(
                abs(Double(shape.flatness[n]) - flatness) <= 1e-3 * flatness,
                "frame \(n): flatness \(shape.flatness[n]) against \(flatness)")
        }
    }

    @Test("white noise: flatness near that of noise, every figure as defined")
    func noiseFrames() {
        let x = Self.noise(count: 8192, scale: 0.5)
        Self.check(x, frames: [2, 5, 9])
    }

    @Test("a tone far louder than full scale: the product of powers neither overflows nor loses the tone's low flatness")
    func loudTone() {
        let x = (0..<8192).map { Float(2e5 * sin(2 * Double.pi * 1000 * Double($0) / Double(Self.rate))) }
        Self.check(x, frames: [3, 8])
        let shape = SpectralShape(sampleRate: Self.rate)
        x.withUnsafeBufferPointer { shape.push($0) }
        #expect(shape.flatness[5] < 0.01, "a tone is not flat: \(shape.flatness[5])")
    }

    @Test("a tone with noise at -60 dB: flatness as defined where the powers span twelve decades")
    func toneOverQuietNoise() {
        let hiss = Self.noise(count: 8192, scale: 0.001)
        let x = (0..<8192).map { Float(0.8 * sin(2 * Double.pi * 440 * Double($0) / Double(Self.rate))) + hiss[$0] }
        Self.check(x, frames: [4, 10])
    }
}
