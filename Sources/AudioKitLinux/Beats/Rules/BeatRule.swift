import Foundation

/// Settings for beat-map lint.
public struct BeatLintOptions: Sendable {
    /// The game's hit window, ± seconds (seeds 003, 3.5: ±150 ms).
    public var hitWindow: Double
    /// The track's length, when known, for `beatmap.past_end`.
    public var audioDuration: Double?
    /// How far an interval may stray from its neighbours' median before it is an outlier (fraction).
    public var outlierTolerance: Double

    /// Lint settings: the hit window in ± seconds (default 0.150), the track's length in seconds when known,
    /// and the outlier tolerance as a fraction of the local interval (default 0.25).
    /// Two hits closer than this are one tap for the player (`beatmap.too_close`), seconds.
    public var minimumGap: Double = 0.060
    /// A chart's hit further than this from every subdivision of its tempo map is off the grid (`beatmap.off_grid`), seconds.
    public var offGridTolerance: Double = 0.010

    /// Options with the hit window (± seconds), the track's length, and the outlier tolerance (a share of the interval).
    public init(hitWindow: Double = 0.150, audioDuration: Double? = nil, outlierTolerance: Double = 0.25) {
        self.hitWindow = hitWindow
        self.audioDuration = audioDuration
        self.outlierTolerance = outlierTolerance
    }
}

/// A beat-map lint rule: a description (with examples in the text format, one
/// time per line, flagged at "line:col") and a check.
public protocol BeatRule: Sendable {
    static var description: RuleDescription { get }
    static func check(_ map: BeatMap, options: BeatLintOptions, into diagnostics: inout [Diagnostic])
}

extension BeatRule {
    static func diagnostic(_ map: BeatMap, _ index: Int, _ message: String, severity: Severity? = nil) -> Diagnostic {
        Diagnostic(
            ruleID: description.id, severity: severity ?? description.defaultSeverity, location: map.locations[index], message: message)
    }

    static func s(_ t: Double) -> String { String(format: "%.3f s", t) }
}

/// The beat-map lint rules, and the function that runs them all.
public enum BeatRuleRegistry {
    /// Every lint rule, in the order they are run and documented.
    public static let all: [any BeatRule.Type] = [
        NotFiniteRule.self, NegativeBeatRule.self, NotIncreasingRule.self, DuplicateBeatRule.self, PastEndRule.self,
        TooCloseRule.self, WindowOverlapRule.self, IntervalOutlierRule.self, OffGridRule.self,
    ]

    /// The lint rules' descriptions (`BeatMapRules.all` has every beatmap rule).
    public static var descriptions: [RuleDescription] { all.map { $0.description } }

    /// Runs every lint rule.
    public static func lint(_ map: BeatMap, options: BeatLintOptions = BeatLintOptions()) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for rule in all { rule.check(map, options: options, into: &diagnostics) }
        return diagnostics.sorted()
    }
}
