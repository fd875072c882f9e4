import Foundation

/// Centred short-time magnitude spectra of a stream of mono samples: a Hann window of `frameSize` samples every `hop`
/// samples, the first frame centred on sample 0 (half a frame of silence comes first), and `finish` adds half a frame
/// of silence so the last samples get frames of their own. Each frame's magnitude spectrum (`RealFFT`, `frameSize / 2
/// + 1` bins) is handed to the caller as it completes; memory is one frame. The one STFT framing of the library,
/// under the onset strength (`SpectralFlux`) and the haptics analysis (`SpectralShape`).
public final class ShortTimeSpectra {
    /// FFT length in samples.
    public let frameSize: Int
    /// Samples between frames.
    public let hop: Int
    private let fft: RealFFT
    private let window: [Float]
    /// The last `frameSize` samples, oldest first; `untilNextFrame` counts the samples still needed for the next frame.
    private var frame: [Float]
    private var untilNextFrame: Int
    private var windowed: [Float]
    private var magnitudes: [Float]

    /// Frames of `frameSize` samples (a power of two, at least 16) every `hop` samples (at least 1). The first frame
    /// comes after `firstFrameAfter` samples (default half a frame, so it is centred on sample 0; less puts frames
    /// before the stream's start, over the silence before it). A `symmetric` window is zero at both ends (its cosine's
    /// period is `frameSize − 1` samples, as Meta Haptics Studio's analysis windows); the default is the periodic one.
    public init(frameSize: Int, hop: Int, firstFrameAfter: Int? = nil, symmetric: Bool = false) {
        self.frameSize = frameSize
        self.hop = max(1, hop)
        fft = RealFFT(size: frameSize)
        window = Self.hann(frameSize, symmetric: symmetric)
        frame = [Float](repeating: 0, count: frameSize)
        untilNextFrame = max(1, min(frameSize, firstFrameAfter ?? frameSize - frameSize / 2))
        windowed = frame
        magnitudes = [Float](repeating: 0, count: frameSize / 2 + 1)
    }

    /// A Hann window of `size` samples: periodic (its cosine's period is `size` samples), or `symmetric` (zero at both
    /// ends, period `size − 1`).
    public static func hann(_ size: Int, symmetric: Bool = false) -> [Float] {
        let period = Double(symmetric ? size - 1 : size)
        return (0..<size).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / period)) }
    }

    /// Feeds mono samples; calls `each` with the magnitude spectrum of every frame they complete, in order.
    public func push(_ samples: UnsafeBufferPointer<Float>, _ each: (UnsafeBufferPointer<Float>) -> Void) {
        var i = 0
        while i < samples.count {
            let take = min(untilNextFrame, samples.count - i)
            // Drop the oldest `take` samples and append the new ones.
            frame.withUnsafeMutableBufferPointer { f in
                let keep = frameSize - take
                if keep > 0 { f.baseAddress!.update(from: f.baseAddress! + take, count: keep) }
                if take > 0 { (f.baseAddress! + keep).update(from: samples.baseAddress! + i, count: take) }
            }
            i += take
            untilNextFrame -= take
            if untilNextFrame == 0 {
                transform()
                magnitudes.withUnsafeBufferPointer { each($0) }
                untilNextFrame = hop
            }
        }
    }

    /// Pushes half a frame of silence, so the last samples get frames centred on them.
    public func finish(_ each: (UnsafeBufferPointer<Float>) -> Void) {
        let zeros = [Float](repeating: 0, count: frameSize / 2)
        zeros.withUnsafeBufferPointer { push($0, each) }
    }

    /// The magnitude spectrum of the windowed frame, into `magnitudes`.
    private func transform() {
        let n = frameSize
        frame.withUnsafeBufferPointer { f in
            window.withUnsafeBufferPointer { w in
                windowed.withUnsafeMutableBufferPointer { out in
                    for k in 0..<n { out[k] = f[k] * w[k] }
                }
            }
        }
        windowed.withUnsafeBufferPointer { w in
            magnitudes.withUnsafeMutableBufferPointer { m in fft.magnitudes(w.baseAddress!, into: m.baseAddress!) }
        }
    }
}
