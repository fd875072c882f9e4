/// The game's music transitions (seeds: the level and world changes, the intermission after a death).
public enum CrossfadeScenario: String, Sendable, CaseIterable {
    /// Between two levels of one world: a 2 s linear fade (AVAudioPlayer's volume ramp).
    case level5to6 = "level-5-to-6"
    /// Into a new world's music: a 2 s linear fade.
    case worldChange = "world-change"
    /// Death: the music is cut and the intermission starts 0.5 s later.
    case intermissionDeath = "intermission-death"

    /// `plan` as this scenario plays it; a `curve` or `gap` the user chose wins over the scenario's.
    public func apply(to plan: CrossfadePlan, curve: CrossfadeCurve?, gap: Double?) -> CrossfadePlan {
        var p = plan
        switch self {
        case .level5to6, .worldChange:
            p.curve = curve ?? .linear
        case .intermissionDeath:
            p.curve = curve ?? .hardCut
            p.gap = gap ?? 0.5
        }
        return p
    }
}
