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
        self.state = try Samplerate.new(quality: quality, channels: channels)
        self.channels = channels
        self.ratio = Double(toRate) / Double(fromRate)
    }

    deinit { Samplerate.delete(state) }

    /// Forgets the stream so far (after a seek).
    public func reset() { Samplerate.reset(state) }

    /// Converts up to `inputFrames` frames into at most `outputFrames`; returns the input frames consumed and the
    /// output frames produced. `endOfInput` flushes the converter's delay line.
    public func process(
        _ input: UnsafePointer<Float>, inputFrames: Int, into output: UnsafeMutablePointer<Float>, outputFrames: Int, endOfInput: Bool
    ) throws(InputError) -> (used: Int, produced: Int) {
        try Samplerate.process(
            state, input, inputFrames: inputFrames, into: output, outputFrames: outputFrames, ratio: ratio, endOfInput: endOfInput)
    }
}
