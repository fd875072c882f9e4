/// A track's waveform as minimum and maximum per bin of `binFrames` frames (channels averaged), with the peak of its
/// low, mid and high bands (`ThreeBandSplit`) per bin, computed in one streaming pass, for drawing the whole track down
/// to about a millisecond per pixel, coloured by where its energy lies. An hour at 44.1 kHz in 64-frame bins is 2.5
/// million bins, 50 MB; a 5-minute track is 4 MB.
public struct TrackOverview: Sendable {
    /// Frames per bin.
    public let binFrames: Int
    /// The track's sample rate, in Hz.
    public let sampleRate: Int
    /// The lowest sample of each bin (−1…1).
    public let minimum: [Float]
    /// The highest sample of each bin (−1…1).
    public let maximum: [Float]
    /// The peak of each bin's low band (below 246 Hz), mid band and high band (above 2.5 kHz); empty when not computed.
    public let bands: [SIMD3<Float>]
    /// Each band's typical loud bin over the whole track (the 95th percentile of its bin peaks): music has far more
    /// amplitude in its low band than in its high one, so each band is shown against its own level.
    public let bandReference: SIMD3<Float>

    /// Seconds per bin.
    public var binSeconds: Double { Double(binFrames) / Double(sampleRate) }

    /// Reads `path` once, in blocks. Throws `InputError` when it cannot be read.
    public init(path: String, binFrames: Int = 64, limits: AudioLimits = .standard) throws(InputError) {
        let reader = try SoundFileReader(path: path, limits: limits)
        var builder = Builder(sampleRate: reader.info.sampleRate, binFrames: binFrames)
        try reader.forEachBlock(blockFrames: 8192) { block, frames in builder.add(block, frames: frames, channels: reader.info.channels) }
        self = builder.finish()
    }

    init(binFrames: Int, sampleRate: Int, minimum: [Float], maximum: [Float], bands: [SIMD3<Float>] = []) {
        self.binFrames = binFrames
        self.sampleRate = sampleRate
        self.minimum = minimum
        self.maximum = maximum
        self.bands = bands
        var reference = SIMD3<Float>(repeating: 0)
        if !bands.isEmpty {
            let step = max(1, bands.count / 20_000)
            let sample = Swift.stride(from: 0, to: bands.count, by: step).map { bands[$0] }
            for band in 0..<3 {
                reference[band] = Median.quantile(sample.map { $0[band] }.sorted(), 0.95) ?? 0
            }
        }
        bandReference = reference
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
        var split: ThreeBandSplit
        var bandPeaks: [SIMD3<Float>] = []
        var bandPeak = SIMD3<Float>(repeating: 0)

        /// An empty overview of a track at `sampleRate`, in bins of `binFrames` frames.
        public init(sampleRate: Int, binFrames: Int = 64) {
            self.sampleRate = sampleRate
            self.binFrames = binFrames
            split = ThreeBandSplit(sampleRate: Double(sampleRate))
        }

        /// Adds `frames` interleaved frames of `channels` channels (averaged).
        public mutating func add(_ block: UnsafeBufferPointer<Float>, frames: Int, channels: Int) {
            let scale = 1 / Float(channels)
            for i in 0..<frames {
                let s = MonoMix.sample(block, frame: i, channels: channels, scale: scale)
                low = min(low, s)
                high = max(high, s)
                let b = split.split(s)
                bandPeak = pointwiseMax(bandPeak, SIMD3(abs(b.low), abs(b.mid), abs(b.high)))
                filled += 1
                if filled == binFrames {
                    lows.append(low)
                    highs.append(high)
                    bandPeaks.append(bandPeak)
                    low = .infinity
                    high = -.infinity
                    bandPeak = SIMD3(repeating: 0)
                    filled = 0
                }
            }
        }

        /// The overview of everything added.
        public func finish() -> TrackOverview {
            var lows = self.lows
            var highs = self.highs
            var bands = bandPeaks
            if filled > 0 {
                lows.append(low)
                highs.append(high)
                bands.append(bandPeak)
            }
            return TrackOverview(binFrames: binFrames, sampleRate: sampleRate, minimum: lows, maximum: highs, bands: bands)
        }
    }

    /// The bins column `x` of `width` columns over `from`…`to` seconds covers (clamped to the track; empty past it).
    func bins(column x: Int, from: Double, to: Double, width: Int) -> ClosedRange<Int>? {
        let perColumn = (to - from) / Double(width) / binSeconds
        let first = Int((from / binSeconds + Double(x) * perColumn).rounded(.down))
        let last = max(first, Int((from / binSeconds + Double(x + 1) * perColumn).rounded(.down)) - 1)
        guard first < minimum.count && last >= 0 else { return nil }
        return max(0, first)...min(last, minimum.count - 1)
    }

    /// `width` columns covering `from`…`to` seconds: the peak of each band (low, mid, high) in each column relative to
    /// the band's `bandReference` (0 where the track has no audio, or the band none anywhere). A column narrower than a
    /// bin takes its bin's peaks.
    public func bandColumns(from: Double, to: Double, width: Int) -> [SIMD3<Float>] {
        guard width > 0, to > from else { return [] }
        let scale = SIMD3<Float>(
            bandReference.x > 1e-6 ? 1 / bandReference.x : 0, bandReference.y > 1e-6 ? 1 / bandReference.y : 0,
            bandReference.z > 1e-6 ? 1 / bandReference.z : 0)
        return (0..<width).map { x in
            var peak = SIMD3<Float>(repeating: 0)
            if bands.count == minimum.count, let range = bins(column: x, from: from, to: to, width: width) {
                for k in range { peak = pointwiseMax(peak, bands[k]) }
            }
            return peak * scale
        }
    }

    /// `width` columns covering `from`…`to` seconds: each column's lowest and highest sample (0 where the track
    /// has no audio).
    public func columns(from: Double, to: Double, width: Int) -> [(min: Float, max: Float)] {
        guard width > 0, to > from else { return [] }
        return (0..<width).map { x in
            var low = Float.infinity
            var high = -Float.infinity
            if let range = bins(column: x, from: from, to: to, width: width) {
                for k in range {
                    low = min(low, minimum[k])
                    high = max(high, maximum[k])
                }
            }
            return low <= high ? (low, high) : (0, 0)
        }
    }
}
