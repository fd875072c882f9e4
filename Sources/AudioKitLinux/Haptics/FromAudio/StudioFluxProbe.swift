import Foundation

/// Meta Haptics Studio's flux (`StudioSpectrum`) at chosen frames only: the emphasis reads the flux at its peak
/// breakpoints alone, so where Studio's frequency curve is not wanted, a pass over the sound gathers and transforms the few
/// frames around those peaks (each frame and the one before it) instead of all of them, eight in every 1,024 samples.
/// The values are those `StudioSpectrum` gives the same frames: frame m holds the samples from 128 · m − 896 on, zeros
/// outside the sound.
final class StudioFluxProbe {
    private let size = StudioSpectrum.frameSize
    private let window = ShortTimeSpectra.hann(StudioSpectrum.frameSize, symmetric: true)
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
        self.frames = wanted.union(wanted.map { $0 - 1 }.filter { $0 >= 0 }).sorted()
        self.offset = offset
        magnitudes = [Float](repeating: 0, count: StudioSpectrum.frameSize / 2 + 1)
    }

    /// The sound's first sample frame `m` holds (negative: it begins over the silence before the sound).
    private func start(_ m: Int) -> Int { m * StudioSpectrum.hop - (size - StudioSpectrum.hop) }

    /// Pushes mono samples.
    func push(_ samples: UnsafeBufferPointer<Float>) {
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

    /// Closes the stream and returns the flux of each wanted frame the sound has (the first frame's rise is over silence).
    func finish() -> [Int: Float] {
        let count = StudioSpectrum.frameCount(samples: position)
        while next < frames.count && frames[next] < count {
            open.append((frames[next], [Float](repeating: 0, count: size)))
            next += 1
        }
        for frame in open where frame.frame < count { transform(frame) }
        open.removeAll()
        var flux: [Int: Float] = [:]
        for n in wanted {
            guard let total = totals[n] else { continue }
            flux[n] = Float(max(0, total - (n > 0 ? totals[n - 1] ?? 0 : 0)))
        }
        return flux
    }

    private func transform(_ frame: (frame: Int, samples: [Float])) {
        let windowed = zip(frame.samples, window).map { $0 * $1 }
        windowed.withUnsafeBufferPointer { w in
            magnitudes.withUnsafeMutableBufferPointer { m in fft.magnitudes(w.baseAddress!, into: m.baseAddress!) }
        }
        totals[frame.frame] = magnitudes.withUnsafeBufferPointer { StudioSpectrum.total($0) }
    }
}

extension SoundFeatures {
    /// Studio's flux at `frames` (indices of `StudioSpectrum`'s frames) of the sound at `path`, its mono samples less
    /// `offset` (the DC offset the analysis took out): one more pass over the file; `progress` gets the fraction read.
    public static func studioFlux(
        path: String, limits: AudioLimits = .standard, offset: Float, frames: Set<Int>, progress: ((Double) -> Void)? = nil
    ) throws(InputError) -> [Int: Float] {
        guard !frames.isEmpty else { return [:] }
        let reader = try PrefetchingReader(path: path, limits: limits)
        let probe = StudioFluxProbe(frames: frames, offset: offset)
        let total = Double(max(1, reader.info.frames))
        var done = 0
        try reader.forEachMonoBlock { block throws(InputError) in
            probe.push(block)
            done += block.count
            progress?(Double(done) / total)
        }
        return probe.finish()
    }
}
