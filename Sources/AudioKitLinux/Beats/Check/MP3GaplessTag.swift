import Foundation

/// Detects whether an MP3 carries a Xing/Info (LAME) header. Without it,
/// decoders cannot trim the encoder and decoder delay, and the audio starts
/// 1105 samples late (576 + 529): 25 ms at 44.1 kHz, in libsndfile, ffmpeg,
/// mpg123 and librosa alike (../shared/reference/MP3-DECODER-OFFSETS.md).
public enum MP3GaplessTag {
    /// Samples by which untagged MP3 audio decodes late.
    public static let untaggedDelaySamples = 1105

    /// True when the first MPEG frame holds a Xing, Info or LAME tag; nil when the file cannot be read.
    public static func hasGaplessTag(path: String) -> Bool? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 256 * 1024) else { return nil }
        let b = [UInt8](data)
        var i = 0
        if b.count >= 10, b[0] == 0x49, b[1] == 0x44, b[2] == 0x33 {  // "ID3"
            let size = (Int(b[6] & 0x7F) << 21) | (Int(b[7] & 0x7F) << 14) | (Int(b[8] & 0x7F) << 7) | Int(b[9] & 0x7F)
            i = 10 + size + ((b[5] & 0x10) != 0 ? 10 : 0)
        }
        while i + 1 < b.count && !(b[i] == 0xFF && (b[i + 1] & 0xE0) == 0xE0) { i += 1 }
        guard i + 4 < b.count else { return false }
        let window = b[i..<min(b.count, i + 200)]
        for tag in ["Xing", "Info", "LAME"] {
            let t = Array(tag.utf8)
            if window.indices.contains(where: { k in k + 4 <= window.endIndex && Array(window[k..<(k + 4)]) == t }) { return true }
        }
        return false
    }
}
