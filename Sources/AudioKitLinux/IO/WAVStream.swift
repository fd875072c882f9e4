/// A track served as a 16-bit PCM WAV file that is never held whole: any byte range is made on demand, the
/// 44-byte header computed and the samples decoded from the track around the range. So a browser can play (and
/// seek in) any format the reader takes, with memory flat in the track's length.
public final class WAVStream {
    /// The track as libsndfile reads it.
    public let info: AudioFileInfo
    /// Bytes of the whole WAV file: the 44-byte header and the samples.
    public let byteCount: Int
    private let reader: SoundFileReader
    private let frameBytes: Int

    /// The most sample bytes a WAV file's 32-bit sizes can count (the RIFF size is 36 more).
    public static let maxDataBytes = Int(UInt32.max) - 36

    /// Opens `path`; throws `InputError` when it cannot be read, or when the track as 16-bit PCM is more than a WAV file
    /// holds (`maxDataBytes`: its sizes would wrap, and a player would stop early).
    public init(path: String, limits: AudioLimits = .standard) throws(InputError) {
        reader = try SoundFileReader(path: path, limits: limits)
        info = reader.info
        frameBytes = 2 * info.channels
        let dataBytes = Int(max(0, info.frames)) * frameBytes
        guard dataBytes <= Self.maxDataBytes else {
            throw InputError(
                .limitExceeded, path: path,
                reason: String(
                    format:
                        "as 16-bit PCM for the page, the track is %.2f GB (%d channels at %d Hz, %.0f s), more than a WAV file holds (4 GiB)",
                    Double(dataBytes) / 1e9, info.channels, info.sampleRate, info.duration),
                fix: "use fewer channels or a lower sample rate (ffmpeg -i IN -ac 2 -ar 48000 OUT.flac), or cut the track")
        }
        byteCount = 44 + dataBytes
    }

    /// The header of a canonical PCM WAV file of this track.
    var header: [UInt8] {
        var h: [UInt8] = []
        func u32(_ v: Int) { for s in [0, 8, 16, 24] { h.append(UInt8(truncatingIfNeeded: v >> s)) } }
        func u16(_ v: Int) { for s in [0, 8] { h.append(UInt8(truncatingIfNeeded: v >> s)) } }
        let dataBytes = byteCount - 44
        h += Array("RIFF".utf8)
        u32(36 + dataBytes)
        h += Array("WAVEfmt ".utf8)
        u32(16)
        u16(1)
        u16(info.channels)
        u32(info.sampleRate)
        u32(info.sampleRate * frameBytes)
        u16(frameBytes)
        u16(16)
        h += Array("data".utf8)
        u32(dataBytes)
        return h
    }

    /// The bytes `range` of the WAV file (clamped to the file); throws `InputError` when decoding fails.
    public func bytes(_ range: Range<Int>) throws(InputError) -> [UInt8] {
        let lower = max(0, range.lowerBound)
        let upper = min(byteCount, range.upperBound)
        guard lower < upper else { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(upper - lower)
        if lower < 44 { out += header[lower..<min(44, upper)] }
        guard upper > 44 else { return out }
        let dataStart = max(lower, 44) - 44
        let dataEnd = upper - 44
        let firstFrame = dataStart / frameBytes
        let lastFrame = (dataEnd + frameBytes - 1) / frameBytes
        // A player reads on from where the last block ended: no seek then (a seek restarts a piped decoder).
        guard reader.framesRead == Int64(firstFrame) || reader.seek(toFrame: Int64(firstFrame)) else {
            throw InputError(.corrupt, path: info.path, reason: "cannot seek to frame \(firstFrame)")
        }
        var pcm: [UInt8] = []
        pcm.reserveCapacity((lastFrame - firstFrame) * frameBytes)
        var block = [Float](repeating: 0, count: 4096 * info.channels)
        var left = lastFrame - firstFrame
        while left > 0 {
            let n = try block.withUnsafeMutableBufferPointer { p throws(InputError) in try reader.read(into: p, frames: min(4096, left)) }
            if n == 0 { break }
            for s in block[0..<(n * info.channels)] {
                let v = Int16(max(-1, min(1, s)) * 32767)
                pcm.append(UInt8(truncatingIfNeeded: v))
                pcm.append(UInt8(truncatingIfNeeded: v >> 8))
            }
            left -= n
        }
        // A file shorter than its header claims: silence to the promised length.
        pcm += [UInt8](repeating: 0, count: max(0, (lastFrame - firstFrame) * frameBytes - pcm.count))
        let skip = dataStart - firstFrame * frameBytes
        out += pcm[skip..<(skip + (dataEnd - dataStart))]
        return out
    }
}
