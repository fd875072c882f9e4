import Foundation

/// A StepMania chart's timing tags read as StepMania 5's loaders read them (`NotesLoaderSM.cpp`
/// `ProcessBPMsAndStops`, `NotesLoaderSSC.cpp` `ProcessWarps`; ../shared/reference/CHART-FORMATS.md §1.2–1.3), into a
/// `TempoMap` with its warps:
///
/// - `.ssc` `#WARPS:beat=length` (from `#VERSION` 0.70; before it, the value is the beat the warp ends on);
/// - in `.sm`, the old-style warps StepMania 4 wrote (a negative tempo, a tempo above 9,999,999 BPM, a negative
///   stop), turned into warps as StepMania 5 does (`StepManiaOldWarps`), and stops before beat 0 folded into the offset;
/// - a tempo above 10,000 BPM otherwise is played at that tempo (a `TempoMap.Warp` span).
///
/// What StepMania would ignore or could not play is refused with its position, never dropped: a tempo of 0, a
/// negative tempo or stop in `.ssc` (its loader skips them), a negative delay, a warp of no length, `#WARPS` in `.sm`.
/// The old-style warps are read with a warning that says what StepMania makes of them.
enum StepManiaTempo {
    /// StepMania's `FAST_BPM_WARP`: in `.sm`, a faster tempo is a warp.
    static let fastWarp = 9_999_999.0

    /// One `beat=value` entry and the tag it came from.
    struct Entry {
        let beat: Double
        let value: Double
        let tag: MSDText.Value
    }

    /// What the timing tags say, before the old-style warps are turned into warps.
    struct Tags {
        var offset = 0.0
        var bpms: [Entry] = []
        var stops: [Entry] = []
        var delays: [Entry] = []
        var warps: [TempoMap.Warp] = []
    }

    /// The tempo map of `timing` (`ssc` for a `.ssc` file of `#VERSION` `version`), with the warnings it gives.
    static func map(_ timing: [MSDText.Value], file: String?, ssc: Bool, version: Double) -> Result<
        (TempoMap, [Diagnostic]), StepManiaChart.Failure
    > {
        let tags: Tags
        switch read(timing, file: file, ssc: ssc, version: version) {
        case .failure(let f): return .failure(f)
        case .success(let t): tags = t
        }
        var warnings: [Diagnostic] = []
        func warn(_ e: Entry, _ message: String) {
            warnings.append(
                Diagnostic(
                    ruleID: BeatMapRules.clampedValue, severity: .warning,
                    location: SourceLocation(file: file, line: e.tag.line, column: e.tag.column), message: message))
        }
        // StepMania: the last tempo at or before beat 0 starts the song; with none, the first one; with no tempo, 60.
        let sorted = tags.bpms.enumerated().sorted { ($0.element.beat, $0.offset) < ($1.element.beat, $1.offset) }.map(\.element)
        let start = sorted.last { $0.beat <= 0 } ?? sorted.first
        if let start, start.value < 0 || start.value > fastWarp {
            return fail(
                start.tag, file,
                "#BPMS starts on a tempo of \(RuleText.number(start.value)), which StepMania cannot play from beat 0; start it on the tempo the song begins at"
            )
        }
        var changes: [(beat: Double, bpm: Double)]
        var stops: [TempoMap.Stop]
        var warps = tags.warps
        // Stops before beat 0 move beat 0 later (StepMania folds them into the offset).
        let early = tags.stops.filter { $0.beat < 0 }.reduce(0) { $0 + $1.value }
        if ssc {
            changes = [(0, start?.value ?? 60)] + sorted.filter { $0.beat > 0 }.map { ($0.beat, $0.value) }
            stops = tags.stops.filter { $0.beat >= 0 && $0.value > 0 }.map { TempoMap.Stop(beat: $0.beat, seconds: $0.value) }
        } else {
            let old = StepManiaOldWarps(
                start: start?.value ?? 60, bpms: sorted.filter { $0.beat > 0 }, stops: tags.stops.filter { $0.beat >= 0 && $0.value != 0 })
            if let u = old.unfinished {
                return fail(
                    u.tag, file,
                    "an old-style warp at beat \(RuleText.number(u.beat)) never ends: the chart's last tempo is negative or over 9999999, so StepMania skips the rest of the chart; add the tempo the chart goes on at"
                )
            }
            (changes, stops) = (old.changes, old.stops)
            warps += old.warps
            for o in old.opened { warn(o.entry, o.message) }
        }
        // A delay pauses before the note on its row: a stop just before that row.
        stops += tags.delays.filter { $0.value > 0 }.map {
            TempoMap.Stop(beat: $0.beat - TempoMap.delayLead, seconds: $0.value, delay: true)
        }
        if let last = changes.max(by: { $0.beat < $1.beat }), last.bpm > TempoMap.bpmRange.upperBound,
            let e = tags.bpms.last(where: { $0.beat == last.beat })
        {
            return fail(
                e.tag, file,
                "#BPMS ends on a tempo of \(RuleText.number(last.bpm)) at beat \(RuleText.number(last.beat)): the rest of the chart would pass in no time; end it on a tempo of at most 10000"
            )
        }
        guard let map = TempoMap(offset: -tags.offset + early, changes: changes, stops: stops, warps: warps) else {
            return .failure(StepManiaChart.Failure(result: BeatMapReader.failure(file, 1, 1, "the chart's tempo map cannot be built")))
        }
        // One warning, however many old-style warps: the first, and how many more.
        if var first = warnings.first, warnings.count > 1 {
            first.message += " (and \(warnings.count - 1) more old-style warp\(warnings.count == 2 ? "" : "s") in this file)"
            warnings = [first]
        }
        return .success((map, warnings))
    }

    static func fail<T>(_ v: MSDText.Value, _ file: String?, _ message: String) -> Result<T, StepManiaChart.Failure> {
        .failure(StepManiaChart.Failure(result: BeatMapReader.failure(file, v.line, v.column, message)))
    }

    /// The entries of the timing tags, each checked: what StepMania would ignore is refused.
    static func read(_ timing: [MSDText.Value], file: String?, ssc: Bool, version: Double) -> Result<Tags, StepManiaChart.Failure> {
        var tags = Tags()
        for v in timing {
            if v.tag == "OFFSET" {
                let text = v.params.first?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                guard let o = Double(text), o.isFinite, abs(o) < 86_400 else {
                    return fail(v, file, "#OFFSET \"\(text.prefix(40))\" is not a number of seconds")
                }
                tags.offset = o
                continue
            }
            let list: [(Double, Double)]
            switch StepManiaChart.pairs(v, file: file) {
            case .failure(let f): return .failure(f)
            case .success(let l): list = l
            }
            for (beat, value) in list {
                guard abs(beat) < 1_000_000 else { return fail(v, file, "#\(v.tag) has a beat of \(beat); charts end long before that") }
                if let refusal = refusal(v.tag, beat: beat, value: value, ssc: ssc) { return fail(v, file, refusal) }
                let e = Entry(beat: beat, value: value, tag: v)
                switch v.tag {
                case "BPMS": tags.bpms.append(e)
                case "DELAYS": tags.delays.append(e)
                case "WARPS": tags.warps.append(TempoMap.Warp(beat: beat, length: version >= 0.70 ? value : value - beat))
                default: tags.stops.append(e)
                }
            }
        }
        if let w = tags.warps.first(where: { $0.length <= 0 }), let v = timing.first(where: { $0.tag == "WARPS" }) {
            return fail(
                v, file,
                "#WARPS at beat \(RuleText.number(w.beat)) skips \(RuleText.number(w.length)) beats; StepMania ignores a warp that skips none (before #VERSION 0.70 a warp's value is the beat it ends on)"
            )
        }
        return .success(tags)
    }

    /// Why StepMania would not play `value` of `tag` at `beat` as written, or nil when it would.
    static func refusal(_ tag: String, beat: Double, value: Double, ssc: Bool) -> String? {
        let at = "at beat \(RuleText.number(beat))"
        switch tag {
        case "BPMS" where value == 0:
            return "#BPMS has a tempo of 0 \(at): the chart would never reach the next beat; give that section its tempo (1…10000)"
        case "BPMS" where value < 0 && ssc:
            return "#BPMS has a negative tempo \(at), which StepMania 5 ignores in .ssc; write the jump as #WARPS"
        case "STOPS", "FREEZES":
            if value >= 86_400 {
                return "#\(tag) has a pause of \(RuleText.number(value)) s \(at); a pause must be shorter than a day (86400 s)"
            }
            if value < 0 && ssc {
                return
                    "#\(tag) has a pause of \(RuleText.number(value)) s \(at), which StepMania 5 ignores in .ssc; write the jump as #WARPS"
            }
        case "DELAYS":
            if value >= 86_400 {
                return "#DELAYS has a pause of \(RuleText.number(value)) s \(at); a pause must be shorter than a day (86400 s)"
            }
            if value < 0 {
                return
                    "#DELAYS has a pause of \(RuleText.number(value)) s \(at), which StepMania ignores; write a positive delay, or a warp"
            }
        case "WARPS" where !ssc:
            return
                "#WARPS \(at) in a .sm file, which StepMania reads only in .ssc; save the chart as .ssc, or write the warp as a negative stop"
        default: break
        }
        return nil
    }
}
