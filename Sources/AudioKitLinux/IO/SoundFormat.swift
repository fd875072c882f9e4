/// Output formats chosen by file extension, as libsndfile names them (the format codes are defined beside
/// the libsndfile calls, in `SndFile+Calls.swift`).
public struct SoundFormat: Sendable, Hashable {
    /// libsndfile's container code.
    public let major: Int32
    /// libsndfile's encoding code.
    public let subtype: Int32
    /// A name for messages, such as "WAV 32-bit float".
    public let name: String

    /// The format for a path's extension, or nil when libsndfile cannot write it.
    public static func forPath(_ path: String) -> SoundFormat? {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "wav", "wave": return .wavFloat
        case "flac": return .flac
        case "aif", "aiff", "aifc": return .aiff
        case "caf": return .caf
        case "w64": return .w64
        case "au", "snd": return .au
        case "ogg", "oga": return .ogg
        case "opus": return .opus
        case "mp3": return .mp3
        default: return nil
        }
    }

    /// The extensions `forPath` knows.
    public static let writableExtensions = ["wav", "flac", "aiff", "caf", "w64", "au", "ogg", "opus", "mp3"]

    /// The extensions a folder of sounds is searched for: what libsndfile reads, and what the readers hand to
    /// ffmpeg (AAC, ALAC and the other containers `FFmpegDecoder` takes).
    public static let readableExtensions: Set<String> = FFmpegDecoder.extensions.union([
        "wav", "wave", "flac", "aif", "aiff", "aifc", "caf", "w64", "au", "snd", "ogg", "oga", "opus", "mp3",
    ])
}
