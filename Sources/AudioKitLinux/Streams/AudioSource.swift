/// Something that produces interleaved float audio block by block: the
/// renderers, a file, a mix. Players and file writers pull from it, so nothing
/// is rendered in full before the first frame is heard.
public protocol AudioSource: AnyObject {
    /// Frames per second, in Hz.
    var sampleRate: Int { get }
    /// Interleaved channels per frame.
    var channels: Int { get }
    /// Total frames, when known.
    var frameCount: Int? { get }
    /// Fills `buffer` with the next block (interleaved); returns frames produced, 0 at the end.
    func nextBlock(into buffer: inout [Float]) -> Int
    /// Why the source stopped early (a decoding error), when it did: the end was not the real end.
    var failure: InputError? { get }
}

extension AudioSource {
    /// Sources that cannot fail (renderers of data in memory) have no failure.
    public var failure: InputError? { nil }
}

extension PatternRenderer: AudioSource {
    /// The render sample rate, in Hz.
    public var sampleRate: Int { options.sampleRate }
    /// The number of channels rendered.
    public var channels: Int { channelCount }
    /// Total frames the pattern renders to; never nil.
    public var frameCount: Int? { totalFrames }
    /// Renders the next block into `buffer` (interleaved); returns the frames rendered, 0 at the end.
    public func nextBlock(into buffer: inout [Float]) -> Int { renderNextBlock(into: &buffer) }
}

/// Plays an interleaved buffer already in memory (a crossfade mix).
public final class BufferSource: AudioSource {
    /// The interleaved samples to play.
    public let samples: [Float]
    /// Sample rate, in Hz.
    public let sampleRate: Int
    /// Interleaved channels per frame.
    public let channels: Int
    private var position = 0
    private let block: Int

    /// A source over `samples` (interleaved, `channels` per frame, at `sampleRate` Hz) that hands out
    /// at most `blockFrames` frames per block.
    public init(samples: [Float], sampleRate: Int, channels: Int, blockFrames: Int = 4096) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.channels = channels
        self.block = blockFrames
    }

    /// Total frames in `samples`.
    public var frameCount: Int? { samples.count / channels }

    /// Replaces `buffer` with the next block of at most `blockFrames` frames; returns the frames, 0 at the end.
    public func nextBlock(into buffer: inout [Float]) -> Int {
        let frames = min(block, samples.count / channels - position)
        guard frames > 0 else { return 0 }
        buffer = Array(samples[(position * channels)..<((position + frames) * channels)])
        position += frames
        return frames
    }
}

/// Writes everything a source produces to an audio file, atomically: exactly what would be played.
public enum SourceWriter {
    /// Writes every block of `source` to `path` (format from its extension) and returns the frames written; `progress`
    /// gets 0 to 1 when the length is known. Throws `InputError` when the file cannot be created or written, or the
    /// source's `failure` when it stopped early; a regular-file destination is then left as it was.
    public static func write(_ source: AudioSource, to path: String, progress: ((Double) -> Void)? = nil) throws(InputError) -> Int {
        let writer = try SoundFileWriter(path: path, sampleRate: source.sampleRate, channels: source.channels)
        var block: [Float] = []
        var frames = 0
        while true {
            let n = source.nextBlock(into: &block)
            if n == 0 { break }
            try block.withUnsafeBufferPointer { p throws(InputError) in
                try writer.write(UnsafeBufferPointer(rebasing: p[0..<(n * source.channels)]))
            }
            frames += n
            if let total = source.frameCount, total > 0 { progress?(Double(frames) / Double(total)) }
        }
        if let failure = source.failure { throw failure }  // the writer is dropped: no partial file
        try writer.commit()
        return frames
    }
}
