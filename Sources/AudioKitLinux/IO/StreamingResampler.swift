import CSamplerate

/// Sample-rate conversion of a stream, block by block, with libsamplerate's sinc
/// converters (`src_process`): what `Resampler.convert` does for a whole buffer,
/// with memory that does not grow with the length of the stream.
public final class StreamingResampler {
    private let state: OpaquePointer
    /// Interleaved channels.
    public let channels: Int
    /// Output rate over input rate.
    public let ratio: Double

    /// A converter from `fromRate` to `toRate` for `channels` interleaved channels.
    public init(channels: Int, from fromRate: Int, to toRate: Int, quality: Resampler.Quality = .medium) throws(InputError) {
        var error: Int32 = 0
        let converter = Int32(quality == .best ? SRC_SINC_BEST_QUALITY : SRC_SINC_MEDIUM_QUALITY)
        guard let state = src_new(converter, Int32(channels), &error) else {
            throw InputError(.corrupt, path: "<resampler>", reason: "libsamplerate failed: \(String(cString: src_strerror(error)))")
        }
        self.state = state
        self.channels = channels
        self.ratio = Double(toRate) / Double(fromRate)
    }

    deinit { src_delete(state) }

    /// Forgets the stream so far (after a seek).
    public func reset() { src_reset(state) }

    /// Converts up to `inputFrames` frames into at most `outputFrames`; returns the input frames consumed and the
    /// output frames produced. `endOfInput` flushes the converter's delay line.
    public func process(
        _ input: UnsafePointer<Float>, inputFrames: Int, into output: UnsafeMutablePointer<Float>, outputFrames: Int, endOfInput: Bool
    ) throws(InputError) -> (used: Int, produced: Int) {
        var data = SRC_DATA()
        data.data_in = input
        data.input_frames = inputFrames
        data.data_out = output
        data.output_frames = outputFrames
        data.src_ratio = ratio
        data.end_of_input = endOfInput ? 1 : 0
        let status = src_process(state, &data)
        guard status == 0 else {
            throw InputError(.corrupt, path: "<resampler>", reason: "libsamplerate failed: \(String(cString: src_strerror(status)))")
        }
        return (Int(data.input_frames_used), Int(data.output_frames_gen))
    }
}
