import Foundation

/// Reads an audio file as interleaved Float, in blocks, so memory does not
/// grow with the file's length. The only owner of its `SNDFILE*`, which it
/// closes in `deinit`; use it from one thread at a time.
public final class SoundFileReader {
    /// What decodes the file: libsndfile, or the ffmpeg program for what libsndfile does not read.
    private enum Backend {
        case sndfile(OpaquePointer)
        case ffmpeg(FFmpegDecoder)
    }

    private let backend: Backend
    /// True when every sample read is within full scale by construction: integer PCM read by libsndfile, which gives
    /// the integer over its full scale (−1…1). Those samples need no check; a float file's, or a decoder's, do.
    let samplesAreBounded: Bool
    /// The limits the file was opened with; a decoder that goes on past the duration limit is stopped.
    private let limits: AudioLimits
    /// The file's facts, as read from its header.
    public let info: AudioFileInfo
    /// The read position, in frames from the start of the file.
    public private(set) var framesRead: Int64 = 0

    /// Opens `path` for reading. Throws `InputError` when the file is missing, not a regular file, unreadable, in a
    /// format neither libsndfile nor FFmpeg reads, damaged, or outside `limits` (channels, sample rate or duration).
    /// AAC and ALAC (`.m4a`) are decoded by the `ffmpeg` program (`FFmpegDecoder`), on the device's timeline.
    public init(path: String, limits: AudioLimits = .standard) throws(InputError) {
        self.limits = limits
        do throws(InputError) {
            let (handle, sfInfo) = try SndFile.openRead(path)
            let (format, encoding) = SndFile.formatNames(sfInfo.format)
            let info = AudioFileInfo(
                path: path, sampleRate: Int(sfInfo.samplerate), channels: Int(sfInfo.channels), frames: Int64(sfInfo.frames),
                format: format, encoding: encoding, majorFormat: sfInfo.format & 0x0FFF_0000, subtypeFormat: sfInfo.format & 0xFFFF)
            do {
                try SoundFileReader.check(info, limits: limits)
            } catch {
                SndFile.close(handle)
                throw error
            }
            self.backend = .sndfile(handle)
            self.info = info
            samplesAreBounded = SndFile.isIntegerPCM(sfInfo.format)
        } catch  where error.kind == .unsupportedFormat && FFmpegDecoder.handles(path) {
            let decoder = try FFmpegDecoder(path: path, limits: limits)
            backend = .ffmpeg(decoder)
            info = decoder.info
            samplesAreBounded = false
        }
    }

    deinit {
        if case .sndfile(let handle) = backend { SndFile.close(handle) }
    }

    static func check(_ info: AudioFileInfo, limits: AudioLimits) throws(InputError) {
        guard info.channels >= 1 && info.channels <= limits.maxChannels else {
            throw InputError(
                .limitExceeded, path: info.path, reason: "\(info.channels) channels is outside the supported 1…\(limits.maxChannels)",
                fix: "mix it down, e.g. ffmpeg -i in -ac 2 out.wav", limit: .channels)
        }
        guard limits.sampleRates.contains(info.sampleRate) else {
            throw InputError(
                .limitExceeded, path: info.path,
                reason:
                    "sample rate \(info.sampleRate) Hz is outside the supported \(limits.sampleRates.lowerBound)…\(limits.sampleRates.upperBound) Hz",
                fix: "resample it, e.g. ffmpeg -i in -ar 48000 out.wav")
        }
        guard info.duration <= limits.maxDuration else {
            throw InputError(
                .limitExceeded, path: info.path,
                reason: String(format: "%.0f s of audio is longer than the limit of %.0f s", info.duration, limits.maxDuration),
                fix: "cut it, or raise the limit", limit: .audioSeconds)
        }
    }

    /// Reads up to `frames` frames into `buffer` (interleaved), returning the number read; 0 at the end.
    public func read(into buffer: UnsafeMutableBufferPointer<Float>, frames: Int) throws(InputError) -> Int {
        precondition(buffer.count >= frames * info.channels, "buffer too small")
        guard let base = buffer.baseAddress else { return 0 }
        let handle: OpaquePointer
        switch backend {
        case .ffmpeg(let decoder):
            let n = try decoder.read(into: buffer, frames: frames)
            try checkSamples(buffer, frames: n)
            framesRead += Int64(n)
            try checkLength()
            return n
        case .sndfile(let h): handle = h
        }
        let n = SndFile.readFrames(handle, into: base, frames: frames)
        if n < 0 || (n == 0 && SndFile.errorText(handle) != nil && framesRead == 0) {
            throw InputError(
                .corrupt, path: info.path, reason: "decoding failed: \(SndFile.errorText(handle) ?? "unknown error")",
                fix: "the file is damaged; re-export it")
        }
        if !samplesAreBounded { try checkSamples(buffer, frames: n) }
        framesRead += Int64(n)
        return n
    }

    /// The largest sample magnitude accepted: +120 dBFS. Float files may go past full scale (some tools write
    /// 16-bit values, up to 32768, as floats), but nothing recorded or mixed reaches a million times full scale; past
    /// it (1e19, say) energies overflow a Float and every analysis would be measuring garbage.
    public static let maxSampleMagnitude: Float = 1_000_000

    /// One policy for every reader of samples: a NaN, an infinity or a sample past `maxSampleMagnitude` is refused
    /// (exit 2) with the time, frame and channel of the first, never read as silence or clipped into a result.
    private func checkSamples(_ buffer: UnsafeMutableBufferPointer<Float>, frames: Int) throws(InputError) {
        // A float's magnitude orders as the bits below its sign, and NaN and infinity have the largest: one integer
        // maximum over the block (which vectorises) tells whether any sample is out of range; only then is it found.
        let count = frames * info.channels
        let limit = Self.maxSampleMagnitude.bitPattern
        var largest: UInt32 = 0
        for i in 0..<count { largest = max(largest, buffer[i].bitPattern & 0x7FFF_FFFF) }
        guard largest > limit else { return }
        // `!(|x| <= limit)` is true for NaN too.
        guard let index = (0..<count).first(where: { !(abs(buffer[$0]) <= Self.maxSampleMagnitude) }) else { return }
        let value = buffer[index]
        let frame = framesRead + Int64(index / info.channels)
        let what = value.isNaN ? "NaN" : value.isInfinite ? "infinite" : String(format: "%.3g, past +120 dBFS", Double(value))
        throw InputError(
            .corrupt, path: info.path,
            reason: String(
                format: "the sample at %.6f s (frame %lld, channel %d) is %@", Double(frame) / Double(info.sampleRate), frame,
                index % info.channels + 1, what),
            fix: "the file holds no playable audio there; re-export it from its source, or repair it (e.g. set the bad samples to 0)")
    }

    /// Calls `body` with each block of up to `blockFrames` interleaved frames.
    public func forEachBlock(blockFrames: Int = 4096, _ body: (UnsafeBufferPointer<Float>, Int) throws(InputError) -> Void)
        throws(InputError)
    {
        var buffer = [Float](repeating: 0, count: blockFrames * info.channels)
        while true {
            let n = try buffer.withUnsafeMutableBufferPointer { p throws(InputError) in try read(into: p, frames: blockFrames) }
            if n == 0 { break }
            try buffer.withUnsafeBufferPointer { p throws(InputError) in
                try body(UnsafeBufferPointer(rebasing: p[0..<(n * info.channels)]), n)
            }
        }
    }

    /// Moves the read position to `frame`; false when the file cannot seek.
    @discardableResult
    public func seek(toFrame frame: Int64) -> Bool {
        switch backend {
        case .sndfile(let handle):
            guard SndFile.seek(handle, frame: frame) else { return false }
            framesRead = frame
            return true
        case .ffmpeg(let decoder):
            // A pipe only goes forward: going back starts the decoder again; then frames are read up to `frame`.
            guard frame >= 0 else { return false }
            if frame < framesRead {
                decoder.rewind()
                framesRead = 0
            }
            var scratch = [Float](repeating: 0, count: 4096 * info.channels)
            while framesRead < frame {
                let want = Int(min(4096, frame - framesRead))
                let n =
                    (try? scratch.withUnsafeMutableBufferPointer { p throws(InputError) in try decoder.read(into: p, frames: want) }) ?? 0
                if n == 0 { return false }
                framesRead += Int64(n)
                if (try? checkLength()) == nil { return false }
            }
            return true
        }
    }

    /// A decoder that goes on past the limit on duration is stopped: a header can understate the length.
    private func checkLength() throws(InputError) {
        if Double(framesRead) > (limits.maxDuration + 1) * Double(info.sampleRate) {
            throw InputError(
                .limitExceeded, path: info.path,
                reason: String(format: "decodes to more than the limit of %.0f s of audio", limits.maxDuration),
                fix: "cut it, or raise the limit", limit: .audioSeconds)
        }
    }

    /// libsndfile's notes on the header, which say when a file is shorter than its header claims (empty for FFmpeg).
    public var headerLog: String {
        if case .sndfile(let handle) = backend { return SndFile.log(handle) }
        return ""
    }
}
