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
