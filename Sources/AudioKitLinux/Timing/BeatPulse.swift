import Foundation

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
