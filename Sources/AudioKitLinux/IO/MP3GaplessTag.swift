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
        // A Xing or Info header in the first frame, followed by a LAME extension (the encoder
        // string "LAME", or "Lavc"/"Lavf" from ffmpeg) that carries the delay and padding.
        // LAME's version string alone, without the header, is not a gapless tag.
        func find(_ tag: String, from: Int, to: Int) -> Int? {
            let t = Array(tag.utf8)
            var k = from
            while k + t.count <= min(b.count, to) {
                if Array(b[k..<(k + t.count)]) == t { return k }
                k += 1
            }
            return nil
        }
        guard let header = find("Xing", from: i, to: i + 200) ?? find("Info", from: i, to: i + 200) else { return false }
        for encoder in ["LAME", "Lavc", "Lavf", "GOGO"] where find(encoder, from: header, to: header + 200) != nil { return true }
        return false
    }
}
