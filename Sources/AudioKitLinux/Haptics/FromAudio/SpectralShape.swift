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
        var peak: Float = 0
        var logSum: Float = 0
        var powerSum: Float = 0
        let binHz = Float(sampleRate) / Float(frameSize)
        let compare = hasPrevious
        previous.withUnsafeMutableBufferPointer { p in
            for k in lowBin...highBin {
                let v = m[k]
                if compare { rise += max(0, v - p[k]) }
                weighted += Float(k) * v
                total += v
                peak = max(peak, v)
                if k >= flatLowBin && k <= flatHighBin {
                    logSum += log(v * v + 1e-20)
                    powerSum += v * v
                }
            }
            // Only the bins compared are kept for the next frame.
            for k in lowBin...highBin { p[k] = m[k] }
        }
        hasPrevious = true
        flux.append(rise)
        let gated = peak >= gate && total > 0
        centroid.append(gated ? weighted / total * binHz : .nan)
        let bins = Float(flatHighBin - flatLowBin + 1)
        flatness.append(gated ? min(1, exp(logSum / bins) / (powerSum / bins)) : .nan)
    }
}
