import Foundation

/// Onset strength by spectral flux on a log-compressed, log-frequency
/// spectrogram with a maximum filter, after Böck & Widmer, "Maximum filter
/// vibrato suppression for onset detection" (SuperFlux), DAFx 2013:
///
/// - STFT with a Hann window of about 46 ms, hop of 10 ms (100 frames per second);
/// - a triangular filterbank with 12 bands per octave from 40 Hz to 16 kHz;
/// - log compression, log10(1 + λ·X) with λ = 1;
/// - the flux of frame n against a 3-band maximum filter of frame n − μ (μ = 10 ms by default),
///   half-wave rectified and summed over bands.
///
/// Frames are centred: frame n describes the audio around n·hop. The detector
/// knows its delay (`latency`, measured on synthetic clicks) and `time(ofFrame:)`
/// subtracts it. Audio is pushed in blocks; memory is one frame plus the output.
public final class SpectralFlux {
    /// Default onset frames per second: 100 (a 10 ms hop).
    public static let framesPerSecond = 100.0
    static let bandsPerOctave = 12.0
    /// Frames between the two spectra compared (μ).
    public let lag: Int
    /// Seconds by which the flux peak trails the onset (negative: it leads). With centred
    /// frames the flux rises as soon as the window's leading half reaches an attack, so the
    /// peak comes early, by about 0.324·D − 5.8 ms for a frame of D seconds with μ = 10 ms;
    /// a longer μ moves the peak later (+6.3 ms at 20 ms, +10.4 ms at 30 ms). Fitted on
    /// synthetic noise-burst clicks at 16–96 kHz; checked in BeatCheckTests.
    public let latency: Double

    /// Sample rate of the pushed audio, in Hz.
    public let sampleRate: Double
    /// Samples between frames: the sample rate over the frame rate, rounded.
    public let hop: Int
    /// FFT frame length in samples: the power of two nearest to 46 ms.
    public let frameSize: Int
    private let spectra: ShortTimeSpectra
    /// The filterbank, flattened: band b takes bins filterStart[b] ..< filterStart[b] + filterLength[b],
    /// with weights at filterWeightOffset[b] in `filterWeights`.
    private let filterStart: [Int]
    private let filterLength: [Int]
    private let filterWeightOffset: [Int]
    private let filterWeights: [Float]
    /// Band energies of the last lag + 1 frames, as a ring.
    private var bandHistory: [[Float]]
    private var framesDone = 0
    /// The onset strength so far, one value per frame.
    public private(set) var values: [Float] = []
    /// The group of each band (`groupEdges`), empty when the flux is not split.
    private let bandGroup: [Int]
    /// The onset strength of each band group so far (`groupEdges`), one value per frame each; empty when not split.
    public private(set) var groupValues: [[Float]]
    /// The pitch class (0 = A) of each FFT bin from `PitchClasses.lowest` to `PitchClasses.highest` Hz, by bin; empty
    /// when no pitch-class profile is asked for.
    private let binClass: [Int]
    /// Each frame's pitch-class profile so far (`PitchClasses.count` values a frame), empty when not asked for.
    public private(set) var pitchClassValues: [Float] = []

    /// `lagSeconds`: the time between the two spectra compared, 10 ms by default. `groupEdges` (Hz, rising) also splits
    /// the flux into the bands below the first edge, between each two and above the last (`groupValues`). With
    /// `pitchClasses`, each frame's pitch-class profile is kept too (`pitchClassValues`, `PitchClasses`).
    public init(
        sampleRate: Int, framesPerSecond: Double = SpectralFlux.framesPerSecond, lagSeconds: Double = 0.010, groupEdges: [Double] = [],
        pitchClasses: Bool = false
    ) {
        self.sampleRate = Double(sampleRate)
        self.lag = max(1, Int((lagSeconds * framesPerSecond).rounded()))
        hop = max(1, Int((Double(sampleRate) / framesPerSecond).rounded()))
        // The power of two nearest to 46 ms (2048 at 44.1 and 48 kHz, 1024 at 16 kHz).
        var n = 16
        while Double(n * 2) <= 0.046 * Double(sampleRate) * 1.414 { n *= 2 }
        frameSize = n
        latency = -(0.324 * Double(n) / Double(sampleRate) - 0.0058) + SpectralFlux.lagDelay(Double(self.lag) / framesPerSecond)
        spectra = ShortTimeSpectra(frameSize: n, hop: hop)
        let bank = SpectralFlux.filterbank(size: n, rate: Double(sampleRate))
        filterStart = bank.map(\.start)
        filterLength = bank.map(\.weights.count)
        var offsets: [Int] = []
        var weights: [Float] = []
        for b in bank {
            offsets.append(weights.count)
            weights += b.weights
        }
        filterWeightOffset = offsets
        filterWeights = weights
        let binHz = Double(sampleRate) / Double(n)
        bandGroup =
            groupEdges.isEmpty
            ? []
            : bank.map { b in
                let centre = (Double(b.start) + Double(b.weights.count - 1) / 2) * binHz
                return groupEdges.filter { centre >= $0 }.count
            }
        groupValues = groupEdges.isEmpty ? [] : Array(repeating: [], count: groupEdges.count + 1)
        binClass = pitchClasses ? PitchClasses.classes(bins: n / 2 + 1, binHz: binHz) : []
        bandHistory = Array(repeating: [Float](repeating: 0, count: bank.count), count: self.lag + 1)
    }

    /// The extra delay of the flux peak for a lag of `seconds`, interpolated between the
    /// measured points (10 ms: 0, 20 ms: 6.3 ms, 30 ms: 10.4 ms).
    static func lagDelay(_ seconds: Double) -> Double {
        let points: [(Double, Double)] = [(0.010, 0), (0.020, 0.0063), (0.030, 0.0104)]
        if seconds <= points[0].0 { return 0 }
        for (a, b) in zip(points, points.dropFirst()) where seconds <= b.0 {
            return a.1 + (b.1 - a.1) * (seconds - a.0) / (b.0 - a.0)
        }
        return points.last!.1
    }

    /// Triangular filters, 12 per octave, centres log-spaced from 40 Hz to min(16 kHz, Nyquist).
    static func filterbank(size: Int, rate: Double) -> [(start: Int, weights: [Float])] {
        let binHz = rate / Double(size)
        let top = min(16_000, rate / 2 * 0.95)
        var centres: [Double] = []
        var f = 40.0
        while f <= top {
            centres.append(f)
            f *= pow(2, 1 / bandsPerOctave)
        }
        var bins = centres.map { Int(($0 / binHz).rounded()) }
        bins = bins.reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }  // merge bands narrower than a bin
        var result: [(Int, [Float])] = []
        guard bins.count >= 3 else { return [(1, [1])] }
        for i in 1..<(bins.count - 1) {
            let lo = bins[i - 1], mid = bins[i], hi = bins[i + 1]
            var w: [Float] = []
            for k in lo...hi {
                let v = k <= mid ? Float(k - lo + 1) / Float(mid - lo + 1) : Float(hi - k + 1) / Float(hi - mid + 1)
                w.append(v)
            }
            let sum = w.reduce(0, +)
            result.append((lo, w.map { $0 / sum }))
        }
        return result
    }

    /// Feeds mono samples; computes every frame they complete (centred frames, `ShortTimeSpectra`).
    public func push(_ samples: UnsafeBufferPointer<Float>) {
        spectra.push(samples) { computeFrame($0) }
    }

    /// Flushes half a frame of silence so the last samples get frames of their own.
    public func finish() {
        spectra.finish { computeFrame($0) }
    }

    private func computeFrame(_ magnitudes: UnsafeBufferPointer<Float>) {
        let slot = framesDone % (lag + 1)
        let previousSlot = (framesDone + 1) % (lag + 1)  // the frame `lag` frames back
        var current = bandHistory[slot]
        let bands = current.count
        filterWeights.withUnsafeBufferPointer { w in
            current.withUnsafeMutableBufferPointer { out in
                for b in 0..<bands {
                    var sum: Float = 0
                    let start = filterStart[b], offset = filterWeightOffset[b]
                    for j in 0..<filterLength[b] { sum += w[offset + j] * magnitudes[start + j] }
                    out[b] = log10(1 + sum)
                }
            }
        }
        var flux: Float = 0
        var groups = [Float](repeating: 0, count: groupValues.count)
        if framesDone >= lag {
            bandHistory[previousSlot].withUnsafeBufferPointer { previous in
                for b in 0..<bands {
                    let m = max(previous[max(0, b - 1)], previous[b], previous[min(bands - 1, b + 1)])
                    let rise = max(0, current[b] - m)
                    flux += rise
                    if !groups.isEmpty { groups[bandGroup[b]] += rise }
                }
            }
        }
        for g in groups.indices { groupValues[g].append(groups[g]) }
        if !binClass.isEmpty { PitchClasses.append(magnitudes, classes: binClass, to: &pitchClassValues) }
        bandHistory[slot] = current
        framesDone += 1
        values.append(flux)
    }

    /// Time in seconds of frame `n` (fractional frames allowed), latency removed.
    public func time(ofFrame n: Double) -> Double { n * Double(hop) / sampleRate - latency }

    /// The onset strength of a whole file, streamed block by block.
    ///
    /// `maxSampleRate`: while the file's rate is above it (and even, and its half at least
    /// 11.025 kHz), the audio is halved (`HalfBandCascade`): with 12 kHz, 44.1 kHz is
    /// analysed at 11.025 kHz and 48 kHz at 12 kHz. The frame keeps its length in seconds, so
    /// each halving halves the FFT; the bands above the new Nyquist are lost. `eachBlock` sees every decoded
    /// block (interleaved, before the mix to mono), so another analysis can share the decode.
    public static func analyze(
        path: String, limits: AudioLimits = .standard, framesPerSecond: Double = SpectralFlux.framesPerSecond, lagSeconds: Double = 0.010,
        maxSampleRate: Int? = nil, groupEdges: [Double] = [], pitchClasses: Bool = false,
        eachBlock: ((_ interleaved: UnsafeBufferPointer<Float>, _ frames: Int, _ channels: Int) -> Void)? = nil
    ) throws(InputError) -> OnsetStrength {
        // Decoding runs a few blocks ahead on a second thread: a compressed track decodes while the blocks before are analysed.
        let reader = try PrefetchingReader(path: path, limits: limits, blockFrames: 8192)
        let stageCount = maxSampleRate.map { HalfBandCascade.stageCount(from: reader.info.sampleRate, cap: $0) } ?? 0
        let rate = reader.info.sampleRate >> stageCount
        var cascade = HalfBandCascade(stageCount: stageCount)
        let flux = SpectralFlux(
            sampleRate: rate, framesPerSecond: framesPerSecond, lagSeconds: lagSeconds, groupEdges: groupEdges, pitchClasses: pitchClasses)
        let channels = reader.info.channels
        var mono = [Float](repeating: 0, count: 8192)
        func feed(_ samples: UnsafeBufferPointer<Float>, flushing: Bool) {
            guard stageCount > 0 else { return flux.push(samples) }
            cascade.process(samples, flushing: flushing) { flux.push($0) }
        }
        var framesRead: Int64 = 0
        try reader.forEachBlock { block, frames in
            framesRead += Int64(frames)
            eachBlock?(block, frames, channels)
            mono.withUnsafeMutableBufferPointer { MonoMix.mix(block, frames: frames, channels: channels, into: $0) }
            mono.withUnsafeBufferPointer { feed(UnsafeBufferPointer(rebasing: $0[0..<frames]), flushing: false) }
        }
        feed(UnsafeBufferPointer(start: nil, count: 0), flushing: true)
        flux.finish()
        var info = reader.info
        info.frames = framesRead
        return OnsetStrength(
            values: flux.values, framesPerSecond: Double(rate) / Double(flux.hop), latency: flux.latency, audio: info,
            bands: flux.groupValues, pitchClasses: flux.pitchClassValues)
    }
}

/// An onset strength function: one value per frame, with its frame rate.
public struct OnsetStrength: Sendable {
    /// Onset strength, one value per frame (half-wave rectified spectral flux summed over bands).
    public var values: [Float]
    /// Frames per second of `values`: the analysed sample rate over the hop.
    public var framesPerSecond: Double
    /// Seconds by which the detector's peaks trail the onsets (negative: they lead); `time(ofFrame:)` removes it.
    public var latency: Double
    /// The analysed file's format, with the frames actually decoded.
    public var audio: AudioFileInfo
    /// The onset strength of each band group asked for (`SpectralFlux.groupValues`), low to high; empty when none was.
    public var bands: [[Float]] = []
    /// Each frame's pitch-class profile (`PitchClasses.count` values a frame, in frame order), when one was asked for
    /// (`SpectralFlux.analyze(pitchClasses:)`); empty otherwise.
    public var pitchClasses: [Float] = []
    /// The track's stretches of one tempo (`TempoChanges.stretches`), when a caller that checks one track many times
    /// (the editor, a draft's settling) found them once; nil: `BeatChecker` finds them.
    public var tempoStretches: [(time: Double, bpm: Double)]? = nil
    /// The track's own tempo reading (`TempoEstimator.estimate` on the whole track), when such a caller read it once;
    /// nil: `BeatChecker` reads it where it needs it (a chart's grid of one tempo, for its octave).
    public var tempoReading: TempoEstimate? = nil

    /// Time in seconds of frame `n` (fractional frames allowed), latency removed.
    public func time(ofFrame n: Double) -> Double { n / framesPerSecond - latency }
    /// The frame, fractional, at `t` seconds: the inverse of `time(ofFrame:)`.
    public func frame(ofTime t: Double) -> Double { (t + latency) * framesPerSecond }

    /// The onset strength of `frames` alone (its bands left out), as if the audio began at the first of them: a time
    /// it gives is `Double(frames.lowerBound) / framesPerSecond` seconds earlier than the same moment in this one.
    public func slice(_ frames: Range<Int>) -> OnsetStrength {
        var part = self
        part.values = Array(values[frames])
        part.bands = []
        part.pitchClasses = []
        return part
    }
}
