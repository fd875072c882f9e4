import CSamplerate

/// Every call into libsamplerate (Secret Rabbit Code, BSD-2-Clause) goes through here, and turns its
/// status codes into `InputError`s with `src_strerror`'s text.
enum Samplerate {
    /// libsamplerate's converter for a quality.
    static func converter(_ quality: Resampler.Quality) -> Int32 {
        Int32(quality == .best ? SRC_SINC_BEST_QUALITY : SRC_SINC_MEDIUM_QUALITY)
    }

    static func failure(_ status: Int32) -> InputError {
        InputError(.corrupt, path: "<resampler>", reason: "libsamplerate failed: \(String(cString: src_strerror(status)))")
    }

    /// The request libsamplerate reads: where the frames are and how many, and the ratio.
    private static func request(
        _ input: UnsafePointer<Float>, _ inputFrames: Int, _ output: UnsafeMutablePointer<Float>, _ outputFrames: Int, _ ratio: Double,
        endOfInput: Bool
    ) -> SRC_DATA {
        var data = SRC_DATA()
        data.data_in = input
        data.input_frames = inputFrames
        data.data_out = output
        data.output_frames = outputFrames
        data.src_ratio = ratio
        data.end_of_input = endOfInput ? 1 : 0
        return data
    }

    /// Converts a whole buffer (`src_simple`); returns the frames produced.
    static func simple(
        _ input: UnsafePointer<Float>, inputFrames: Int, into output: UnsafeMutablePointer<Float>, outputFrames: Int, ratio: Double,
        quality: Resampler.Quality, channels: Int
    ) throws(InputError) -> Int {
        var data = request(input, inputFrames, output, outputFrames, ratio, endOfInput: true)
        let status = src_simple(&data, converter(quality), Int32(channels))
        guard status == 0 else { throw failure(status) }
        return Int(data.output_frames_gen)
    }

    /// A converter state for a stream (`src_new`); release it with `delete`.
    static func new(quality: Resampler.Quality, channels: Int) throws(InputError) -> OpaquePointer {
        var error: Int32 = 0
        guard let state = src_new(converter(quality), Int32(channels), &error) else { throw failure(error) }
        return state
    }

    static func delete(_ state: OpaquePointer) { src_delete(state) }

    static func reset(_ state: OpaquePointer) { src_reset(state) }

    /// One step of a stream (`src_process`): the input frames consumed and the output frames produced.
    static func process(
        _ state: OpaquePointer, _ input: UnsafePointer<Float>, inputFrames: Int, into output: UnsafeMutablePointer<Float>,
        outputFrames: Int, ratio: Double, endOfInput: Bool
    ) throws(InputError) -> (used: Int, produced: Int) {
        var data = request(input, inputFrames, output, outputFrames, ratio, endOfInput: endOfInput)
        let status = src_process(state, &data)
        guard status == 0 else { throw failure(status) }
        return (Int(data.input_frames_used), Int(data.output_frames_gen))
    }
}
