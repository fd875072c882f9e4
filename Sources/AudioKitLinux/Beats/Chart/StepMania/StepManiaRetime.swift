import Foundation

/// Writes a new tempo map into a StepMania `.sm` or `.ssc` file in place, every chart's notes staying at their times
/// (or at their beats, when the edited chart's moved with the grid: an offset or tempo fixed for the whole song):
/// `#OFFSET`, `#BPMS`, `#STOPS` and `#DELAYS` are rewritten (each pause at its time, from the new map's pauses), and
/// each chart's rows are moved to the rows of the new map (StepMania places
/// notes in beats, so re-timing a song moves every chart's rows, as ArrowVortex does when a BPM is changed with its
/// notes kept in time). Each row keeps its characters (taps, hold heads and tails, rolls, mines, lifts, fakes,
/// keysounds); the song's labels and background changes keep their times too. A file whose timing holds what the new
/// map cannot keep is refused (`refusal`), and so is a new map on whose rows another chart's note would move by more
/// than half a millisecond.
enum StepManiaRetime {
    /// The most another chart's note may move onto a row of the new tempo map (seconds).
    static let maxMove = 0.0005

    /// Beat-keyed tags that pause or skip the song and are not rewritten: any entry is refused (a new tempo map would
    /// move it). Stops and delays are rewritten from the new map's pauses (`StepManiaTiming`); `#FREEZES`, the old name
    /// of `#STOPS`, and warps are not.
    static let pauses = ["FREEZES", "WARPS"]
    /// The tags the new map's timing is written into: the song's, and an `.ssc` chart's copy of them.
    static let timingTags = ["OFFSET", "BPMS", "STOPS", "DELAYS"]
    /// Beat-keyed events (`beat=…`): each keeps its time, its beat written on the new map (one at beat 0, the song's
    /// start, stays there), and so does a length in beats (`#SPEEDS`' duration when its unit is beats, `#FAKES`').
    static let events = [
        "SPEEDS", "SCROLLS", "FAKES", "TIMESIGNATURES", "TICKCOUNTS", "COMBOS", "LABELS", "BGCHANGES", "BGCHANGES2", "FGCHANGES",
    ]

    /// Why the StepMania file `bytes` cannot take a new tempo map in place, with its fix; nil when it can.
    static func refusal(_ bytes: [UInt8], path: String) -> InputError? {
        let msd = MSDText(BeatMapText.normalizingLineEndings(bytes))
        func refuse(_ why: String) -> InputError {
            InputError(
                .unsupportedFormat, path: path, reason: why + "; a save in place keeps the chart's own tempo map",
                fix: "Save As… writes the chart on the new tempo map under another name")
        }
        // An .ssc chart may carry its own timing: a copy of the song's is rewritten with it; another is refused.
        if let first = msd.values.firstIndex(where: { $0.tag == "NOTEDATA" }),
            let own = msd.values[first...].first(where: { v in
                timingTags.contains(v.tag) && numbers(v) != msd.values[..<first].last { $0.tag == v.tag }.map(numbers) ?? []
            })
        {
            return refuse(
                "a chart of the file has timing of its own (#\(own.tag), line \(own.line)), which a new tempo map is not written into")
        }
        for tag in ["OFFSET", "BPMS"] where !msd.values.contains(where: { $0.tag == tag }) {
            return refuse("the file has no #\(tag) to write the new tempo map into")
        }
        for value in msd.values {
            let entries = (value.params.first?.text ?? "").split(separator: ",").map { $0.split(separator: "=") }.filter {
                !$0.isEmpty && !$0[0].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            }
            func number(_ s: Substring) -> Double { Double(s.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 1 }
            let pauses = pauses.contains(value.tag) && entries.contains { $0.count > 1 && number($0[1]) != 0 }
            if pauses {
                return refuse("the file's #\(value.tag) (line \(value.line)) are placed in beats, and a new tempo map would move them")
            }
        }
        return nil
    }

    /// The file `bytes` on `tempo`: `#OFFSET`, `#BPMS`, `#STOPS` and `#DELAYS` rewritten (an `.ssc` chart's copies too,
    /// each pause at its time), and every chart's rows moved to the new map's rows, each note at its time, or at its beat
    /// when the edited chart's new `hits` kept their beats (`carried`: the whole song moved with its grid). The chart
    /// `edited` (a `--chart` name or number) is rewritten from its hits afterwards, so its rows may merge or move; another
    /// chart's may not (`maxMove`). Throws `InputError` (`.unsupportedFormat`).
    static func bytes(_ bytes: [UInt8], tempo: TempoMap, edited: String?, hits: [Double], path: String) throws(InputError) -> [UInt8] {
        if let refusal = refusal(bytes, path: path) { throw refusal }
        let normalized = BeatMapText.normalizingLineEndings(bytes)
        let msd = MSDText(normalized)
        guard case .success(let (chosen, old, _)) = StepManiaChart.locate(msd, file: path, chart: edited) else {
            throw InputError(.unsupportedFormat, path: path, reason: "the chart's tempo map could not be read to re-time it")
        }
        // A .sm chart's #NOTES holds six parameters, the last its data; an .ssc's holds its data alone.
        let ssc = msd.values.contains { $0.tag == "NOTEDATA" }
        let charts = msd.values.filter { ($0.tag == "NOTES" || $0.tag == "NOTES2") && $0.params.count >= (ssc ? 1 : 6) }
        let edited = charts.firstIndex { chosen.notes?.range == $0.params[$0.params.count - 1].range }
        // Beats counted as the file will count them (through every section from the first line, and the pauses): the
        // editor's grid restarts each section on a whole beat, which moved a note after a pause and a tempo change by
        // a beat's fraction when it was carried with its beat. `followed`: the edited chart's hits moved with the grid
        // (then every chart's notes do), said in a refusal.
        let counted = StepManiaTiming(tempo, hits: hits, wholeBeats: true).tempo
        let (rows, carry, followed) = carried(
            charts.map { rowTimes($0.params[$0.params.count - 1].text, tempo: old) }, edited: edited, hits: hits, from: old, to: counted)
        let timing = StepManiaTiming(tempo, hits: rows.flatMap { $0.map(\.time) }, wholeBeats: true)
        let new = timing.tempo
        // Measures start at beat 0: beat 0 moves back by whole measures when a note comes before it.
        let first = rows.flatMap { $0.map { new.beat(atTime: $0.time) } }.min() ?? 0
        let shift = 4 * max(0, (-first / 4).rounded(.up))
        let ending = ChartInPlace.ending(bytes)
        var edits: [(range: Range<Int>, text: String, keepSpace: Bool)] = []
        for (k, chart) in charts.enumerated() {
            let data = chart.params[chart.params.count - 1]
            let isEdited = chosen.notes?.range == data.range
            var placed: [Int: [Character]] = [:]
            for row in rows[k] {
                let at = Int(((new.beat(atTime: row.time) + shift) * 48).rounded())
                let moved = abs(new.time(ofBeat: Double(at) / 48 - shift) - row.time)
                if !isEdited, moved > maxMove || placed[at] != nil {
                    throw InputError(
                        .unsupportedFormat, path: path,
                        reason:
                            "on the new tempo map's rows (1/48 beat), a note of the chart on line \(chart.line) at \(String(format: "%.3f", row.time)) s would move by \(String(format: "%.1f", moved * 1000)) ms or merge with another; nothing was written",
                        fix: followed
                            ? "set a tempo map on whose beats every chart's notes fall, or Save As… a new chart"
                            : "the edited chart's hits kept their times, so every chart's notes keep theirs, off the new rows; to move "
                                + "the notes with the grid as StepMania and ArrowVortex do, undo the tempo edit, tick Tempo ▾ › Hits keep "
                                + "their beats and make it again, or Save As… a new chart")
                }
                // The edited chart's rows may merge: its notes are written again from its hits.
                placed[at] = placed[at].map { a in zip(a, row.text).map { $0 == "0" ? $1 : $0 } } ?? row.text
            }
            guard !placed.isEmpty else { continue }
            let width = placed.values.map(\.count).max() ?? 4
            edits.append(
                (
                    data.range,
                    ChartWriter.stepManiaMeasures(rows: placed, width: width).map { $0.joined(separator: ending) }.joined(
                        separator: ending + "," + ending), true
                ))
        }
        let offset = -new.time(ofBeat: -shift)
        edits += try timingEdits(msd, normalized: normalized, timing: timing, offset: offset, shift: shift, path: path)
        let oldBPMS = msd.values.last { $0.tag == "BPMS" }.map(numbers) ?? []
        let oldTempos = oldBPMS.indices.filter { $0 % 2 == 1 }.map { oldBPMS[$0] }
        // A #DISPLAYBPM that showed the old map's tempo shows the new one; one holding a comment or an escape is kept.
        for value in msd.values
        where value.tag == "DISPLAYBPM" && value.params.allSatisfy({ String(decoding: normalized[$0.range], as: UTF8.self) == $0.text }) {
            edits += displayed(value, old: oldTempos, new: timing.bpms.map(\.bpm))
        }
        for value in msd.values where events.contains(value.tag) {
            guard let param = value.params.first, !param.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
            let raw = String(decoding: normalized[param.range], as: UTF8.self)
            guard raw == param.text else {
                throw InputError(
                    .unsupportedFormat, path: path,
                    reason: "the file's #\(value.tag) (line \(value.line)) hold comments or escapes, so their beats are not rewritten",
                    fix: "remove them, or Save As… a new chart")
            }
            let moved = { (b: Double) in b == 0 ? 0 : onRow(new.beat(atTime: carry(old.time(ofBeat: b))) + shift) }
            edits.append(
                (param.range, rekeyed(param.text, length: value.tag == "SPEEDS" ? 2 : value.tag == "FAKES" ? 1 : nil, moved), false))
        }
        return splice(bytes, edits.sorted { $0.range.lowerBound < $1.range.lowerBound }, ending: ending)
    }

    /// The edits that write `timing` into the song's `#OFFSET` (`offset`), `#BPMS`, `#STOPS` and `#DELAYS`, and into an
    /// `.ssc` chart's copies of them, every beat but 0 moved `shift` beats later. A `#STOPS` or `#DELAYS` the new map
    /// needs and the song (or a chart with its own `#BPMS`) lacks goes on the line after its `#BPMS`. Throws
    /// `InputError` when that `#BPMS` does not end in `;` in `normalized` (the bytes `msd` was read from).
    static func timingEdits(
        _ msd: MSDText, normalized: [UInt8], timing: StepManiaTiming, offset: Double, shift: Double, path: String
    ) throws(InputError) -> [(range: Range<Int>, text: String, keepSpace: Bool)] {
        let listed = { (items: [(beat: Double, seconds: Double)]) in
            items.map { "\(ChartWriter.f6($0.beat + shift))=\(ChartWriter.f6($0.seconds))" }
        }
        let texts = [
            "OFFSET": [ChartWriter.f6(offset)],
            "BPMS": timing.bpms.map { "\(ChartWriter.f6($0.beat + ($0.beat == 0 ? 0 : shift)))=\(ChartWriter.f6($0.bpm))" },
            "STOPS": listed(timing.stops), "DELAYS": listed(timing.delays),
        ]
        var edits: [(range: Range<Int>, text: String, keepSpace: Bool)] = msd.values.compactMap { value in
            guard timingTags.contains(value.tag), let param = value.params.first else { return nil }
            return (param.range, (texts[value.tag] ?? []).joined(separator: ","), false)
        }
        // The song's header, then each .ssc chart from its #NOTEDATA: a part with a #BPMS keeps timing of its own.
        var parts: [[MSDText.Value]] = [[]]
        for value in msd.values {
            if value.tag == "NOTEDATA" { parts.append([]) }
            parts[parts.count - 1].append(value)
        }
        for part in parts {
            guard let bpms = part.first(where: { $0.tag == "BPMS" }), let end = bpms.params.last?.range.upperBound else { continue }
            let missing = ["STOPS", "DELAYS"].filter { tag in
                !(texts[tag] ?? []).isEmpty && !part.contains { $0.tag == tag && !$0.params.isEmpty }
            }
            guard !missing.isEmpty else { continue }
            guard end < normalized.count, normalized[end] == UInt8(ascii: ";") else {
                throw InputError(
                    .unsupportedFormat, path: path,
                    reason:
                        "the file's #BPMS (line \(bpms.line)) does not end in ';', so the new tempo map's pauses are not written after it",
                    fix: "end it with ';', or Save As… a new chart")
            }
            let added = missing.map { "\n#\($0):" + (texts[$0] ?? []).joined(separator: ",") + ";" }.joined()
            edits.append((end + 1..<end + 1, added, false))
        }
        return edits
    }

    /// `beat` on its row of 1/48 beat when within a hundred-thousandth of a beat of it: an event on a row stays on it
    /// through a re-time, not a microsecond off (32.000000 read back as 31.999999 after a map whose offset was written
    /// to six decimals); an event between rows keeps its place.
    static func onRow(_ beat: Double) -> Double {
        let row = (beat * 48).rounded() / 48
        return abs(beat - row) < 1e-5 ? row : beat
    }

    /// The tags a re-time rewrites (timing, `#DISPLAYBPM`, events) whose values differ between the files `old` and `new`
    /// (by their numbers: `0` and `0.000000` are one offset), or that are in one file only: for the editor's save note.
    static func changedTags(old: [UInt8], new: [UInt8]) -> [String] {
        let tags = timingTags + ["DISPLAYBPM"] + events
        func values(_ bytes: [UInt8]) -> [String: [[Double]]] {
            var out: [String: [[Double]]] = [:]
            for v in MSDText(BeatMapText.normalizingLineEndings(bytes)).values where tags.contains(v.tag) {
                out[v.tag, default: []].append(numbers(v))
            }
            return out
        }
        let (a, b) = (values(old), values(new))
        return tags.filter { a[$0] != b[$0] }
    }

    /// The edits that make a `#DISPLAYBPM` show the new map's tempos (`new`) when it showed the old map's (`old`): its
    /// one value the old map's only tempo, or its two the old map's slowest and fastest, each within half a BPM (a
    /// display rounds). It keeps its form: whole numbers stay whole, a range stays a range, and one value becomes a range
    /// when the new map's tempo changes. One that shows something else (`*`, `?`, a tempo the author chose) is kept.
    static func displayed(_ value: MSDText.Value, old: [Double], new: [Double]) -> [(range: Range<Int>, text: String, keepSpace: Bool)] {
        let shown = value.params.map { Double($0.text.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard (1...2).contains(shown.count), let lo = shown.first ?? nil, let hi = shown.last ?? nil,
            let oldLo = old.min(), let oldHi = old.max(), let newLo = new.min(), let newHi = new.max(),
            abs(lo - oldLo) <= 0.5, abs(hi - oldHi) <= 0.5
        else { return [] }
        let whole = value.params.allSatisfy { !$0.text.contains(".") }
        func figure(_ x: Double) -> String { whole ? String(Int(x.rounded())) : String(format: "%.3f", x) }
        func text(_ new: String, in param: MSDText.Param) -> String {
            let lead = param.text.prefix { $0.isWhitespace }
            let trail = param.text.reversed().prefix { $0.isWhitespace }.reversed()
            return lead + new + String(trail)
        }
        let first = value.params[0], last = value.params[value.params.count - 1]
        if shown.count == 1 {
            let range = figure(newLo) == figure(newHi) ? figure(newLo) : figure(newLo) + ":" + figure(newHi)
            return [(first.range, text(range, in: first), false)]
        }
        return [(first.range, text(figure(newLo), in: first), false), (last.range, text(figure(newHi), in: last), false)]
    }

    /// The numbers of a value's first parameter (`#OFFSET`'s, `#BPMS`' beats and tempos), to compare two copies.
    static func numbers(_ value: MSDText.Value) -> [Double] {
        (value.params.first?.text ?? "").split(whereSeparator: { ",=".contains($0) }).compactMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// The entries of `text` (`beat=…`, separated by commas) with each beat replaced by `moved(beat)`, and the field at
    /// `length` (a length in beats after it; for `#SPEEDS`, only when its unit, the field after, is 0: beats) by the
    /// length that ends at the same time. An entry whose beat is no number stays as it is, and so does the text around
    /// each number (line breaks, blanks); a number keeps its decimals (at least 3).
    static func rekeyed(_ text: String, length: Int? = nil, _ moved: (Double) -> Double) -> String {
        func number(_ field: Substring, _ value: Double) -> String {
            let lead = field.prefix { $0.isWhitespace }
            let trail = field.reversed().prefix { $0.isWhitespace }.reversed()
            let decimals = field.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").dropFirst().first?.count ?? 0
            return lead + String(format: "%.\(max(3, decimals))f", value) + String(trail)
        }
        return text.split(separator: ",", omittingEmptySubsequences: false).map { entry -> String in
            var fields = entry.split(separator: "=", omittingEmptySubsequences: false).map { Substring($0) }
            guard fields.count > 1, let beat = Double(fields[0].trimmingCharacters(in: .whitespacesAndNewlines)) else {
                return String(entry)
            }
            if let k = length, k < fields.count, let span = Double(fields[k].trimmingCharacters(in: .whitespacesAndNewlines)),
                k != 2 || (k + 1 < fields.count && fields[k + 1].trimmingCharacters(in: .whitespacesAndNewlines) == "0")
            {
                fields[k] = Substring(number(fields[k], moved(beat + span) - moved(beat)))
            }
            fields[0] = Substring(number(fields[0], moved(beat)))
            return fields.joined(separator: "=")
        }.joined(separator: ",")
    }

    /// The rows of note data `text` that hold a note, each with its time on `tempo` and its characters.
    static func rowTimes(_ text: String, tempo: TempoMap) -> [(time: Double, text: [Character])] {
        var out: [(time: Double, text: [Character])] = []
        for (m, measure) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let lines = measure.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            for (i, line) in lines.enumerated() where line.contains(where: { $0 != "0" }) {
                out.append((tempo.time(ofBeat: 4 * Double(m) + 4 * Double(i) / Double(lines.count)), Array(line)))
            }
        }
        return out
    }

    /// `bytes` with each edit's range of the normalized text (in order, not overlapping) replaced by its text, its line
    /// breaks the file's `ending` (an event list rewritten from the normalized text has bare LFs); note data keeps the
    /// blank space around it.
    static func splice(_ bytes: [UInt8], _ edits: [(range: Range<Int>, text: String, keepSpace: Bool)], ending: String) -> [UInt8] {
        let offsets = BeatMapText.originalOffsets(edits.flatMap { [$0.range.lowerBound, $0.range.upperBound] }, in: bytes)
        var out: [UInt8] = []
        var at = 0
        let space: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]
        for (k, edit) in edits.enumerated() {
            let (from, to) = (offsets[2 * k], offsets[2 * k + 1])
            out += bytes[at..<from]
            let old = bytes[from..<to]
            let text = edit.text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: ending)
            if edit.keepSpace {
                let lead = old.prefix { space.contains($0) }
                let trail = old.reversed().prefix { space.contains($0) }.reversed()
                out += (lead.isEmpty ? Array(ending.utf8) : Array(lead)) + Array(text.utf8)
                out += trail.isEmpty ? Array(ending.utf8) : Array(trail)
            } else {
                out += Array(text.utf8)
            }
            at = to
        }
        return out + bytes[at...]
    }
}
