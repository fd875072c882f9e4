import Foundation

/// Settings for beat-map lint.
public struct BeatLintOptions: Sendable {
    /// The game's hit window, ± seconds (seeds 003, 3.5: ±150 ms).
    public var hitWindow: Double
    /// The track's length, when known, for `beatmap.past_end`.
    public var audioDuration: Double?
    /// How far an interval may stray from its neighbours' median before it is an outlier (fraction).
    public var outlierTolerance: Double

    /// Two hits closer than this are one tap for the player (`beatmap.too_close`), seconds.
    public var minimumGap: Double = 0.060
    /// A chart's hit further than this from every subdivision of its tempo map is off the grid (`beatmap.off_grid`), seconds.
    public var offGridTolerance: Double = 0.010
    /// How the map being linted reads (a beat list, or a chart on a tempo map), found once for all the rules by
    /// `BeatRuleRegistry.lint`: the fit of a tempo map to a long list's hits is its slowest step. Nil: each rule reads it.
    var reading: PulseOrChart.Reading? = nil

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
        var options = options
        options.reading = PulseOrChart.read(map)
        for rule in all { rule.check(map, options: options, into: &diagnostics) }
        return diagnostics.sorted()
    }
}
