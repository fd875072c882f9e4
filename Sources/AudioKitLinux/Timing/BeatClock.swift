import Foundation

/// A beat clock locked to a media clock: beat n falls at anchor + n·60/BPM,
/// computed from the time itself, so no error accumulates. Tempo changes keep
/// the beat position continuous (the phase does not jump at the change).
public struct BeatClock: Sendable, Equatable {
    /// One tempo, in force from its start time (`time`) until the next segment, from beat position `beat`.
    public typealias Segment = TempoMap.Section

    /// The clock's tempo map: beat 0 at the anchor, a section per tempo (the package's one tempo type).
    public private(set) var tempo: TempoMap

    /// The tempo segments, sorted by time; the first starts at the anchor.
    public var segments: [Segment] { tempo.sections }
    /// Beats in a bar, at least 1.
    public var beatsPerBar: Int { tempo.beatsPerBar }

    /// A clock at `bpm` beats per minute whose beat 0 falls at media time `anchor` (seconds). `bpm` must be
    /// positive and finite (a precondition); a `beatsPerBar` below 1 becomes 1.
    public init(bpm: Double, anchor: Double = 0, beatsPerBar: Int = 4) {
        precondition(bpm > 0 && bpm.isFinite, "BPM must be positive")
        tempo = TempoMap(offset: anchor, bpm: bpm, beatsPerBar: beatsPerBar)
    }

    /// A clock that runs on `tempo` (a chart's tempo map, sections and stops included): beat n falls where the map
    /// puts it, and a later `changeTempo` continues from it.
    public init(tempo: TempoMap) {
        self.tempo = tempo
    }

    /// Media time of beat 0, in seconds.
    public var anchor: Double { segments[0].time }

    /// Changes the tempo from media time `time` on, keeping the beat position continuous there
    /// (`TempoMap.changingTempo(to:atTime:)`).
    public mutating func changeTempo(to bpm: Double, at time: Double) {
        tempo = tempo.changingTempo(to: bpm, atTime: time)
    }

    /// Beats since the anchor at media time `t` (fractional; negative before the anchor).
    public func beatPosition(at t: Double) -> Double { tempo.beat(atTime: t) }

    /// Media time of beat position `b`.
    public func time(ofBeat b: Double) -> Double { tempo.time(ofBeat: b) }

    /// Position within the current beat, 0 ≤ phase < 1.
    public func phase(at t: Double) -> Double {
        let b = beatPosition(at: t)
        return b - b.rounded(.down)
    }

    /// Bar number (from 0) and beat within the bar (from 0) at `t`.
    public func barAndBeat(at t: Double) -> (bar: Int, beat: Int) {
        let n = Int(beatPosition(at: t).rounded(.down))
        let bar = n >= 0 ? n / beatsPerBar : -((-n - 1) / beatsPerBar) - 1
        return (bar, n - bar * beatsPerBar)
    }

    /// The first beat at or after `t` (or bar line, with `bar`).
    public func nextBeat(after t: Double, bar: Bool = false) -> Double {
        let b = beatPosition(at: t) - 1e-9
        let unit = bar ? Double(beatsPerBar) : 1
        return time(ofBeat: (b / unit).rounded(.up) * unit)
    }

    /// Beat times in [from, to), from the anchor (beat 0) on.
    public func beats(from: Double, to: Double) -> [Double] {
        var result: [Double] = []
        var n = max(0, beatPosition(at: from).rounded(.up))
        while true {
            let t = time(ofBeat: n)
            if t >= to { break }
            if t >= from { result.append(t) }
            n += 1
        }
        return result
    }
}

/// The game's pulse timer: "run; wait(interval); repeat", where each wait can
/// only end on a display frame, so every beat lasts a whole number of frames.
///
/// SpriteKit-style: a wait of d seconds started at frame time F ends at the
/// first frame time ≥ F + d, and the next iteration starts there; the overshoot
/// is not carried over. With `carriesOver` the overshoot is subtracted from the
/// next wait (an engine that keeps an accumulator): no drift, only jitter.
public struct FrameQuantizedTimer: Sendable {
    /// The requested wait between pulses, in seconds (60 / BPM).
    public let interval: Double
    /// Display frame rate, in frames per second.
    public let framesPerSecond: Double
    /// Time of the first pulse, in seconds, on a frame time.
    public let start: Double
    /// Whether each wait's overshoot past its due time is subtracted from the next wait.
    public let carriesOver: Bool

    /// A timer for `bpm` beats per minute on a display refreshing `framesPerSecond` times a second, first firing at
    /// `start` seconds rounded up to the next frame time.
    public init(bpm: Double, framesPerSecond: Double, start: Double = 0, carriesOver: Bool = false) {
        interval = 60 / bpm
        self.framesPerSecond = framesPerSecond
        self.start = (start * framesPerSecond).rounded(.up) / framesPerSecond
        self.carriesOver = carriesOver
    }

    /// Fire times of the first `count` pulses.
    public func fireTimes(count: Int) -> [Double] {
        var times: [Double] = []
        times.reserveCapacity(count)
        // Frames are counted as integers so that no floating-point error builds up.
        var frame = (start * framesPerSecond).rounded()
        var due = start
        for _ in 0..<count {
            times.append(frame / framesPerSecond)
            due = (carriesOver ? due : frame / framesPerSecond) + interval
            frame = (due * framesPerSecond - 1e-9).rounded(.up)
        }
        return times
    }
}
