import Foundation

/// The naive frame-quantized timer measured against the locked clock.
public struct TimerDriftReport: Sendable {
    /// One beat, as timed by both clocks.
    public struct Row: Sendable {
        /// Beat number, from 0.
        public let beat: Int
        /// Time of the beat on the locked beat clock, in seconds.
        public let lockedTime: Double
        /// Time the frame-quantized timer fires for the beat, in seconds.
        public let naiveTime: Double
        /// How late the naive timer is, in seconds (negative when early).
        public var drift: Double { naiveTime - lockedTime }
    }

    /// Tempo, in beats per minute.
    public let bpm: Double
    /// Display frame rate of the naive timer, in frames per second.
    public let framesPerSecond: Double
    /// One row per beat, from beat 0.
    public let rows: [Row]

    /// Compares the two over `seconds` of music.
    public init(bpm: Double, framesPerSecond: Double, seconds: Double, carriesOver: Bool = false) {
        self.bpm = bpm
        self.framesPerSecond = framesPerSecond
        let clock = BeatClock(bpm: bpm)
        let count = Int((seconds * bpm / 60).rounded(.down)) + 1
        let naive = FrameQuantizedTimer(bpm: bpm, framesPerSecond: framesPerSecond, carriesOver: carriesOver).fireTimes(count: count)
        rows = (0..<count).map { Row(beat: $0, lockedTime: clock.time(ofBeat: Double($0)), naiveTime: naive[$0]) }
    }

    /// Drift of the last beat, in seconds; 0 when there are no rows.
    public var finalDrift: Double { rows.last?.drift ?? 0 }

    /// Drift after each whole `step` seconds.
    public func checkpoints(every step: Double) -> [Row] {
        var out: [Row] = []
        var next = step
        for r in rows where r.lockedTime >= next {
            out.append(r)
            next += step
        }
        return out
    }

    /// The first beat whose drift exceeds `limit` seconds (the ±150 ms hit window, say).
    public func firstBeat(beyond limit: Double) -> Row? { rows.first { abs($0.drift) > limit } }
}

/// The beat-pulse envelopes the game draws (seeds 000, 5.7d).
public enum BeatPulse: String, Sendable, CaseIterable {
    /// Background brightness: +0.08 for 0.05 s, then back to 0 over 60 % of the interval.
    case background
    /// Obstacle glow radius: 3 pt rising to 6 pt on the beat, back to 3 pt over 40 % of the interval.
    case glow

    /// The pulse's value `t` seconds after a beat, for a beat interval `interval`.
    public func value(sinceBeat t: Double, interval: Double) -> Double {
        switch self {
        case .background:
            if t < 0 { return 0 }
            if t < 0.05 { return 0.08 }
            let decay = 0.6 * interval
            return t < 0.05 + decay ? 0.08 * (1 - (t - 0.05) / decay) : 0
        case .glow:
            if t < 0 { return 3 }
            let decay = 0.4 * interval
            return t < decay ? 6 - 3 * t / decay : 3
        }
    }

    /// The unit of `value(sinceBeat:interval:)`: "brightness" or "points".
    public var unit: String { self == .background ? "brightness" : "points" }

    /// Samples of the pulse at `rate` per second over `seconds`, on the locked clock: each beat's pulse decays over its
    /// own beat interval (the clock's tempo at that beat), whatever the tempo turns to before the next.
    public func samples(clock: BeatClock, seconds: Double, rate: Double) -> [(time: Double, value: Double)] {
        (0..<Int(seconds * rate)).map { i in
            let t = Double(i) / rate
            let last = clock.time(ofBeat: clock.beatPosition(at: t).rounded(.down))
            return (t, value(sinceBeat: t - last, interval: 60 / clock.tempo.bpm(atTime: last)))
        }
    }
}

/// The game's world table (seeds 000, 5.7d and 5.10).
public enum GameTempos {
    /// Each world's name and its two tempos `a` and `b`, in beats per minute.
    public static let worlds: [(name: String, a: Double, b: Double)] = [
        ("1 THE BLOCK", 88, 95), ("2 NEON YARD", 172, 174), ("3 UNDERGROUND", 160, 165), ("4 STATIC", 132, 138),
    ]
    /// Tempo of the intermission, in beats per minute.
    public static let intermission = 140.0
    /// Every tempo in the table, in beats per minute: each world's two, then the intermission.
    public static var all: [Double] { worlds.flatMap { [$0.a, $0.b] } + [intermission] }
}
