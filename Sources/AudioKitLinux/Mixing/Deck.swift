/// One deck: a stereo track that loops seamlessly, with a gain and a play position.
public struct Deck: Sendable {
    /// Interleaved stereo at `sampleRate`.
    public let samples: [Float]
    /// Sample rate of `samples`, in Hz.
    public let sampleRate: Int
    /// Linear gain applied by the mixer (1: unchanged).
    public var gain: Double
    /// True when the track starts again at its end; otherwise silence follows it.
    public var loops: Bool
    /// The track's own beat grid, when known (for quantizing and phase alignment).
    public var clock: BeatClock?
    /// Where the track came from (its path), for messages.
    public let name: String

    /// Stereo frames in the track.
    public var frames: Int { samples.count / 2 }
    /// The track's length in seconds.
    public var duration: Double { Double(frames) / Double(sampleRate) }

    /// A deck over interleaved stereo `samples` at `sampleRate` Hz; by default at unity gain and looping.
    public init(samples: [Float], sampleRate: Int, gain: Double = 1, loops: Bool = true, clock: BeatClock? = nil, name: String = "") {
        self.samples = samples
        self.sampleRate = sampleRate
        self.gain = gain
        self.loops = loops
        self.clock = clock
        self.name = name
    }

    /// Reads a track, converted to stereo at `sampleRate` with libsamplerate (medium-quality sinc).
    public static func load(_ path: String, sampleRate: Int, tempo: TempoMap? = nil, limits: AudioLimits = .standard)
        throws(InputError) -> Deck
    {
        let (info, raw) = try AudioFile.read(path, limits: limits)
        var stereo: [Float]
        switch info.channels {
        case 1: stereo = raw.flatMap { [$0, $0] }
        case 2: stereo = raw
        default:
            stereo = []
            stereo.reserveCapacity(raw.count / info.channels * 2)
            for f in 0..<(raw.count / info.channels) { stereo += [raw[f * info.channels], raw[f * info.channels + 1]] }
        }
        let converted = try Resampler.convert(stereo, channels: 2, from: info.sampleRate, to: sampleRate, quality: .medium)
        return Deck(samples: converted, sampleRate: sampleRate, clock: tempo.map(BeatClock.init(tempo:)), name: path)
    }

    /// The stereo frame at track position `frame` (wrapping when looping; silence past the end otherwise).
    @inline(__always) func frame(_ frame: Int) -> (Float, Float) {
        guard frames > 0 else { return (0, 0) }
        var f = frame
        if loops {
            f %= frames
            if f < 0 { f += frames }
        } else if f < 0 || f >= frames {
            return (0, 0)
        }
        return (samples[2 * f], samples[2 * f + 1])
    }
}
