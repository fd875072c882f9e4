/// The game's music transitions (seeds: the level and world changes, the chapters, the death and the intermission).
public enum CrossfadeScenario: String, Sendable, CaseIterable {
    /// Between two levels of one world: a 2 s linear fade (AVAudioPlayer's volume ramp).
    case level5to6 = "level-5-to-6"
    /// Into a new world's music: a 2 s linear fade.
    case worldChange = "world-change"
    /// Between two chapters (the other app): a 500 ms linear fade.
    case chapterChange = "chapter-change"
    /// Death: the music is cut to silence at once, and the next track starts with no fade.
    case death
    /// Death, then the intermission: the music is cut and the intermission starts 0.5 s later (after the voice).
    case intermissionDeath = "intermission-death"

    /// The fade's length in seconds as the game plays this scenario.
    public var duration: Double {
        switch self {
        case .level5to6, .worldChange: return 2
        case .chapterChange: return 0.5
        case .death, .intermissionDeath: return 0
        }
    }

    /// `plan` as this scenario plays it; a `curve`, `duration` or `gap` the user chose wins over the scenario's.
    public func apply(to plan: CrossfadePlan, curve: CrossfadeCurve?, gap: Double?, duration: Double? = nil) -> CrossfadePlan {
        var p = plan
        p.duration = duration ?? self.duration
        switch self {
        case .level5to6, .worldChange, .chapterChange:
            p.curve = curve ?? .linear
            p.gap = gap ?? 0
        case .death:
            p.curve = curve ?? .hardCut
            p.gap = gap ?? 0
        case .intermissionDeath:
            p.curve = curve ?? .hardCut
            p.gap = gap ?? 0.5
        }
        return p
    }
}
