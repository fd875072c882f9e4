import Foundation

/// The spectrum Meta Haptics Studio's analysis reads (`StudioAnalysis`), streamed: a Hann window of 1,024 samples (zero
/// at both ends) every 128 (an overlap of 8), whatever the sample rate. Per frame:
/// - the flux, over every bin below Nyquist, the frame's net rise in magnitude over the frame before: the sum of every
///   bin's change, falls included, clamped at 0 (the first frame's is over silence). It scores the emphasis. It is not
///   the usual sum of each bin's rise alone (Dixon 2006): a sound that moves from one band to another scores only its net gain;
/// - the frequency, the spectral centroid of the bins below 1 kHz (the rest zeroed, a brick-wall low-pass) mapped
///   linearly from 30–600 Hz to 0–1 and clamped; 0 when those bins' magnitudes sum to less than 0.3 per bin (a quiet
///   frame) with the sound normalised to a peak of −0.3 dBFS, as Studio reads it for this curve. It makes the
///   sharpness curve.
///
/// Frames start over the silence before the sound, the first 128 samples in, so frame n is centred on
/// (128 · (n + 1) − 512) samples; the last is centred at or before the sound's end. Method read from Studio's open
/// analysis (facebook/meta-haptics-sdk, MIT), not copied. Studio takes the sound's DC offset out first; `SoundFeatures`
/// does that before the samples come here.
final class StudioSpectrum {
    /// FFT length, in samples.
    static let frameSize = 1024
    /// Samples between frames.
    static let hop = 128
    /// The low-pass before the centroid, and the range mapped to 0…1, in Hz.
    static let centroidCutoff = 1000.0, frequencyRange = 30.0...600.0
    private let spectra = StudioSpectrum.frames()
    /// The summed magnitude of the last frame's bins below Nyquist (the net rise is the change in that sum).
    private var previousTotal: Double = 0
    private let sampleRate: Int
    /// The first bin above the cutoff (at least 1).
    private let cutoffBin: Int
    /// The flux of each frame so far.
    private(set) var flux: [Float] = []
    /// Each frame's centroid below the cutoff, in Hz, and the sum of those bins' magnitudes.
    private var centroids: [Float] = [], lowSums: [Float] = []

    /// A spectrum of audio at `sampleRate` Hz.
    init(sampleRate: Int) {
        self.sampleRate = sampleRate
        let half = Self.frameSize / 2
        cutoffBin = max(1, min(half, Int((Double(half) * Self.centroidCutoff / (Double(sampleRate) / 2)).rounded(.up))))
    }

    /// The time of frame 0's centre, in seconds (before the sound's start).
    static func start(sampleRate: Int) -> Double { Double(hop - frameSize / 2) / Double(sampleRate) }

    /// Seconds between frames.
    static func step(sampleRate: Int) -> Double { Double(hop) / Double(sampleRate) }

    /// How many frames a sound of `samples` samples has: the first after `hop` samples, one every `hop` after, through
    /// the half frame of silence `finish()` adds.
    static func frameCount(samples: Int) -> Int { (max(0, samples) + frameSize / 2 - hop) / hop + 1 }

    /// Pushes mono samples.
    func push(_ samples: UnsafeBufferPointer<Float>) {
        spectra.push(samples) { add($0) }
    }

    /// Pushes the silence that gives the last samples frames of their own.
    func finish() {
        spectra.finish { add($0) }
    }

    /// Studio's framing: the window, its length and hop, and where the first frame falls.
    static func frames() -> ShortTimeSpectra {
        ShortTimeSpectra(frameSize: frameSize, hop: hop, firstFrameAfter: hop, symmetric: true)
    }

    /// The summed magnitude of a frame's bins below Nyquist: its flux is the rise of that sum from the frame before.
    static func total(_ m: UnsafeBufferPointer<Float>) -> Double {
        var magnitude: Double = 0
        for k in 0..<frameSize / 2 { magnitude += Double(m[k]) }
        return magnitude
    }

    private func add(_ m: UnsafeBufferPointer<Float>) {
        let magnitude = Self.total(m)
        flux.append(Float(max(0, magnitude - previousTotal)))
        previousTotal = magnitude
        var weighted: Double = 0, total: Double = 0
        for k in 0..<cutoffBin {
            weighted += Double(k) * Double(m[k])
            total += Double(m[k])
        }
        centroids.append(total > 0 ? Float(weighted / total * Double(sampleRate) / Double(Self.frameSize)) : 0)
        lowSums.append(Float(total))
    }

    /// Each frame's frequency (0…1), for a sound whose largest sample is `samplePeak`.
    func frequency(samplePeak: Float) -> [Float] {
        let gain = samplePeak > 0 ? pow(10, -0.3 / 20) / Double(samplePeak) : 0
        let gate = Double(cutoffBin - 1) * 0.3
        let r = Self.frequencyRange
        return zip(centroids, lowSums).map { hertz, sum in
            guard Double(sum) * gain >= gate, sum > 0 else { return 0 }
            return Float(min(1, max(0, (Double(hertz) - r.lowerBound) / (r.upperBound - r.lowerBound))))
        }
    }
}
