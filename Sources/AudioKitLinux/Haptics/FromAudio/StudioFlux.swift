import Foundation

/// The spectral flux Meta Haptics Studio scores its emphasis with (`StudioAnalysis`), streamed: a Hann window of 1,024
/// samples every 128 (an overlap of 8), whatever the sample rate, over every bin below Nyquist, each frame's flux the sum
/// of its bins' rises over the frame before (the first over silence). Frames start over the silence before the sound,
/// the first 128 samples in, so frame n is centred on (128 · (n + 1) − 512) samples; the last is centred at or before
/// the sound's end. Method read from Studio's open analysis (facebook/meta-haptics-sdk, MIT), not copied; Studio also
/// removes the sound's DC offset first, which moves only the lowest bin.
final class StudioFlux {
    /// FFT length, in samples.
    static let frameSize = 1024
    /// Samples between frames.
    static let hop = 128
    private let spectra = ShortTimeSpectra(frameSize: frameSize, hop: hop, firstFrameAfter: hop)
    private var previous = [Float](repeating: 0, count: frameSize / 2)
    /// The flux of each frame so far.
    private(set) var flux: [Float] = []

    /// The time of frame 0's centre, in seconds (before the sound's start).
    static func start(sampleRate: Int) -> Double { Double(hop - frameSize / 2) / Double(sampleRate) }

    /// Seconds between frames.
    static func step(sampleRate: Int) -> Double { Double(hop) / Double(sampleRate) }

    /// Pushes mono samples.
    func push(_ samples: UnsafeBufferPointer<Float>) {
        spectra.push(samples) { add($0) }
    }

    /// Pushes the silence that gives the last samples frames of their own and returns every frame's flux.
    func finish() -> [Float] {
        spectra.finish { add($0) }
        return flux
    }

    private func add(_ m: UnsafeBufferPointer<Float>) {
        var rise: Float = 0
        previous.withUnsafeMutableBufferPointer { p in
            for k in 0..<p.count {
                let d = m[k] - p[k]
                rise += (d + abs(d)) * 0.5
                p[k] = m[k]
            }
        }
        flux.append(rise)
    }
}
