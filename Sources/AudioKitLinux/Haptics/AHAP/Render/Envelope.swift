/// The gain envelope of a continuous event (linear segments).
///
/// Sustained (the default): rise over the attack time, hold, and fall over the
/// release time so that the gain reaches 0 at the event's end; when attack and
/// release together are longer than the event they are shortened in proportion.
/// Not sustained: rise over the attack, then fall over the decay time, and stay
/// silent for the rest of the event (Apple: "ends when decay hits minimum").
public struct Envelope: Sendable, Equatable {
    /// Rise time in seconds, after shortening to fit the event.
    public let attack: Double
    /// Fall time in seconds after the attack; used only when not sustained.
    public let decay: Double
    /// Fall time in seconds before the end of a sustained event, after shortening to fit.
    public let release: Double
    /// Whether the gain holds until the end (true) or decays after the attack (false).
    public let sustained: Bool
    /// The event's length in seconds, at least 0.
    public let duration: Double

    /// An envelope for an event of `duration` seconds (a negative one counts as 0), all times in seconds. When sustained, attack and
    /// release are scaled down together if their sum exceeds the duration; otherwise the attack is cut to the duration.
    public init(attack: Double, decay: Double, release: Double, sustained: Bool, duration: Double) {
        let d = max(0, duration)
        if sustained && attack + release > d && attack + release > 0 {
            let scale = d / (attack + release)
            self.attack = attack * scale
            self.release = release * scale
        } else {
            self.attack = min(attack, d)
            self.release = release
        }
        self.decay = decay
        self.sustained = sustained
        self.duration = d
    }

    /// Seconds from the event start until the gain is 0 for good.
    public var length: Double { sustained ? duration : min(duration, attack + decay) }

    /// Gain at `t` seconds after the event start.
    public func gain(at t: Double) -> Double {
        guard t >= 0, t < length else { return 0 }
        let rise = attack > 0 ? min(1, t / attack) : 1
        if sustained {
            let fall = release > 0 ? min(1, (duration - t) / release) : 1
            return min(rise, fall)
        }
        if t < attack { return rise }
        return decay > 0 ? max(0, 1 - (t - attack) / decay) : 0
    }
}
