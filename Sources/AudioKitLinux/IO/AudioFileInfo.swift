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

    /// Length in seconds (`frames` / `sampleRate`); 0 when the sample rate is 0.
    public var duration: Double { sampleRate > 0 ? Double(frames) / Double(sampleRate) : 0 }

    /// Whether the file is MPEG audio (MP3), whose timing needs care (decoder delay).
    public var isMPEG: Bool { majorFormat == SoundFormat.mpegMajor }
}
