import CSamplerate

/// Sample-rate conversion with libsamplerate (Secret Rabbit Code, BSD-2-Clause),
/// its best sinc converter. The only place that calls libsamplerate.
public enum Resampler {
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
        var data = SRC_DATA()
        let status: Int32 = samples.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                data.data_in = input.baseAddress
                data.data_out = out.baseAddress
                data.input_frames = inFrames
                data.output_frames = outFrames + 64
                data.src_ratio = ratio
                data.end_of_input = 1
                return src_simple(&data, Int32(quality == .best ? SRC_SINC_BEST_QUALITY : SRC_SINC_MEDIUM_QUALITY), Int32(channels))
            }
        }
        guard status == 0 else {
            throw InputError(.corrupt, path: "<resampler>", reason: "libsamplerate failed: \(String(cString: src_strerror(status)))")
        }
        let produced = min(Int(data.output_frames_gen), outFrames)
        var result = Array(output.prefix(produced * channels))
        if produced < outFrames { result += [Float](repeating: 0, count: (outFrames - produced) * channels) }
        return result
    }
}
