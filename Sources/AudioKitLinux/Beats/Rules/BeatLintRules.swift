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
            d.append(diagnostic(map, i, "hit \(RuleText.ordinal(i)) is \(t); write a time in seconds"))
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
            d.append(diagnostic(map, i, "hit \(RuleText.ordinal(i)) at \(s(t)) is before the track starts; remove it or shift the map"))
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
                diagnostic(
                    map, i,
                    "hit \(RuleText.ordinal(i)) at \(s(map.times[i])) comes before hit \(RuleText.ordinal(i - 1)) at \(s(map.times[i - 1])); sort the map"
                ))
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
            d.append(
                diagnostic(
                    map, i, "hit \(RuleText.ordinal(i)) at \(s(map.times[i])) duplicates hit \(RuleText.ordinal(i - 1)); remove one"))
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
            // Two times that print alike at milliseconds are printed to the microsecond, so the message shows which is later.
            let close = s(t) == s(end)
            let (at, track) = close ? (String(format: "%.6f s", t), String(format: "%.6f s", end)) : (s(t), s(end))
            d.append(diagnostic(map, i, "hit \(RuleText.ordinal(i)) at \(at) is \(t > end ? "past" : "at") the track's end at \(track)"))
        }
    }
}

/// Looks for two hits so close that a player cannot tap them apart.
public enum TooCloseRule: BeatRule {
    /// `beatmap.too_close`: id, name, summary, rationale, default severity (warning) and examples.
    public static let description = RuleDescription(
        id: "beatmap.too_close", name: "Hits too close to tell apart",
        summary: "Two hits are closer than the shortest gap a player can tap apart (default 60 ms).",
        rationale:
            "Two taps closer than about 60 ms (a 1/16 note at 250 BPM) are heard and played as one; chart editors write such notes as a chord. The limit is a setting; the 60 ms default is our choice, not a published threshold.",
        defaultSeverity: .warning, passing: [RuleExample("0.5\n0.6\n")], failing: [RuleExample("0.5\n0.53\n", expected: ["2:1"])])

    /// The index of each hit that follows the one before it by more than 0 and less than `minimumGap` seconds (so
    /// hits `i - 1` and `i` are too close), in order.
    public static func closeHits(_ times: [Double], minimumGap: Double) -> [Int] {
        times.indices.dropFirst().filter {
            let gap = times[$0] - times[$0 - 1]
            return gap > 0 && gap < minimumGap - 1e-9
        }
    }

    /// Flags each hit that follows the one before it by more than 0 and less than `options.minimumGap` seconds.
    public static func check(_ map: BeatMap, options: BeatLintOptions, into d: inout [Diagnostic]) {
        for i in closeHits(map.times, minimumGap: options.minimumGap) {
            let gap = map.times[i] - map.times[i - 1]
            d.append(
                diagnostic(
                    map, i,
                    "hit \(RuleText.ordinal(i)) at \(s(map.times[i])) is \(String(format: "%.0f", gap * 1000)) ms after hit \(RuleText.ordinal(i - 1)); a player taps them as one. Merge them, or move one at least \(String(format: "%.0f", options.minimumGap * 1000)) ms away"
                ))
        }
    }
}

/// Notes, once per map, that hit windows overlap: dense charts are normal, and games judge the earliest unhit note
/// first, but a player who taps early can take the wrong one.
public enum WindowOverlapRule: BeatRule {
    /// `beatmap.window_overlap`: id, name, summary, rationale, default severity (note) and examples.
    public static let description = RuleDescription(
        id: "beatmap.window_overlap", name: "Overlapping hit windows",
        summary: "Some hits are closer than twice the hit window, so their windows overlap (one note for the whole map).",
        rationale:
            "The game accepts a tap within ±150 ms of a hit (seeds 003, 3.5). Rhythm games judge the earliest unhit note first, so overlapping windows are normal in dense charts; a tap meant for the second hit that lands early counts for the first. Playability, not an error.",
        defaultSeverity: .note, passing: [RuleExample("0.5\n0.85\n")], failing: [RuleExample("0.5\n0.7\n", expected: ["2:1"])])

    /// One note at the first hit that follows its predecessor by less than 2 × `options.hitWindow`, with the count.
    public static func check(_ map: BeatMap, options: BeatLintOptions, into d: inout [Diagnostic]) {
        let limit = 2 * options.hitWindow
        let close = map.times.indices.dropFirst().filter {
            map.times[$0] - map.times[$0 - 1] > 0 && map.times[$0] - map.times[$0 - 1] < limit - 1e-9
        }
        guard let first = close.first else { return }
        d.append(
            diagnostic(
                map, first,
                "\(close.count) of \(map.count) hits come less than \(String(format: "%.0f", limit * 1000)) ms after the one before, so their ±\(String(format: "%.0f", options.hitWindow * 1000)) ms windows overlap (first: hit \(RuleText.ordinal(first)) at \(s(map.times[first]))); the game judges the earliest unhit note first"
            ))
    }
}

/// A chart's hit off every subdivision of its tempo map.
public enum OffGridRule: BeatRule {
    /// `beatmap.off_grid`: id, name, summary, rationale, default severity (warning) and examples.
    public static let description = RuleDescription(
        id: "beatmap.off_grid", name: "Hit off the tempo map",
        summary:
            "A chart's hit is further than 10 ms from every subdivision (1/1 to 1/16) of its tempo map: the chart's own, or the one fitted to its hits.",
        rationale:
            "Chart editors place hits on subdivisions of the beat (StepMania rows of 1/48 beat, osu! and Quaver snaps); a hit off all of them was typed or dragged by hand. Beat lists that are one steady pulse are checked by beatmap.outlier instead. The tolerance is a setting.",
        defaultSeverity: .warning,
        passing: [RuleExample("{\"bpm\": 120, \"offset\": 0.5, \"beats\": [0.5, 0.75, 1.0, 1.5, 1.625, 2.0, 2.5]}")],
        failing: [
            RuleExample("{\"bpm\": 120, \"offset\": 0.5, \"beats\": [0.5, 0.75, 1.0, 1.5, 1.612, 2.0, 2.5]}", expected: ["1:60"])
        ])

    /// Flags hits off every subdivision of the map's tempo map (declared, or fitted when the map is not one steady pulse).
    public static func check(_ map: BeatMap, options: BeatLintOptions, into d: inout [Diagnostic]) {
        let finite = map.times.filter(\.isFinite)
        guard finite.count >= 4 else { return }
        guard case .chart(let chartTempo) = options.reading ?? PulseOrChart.read(map), let tempo = chartTempo else { return }
        for (i, t) in map.times.enumerated() where t.isFinite && tempo.subdivision(of: t, tolerance: options.offGridTolerance) == nil {
            let line = tempo.nearestLine(to: t, level: 4)
            d.append(
                diagnostic(
                    map, i,
                    "hit \(RuleText.ordinal(i)) at \(s(t)) is off every subdivision (1/1 to 1/16) of the tempo map at \(RuleText.number((tempo.bpm(atTime: t) * 100).rounded() / 100)) BPM by more than \(String(format: "%.0f", options.offGridTolerance * 1000)) ms; the nearest 1/4 line is at \(s(line.time))"
                ))
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
        // A chart (a tempo map, or hits on subdivisions rather than one pulse) is checked by beatmap.off_grid.
        guard t.count >= 5, t.allSatisfy(\.isFinite), case .beatList = options.reading ?? PulseOrChart.read(map) else { return }
        let ibi = (1..<t.count).map { t[$0] - t[$0 - 1] }
        func localMedian(_ k: Int) -> Double {
            Median.upper((max(0, k - 4)...min(ibi.count - 1, k + 4)).filter { $0 != k }.map { ibi[$0] }) ?? ibi[k]
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
                        "beat \(RuleText.ordinal(k + 1)) at \(s(t[k + 1])) is \(String(format: "%+.0f", (ibi[k] - m) * 1000)) ms off the local beat interval of \(String(format: "%.3f", m)) s; move it to about \(s(t[k] + m))"
                    ))
                k += 2
            } else if k + 1 < ibi.count, abs((ibi[k] + ibi[k + 1]) / m - 1) < tol, r < 1 - tol {
                d.append(
                    diagnostic(
                        map, k + 1,
                        "beat \(RuleText.ordinal(k + 1)) at \(s(t[k + 1])) splits a \(String(format: "%.3f", m)) s interval in two; an extra beat?"
                    ))
                k += 2
            } else if r < 1e6 && abs(r - r.rounded()) < tol && r.rounded() >= 2 {
                d.append(
                    diagnostic(
                        map, k + 1,
                        "a gap of \(String(format: "%.3f", ibi[k])) s before beat \(RuleText.ordinal(k + 1)) at \(s(t[k + 1])) is \(Int(r.rounded())) beats long; \(Int(r.rounded()) - 1) beat\(r.rounded() > 2 ? "s" : "") missing?"
                    ))
                k += 1
            } else {
                k += 1
            }
        }
    }
}
