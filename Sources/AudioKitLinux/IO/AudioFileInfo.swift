/// The facts about an audio file that a user needs.
public struct AudioFileInfo: Sendable, Hashable, Codable {
    /// The file, as the caller named it.
    public var path: String
    /// Sample rate, in Hz.
    public var sampleRate: Int
    /// Interleaved channels per frame.
    public var channels: Int
    /// Frame count as libsndfile reports it; for MP3 without a LAME/Xing tag this is an estimate.
    public var frames: Int64
    /// Container, such as "WAV (Microsoft)".
    public var format: String
    /// Encoding, such as "32 bit float" or "MPEG Layer 3".
    public var encoding: String
    /// libsndfile's SF_FORMAT_* major type.
    public var majorFormat: Int32
    /// libsndfile's SF_FORMAT_* subtype (the encoding).
    public var subtypeFormat: Int32
    /// For an MP4 file decoded through FFmpeg: its priming, padding and where they come from.
    public var gapless: MP4Gapless? = nil
    /// FFmpeg's codec name ("aac", "alac") for a file decoded through FFmpeg; nil for libsndfile's.
    public var codec: String? = nil

    /// Length in seconds (`frames` / `sampleRate`); 0 when the sample rate is 0.
    public var duration: Double { sampleRate > 0 ? Double(frames) / Double(sampleRate) : 0 }

    /// Whether the file is MPEG audio (MP3), whose timing needs care (decoder delay).
    public var isMPEG: Bool { majorFormat == SoundFormat.mpegMajor }

    /// Whether the file is AAC (decoded through FFmpeg).
    public var isAAC: Bool { codec == "aac" }

    /// For AAC that declares no priming (no `iTunSMPB`, no edit list), the frames of priming its decoded audio is
    /// assumed to start with (`MP4Gapless.assumedPriming`; 2112 for ADTS), which the reader drops; nil when the
    /// timeline is known.
    public var assumedDecoderDelay: Int? {
        guard isAAC else { return nil }
        guard let gapless else { return 2112 }
        return gapless.source == .none ? gapless.assumedPriming : nil
    }
}
