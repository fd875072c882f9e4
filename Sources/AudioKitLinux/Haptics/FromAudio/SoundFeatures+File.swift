import Foundation

/// The analysis of a sound file: held in memory when Studio's analysis wants the sound's mean first and the sound is
/// short enough, else streamed.
extension SoundFeatures {
    /// The features of the sound at `path`; `weighting` filters what the envelope follows; `studioClock` counts the
    /// envelope on Studio's clock and takes the sound's DC offset (its mean) out first, as Studio does; `studioSpectrum`
    /// does that and adds Studio's own flux and frequency. Throws what the reader throws; `progress` gets the fraction
    /// done, over the whole of `passes` passes and the one that may come again (a caller that reads the file again after
    /// this counts its own).
    ///
    /// With Studio's analysis, a sound of up to `keptSamples` mono samples is read into memory first, our spectrum taken
    /// on a second core as it is read; its mean is then known before the envelope is followed. A longer sound streams
    /// through in blocks, its envelope followed as it is, and again from a second read when its offset is past
    /// `negligibleOffset`. Without Studio's analysis, the sound streams through once.
    public static func analyze(
        path: String, limits: AudioLimits = .standard, follower: EnvelopeFollower.Settings = .studio,
        weighting: EnvelopeWeighting = .amplitude, studioClock: Bool = false, studioSpectrum: Bool = false, passes: Int = 1,
        progress: ((Double) -> Void)? = nil
    ) throws(InputError) -> SoundFeatures {
        try analyze(
            path: path, limits: limits, follower: follower, weighting: weighting, studioClock: studioClock,
            studioSpectrum: studioSpectrum, passes: passes, keeping: false, progress: progress)
    }

    /// The most mono samples `analyze(path:)` holds in memory (32 MiB; 190 s at 44.1 kHz): a longer sound is streamed
    /// instead, so memory stays bounded whatever the length.
    public static let keptSamples = 1 << 23

    /// Frames read and analysed at a time.
    static let block = 32_768

    /// As `analyze(path:…)`; with `keeping`, the features hold the mono samples (`monoSamples`) when they were read into
    /// memory, for a pass that follows to read instead of the file. A sound of more than `memoryLimit` samples streams.
    static func analyze(
        path: String, limits: AudioLimits, follower: EnvelopeFollower.Settings, weighting: EnvelopeWeighting, studioClock: Bool,
        studioSpectrum: Bool, passes: Int, keeping: Bool, memoryLimit: Int = keptSamples, progress: ((Double) -> Void)?
    ) throws(InputError) -> SoundFeatures {
        let studio = studioClock || studioSpectrum
        // Each pass over the file is an equal share of the progress.
        let share = 1 / Double(max(1, passes) + (studio ? 1 : 0))
        let analyzer = { (rate: Int, offset: Float, ourSpectrum: Bool) in
            Analyzer(
                sampleRate: rate, follower: follower, weighting: weighting, studioClock: studio, studioSpectrum: studioSpectrum,
                dcOffset: offset, ourSpectrum: ourSpectrum)
        }
        guard studio else { return try streamed(path: path, limits: limits, analyzer: analyzer, share: share, progress: progress).features }
        if let held = try readMono(path: path, limits: limits, most: memoryLimit, progress: { progress?(share * $0) }) {
            let mean = held.samples.isEmpty ? 0 : Float(held.sum / Double(held.samples.count))
            // The envelope here, without the offset, while our spectrum of the sound as it is finishes on its thread.
            var analysis = analyzer(held.rate, abs(mean) > negligibleOffset ? mean : 0, false)
            analysis.pushHeld(held.samples, peak: held.peak, sum: held.sum, block: block)
            var features = analysis.finish().withSpectrum(of: held.spectrum.finish())
            progress?(2 * share)
            if keeping { features.monoSamples = held.samples }
            return features
        }
        let (features, mean) = try streamed(path: path, limits: limits, analyzer: analyzer, share: share, progress: progress)
        guard abs(mean) > negligibleOffset else { return features }
        // Again without the offset, for what Studio reads; our own spectrum, which never took it out, is the first pass's.
        return try streamed(path: path, limits: limits, analyzer: analyzer, offset: mean, share: share, progress: progress)
            .features.withSpectrum(of: features)
    }

    /// One pass over the file at `path`, streamed through `analyzer(rate, offset, ourSpectrum)` in blocks: the features
    /// and the sound's mean. Without an `offset`, our spectrum is taken and the pass is the first share of the progress;
    /// with one, it is the second.
    private static func streamed(
        path: String, limits: AudioLimits, analyzer: (Int, Float, Bool) -> Analyzer, offset: Float = 0, share: Double,
        progress: ((Double) -> Void)?
    ) throws(InputError) -> (features: SoundFeatures, mean: Float) {
        // Decoding runs a few blocks ahead on a second thread.
        let reader = try PrefetchingReader(path: path, limits: limits, blockFrames: block)
        var analysis = analyzer(reader.info.sampleRate, offset, offset == 0)
        let total = Double(max(1, reader.info.frames)), from = offset == 0 ? 0 : share
        var done = 0
        do throws(InputError) {
            try reader.forEachMonoBlock { block throws(InputError) in
                analysis.push(block)
                done += block.count
                progress?(from + share * Double(done) / total)
            }
        } catch {
            analysis.spectrum?.cancel()
            throw error
        }
        return (analysis.finish(), done > 0 ? Float(analysis.sum / Double(done)) : 0)
    }

    /// These features with the spectrum (flux, centroid, flatness and their frame step) of `other`.
    private func withSpectrum(of other: SoundFeatures) -> SoundFeatures {
        var features = self
        (features.flux, features.centroid, features.flatness, features.frameStep) = (
            other.flux, other.centroid, other.flatness, other.frameStep
        )
        return features
    }

    /// These features with the spectrum of `shape`.
    private func withSpectrum(of shape: SpectralShape) -> SoundFeatures {
        var features = self
        (features.flux, features.centroid, features.flatness, features.frameStep) = (
            shape.flux, shape.centroid, shape.flatness, shape.frameStep
        )
        return features
    }

    /// The sound at `path` mixed to mono, in memory, with its sample rate, the sum of its samples (block by block, as a
    /// stream of the file sums them: the same mean to the last bit), their largest magnitude, and our spectrum of it (`SpectralShape`), taken on a
    /// thread of its own as the blocks are read, never holding the reading up (its queue may grow to the whole sound);
    /// nil when the sound has more than `most` samples. `progress` gets the fraction read.
    static func readMono(
        path: String, limits: AudioLimits, most: Int, progress: (Double) -> Void
    ) throws(InputError) -> (samples: [Float], rate: Int, sum: Double, peak: Float, spectrum: SpectrumWorker)? {
        // Decoding runs a few blocks ahead on a second thread.
        let reader = try PrefetchingReader(path: path, limits: limits, blockFrames: block)
        guard reader.info.frames <= Int64(most) else { return nil }
        let spectrum = SpectrumWorker(SpectralShape(sampleRate: reader.info.sampleRate), depth: .max)
        var samples: [Float] = []
        samples.reserveCapacity(Int(max(0, reader.info.frames)))
        HugePages.advise(capacityOf: samples)
        let total = Double(max(1, reader.info.frames))
        var sum = 0.0
        var peak: Float = 0
        var fits = true
        do throws(InputError) {
            try reader.forEachMonoBlock { block throws(InputError) in
                // A header that understated the length: the file is streamed after all.
                guard fits, samples.count + block.count <= most else {
                    fits = false
                    return
                }
                samples.append(contentsOf: block)
                let measured = Analyzer.peakAndSum(block)
                sum += measured.sum
                peak = max(peak, measured.peak)
                spectrum.push(block)
                progress(Double(samples.count) / total)
            }
        } catch {
            spectrum.cancel()
            throw error
        }
        guard fits else {
            spectrum.cancel()
            return nil
        }
        return (samples, reader.info.sampleRate, sum, peak, spectrum)
    }
}
