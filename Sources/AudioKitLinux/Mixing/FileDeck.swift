/// A deck that decodes its track as it plays: libsndfile in blocks, channels mapped to
/// stereo (mono doubled; of more than two, the first two), and libsamplerate's streaming
/// converter when the track's rate differs from the mix's. Memory is a few blocks,
/// whatever the track's length. Looping feeds the converter across the loop point, so
/// the loop is as seamless as the track itself.
public final class FileDeck: DeckSource {
    /// The mix's rate in Hz, which the deck delivers.
    public let sampleRate: Int
    /// One pass of the track in frames at `sampleRate`: the loop length.
    public let frames: Int
    /// Linear gain applied by the mixer.
    public var gain: Double
    /// True when the track starts again at its end; otherwise silence follows it.
    public var loops: Bool
    /// The track's beat grid from its BPM and first beat; nil when the BPM is not known.
    public var clock: BeatClock?
    /// The track's path.
    public let name: String
    /// What libsndfile reports of the track.
    public let info: AudioFileInfo

    private var reader: SoundFileReader
    private let limits: AudioLimits
    private let resampler: StreamingResampler?
    private static let blockFrames = 4096
    private var raw: [Float]
    /// Stereo frames at the track's rate, waiting for the converter.
    private var pending: [Float]
    private var pendingOffset = 0
    private var pendingCount = 0
    private var endOfInput = false

    /// Opens `path` for a mix at `sampleRate`.
    public init(
        _ path: String, sampleRate: Int, tempo: TempoMap? = nil, gain: Double = 1, loops: Bool = true,
        limits: AudioLimits = .standard
    ) throws(InputError) {
        reader = try SoundFileReader(path: path, limits: limits)
        info = reader.info
        self.limits = limits
        self.sampleRate = sampleRate
        self.gain = gain
        self.loops = loops
        self.clock = tempo.map(BeatClock.init(tempo:))
        self.name = path
        frames = Int((Double(info.frames) * Double(sampleRate) / Double(info.sampleRate)).rounded())
        resampler =
            info.sampleRate == sampleRate
            ? nil : try StreamingResampler(channels: 2, from: info.sampleRate, to: sampleRate, quality: .medium)
        raw = [Float](repeating: 0, count: Self.blockFrames * info.channels)
        pending = [Float](repeating: 0, count: Self.blockFrames * 2)
    }

    /// Moves to track frame `frame` (wrapped into the track when it loops) and resets the converter. A file that
    /// cannot seek is opened again and decoded up to the frame; throws `InputError` when that fails.
    public func seek(toFrame frame: Int) throws(InputError) {
        var f = frame
        if loops && frames > 0 {
            f %= frames
            if f < 0 { f += frames }
        }
        let source = Int64((Double(max(0, f)) * Double(info.sampleRate) / Double(sampleRate)).rounded())
        if !reader.seek(toFrame: min(source, max(0, info.frames))) {
            // A stream that cannot seek (some MP3s): open it again and decode up to the frame.
            reader = try SoundFileReader(path: name, limits: limits)
            var left = Int(min(source, info.frames))
            while left > 0 {
                let n = try raw.withUnsafeMutableBufferPointer { p throws(InputError) in
                    try reader.read(into: p, frames: min(left, Self.blockFrames))
                }
                if n == 0 { break }
                left -= n
            }
        }
        resampler?.reset()
        pendingOffset = 0
        pendingCount = 0
        endOfInput = false
    }

    /// Fills `buffer` with the next `count` stereo frames at `sampleRate`, interleaved, with silence past the end
    /// when the deck does not loop. Throws `InputError` when decoding or resampling fails.
    public func read(into buffer: UnsafeMutablePointer<Float>, count: Int) throws(InputError) {
        var produced = 0
        while produced < count {
            if let resampler {
                if pendingCount == 0 && !endOfInput {
                    pendingOffset = 0
                    pendingCount = try pending.withUnsafeMutableBufferPointer { p throws(InputError) in
                        try readStereo(into: p.baseAddress!, count: Self.blockFrames)
                    }
                    endOfInput = pendingCount == 0
                }
                let (used, made) = try pending.withUnsafeBufferPointer { p throws(InputError) in
                    try resampler.process(
                        p.baseAddress! + 2 * pendingOffset, inputFrames: pendingCount, into: buffer + 2 * produced,
                        outputFrames: count - produced, endOfInput: endOfInput)
                }
                pendingOffset += used
                pendingCount -= used
                produced += made
                if endOfInput && made == 0 { break }
            } else {
                let n = try readStereo(into: buffer + 2 * produced, count: count - produced)
                if n == 0 { break }
                produced += n
            }
        }
        if produced < count { (buffer + 2 * produced).update(repeating: 0, count: 2 * (count - produced)) }
    }

    /// Up to `count` stereo frames at the track's rate, starting again at the end when looping; 0 at the end otherwise.
    private func readStereo(into out: UnsafeMutablePointer<Float>, count: Int) throws(InputError) -> Int {
        let channels = info.channels
        var n = try raw.withUnsafeMutableBufferPointer { p throws(InputError) in
            try reader.read(into: p, frames: min(count, Self.blockFrames))
        }
        if n == 0 && loops && info.frames > 0 {
            try seekSourceToStart()
            n = try raw.withUnsafeMutableBufferPointer { p throws(InputError) in
                try reader.read(into: p, frames: min(count, Self.blockFrames))
            }
        }
        raw.withUnsafeBufferPointer { r in
            switch channels {
            case 1:
                for i in 0..<n {
                    out[2 * i] = r[i]
                    out[2 * i + 1] = r[i]
                }
            case 2: out.update(from: r.baseAddress!, count: 2 * n)
            default:
                for i in 0..<n {
                    out[2 * i] = r[i * channels]
                    out[2 * i + 1] = r[i * channels + 1]
                }
            }
        }
        return n
    }

    private func seekSourceToStart() throws(InputError) {
        if !reader.seek(toFrame: 0) { reader = try SoundFileReader(path: name, limits: limits) }
    }
}
