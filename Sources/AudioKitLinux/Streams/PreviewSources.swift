import Foundation

/// A short click: a 1.5 kHz (accent: 2.5 kHz) sine burst of 25 ms with a fast decay.
struct Click {
    let samples: [Float]

    init(rate: Int, gain: Double, accent: Bool = false) {
        let n = Int(0.025 * Double(rate))
        let f = accent ? 2500.0 : 1500.0
        samples = (0..<n).map { i in
            let t = Double(i) / Double(rate)
            return Float(gain * sin(2 * Double.pi * f * t) * exp(-t / 0.006))
        }
    }
}

/// A track with a click on each beat of a beat map: hear a late beat at once.
/// Streams the track from disk (mixed to stereo) from `from` to `to`, and loops that section when asked.
public final class BeatPreviewSource: AudioSource {
    private let reader: SoundFileReader
    private let beats: [Double]
    private let click: Click
    private let startFrame: Int
    private let endFrame: Int
    private let loops: Bool
    private var position: Int
    private var raw: [Float] = []
    /// The track's sample rate, in Hz.
    public let sampleRate: Int
    /// Always 2: a mono track is copied to both channels, channels after the second are dropped.
    public let channels = 2

    /// `clickGain` in decibels (−6 dB by default).
    public init(
        track: String, beats: [Double], clickGain: Double = -6, from: Double = 0, to: Double? = nil, loops: Bool = false,
        limits: AudioLimits = .standard
    ) throws(InputError) {
        reader = try SoundFileReader(path: track, limits: limits)
        sampleRate = reader.info.sampleRate
        // Only times inside the track can click (and only those convert to frame numbers safely).
        self.beats = beats.filter { $0.isFinite && $0 >= 0 && $0 < 1e7 }.sorted()
        click = Click(rate: reader.info.sampleRate, gain: pow(10, clickGain / 20))
        let rate = Double(reader.info.sampleRate)
        startFrame = max(0, Int(from * rate))
        endFrame = min(Int(reader.info.frames), to.map { Int($0 * rate) } ?? Int(reader.info.frames))
        self.loops = loops
        position = startFrame
        if startFrame > 0 { reader.seek(toFrame: Int64(startFrame)) }
    }

    /// Frames between `from` and `to`; nil when looping, which never ends.
    public var frameCount: Int? { loops ? nil : max(0, endFrame - startFrame) }

    /// Reads the next block of at most 4096 stereo frames and adds the clicks that sound in it; returns the frames,
    /// 0 at the end or when a read fails. When looping, the end seeks back to `from`.
    public func nextBlock(into buffer: inout [Float]) -> Int {
        if position >= endFrame {
            guard loops, endFrame > startFrame, reader.seek(toFrame: Int64(startFrame)) else { return 0 }
            position = startFrame
        }
        let want = min(4096, endFrame - position)
        let c = reader.info.channels
        if raw.count < want * c { raw = [Float](repeating: 0, count: want * c) }
        let got = (try? raw.withUnsafeMutableBufferPointer { p throws(InputError) in try reader.read(into: p, frames: want) }) ?? 0
        guard got > 0 else { return 0 }
        if buffer.count != got * 2 { buffer = [Float](repeating: 0, count: got * 2) }
        for i in 0..<got {
            let l = raw[i * c], r = c > 1 ? raw[i * c + 1] : l
            buffer[2 * i] = l
            buffer[2 * i + 1] = r
        }
        // Clicks whose sound overlaps this block.
        let rate = Double(sampleRate)
        let blockStart = position, blockEnd = position + got
        let first = beats.firstIndex { Int(($0 * rate).rounded()) + click.samples.count > blockStart } ?? beats.count
        var k = first
        while k < beats.count {
            let onset = Int((beats[k] * rate).rounded())
            if onset >= blockEnd { break }
            for j in 0..<click.samples.count {
                let f = onset + j
                if f >= blockStart && f < blockEnd {
                    buffer[2 * (f - blockStart)] += click.samples[j]
                    buffer[2 * (f - blockStart) + 1] += click.samples[j]
                }
            }
            k += 1
        }
        position += got
        return got
    }
}

/// A metronome on the locked beat clock: an accented click on each bar.
public final class MetronomeSource: AudioSource {
    /// Output sample rate, in Hz.
    public let sampleRate: Int
    /// Always 2 (the same click in both channels).
    public let channels = 2
    private let clock: BeatClock
    private let total: Int
    private var position = 0
    private let click: Click
    private let accent: Click

    /// A metronome of `seconds` seconds at `sampleRate` Hz following `clock`: a 1.5 kHz click on each beat,
    /// a louder 2.5 kHz click on the first beat of each bar.
    public init(clock: BeatClock, seconds: Double, sampleRate: Int = 44_100) {
        self.sampleRate = sampleRate
        self.clock = clock
        total = Int(seconds * Double(sampleRate))
        click = Click(rate: sampleRate, gain: 0.5)
        accent = Click(rate: sampleRate, gain: 0.7, accent: true)
    }

    /// Total frames: `seconds` × `sampleRate`, rounded down.
    public var frameCount: Int? { total }

    /// Replaces `buffer` with the next block of at most 4096 stereo frames; returns the frames, 0 at the end.
    public func nextBlock(into buffer: inout [Float]) -> Int {
        let n = min(4096, total - position)
        guard n > 0 else { return 0 }
        buffer = [Float](repeating: 0, count: n * 2)
        let rate = Double(sampleRate)
        let from = max(0, Double(position) / rate - 0.03), to = Double(position + n) / rate
        for t in clock.beats(from: from, to: to) {
            let c = clock.barAndBeat(at: t + 1e-9).beat == 0 ? accent : click
            let onset = Int((t * rate).rounded())
            for j in 0..<c.samples.count where onset + j >= position && onset + j < position + n {
                buffer[2 * (onset + j - position)] += c.samples[j]
                buffer[2 * (onset + j - position) + 1] += c.samples[j]
            }
        }
        position += n
        return n
    }
}
