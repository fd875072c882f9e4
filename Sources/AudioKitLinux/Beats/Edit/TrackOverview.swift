/// A track's waveform as minimum and maximum per bin of `binFrames` frames (channels averaged), computed in one
/// streaming pass, for drawing the whole track down to about a millisecond per pixel. An hour at 44.1 kHz in
/// 64-frame bins is 2.5 million bins, 20 MB; a 5-minute track is 1.6 MB.
public struct TrackOverview: Sendable {
    /// Frames per bin.
    public let binFrames: Int
    /// The track's sample rate, in Hz.
    public let sampleRate: Int
    /// The lowest sample of each bin (−1…1).
    public let minimum: [Float]
    /// The highest sample of each bin (−1…1).
    public let maximum: [Float]

    /// Seconds per bin.
    public var binSeconds: Double { Double(binFrames) / Double(sampleRate) }

    /// Reads `path` once, in blocks. Throws `InputError` when it cannot be read.
    public init(path: String, binFrames: Int = 64, limits: AudioLimits = .standard) throws(InputError) {
        let reader = try SoundFileReader(path: path, limits: limits)
        var builder = Builder(sampleRate: reader.info.sampleRate, binFrames: binFrames)
        try reader.forEachBlock(blockFrames: 8192) { block, frames in builder.add(block, frames: frames, channels: reader.info.channels) }
        self = builder.finish()
    }

    init(binFrames: Int, sampleRate: Int, minimum: [Float], maximum: [Float]) {
        self.binFrames = binFrames
        self.sampleRate = sampleRate
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Builds an overview from blocks as another pass decodes them (the editor's onset analysis), so the track
    /// is decoded once for both.
    public struct Builder {
        let sampleRate: Int
        let binFrames: Int
        var lows: [Float] = []
        var highs: [Float] = []
        var low = Float.infinity
        var high = -Float.infinity
        var filled = 0

        /// An empty overview of a track at `sampleRate`, in bins of `binFrames` frames.
        public init(sampleRate: Int, binFrames: Int = 64) {
            self.sampleRate = sampleRate
            self.binFrames = binFrames
        }

        /// Adds `frames` interleaved frames of `channels` channels (averaged).
        public mutating func add(_ block: UnsafeBufferPointer<Float>, frames: Int, channels: Int) {
            let scale = 1 / Float(channels)
            for i in 0..<frames {
                var s: Float = 0
                for c in 0..<channels { s += block[i * channels + c] }
                s *= scale
                low = min(low, s)
                high = max(high, s)
                filled += 1
                if filled == binFrames {
                    lows.append(low)
                    highs.append(high)
                    low = .infinity
                    high = -.infinity
                    filled = 0
                }
            }
        }

        /// The overview of everything added.
        public func finish() -> TrackOverview {
            var lows = self.lows
            var highs = self.highs
            if filled > 0 {
                lows.append(low)
                highs.append(high)
            }
            return TrackOverview(binFrames: binFrames, sampleRate: sampleRate, minimum: lows, maximum: highs)
        }
    }

    /// `width` columns covering `from`…`to` seconds: each column's lowest and highest sample (0 where the track
    /// has no audio).
    public func columns(from: Double, to: Double, width: Int) -> [(min: Float, max: Float)] {
        guard width > 0, to > from else { return [] }
        let perColumn = (to - from) / Double(width) / binSeconds
        return (0..<width).map { x in
            let first = Int((from / binSeconds + Double(x) * perColumn).rounded(.down))
            let last = max(first, Int((from / binSeconds + Double(x + 1) * perColumn).rounded(.down)) - 1)
            var low = Float.infinity
            var high = -Float.infinity
            if first < minimum.count && last >= 0 {
                for k in max(0, first)...min(last, minimum.count - 1) {
                    low = min(low, minimum[k])
                    high = max(high, maximum[k])
                }
            }
            return low <= high ? (low, high) : (0, 0)
        }
    }
}
