/// The gain envelope of a continuous event (linear segments).
///
/// Sustained (the default): rise over the attack time, hold, and fall over the
/// release time so that the gain reaches 0 at the event's end; when attack and
/// release together are longer than the event they are shortened in proportion.
/// Not sustained: rise over the attack, then fall over the decay time, and stay
/// silent for the rest of the event (Apple: "ends when decay hits minimum").
public struct Envelope: Sendable, Equatable {
    public let attack: Double
    public let decay: Double
    public let release: Double
    public let sustained: Bool
    public let duration: Double

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
