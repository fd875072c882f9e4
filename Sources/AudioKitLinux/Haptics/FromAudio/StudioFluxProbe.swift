import Foundation

/// Meta Haptics Studio's flux (`StudioSpectrum`) at chosen frames only: the emphasis reads the flux at its peak
/// breakpoints alone, so where Studio's frequency curve is not wanted, a pass over the sound gathers and transforms the few
/// frames around those peaks (each frame and the one before it) instead of all of them, eight in every 1,024 samples,
/// and reads only the stretches of the sound they cover (`spans`). The values are those `StudioSpectrum` gives the same
/// frames: frame m holds the samples from 128 · m − 896 on, zeros outside the sound.
final class StudioFluxProbe {
    private let size = StudioSpectrum.frameSize
    private static let window = ShortTimeSpectra.hann(StudioSpectrum.frameSize, symmetric: true)
    private let fft = RealFFT(size: StudioSpectrum.frameSize)
    private let wanted: Set<Int>
    /// The frames to transform, ascending: the wanted ones and the frame before each.
    private let frames: [Int]
    /// Taken from every sample of the sound (its DC offset).
    private let offset: Float
    /// The next of `frames` not begun, the frames begun and not complete, and the samples seen.
    private var next = 0
    private var open: [(frame: Int, samples: [Float])] = []
    private var position = 0
    private var totals: [Int: Double] = [:]
    private var magnitudes: [Float]

    /// A probe for the flux of `frames` (indices of `StudioSpectrum`'s frames) of a sound less `offset`.
    init(frames: Set<Int>, offset: Float) {
        wanted = frames.filter { $0 >= 0 }
        self.frames = Self.transformed(wanted)
        self.offset = offset
        magnitudes = [Float](repeating: 0, count: StudioSpectrum.frameSize / 2 + 1)
    }

    /// The frames to transform for the flux of `wanted` (none negative), ascending: each and the frame before it.
    private static func transformed(_ wanted: Set<Int>) -> [Int] { wanted.union(wanted.map { $0 - 1 }.filter { $0 >= 0 }).sorted() }

    /// The sound's first sample frame `m` holds (negative: it begins over the silence before the sound).
    private static func start(_ m: Int) -> Int { m * StudioSpectrum.hop - (StudioSpectrum.frameSize - StudioSpectrum.hop) }

    private func start(_ m: Int) -> Int { Self.start(m) }

    /// The stretches of a sound of `samples` samples that the frames cover, in order: each frame's whole window lies in
    /// one; stretches less than `gap` apart are one (reading through is cheaper than seeking).
    func spans(samples: Int, gap: Int = 8_192) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        for frame in frames {
            let low = max(0, start(frame)), high = min(samples, start(frame) + size)
            guard low < high else { continue }
            if let last = spans.last, low <= last.upperBound + gap {
                spans[spans.count - 1] = last.lowerBound..<max(last.upperBound, high)
            } else {
                spans.append(low..<high)
            }
        }
        return spans
    }

    /// Pushes mono samples of the sound from sample `first` on (at or after the end of the last push; the stretches
    /// between are not needed).
    func push(_ samples: UnsafeBufferPointer<Float>, from first: Int) {
        position = max(position, first)
        let end = position + samples.count
        while next < frames.count && start(frames[next]) < end {
            open.append((frames[next], [Float](repeating: 0, count: size)))
            next += 1
        }
        for k in open.indices {
            let first = start(open[k].frame)
            let from = max(first, position), to = min(first + size, end)
            guard from < to else { continue }
            let offset = self.offset, base = position
            open[k].samples.withUnsafeMutableBufferPointer { frame in
                for i in from..<to { frame[i - first] = samples[i - base] - offset }
            }
        }
        position = end
        while let frame = open.first, start(frame.frame) + size <= position {
            transform(frame)
            open.removeFirst()
        }
    }

    /// Closes the stream of a sound of `samples` samples and returns the flux of each wanted frame it has (the first
    /// frame's rise is over silence).
    func finish(samples: Int) -> [Int: Float] {
        let count = StudioSpectrum.frameCount(samples: samples)
        while next < frames.count && frames[next] < count {
            open.append((frames[next], [Float](repeating: 0, count: size)))
            next += 1
        }
        for frame in open where frame.frame < count { transform(frame) }
        open.removeAll()
        return Self.flux(wanted, totals: totals)
    }

    /// The flux of each of `wanted` frames that has a total: its rise over the frame before it (over silence for frame 0).
    private static func flux(_ wanted: Set<Int>, totals: [Int: Double]) -> [Int: Float] {
        var flux: [Int: Float] = [:]
        for n in wanted {
            guard let total = totals[n] else { continue }
            flux[n] = Float(max(0, total - (n > 0 ? totals[n - 1] ?? 0 : 0)))
        }
        return flux
    }

    /// The flux of `frames` of the mono samples `mono` less `offset`, all in memory: the same values a probe streamed the
    /// samples gives, the frames transformed in parallel.
    static func flux(mono: [Float], offset: Float, frames: Set<Int>) -> [Int: Float] {
        let wanted = frames.filter { $0 >= 0 }
        let count = StudioSpectrum.frameCount(samples: mono.count)
        let list = transformed(wanted).filter { $0 < count }
        let size = StudioSpectrum.frameSize, window = Self.window
        let chunks = min(list.count, 4 * max(1, ProcessInfo.processInfo.activeProcessorCount))
        let slots = ResultSlots<[Double]>(count: chunks)
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let fft = RealFFT(size: size)
            var frame = [Float](repeating: 0, count: size), magnitudes = [Float](repeating: 0, count: size / 2 + 1)
            var totals: [Double] = []
            mono.withUnsafeBufferPointer { samples in
                for m in list[(list.count * c / chunks)..<(list.count * (c + 1) / chunks)] {
                    // The frame's samples less the offset, zeros outside the sound, windowed.
                    let first = start(m)
                    for i in 0..<size {
                        let j = first + i
                        frame[i] = (j >= 0 && j < samples.count ? samples[j] - offset : 0) * window[i]
                    }
                    frame.withUnsafeBufferPointer { f in
                        magnitudes.withUnsafeMutableBufferPointer { fft.magnitudes(f.baseAddress!, into: $0.baseAddress!) }
                    }
                    totals.append(magnitudes.withUnsafeBufferPointer { StudioSpectrum.total($0) })
                }
            }
            slots.set(c, totals)
        }
        let totals = Dictionary(uniqueKeysWithValues: zip(list, slots.values.flatMap { $0 ?? [] }))
        return flux(wanted, totals: totals)
    }

    private func transform(_ frame: (frame: Int, samples: [Float])) {
        let windowed = zip(frame.samples, Self.window).map { $0 * $1 }
        windowed.withUnsafeBufferPointer { w in
            magnitudes.withUnsafeMutableBufferPointer { m in fft.magnitudes(w.baseAddress!, into: m.baseAddress!) }
        }
        totals[frame.frame] = magnitudes.withUnsafeBufferPointer { StudioSpectrum.total($0) }
    }
}

extension SoundFeatures {
    /// Studio's flux at `frames` (indices of `StudioSpectrum`'s frames) of the sound at `path`, `samples` long, its mono
    /// samples less `offset` (the DC offset the analysis took out): the stretches those frames cover, read again where
    /// the file seeks to the sample (`seeksExactly`), else all of it. `progress` gets the fraction of them read.
    public static func studioFlux(
        path: String, limits: AudioLimits = .standard, samples: Int, offset: Float, frames: Set<Int>,
        progress: ((Double) -> Void)? = nil
    ) throws(InputError) -> [Int: Float] {
        guard !frames.isEmpty else { return [:] }
        let probe = StudioFluxProbe(frames: frames, offset: offset)
        let spans = probe.spans(samples: samples)
        let reader = try SoundFileReader(path: path, limits: limits)
        if seeksExactly(reader.info), let flux = try read(spans, samples: samples, from: reader, into: probe, progress: progress) {
            return flux
        }
        // A file that does not seek to the sample, or did not seek: all of it, from the start, into a probe of its own.
        let again = StudioFluxProbe(frames: frames, offset: offset)
        return try read(
            [0..<samples], samples: samples, from: SoundFileReader(path: path, limits: limits), into: again, progress: progress) ?? [:]
    }

    /// Whether libsndfile seeks the file to the sample: PCM and float samples in any container (WAV, AIFF, CAF, FLAC…);
    /// not Ogg Vorbis or Opus (a corpus sound's seek lands elsewhere), MP3, or what FFmpeg decodes.
    static func seeksExactly(_ info: AudioFileInfo) -> Bool {
        info.codec == nil && (0x1...0x7).contains(info.subtypeFormat & 0xFFFF)
    }

    /// Reads `spans` of the sound (`samples` long) from `reader`, opened at its start, into `probe` and returns its flux,
    /// or nil when a seek to one fails.
    private static func read(
        _ spans: [Range<Int>], samples: Int, from reader: SoundFileReader, into probe: StudioFluxProbe,
        progress: ((Double) -> Void)?
    ) throws(InputError) -> [Int: Float]? {
        let channels = reader.info.channels, block = 8_192
        var interleaved = [Float](repeating: 0, count: block * channels), mono = [Float](repeating: 0, count: block)
        let total = Double(max(1, spans.reduce(0) { $0 + $1.count }))
        var done = 0
        for span in spans {
            guard span.lowerBound == 0 || reader.seek(toFrame: Int64(span.lowerBound)) else { return nil }
            var at = span.lowerBound
            while at < span.upperBound {
                let want = min(block, span.upperBound - at)
                let n = try interleaved.withUnsafeMutableBufferPointer { p throws(InputError) in try reader.read(into: p, frames: want) }
                if n == 0 { break }
                interleaved.withUnsafeBufferPointer { i in
                    mono.withUnsafeMutableBufferPointer { MonoMix.mix(i, frames: n, channels: channels, into: $0) }
                }
                mono.withUnsafeBufferPointer { probe.push(UnsafeBufferPointer(rebasing: $0[0..<n]), from: at) }
                at += n
                done += n
                progress?(Double(done) / total)
            }
        }
        return probe.finish(samples: samples)
    }
}
