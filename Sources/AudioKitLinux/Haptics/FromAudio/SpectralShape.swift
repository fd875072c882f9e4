import Foundation

/// Short-time spectral flux and brightness (spectral centroid) of a mono stream, for the haptic analysis.
///
/// - STFT: a Hann window of about 23 ms (1024 samples at 44.1 and 48 kHz) and a hop of half of it.
/// - Flux: the sum over bins of the half-wave rectified magnitude difference between consecutive frames
///   (Masri, "Computer Modelling of Sound for Transformation and Synthesis of Musical Signals", 1996; Bello et al.,
///   "A Tutorial on Onset Detection in Music Signals", IEEE TASLP 13(5), 2005, §III-B).
/// - Flatness: the geometric over the arithmetic mean of the power spectrum over 100 Hz–8 kHz (Wiener entropy; Johnston,
///   "Transform coding of audio signals using perceptual noise criteria", IEEE JSAC 6(2), 1988; Peeters, "A large set
///   of audio features for sound description", CUIDADO report, 2004, §6.1): near 1 for noise, near 0 for a tone.
/// - Brightness: the magnitude-weighted mean frequency of 20 Hz–16 kHz (Grey and Gordon, JASA 63(5), 1978; Schubert and
///   Wolfe, "Does timbral brightness scale with frequency and spectral centroid?", Acta Acustica 92, 2006), or nil in a
///   frame quieter than −70 dBFS, where it means nothing.
///
/// Frames are centred: frame n describes the audio around `time(ofFrame: n)`. Memory is one frame plus the output.
public final class SpectralShape {
    /// Sample rate of the pushed audio, in Hz.
    public let sampleRate: Double
    /// FFT length in samples.
    public let frameSize: Int
    /// Samples between frames.
    public let hop: Int
    private let spectra: ShortTimeSpectra
    private let lowBin: Int
    private let highBin: Int
    private let flatLowBin: Int
    private let flatHighBin: Int
    private var previous: [Float]
    private var hasPrevious = false
    private let gate: Float
    /// Flux of each frame so far.
    public private(set) var flux: [Float] = []
    /// Spectral centroid of each frame so far, in Hz; NaN where the frame is below the gate.
    public private(set) var centroid: [Float] = []
    /// Spectral flatness of each frame so far (0…1); NaN where the frame is below the gate.
    public private(set) var flatness: [Float] = []

    /// An analysis of audio at `sampleRate` Hz.
    public init(sampleRate: Int) {
        self.sampleRate = Double(sampleRate)
        var n = 16
        while Double(n * 2) <= Double(sampleRate) * 0.0232 * 1.0001 { n *= 2 }
        frameSize = n
        hop = n / 2
        spectra = ShortTimeSpectra(frameSize: n, hop: n / 2)
        let binHz = Double(sampleRate) / Double(n)
        lowBin = max(1, Int((20 / binHz).rounded(.up)))
        highBin = min(n / 2, Int((16_000 / binHz).rounded(.down)))
        flatLowBin = max(lowBin, Int((100 / binHz).rounded(.up)))
        flatHighBin = max(flatLowBin, min(highBin, Int((8_000 / binHz).rounded(.down))))
        previous = [Float](repeating: 0, count: n / 2 + 1)
        // −70 dBFS of a full-scale sine's windowed peak magnitude (n/4 for a Hann window).
        gate = Float(Double(n) / 4 * pow(10, -70.0 / 20))
    }

    /// The time in seconds that frame `n` describes.
    public func time(ofFrame n: Int) -> Double { Double(n * hop) / sampleRate }

    /// Seconds between frames.
    public var frameStep: Double { Double(hop) / sampleRate }

    /// Pushes mono samples.
    public func push(_ samples: UnsafeBufferPointer<Float>) {
        spectra.push(samples) { analyze($0) }
    }

    /// Analyses what is left, padding with silence, so the last samples get a frame centred on them.
    public func finish() {
        spectra.finish { analyze($0) }
    }

    private func analyze(_ m: UnsafeBufferPointer<Float>) {
        var rise: Float = 0
        var weighted: Float = 0
        var total: Float = 0
        var peakBits: UInt32 = 0
        let binHz = Float(sampleRate) / Float(frameSize)
        let compare = hasPrevious
        previous.withUnsafeMutableBufferPointer { p in
            // Without branches: (d + |d|) / 2 is exactly max(0, d), and magnitudes (never negative) order as their bits
            // do. A branch on the sign of each bin's rise was mispredicted often enough to cost as much as the FFT.
            if compare {
                for k in lowBin...highBin {
                    let d = m[k] - p[k]
                    rise += (d + abs(d)) * 0.5
                }
            }
            for k in lowBin...highBin {
                let v = m[k]
                weighted += Float(k) * v
                total += v
                peakBits = max(peakBits, v.bitPattern)
            }
            // Only the bins compared are kept for the next frame.
            for k in lowBin...highBin { p[k] = m[k] }
        }
        let (logSum, powerSum) = Self.powers(m, from: flatLowBin, through: flatHighBin)
        hasPrevious = true
        flux.append(rise)
        let gated = Float(bitPattern: peakBits) >= gate && total > 0
        centroid.append(gated ? weighted / total * binHz : .nan)
        let bins = Double(flatHighBin - flatLowBin + 1)
        flatness.append(gated ? Float(min(1, exp(logSum / bins) / (Double(powerSum) / bins))) : .nan)
    }

    /// The sum of the logs of the powers (plus 1e-20) of bins `low`…`high` of the magnitudes `m`, and the sum of the
    /// powers, for the flatness.
    private static func powers(_ m: UnsafeBufferPointer<Float>, from low: Int, through high: Int) -> (logSum: Double, powerSum: Float) {
        // The geometric mean's log as the log of a product, one log a frame instead of one a bin. Four products, of every
        // fourth bin, so that each multiplication need not wait for the one before; each moves its exponent out every 8
        // of its bins, so it neither overflows nor underflows (an infinite power stays infinite, as its log would be).
        var powerSum: Float = 0
        var (p0, p1, p2, p3) = (1.0, 1.0, 1.0, 1.0)
        var exponent = 0
        var k = low
        var groups = 0
        while k + 3 <= high {
            let (a, b, c, d) = (m[k] * m[k], m[k + 1] * m[k + 1], m[k + 2] * m[k + 2], m[k + 3] * m[k + 3])
            powerSum += a
            powerSum += b
            powerSum += c
            powerSum += d
            p0 *= Double(a + 1e-20)
            p1 *= Double(b + 1e-20)
            p2 *= Double(c + 1e-20)
            p3 *= Double(d + 1e-20)
            k += 4
            groups += 1
            if groups & 7 == 0 {
                exponent +=
                    moveExponentOut(&p0) + moveExponentOut(&p1) + moveExponentOut(&p2)
                    + moveExponentOut(&p3)
            }
        }
        while k <= high {
            let a = m[k] * m[k]
            powerSum += a
            p0 *= Double(a + 1e-20)
            k += 1
        }
        exponent +=
            moveExponentOut(&p0) + moveExponentOut(&p1) + moveExponentOut(&p2) + moveExponentOut(&p3)
        return (log(p0 * p1 * p2 * p3) + Double(exponent) * M_LN2, powerSum)
    }

    /// Leaves `product` in 1..<2 when it is finite and returns the binary exponent taken out (0 otherwise).
    private static func moveExponentOut(_ product: inout Double) -> Int {
        guard product.isFinite else { return 0 }
        let exponent = Int(product.exponent)
        product = product.significand
        return exponent
    }
}
