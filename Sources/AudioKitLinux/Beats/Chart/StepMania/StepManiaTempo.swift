import Foundation

/// A StepMania chart's timing tags read as StepMania 5's loaders read them (`NotesLoaderSM.cpp` `ProcessBPMs` and
/// `ProcessStops`, `NotesLoaderSSC.cpp` `ProcessWarps`; ../shared/reference/CHART-FORMATS.md §1.2–1.3), into a
/// `TempoMap` with its warps:
///
/// - `.ssc` `#WARPS:beat=length` (from `#VERSION` 0.70; before it, the value is the beat the warp ends on);
/// - in `.sm`, the old-style warps StepMania 4 wrote: a negative tempo from beat a until the next positive tempo t at
///   beat b warps from a to b + (t / |negative|)·(b − a); a tempo above 9,999,999 BPM (`FAST_BPM_WARP`) warps until
///   the next tempo; a negative stop of s seconds warps s·BPM/60 beats, no further than the next stop;
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
        var (changes, warps, unfinished) = tempos(tags.bpms, fastWarps: !ssc, warn: warn)
        if let u = unfinished {
            return fail(
                u.tag, file,
                "#BPMS ends on a tempo of \(RuleText.number(u.value)) at beat \(RuleText.number(u.beat)), which StepMania 5 ignores: an old-style warp needs a positive tempo after it to end; add the tempo the chart goes on at"
            )
        }
        warps += tags.warps
        var stops: [TempoMap.Stop] = []
        var pending: Entry? = nil
        // A negative stop warps its beats at the tempo there, no further than the next stop (in the file's order).
        func warpPending(until next: Double?) {
            guard let p = pending else { return }
            var skip = -p.value * bpm(at: p.beat, changes) / 60
            if let next, p.beat + skip > next { skip = next - p.beat }
            if skip > 0 { warps.append(TempoMap.Warp(beat: p.beat, length: skip)) }
            warn(
                p,
                "a stop of \(RuleText.number(p.value)) s at beat \(RuleText.number(p.beat)) is an old-style warp: StepMania 5 skips \(RuleText.number(max(0, skip))) beats there in no time and does not judge their notes; write it as a warp in .ssc"
            )
            pending = nil
        }
        for e in tags.stops {
            warpPending(until: e.beat)
            if e.value < 0 { pending = e } else if e.value > 0 { stops.append(TempoMap.Stop(beat: e.beat, seconds: e.value)) }
        }
        warpPending(until: nil)
        // A delay pauses before the note on its row: a stop just before that row.
        stops += tags.delays.filter { $0.value > 0 }.map { TempoMap.Stop(beat: $0.beat - TempoMap.delayLead, seconds: $0.value) }
        if changes.isEmpty { changes = [(0, 60)] }
        // StepMania: the last tempo at or before beat 0 starts the song; with none, the first one.
        let atStart = changes.filter { $0.beat <= 0 }.last ?? changes.min { $0.beat < $1.beat }!
        changes = [(0, atStart.bpm)] + changes.filter { $0.beat > 0 }
        if let last = changes.max(by: { $0.beat < $1.beat }), last.bpm > TempoMap.bpmRange.upperBound,
            let e = tags.bpms.last(where: { $0.beat == last.beat })
        {
            return fail(
                e.tag, file,
                "#BPMS ends on a tempo of \(RuleText.number(last.bpm)) at beat \(RuleText.number(last.beat)): the rest of the chart would pass in no time; end it on a tempo of at most 10000"
            )
        }
        guard let map = TempoMap(offset: -tags.offset, changes: changes, stops: stops.filter { $0.beat >= 0 }, warps: warps) else {
            return .failure(StepManiaChart.Failure(result: BeatMapReader.failure(file, 1, 1, "the chart's tempo map cannot be built")))
        }
        // One warning, however many old-style warps: the first, and how many more.
        if var first = warnings.first, warnings.count > 1 {
            first.message += " (and \(warnings.count - 1) more old-style warp\(warnings.count == 2 ? "" : "s") in this file)"
            warnings = [first]
        }
        return .success((map, warnings))
    }

    /// The tempo at `beat` of `changes` (the last at or before it; the first before them all).
    static func bpm(at beat: Double, _ changes: [(beat: Double, bpm: Double)]) -> Double {
        changes.sorted { $0.beat < $1.beat }.last { $0.beat <= beat }?.bpm ?? changes.first?.bpm ?? 60
    }

    /// The tempo changes of `#BPMS` (in the file's order, as `ProcessBPMs` walks them) and the warps its negative and
    /// (with `fastWarps`, in `.sm`) too-fast tempos make.
    static func tempos(_ bpms: [Entry], fastWarps: Bool, warn: (Entry, String) -> Void) -> (
        changes: [(beat: Double, bpm: Double)], warps: [TempoMap.Warp], unfinished: Entry?
    ) {
        var changes: [(beat: Double, bpm: Double)] = []
        var warps: [TempoMap.Warp] = []
        var negative: Entry? = nil
        var fast: Entry? = nil
        for e in bpms {
            if e.value < 0 {
                negative = e
                continue
            }
            if let n = negative {
                let end = e.beat + (e.value / -n.value) * (e.beat - n.beat)
                if end > n.beat { warps.append(TempoMap.Warp(beat: n.beat, length: end - n.beat)) }
                warn(
                    n,
                    "a tempo of \(RuleText.number(n.value)) at beat \(RuleText.number(n.beat)) is an old-style warp: StepMania 5 skips beats \(RuleText.number(n.beat))–\(RuleText.number(end)) in no time and does not judge their notes; write it as a warp in .ssc"
                )
                negative = nil
            }
            if fastWarps && e.value > fastWarp {
                fast = e
                continue
            }
            if let f = fast, f.beat > 0, e.beat > f.beat {
                warps.append(TempoMap.Warp(beat: f.beat, length: e.beat - f.beat))
                warn(
                    f,
                    "a tempo of \(RuleText.number(f.value)) at beat \(RuleText.number(f.beat)) is over 9999999, which StepMania 5 plays as a warp to beat \(RuleText.number(e.beat)), its notes not judged"
                )
            } else if let f = fast {
                warn(
                    f,
                    "a tempo of \(RuleText.number(f.value)) at beat \(RuleText.number(f.beat)) is over 9999999, which StepMania 5 ignores there; write the tempo meant"
                )
            }
            fast = nil
            changes.append((e.beat, e.value))
        }
        return (changes, warps, negative ?? fast)
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
