import CSndfile
import Foundation

/// Every call into libsndfile goes through this file, and turns libsndfile's
/// NULL or error results into `InputError`s with the `sf_strerror` text.
enum SndFile {
    static func openRead(_ path: String) throws(InputError) -> (OpaquePointer, SF_INFO) {
        try checkReadable(path)
        var info = SF_INFO()
        guard let handle = sf_open(path, Int32(SFM_READ), &info) else {
            let text = String(cString: sf_strerror(nil))
            throw classifyOpenFailure(path, libraryText: text)
        }
        return (handle, info)
    }

    static func openWrite(_ path: String, format: SoundFormat, sampleRate: Int, channels: Int) throws(InputError) -> OpaquePointer {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        info.format = format.major | format.subtype
        guard sf_format_check(&info) != 0 else {
            throw InputError(
                .writeFailed, path: path, reason: "libsndfile cannot write \(format.name) at \(sampleRate) Hz with \(channels) channels",
                fix: "choose .wav or .flac, or another rate")
        }
        guard let handle = sf_open(path, Int32(SFM_WRITE), &info) else {
            throw InputError(.writeFailed, path: path, reason: String(cString: sf_strerror(nil)))
        }
        // A float sample past ±1 is clipped when an integer format is written: without this, libsndfile wraps it
        // round in WAV (a loud mix of two decks turns to noise) and the FLAC encoder refuses the block.
        sf_command(handle, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        return handle
    }

    /// Closes the file; false when libsndfile could not flush it (an encoder's last frames, a full disk).
    @discardableResult
    static func close(_ handle: OpaquePointer) -> Bool { sf_close(handle) == 0 }

    /// Seeks to `frame` from the start; false when the file cannot seek.
    static func seek(_ handle: OpaquePointer, frame: Int64) -> Bool { sf_seek(handle, sf_count_t(frame), SEEK_SET) >= 0 }

    static func readFrames(_ handle: OpaquePointer, into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        Int(sf_readf_float(handle, buffer, sf_count_t(frames)))
    }

    static func writeFrames(_ handle: OpaquePointer, _ buffer: UnsafePointer<Float>, frames: Int) -> Int {
        Int(sf_writef_float(handle, buffer, sf_count_t(frames)))
    }

    static func errorText(_ handle: OpaquePointer) -> String? {
        sf_error(handle) == 0 ? nil : String(cString: sf_strerror(handle))
    }

    /// libsndfile's log for an open file: it mentions headers that promise more data than the file holds.
    static func log(_ handle: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = sf_command(handle, Int32(SFC_GET_LOG_INFO), &buffer, Int32(buffer.count))
        guard count > 0 else { return "" }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True when `format`'s encoding is integer PCM, which libsndfile reads as floats in −1…1 (its default, normalised).
    static func isIntegerPCM(_ format: Int32) -> Bool {
        let integers = [SF_FORMAT_PCM_S8, SF_FORMAT_PCM_U8, SF_FORMAT_PCM_16, SF_FORMAT_PCM_24, SF_FORMAT_PCM_32]
        return integers.contains { Int32($0) == format & Int32(SF_FORMAT_SUBMASK) }
    }

    static func formatNames(_ format: Int32) -> (String, String) {
        var major = SF_FORMAT_INFO()
        major.format = format & Int32(SF_FORMAT_TYPEMASK)
        var sub = SF_FORMAT_INFO()
        sub.format = format & Int32(SF_FORMAT_SUBMASK)
        let majorName =
            sf_command(nil, Int32(SFC_GET_FORMAT_INFO), &major, Int32(MemoryLayout<SF_FORMAT_INFO>.size)) == 0 && major.name != nil
            ? String(cString: major.name) : "unknown container"
        let subName =
            sf_command(nil, Int32(SFC_GET_FORMAT_INFO), &sub, Int32(MemoryLayout<SF_FORMAT_INFO>.size)) == 0 && sub.name != nil
            ? String(cString: sub.name) : "unknown encoding"
        return (majorName, subName)
    }

    private static func checkReadable(_ path: String) throws(InputError) {
        switch FileKind(path: path) {
        case .missing: throw InputError(.notFound, path: path, reason: "no such file", fix: "check the path")
        case .directory: throw InputError(.isDirectory, path: path, reason: "is a directory, not an audio file")
        case .special(let name):
            throw InputError(.unreadable, path: path, reason: "is \(name), not a regular file", fix: "pass a regular audio file")
        case .regular: break
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw InputError(.unreadable, path: path, reason: "permission denied", fix: "check the file's permissions")
        }
        InputRegistry.shared.record(path)
    }

    /// Names the container when libsndfile does not know it, so the message can say how to convert.
    private static func classifyOpenFailure(_ path: String, libraryText: String) -> InputError {
        let ext = (path as NSString).pathExtension.lowercased()
        // MP4 and ADTS go on to FFmpegDecoder, which reads what libsndfile does not.
        if FFmpegDecoder.isMP4OrADTS(path) || ["m4a", "aac", "mp4", "alac", "m4b"].contains(ext) {
            return InputError(
                .unsupportedFormat, path: path, reason: "AAC/ALAC (.\(ext.isEmpty ? "m4a" : ext)) is not supported by libsndfile",
                fix: "it is decoded by the ffmpeg program")
        }
        let isEmpty = ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0) == 0
        if isEmpty {
            return InputError(.corrupt, path: path, reason: "the file is empty", fix: "re-export the audio")
        }
        if libraryText.lowercased().contains("format not recognised") || libraryText.lowercased().contains("unknown format") {
            return InputError(
                .unsupportedFormat, path: path,
                reason: "not an audio format libsndfile reads (\(libraryText.trimmingCharacters(in: .whitespacesAndNewlines)))",
                fix: "convert to WAV or FLAC, e.g. ffmpeg -i \(path) out.wav")
        }
        return InputError(
            .corrupt, path: path, reason: "cannot be decoded: \(libraryText.trimmingCharacters(in: .whitespacesAndNewlines))",
            fix: "the file is damaged or truncated; re-export it")
    }
}

/// The formats the tools write, in libsndfile's codes.
extension SoundFormat {
    static let mpegMajor = Int32(SF_FORMAT_MPEG)

    /// 32-bit float WAV, the default for `.wav`.
    public static let wavFloat = SoundFormat(major: Int32(SF_FORMAT_WAV), subtype: Int32(SF_FORMAT_FLOAT), name: "WAV 32-bit float")
    /// 16-bit PCM WAV.
    public static let wav16 = SoundFormat(major: Int32(SF_FORMAT_WAV), subtype: Int32(SF_FORMAT_PCM_16), name: "WAV 16-bit")
    /// 24-bit PCM WAV.
    public static let wav24 = SoundFormat(major: Int32(SF_FORMAT_WAV), subtype: Int32(SF_FORMAT_PCM_24), name: "WAV 24-bit")
    /// 24-bit FLAC, the format for `.flac`.
    public static let flac = SoundFormat(major: Int32(SF_FORMAT_FLAC), subtype: Int32(SF_FORMAT_PCM_24), name: "FLAC 24-bit")
    /// 24-bit PCM AIFF, the format for `.aif`, `.aiff` and `.aifc`.
    public static let aiff = SoundFormat(major: Int32(SF_FORMAT_AIFF), subtype: Int32(SF_FORMAT_PCM_24), name: "AIFF 24-bit")
    /// 32-bit float CAF, the format for `.caf`.
    public static let caf = SoundFormat(major: Int32(SF_FORMAT_CAF), subtype: Int32(SF_FORMAT_FLOAT), name: "CAF 32-bit float")
    /// 32-bit float Sony Wave64, the format for `.w64`.
    public static let w64 = SoundFormat(major: Int32(SF_FORMAT_W64), subtype: Int32(SF_FORMAT_FLOAT), name: "W64 32-bit float")
    /// 32-bit float Sun AU, the format for `.au` and `.snd`.
    public static let au = SoundFormat(major: Int32(SF_FORMAT_AU), subtype: Int32(SF_FORMAT_FLOAT), name: "AU 32-bit float")
    /// Ogg Vorbis, the format for `.ogg` and `.oga`.
    public static let ogg = SoundFormat(major: Int32(SF_FORMAT_OGG), subtype: Int32(SF_FORMAT_VORBIS), name: "Ogg Vorbis")
    /// Opus in an Ogg container, the format for `.opus`.
    public static let opus = SoundFormat(major: Int32(SF_FORMAT_OGG), subtype: Int32(SF_FORMAT_OPUS), name: "Ogg Opus")
    /// MPEG Layer III, the format for `.mp3`.
    public static let mp3 = SoundFormat(major: Int32(SF_FORMAT_MPEG), subtype: Int32(SF_FORMAT_MPEG_LAYER_III), name: "MP3")
}
