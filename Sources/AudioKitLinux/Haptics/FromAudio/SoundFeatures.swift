import Foundation

/// What the haptic analysis needs of a sound: its amplitude envelope, one value per millisecond, and its spectral flux
/// and brightness at the STFT's frame rate. Stereo and multichannel sounds are averaged to mono first; the sample rate
/// is kept.
///
/// Memory: 4 bytes per millisecond of envelope and 8 per frame (about 6.5 MB for ten minutes); the samples themselves
/// stream through in blocks, decoded on a second thread (`PrefetchingReader`).
public struct SoundFeatures: Sendable {
    /// Sample rate of the sound, in Hz.
    public var sampleRate: Int
    /// Length of the sound, in seconds.
    public var duration: Double
    /// Amplitude envelope (linear, 1 = full scale), one value per millisecond from time 0: the follower's largest level
    /// in each millisecond (`MillisecondEnvelope.values`), where the peaks are.
    public var envelope: [Float]
    /// The follower's level at each millisecond's end (`MillisecondEnvelope.instants`), the same length as `envelope`:
    /// what the continuous curves follow. Empty when made without one, and then `envelope` stands in.
    public var instants: [Float] = []
    /// The time of each of `instants`, in seconds, when they were counted on Meta Haptics Studio's clock (the studio
    /// spectrum's features; `MillisecondEnvelope.Clock.studio`); empty when instant k is at k ms.
    public var instantTimes: [Double] = []
    /// Spectral flux of each STFT frame.
    public var flux: [Float]
    /// Spectral centroid of each STFT frame in Hz; NaN where the frame is below the gate.
    public var centroid: [Float]
    /// Spectral flatness of each STFT frame (0 tone … 1 noise); NaN where the frame is below the gate.
    public var flatness: [Float] = []
    /// Seconds between STFT frames; frame n is centred on n·frameStep.
    public var frameStep: Double
    /// The largest sample magnitude (the envelope's power underflows for a sound far below −300 dBFS; this does not).
    public var samplePeak: Float = 0

    /// Meta Haptics Studio's own flux (`StudioSpectrum`: 1,024 samples every 128), made only when asked for; frame n is
    /// centred on `studioFluxStart` + n · `studioFluxStep` seconds.
    public var studioFlux: [Float] = []
    /// Meta Haptics Studio's own frequency (0…1, the centroid below 1 kHz from 30 to 600 Hz) of the same frames.
    public var studioFrequency: [Float] = []
    /// The time of `studioFlux`'s frame 0 (negative: it starts over the silence before the sound).
    public var studioFluxStart: Double = 0
    /// Seconds between `studioFlux`'s frames.
    public var studioFluxStep: Double = 0
    /// Studio's flux at the frames the emphasis reads, when only those were transformed (`studioFlux(path:frames:)`,
    /// for an analysis that wants Studio's emphasis but not its frequency curve); empty otherwise. Same frames as
    /// `studioFlux`'s.
    public var studioFluxFrames: [Int: Float] = [:]
    /// The DC offset taken out of every sample before the analysis (the sound's mean; 0 when it was kept).
    public var dcOffset: Float = 0
    /// The sound's mono samples as read, when `analyze(path:…keeping:…)` kept them for a pass that follows; nil otherwise.
    var monoSamples: [Float]? = nil

    /// The features of the samples `mono` at `sampleRate` Hz; `weighting` filters what the envelope follows;
    /// `studioClock` counts the envelope on Studio's clock and takes the DC offset out first; `studioSpectrum` does that
    /// and adds Studio's own flux and frequency.
    public init(
        mono: [Float], sampleRate: Int, follower: EnvelopeFollower.Settings = .studio, weighting: EnvelopeWeighting = .amplitude,
        studioClock: Bool = false, studioSpectrum: Bool = false
    ) {
        let studio = studioClock || studioSpectrum
        let mean = studio && !mono.isEmpty ? Float(mono.reduce(0.0) { $0 + Double($1) } / Double(mono.count)) : 0
        // As from a file: an offset under `negligibleOffset` stays.
        let offset = abs(mean) > Self.negligibleOffset ? mean : 0
        var analyzer = SoundFeatures.Analyzer(
            sampleRate: sampleRate, follower: follower, weighting: weighting, studioClock: studio, studioSpectrum: studioSpectrum,
            dcOffset: offset)
        mono.withUnsafeBufferPointer { analyzer.push($0) }
        self = analyzer.finish()
    }

    /// A DC offset under this (−80 dBFS) moves the follower's level by less than Studio's breakpoints tell apart, so it is
    /// left in rather than the file analysed again without it (16-bit sounds have none to speak of; 8-bit ones carry
    /// 0.7 to 3 % of full scale).
    public static let negligibleOffset: Float = 1e-4

    /// What the continuous curves follow: `instants`, or `envelope` where there are none.
    public var followed: [Float] { instants.count == envelope.count ? instants : envelope }

    /// The envelope's largest value.
    public var peak: Float { envelope.max() ?? 0 }

    /// The brightness at `time` seconds: the centroid of the nearest frame above the gate within 10 ms after it (the
    /// attack, for an onset), else of the nearest such frame within 50 ms either side; nil when there is none.
    public func centroid(near time: Double) -> Float? {
        guard !centroid.isEmpty else { return nil }
        let center = Int((time / frameStep).rounded())
        let ahead = Int((0.010 / frameStep).rounded(.up))
        var best: Float = 0
        var count: Float = 0
        let first = max(0, center)
        let last = min(centroid.count - 1, center + ahead)
        if first <= last {
            for n in first...last where !centroid[n].isNaN {
                best += centroid[n]
                count += 1
            }
        }
        if count > 0 { return best / count }
        let reach = Int((0.050 / frameStep).rounded(.up))
        for d in 1...max(1, reach) {
            for n in [center - d, center + d] where n >= 0 && n < centroid.count && !centroid[n].isNaN { return centroid[n] }
        }
        return nil
    }

    /// Accumulates the features of a mono stream pushed in blocks.
    struct Analyzer {
        let sampleRate: Int
        var envelope: MillisecondEnvelope
        /// The spectrum, computed on a thread of its own while the envelope is followed here (nil: not computed).
        let spectrum: SpectrumWorker?
        var weighting: LoudnessWeighting?
        var weighted: [Float] = []
        var frames = 0
        var samplePeak: Float = 0
        let studio: StudioSpectrum?
        /// Taken from every sample before the analysis (Studio's preprocessing); the sample peak stays the sound's own.
        let dcOffset: Float
        /// The sum of the samples pushed (before the offset is taken out): their mean is the sound's DC offset.
        var sum: Double = 0
        var centred: [Float] = []

        init(
            sampleRate: Int, follower: EnvelopeFollower.Settings, weighting: EnvelopeWeighting, studioClock: Bool = false,
            studioSpectrum: Bool = false, dcOffset: Float = 0, ourSpectrum: Bool = true
        ) {
            self.sampleRate = sampleRate
            self.dcOffset = dcOffset
            studio = studioSpectrum ? StudioSpectrum(sampleRate: sampleRate) : nil
            envelope = MillisecondEnvelope(
                settings: follower, sampleRate: Double(sampleRate), clock: studioClock || studioSpectrum ? .studio : .exact)
            spectrum = ourSpectrum ? SpectrumWorker(SpectralShape(sampleRate: sampleRate)) : nil
            self.weighting = weighting == .loudness ? LoudnessWeighting(sampleRate: Double(sampleRate)) : nil
        }

        mutating func push(_ samples: UnsafeBufferPointer<Float>) {
            let (peak, blockSum) = Self.peakAndSum(samples)
            samplePeak = max(samplePeak, peak)
            sum += blockSum
            guard dcOffset == 0 else {
                // The buffer is taken out of self while `analyze` mutates self, so that neither is copied.
                var buffer = centred
                centred = []
                if buffer.count < samples.count { buffer = [Float](repeating: 0, count: samples.count) }
                let offset = dcOffset
                buffer.withUnsafeMutableBufferPointer { b in
                    for (i, x) in samples.enumerated() { b[i] = x - offset }
                }
                buffer.withUnsafeBufferPointer { analyze(UnsafeBufferPointer(rebasing: $0[0..<samples.count])) }
                centred = buffer
                return
            }
            analyze(samples)
        }

        /// Pushes a whole sound held in memory, in blocks of `block` as read, whose largest magnitude and sum (summed
        /// block by block) are known: with nothing to read the samples but the envelope (no weighting, no spectrum
        /// here), the envelope is followed on two cores (`MillisecondEnvelope.followInParallel`), else block by block.
        mutating func pushHeld(_ samples: [Float], peak: Float, sum: Double, block: Int) {
            guard weighting == nil, spectrum == nil, studio == nil, frames == 0 else {
                return samples.withUnsafeBufferPointer { all in
                    for start in stride(from: 0, to: all.count, by: block) {
                        push(UnsafeBufferPointer(rebasing: all[start..<min(all.count, start + block)]))
                    }
                }
            }
            samplePeak = peak
            self.sum = sum
            frames = samples.count
            envelope.followInParallel(samples, offset: dcOffset)
        }

        /// The largest magnitude among `samples` and their sum, in four running sums so that the loop pipelines.
        static func peakAndSum(_ samples: UnsafeBufferPointer<Float>) -> (peak: Float, sum: Double) {
            var peak: Float = 0
            var sums = (0.0, 0.0, 0.0, 0.0)
            let count = samples.count
            var i = 0
            while i + 4 <= count {
                let a = samples[i], b = samples[i + 1], c = samples[i + 2], d = samples[i + 3]
                peak = max(peak, max(max(abs(a), abs(b)), max(abs(c), abs(d))))
                sums.0 += Double(a)
                sums.1 += Double(b)
                sums.2 += Double(c)
                sums.3 += Double(d)
                i += 4
            }
            while i < count {
                peak = max(peak, abs(samples[i]))
                sums.0 += Double(samples[i])
                i += 1
            }
            return (peak, (sums.0 + sums.1) + (sums.2 + sums.3))
        }

        private mutating func analyze(_ samples: UnsafeBufferPointer<Float>) {
            spectrum?.push(samples)
            frames += samples.count
            if var filter = weighting {
                weighted.removeAll(keepingCapacity: true)
                for x in samples { weighted.append(filter.process(x)) }
                weighting = filter
                weighted.withUnsafeBufferPointer { envelope.push($0) }
            } else {
                envelope.push(samples)
            }
            studio?.push(samples)
        }

        mutating func finish() -> SoundFeatures {
            let spectrum = self.spectrum?.finish()
            var features = SoundFeatures(
                sampleRate: sampleRate, duration: Double(frames) / Double(sampleRate), envelope: envelope.finish(),
                flux: spectrum?.flux ?? [], centroid: spectrum?.centroid ?? [], frameStep: spectrum?.frameStep ?? 0)
            features.instants = envelope.instants
            features.instantTimes = envelope.instantTimes
            if let studio {
                studio.finish()
                features.studioFlux = studio.flux
                // Studio normalises by the peak less the offset (audio_preprocessing.rs).
                features.studioFrequency = studio.frequency(samplePeak: samplePeak - dcOffset)
                features.studioFluxStart = StudioSpectrum.start(sampleRate: sampleRate)
                features.studioFluxStep = StudioSpectrum.step(sampleRate: sampleRate)
            }
            features.samplePeak = samplePeak
            features.dcOffset = dcOffset
            features.flatness = spectrum?.flatness ?? []
            return features
        }
    }

    init(sampleRate: Int, duration: Double, envelope: [Float], flux: [Float], centroid: [Float], frameStep: Double) {
        self.sampleRate = sampleRate
        self.duration = duration
        self.envelope = envelope
        self.flux = flux
        self.centroid = centroid
        self.frameStep = frameStep
    }
}

/// What the envelope follows.
public enum EnvelopeWeighting: String, Sendable, CaseIterable {
    /// The samples as they are: the envelope is the amplitude.
    case amplitude
    /// The samples K-weighted first (`LoudnessWeighting`, ITU-R BS.1770): the envelope follows how loud the sound is
    /// heard, so rumble below 40 Hz counts less and presence above 1.5 kHz more.
    case loudness
}
