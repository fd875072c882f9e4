/// Sample-rate conversion with libsamplerate (Secret Rabbit Code, BSD-2-Clause),
/// its sinc converters (the calls are in `Samplerate+Calls.swift`).
public enum Resampler {
    /// Which of libsamplerate's sinc converters to use.
    public enum Quality: Sendable {
        /// SRC_SINC_BEST_QUALITY: for short sounds (AudioCustom waveforms).
        case best
        /// SRC_SINC_MEDIUM_QUALITY: for whole music tracks, about 4× faster.
        case medium
    }

    /// Converts interleaved `samples` from `fromRate` to `toRate`. The output
    /// has round(frames · toRate / fromRate) frames, so durations are kept.
    public static func convert(_ samples: [Float], channels: Int, from fromRate: Int, to toRate: Int, quality: Quality = .best)
        throws(InputError) -> [Float]
    {
        guard fromRate != toRate, !samples.isEmpty else { return samples }
        let inFrames = samples.count / channels
        let ratio = Double(toRate) / Double(fromRate)
        let outFrames = Int((Double(inFrames) * ratio).rounded())
        var output = [Float](repeating: 0, count: (outFrames + 64) * channels)
        let generated = try samples.withUnsafeBufferPointer { input throws(InputError) in
            try output.withUnsafeMutableBufferPointer { out throws(InputError) in
                try Samplerate.simple(
                    input.baseAddress!, inputFrames: inFrames, into: out.baseAddress!, outputFrames: outFrames + 64, ratio: ratio,
                    quality: quality, channels: channels)
            }
        }
        let produced = min(generated, outFrames)
        var result = Array(output.prefix(produced * channels))
        if produced < outFrames { result += [Float](repeating: 0, count: (outFrames - produced) * channels) }
        return result
    }
}
