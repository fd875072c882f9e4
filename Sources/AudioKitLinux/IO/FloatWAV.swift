/// Interleaved float samples as a WAV file in memory: IEEE float, 32 bits (format tag 3), with the `fact` chunk a
/// non-PCM WAV carries (Microsoft's WAVEFORMATEX rules). The format `beatmap crossfade -o mix.wav` writes.
public enum FloatWAV {
    /// The WAV file of `samples` (`channels` interleaved) at `sampleRate`.
    public static func bytes(_ samples: [Float], sampleRate: Int, channels: Int) -> [UInt8] {
        let frames = samples.count / max(1, channels)
        let dataBytes = frames * channels * 4
        var out: [UInt8] = []
        out.reserveCapacity(58 + dataBytes)
        func u32(_ v: Int) { for s in [0, 8, 16, 24] { out.append(UInt8(truncatingIfNeeded: v >> s)) } }
        func u16(_ v: Int) { for s in [0, 8] { out.append(UInt8(truncatingIfNeeded: v >> s)) } }
        out += Array("RIFF".utf8)
        u32(4 + (8 + 18) + (8 + 4) + (8 + dataBytes))
        out += Array("WAVEfmt ".utf8)
        u32(18)
        u16(3)
        u16(channels)
        u32(sampleRate)
        u32(sampleRate * channels * 4)
        u16(channels * 4)
        u16(32)
        u16(0)
        out += Array("fact".utf8)
        u32(4)
        u32(frames)
        out += Array("data".utf8)
        u32(dataBytes)
        for s in samples.prefix(frames * channels) {
            let bits = s.bitPattern.littleEndian
            withUnsafeBytes(of: bits) { out += $0 }
        }
        return out
    }
}
