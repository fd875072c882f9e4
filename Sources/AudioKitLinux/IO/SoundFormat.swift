import CSndfile

/// Output formats chosen by file extension, as libsndfile names them.
public struct SoundFormat: Sendable, Hashable {
    public let major: Int32
    public let subtype: Int32
    public let name: String

    static let mpegMajor = Int32(SF_FORMAT_MPEG)

    public static let wavFloat = SoundFormat(major: Int32(SF_FORMAT_WAV), subtype: Int32(SF_FORMAT_FLOAT), name: "WAV 32-bit float")
    public static let wav16 = SoundFormat(major: Int32(SF_FORMAT_WAV), subtype: Int32(SF_FORMAT_PCM_16), name: "WAV 16-bit")
    public static let wav24 = SoundFormat(major: Int32(SF_FORMAT_WAV), subtype: Int32(SF_FORMAT_PCM_24), name: "WAV 24-bit")
    public static let flac = SoundFormat(major: Int32(SF_FORMAT_FLAC), subtype: Int32(SF_FORMAT_PCM_24), name: "FLAC 24-bit")
    public static let aiff = SoundFormat(major: Int32(SF_FORMAT_AIFF), subtype: Int32(SF_FORMAT_PCM_24), name: "AIFF 24-bit")
    public static let caf = SoundFormat(major: Int32(SF_FORMAT_CAF), subtype: Int32(SF_FORMAT_FLOAT), name: "CAF 32-bit float")
    public static let w64 = SoundFormat(major: Int32(SF_FORMAT_W64), subtype: Int32(SF_FORMAT_FLOAT), name: "W64 32-bit float")
    public static let au = SoundFormat(major: Int32(SF_FORMAT_AU), subtype: Int32(SF_FORMAT_FLOAT), name: "AU 32-bit float")
    public static let ogg = SoundFormat(major: Int32(SF_FORMAT_OGG), subtype: Int32(SF_FORMAT_VORBIS), name: "Ogg Vorbis")
    public static let opus = SoundFormat(major: Int32(SF_FORMAT_OGG), subtype: Int32(SF_FORMAT_OPUS), name: "Ogg Opus")
    public static let mp3 = SoundFormat(major: Int32(SF_FORMAT_MPEG), subtype: Int32(SF_FORMAT_MPEG_LAYER_III), name: "MP3")

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

    public static let writableExtensions = ["wav", "flac", "aiff", "caf", "w64", "au", "ogg", "opus", "mp3"]
}
