import Foundation

/// A beat that is NaN or infinite.
public enum NotFiniteRule: BeatRule {
    /// `beatmap.not_finite`: id, name, summary, rationale, default severity (error) and examples.
    public static let description = RuleDescription(
        id: "beatmap.not_finite", name: "Beat not finite", summary: "A beat time is NaN or infinite.",
        rationale: "A spawn time must be a real number of seconds; NaN compares false with everything and breaks the game's ordering.",
        defaultSeverity: .error, passing: [RuleExample("0.5\n1.0\n")], failing: [RuleExample("0.5\nnan\n1.5\n", expected: ["2:1"])])

    /// Flags every beat that is NaN or infinite.
    public static func check(_ map: BeatMap, options: BeatLintOptions, into d: inout [Diagnostic]) {
        for (i, t) in map.times.enumerated() where !t.isFinite {
            d.append(diagnostic(map, i, "beat \(i) is \(t); write a time in seconds"))
        }
    }
}

/// Looks for beats before 0 s.
public enum NegativeBeatRule: BeatRule {
    /// `beatmap.negative`: id, name, summary, rationale, default severity (error) and examples.
    public static let description = RuleDescription(
        id: "beatmap.negative", name: "Negative beat", summary: "A beat time is before the track starts.",
        rationale: "A beat before 0 s can never be hit (seeds 003, 13.1: timestamps within the track's duration).",
        defaultSeverity: .error, passing: [RuleExample("0\n0.5\n")], failing: [RuleExample("-0.25\n0.5\n", expected: ["1:1"])])

    /// Flags every finite beat below 0 s.
    public static func check(_ map: BeatMap, options: BeatLintOptions, into d: inout [Diagnostic]) {
        for (i, t) in map.times.enumerated() where t.isFinite && t < 0 {
            d.append(diagnostic(map, i, "beat \(i) at \(s(t)) is before the track starts; remove it or shift the map"))
        }
    }
}

/// Looks for a beat listed after a later one.
public enum NotIncreasingRule: BeatRule {
    /// `beatmap.not_increasing`: id, name, summary, rationale, default severity (error) and examples.
    public static let description = RuleDescription(
        id: "beatmap.not_increasing", name: "Beats out of order", summary: "A beat comes before the beat listed ahead of it.",
        rationale:
            "The game's own tests require strictly increasing timestamps (seeds 003, 13.1); a spawner walking the array in order skips or double-fires.",
        defaultSeverity: .error, passing: [RuleExample("0.5\n1.0\n1.5\n")], failing: [RuleExample("0.5\n1.5\n1.0\n", expected: ["3:1"])])

    /// Flags each beat earlier than the beat listed before it.
    public static func check(_ map: BeatMap, options: BeatLintOptions, into d: inout [Diagnostic]) {
        for i in map.times.indices.dropFirst() where map.times[i] < map.times[i - 1] {
            d.append(
                diagnostic(map, i, "beat \(i) at \(s(map.times[i])) comes before beat \(i - 1) at \(s(map.times[i - 1])); sort the map"))
        }
    }
}

/// Looks for the same time listed twice in a row.
public enum DuplicateBeatRule: BeatRule {
    /// `beatmap.duplicate`: id, name, summary, rationale, default severity (error) and examples.
    public static let description = RuleDescription(
        id: "beatmap.duplicate", name: "Duplicate beat", summary: "The same time appears twice in a row.",
        rationale: "Two spawns at one time are one tap for the player; the second is a miss they cannot avoid.",
        defaultSeverity: .error, passing: [RuleExample("0.5\n1.0\n")], failing: [RuleExample("0.5\n1.0\n1.0\n", expected: ["3:1"])])

    /// Flags each beat equal to the beat listed before it.
    public static func check(_ map: BeatMap, options: BeatLintOptions, into d: inout [Diagnostic]) {
        for i in map.times.indices.dropFirst() where map.times[i] == map.times[i - 1] {
            d.append(diagnostic(map, i, "beat \(i) at \(s(map.times[i])) duplicates beat \(i - 1); remove one"))
        }
    }
}

/// Looks for beats at or after the end of the track, when the track's duration is known.
public enum PastEndRule: BeatRule {
    /// `beatmap.past_end`: id, name, summary, rationale, default severity (error) and examples.
    public static let description = RuleDescription(
        id: "beatmap.past_end", name: "Beat past the end", summary: "A beat is at or after the end of the track.",
        rationale: "The game's tests require timestamps within the track's duration (seeds 003, 13.1). Checked when the track is given.",
        defaultSeverity: .error)

    /// Flags each finite beat at or after `options.audioDuration` seconds; does nothing when that is nil.
    public static func check(_ map: BeatMap, options: BeatLintOptions, into d: inout [Diagnostic]) {
        guard let end = options.audioDuration else { return }
        for (i, t) in map.times.enumerated() where t.isFinite && t >= end {
            d.append(diagnostic(map, i, "beat \(i) at \(s(t)) is past the track's end at \(s(end))"))
        }
    }
}

/// Looks for consecutive beats closer than twice the hit window, so that one tap could count for either.
public enum TooCloseRule: BeatRule {
    /// `beatmap.too_close`: id, name, summary, rationale, default severity (warning) and examples.
    public static let description = RuleDescription(
        id: "beatmap.too_close", name: "Beats closer than the hit window",
        summary: "Two beats are closer than twice the hit window, so one tap could count for either.",
        rationale:
            "The game accepts a tap within ±150 ms of a beat (seeds 003, 3.5); beats closer than 300 ms make taps ambiguous. The window is a setting (default ±150 ms).",
        defaultSeverity: .warning, passing: [RuleExample("0.5\n0.85\n")], failing: [RuleExample("0.5\n0.7\n", expected: ["2:1"])])

    /// Flags each beat that follows the one before it by more than 0 and less than 2 × `options.hitWindow` seconds.
    public static func check(_ map: BeatMap, options: BeatLintOptions, into d: inout [Diagnostic]) {
        let limit = 2 * options.hitWindow
        for i in map.times.indices.dropFirst() {
            let gap = map.times[i] - map.times[i - 1]
            if gap > 0 && gap < limit - 1e-9 {
                d.append(
                    diagnostic(
                        map, i,
                        "beat \(i) at \(s(map.times[i])) is \(String(format: "%.3f", gap)) s after beat \(i - 1), inside the ±\(String(format: "%.3f", options.hitWindow)) s hit window"
                    ))
            }
        }
    }
}

/// An interval that disagrees with its neighbours: a displaced, a missing or an extra beat.
public enum IntervalOutlierRule: BeatRule {
    /// `beatmap.outlier`: id, name, summary, rationale, default severity (warning) and examples.
    public static let description = RuleDescription(
        id: "beatmap.outlier", name: "Isolated outlier",
        summary: "A beat breaks the local beat interval: it is displaced, or a beat is missing or extra.",
        rationale:
            "Hand-made maps follow the music's pulse; one interval far from its neighbours' median (default ±25 %) is usually a slip of the hand.",
        defaultSeverity: .warning,
        passing: [RuleExample("0.5\n1.0\n1.5\n2.0\n2.5\n3.0\n3.5\n")],
        failing: [
            RuleExample("0.5\n1.0\n1.5\n2.2\n2.5\n3.0\n3.5\n4.0\n", expected: ["4:1"]),
            RuleExample("0.5\n1.0\n1.5\n2.0\n3.0\n3.5\n4.0\n4.5\n", expected: ["5:1"]),
            RuleExample("0.5\n1.0\n1.5\n2.0\n2.25\n2.5\n3.0\n3.5\n4.0\n", expected: ["5:1"]),
        ])

    /// Compares each interval with the median of up to four intervals on each side and flags a displaced beat,
    /// an extra beat, or a gap of a whole number of beats (missing beats). Needs at least five beats, all finite.
    public static func check(_ map: BeatMap, options: BeatLintOptions, into d: inout [Diagnostic]) {
        let t = map.times
        guard t.count >= 5, t.allSatisfy(\.isFinite) else { return }
        let ibi = (1..<t.count).map { t[$0] - t[$0 - 1] }
        func localMedian(_ k: Int) -> Double {
            let window = (max(0, k - 4)...min(ibi.count - 1, k + 4)).filter { $0 != k }.map { ibi[$0] }
                .sorted()
            return window.isEmpty ? ibi[k] : window[window.count / 2]
        }
        let tol = options.outlierTolerance
        var k = 0
        while k < ibi.count {
            let m = localMedian(k)
            guard m > 0 else {
                k += 1
                continue
            }
            let r = ibi[k] / m
            if k + 1 < ibi.count, abs((ibi[k] + ibi[k + 1]) / m - 2) < tol, abs(r - 1) > tol {
                // Two intervals that add up to two beats: beat k+1 is displaced.
                d.append(
                    diagnostic(
                        map, k + 1,
                        "beat \(k + 1) at \(s(t[k + 1])) is \(String(format: "%+.0f", (ibi[k] - m) * 1000)) ms off the local beat interval of \(String(format: "%.3f", m)) s; move it to about \(s(t[k] + m))"
                    ))
                k += 2
            } else if k + 1 < ibi.count, abs((ibi[k] + ibi[k + 1]) / m - 1) < tol, r < 1 - tol {
                d.append(
                    diagnostic(
                        map, k + 1,
                        "beat \(k + 1) at \(s(t[k + 1])) splits a \(String(format: "%.3f", m)) s interval in two; an extra beat?"))
                k += 2
            } else if r < 1e6 && abs(r - r.rounded()) < tol && r.rounded() >= 2 {
                d.append(
                    diagnostic(
                        map, k + 1,
                        "a gap of \(String(format: "%.3f", ibi[k])) s before beat \(k + 1) at \(s(t[k + 1])) is \(Int(r.rounded())) beats long; \(Int(r.rounded()) - 1) beat\(r.rounded() > 2 ? "s" : "") missing?"
                    ))
                k += 1
            } else {
                k += 1
            }
        }
    }
}
