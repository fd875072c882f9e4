import Foundation

/// Writes edited hit times into a StepMania (`.sm`, `.ssc`), osu! or Quaver chart in place: only the edited chart's
/// notes change, and every other byte (the header, the tempo map, the other charts, comments, line endings) is kept.
/// The notes follow their hits as `ChartHitEdit` carries them. StepMania's notes go on the chart's own rows (1/48
/// beat) of its own tempo map; osu!'s and Quaver's on whole milliseconds. The caller reads the result back
/// (`BeatMapFile.save`), which gives the true error of that rounding.
enum ChartInPlace {
    /// The formats a chart is saved in place in.
    static var formats: Set<BeatMapFormat> { Set(BeatMapCodecs.all.filter { $0.savesInPlace }.map { $0.format }) }

    /// The new bytes of the chart file `bytes` (read as `format`, its chart `chart` as `read`) with `times` as the
    /// chart's hits, and the chart's name to read it back by (its number in a StepMania file, which a new count of rows
    /// cannot change). Throws `InputError` (`.unsupportedFormat`) when the notes cannot be placed in the file as it is.
    static func bytes(
        _ bytes: [UInt8], format: BeatMapFormat, chart: String?, read: BeatMap, times: [Double], path: String
    ) throws(InputError) -> (bytes: [UInt8], chart: String?) {
        try format.codec.savedInPlace(bytes, chart: chart, read: read, times: times, path: path)
    }

    /// The file's line ending: CRLF when it has one, else LF.
    static func ending(_ bytes: [UInt8]) -> String {
        zip(bytes, bytes.dropFirst()).contains { $0 == 0x0D && $1 == 0x0A } ? "\r\n" : "\n"
    }

    /// Why the chart `file` cannot be saved in place as it stands, or nil when it can: a StepMania chart with notes
    /// inside warps (they are no hits, so rewriting the notes from the hits would drop them), or a Friday Night Funkin'
    /// chart (`funkinRefusal`).
    static func refusal(of file: BeatMapFile) -> InputError? {
        if isFunkin(file) { return funkinRefusal(path: file.path) }
        guard file.format == .stepmania, file.map.tempoMap?.warps.contains(where: { $0.bpm == nil }) ?? false else { return nil }
        let normalized = BeatMapText.normalizingLineEndings(file.bytes)
        guard case .success(let (chosen, tempo, _)) = StepManiaChart.locate(MSDText(normalized), file: file.path, chart: file.chart),
            let data = chosen.notes
        else { return nil }
        return warpRefusal(data, tempo: tempo, path: file.path)
    }

    /// True when `file` is a Friday Night Funkin' chart (`FunkinChart.isChart`), which is read through the JSON codec.
    static func isFunkin(_ file: BeatMapFile) -> Bool {
        guard file.format == .json else { return false }
        let pre = JSONTextPreprocessor.process(FunkinChart.trimmed(file.bytes))
        guard case .success(let root) = pre.bytes.withUnsafeBytes({ Jansson.decode($0, maxDepth: 64) }) else { return false }
        return FunkinChart.isChart(root)
    }

    /// Why a Friday Night Funkin' chart is not saved in place: its notes are kept section by section, each section's
    /// lanes belonging to the side it names, and a save of the hits alone would have to guess a moved or added hit's
    /// section, side and lane. Save As writes the hits as another chart or a beat map.
    static func funkinRefusal(path: String) -> InputError {
        InputError(
            .unsupportedFormat, path: path,
            reason:
                "a Friday Night Funkin' chart is not saved in place: its notes are kept by section, with the side and lane each section gives them, which the hits alone do not say",
            fix: "Save As… writes the hits as a StepMania, osu!mania or Quaver chart or a JSON beat map")
    }

    /// The refusal of a chart whose note data `data` has notes inside the warps of `tempo`; nil when none lies there.
    /// (Only a map with a warp can hold such notes: the rows are read only then.)
    static func warpRefusal(_ data: MSDText.Param, tempo: TempoMap, path: String) -> InputError? {
        var played: [ChartNote] = []
        guard tempo.warps.contains(where: { $0.bpm == nil }),
            case .success(let read) = StepManiaChart.rows(data, tempo: tempo, file: path, maxBeats: .max, chartNotes: &played),
            let inside = read.unjudged
        else { return nil }
        return InputError(
            .unsupportedFormat, path: path,
            reason:
                "notes of the chart lie inside warps (the first on line \(inside.location.line ?? 0)): they are no hits, and rewriting the notes from the hits would drop them",
            fix: "save under another name, or edit the chart in a StepMania editor")
    }

    /// StepMania: the chosen chart's note data (the last field of its `#NOTES`) rewritten, measure by measure, on the
    /// tempo map the chart is played on.
    static func stepMania(_ bytes: [UInt8], chart: String?, read: BeatMap, times: [Double], path: String) throws(InputError) -> (
        bytes: [UInt8], chart: String?
    ) {
        let normalized = BeatMapText.normalizingLineEndings(bytes)
        guard case .success(let (chosen, tempo, _)) = StepManiaChart.locate(MSDText(normalized), file: path, chart: chart),
            let data = chosen.notes
        else { throw InputError(.unsupportedFormat, path: path, reason: "the chart's notes could not be found to replace") }
        if let refusal = warpRefusal(data, tempo: tempo, path: path) { throw refusal }
        let width = StepManiaChart.lanes[chosen.stepsType.lowercased()] ?? read.lanes ?? 4
        let notes = ChartHitEdit.notes(read.notes, hits: read.times, to: times, lanes: width)
        func row(_ t: Double) -> Int { Int((tempo.beat(atTime: t) * 48).rounded()) }
        if let early = notes.first(where: { row($0.time) < 0 }) {
            throw InputError(
                .unsupportedFormat, path: path,
                reason: "a note at \(String(format: "%.3f", early.time)) s comes before the chart's beat 0, which its rows cannot hold",
                fix:
                    "move it after \(String(format: "%.3f", tempo.time(ofBeat: 0))) s, or save under another name (a new .sm moves beat 0 back)"
            )
        }
        let measures = ChartWriter.stepManiaMeasures(notes, width: width, row: row)
        let ending = ending(bytes)
        let offsets = BeatMapText.originalOffsets([data.range.lowerBound, data.range.upperBound], in: bytes)
        let old = bytes[offsets[0]..<offsets[1]]
        let space: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]
        let lead = old.prefix { space.contains($0) }
        let trail = old.reversed().prefix { space.contains($0) }.reversed()
        // Measures numbered as the file numbered them (StepMania, ArrowVortex and `beatmap draft` write ",  // measure 1").
        let numbered = String(decoding: old, as: UTF8.self).contains(",  // measure ")
        let body = measures.enumerated().map { k, rows in
            rows.joined(separator: ending) + (k + 1 == measures.count ? "" : ending + (numbered ? ",  // measure \(k + 1)" : ",") + ending)
        }.joined()
        let out =
            Array(bytes[..<offsets[0]]) + (lead.isEmpty ? Array(ending.utf8) : Array(lead)) + Array(body.utf8)
            + (trail.isEmpty ? Array(ending.utf8) : Array(trail)) + Array(bytes[offsets[1]...])
        return (out, String(chosen.number))
    }

    /// osu!: the `[HitObjects]` lines. A kept object keeps its line; a moved one gets its time (and a hold's or spinner's
    /// end) moved; a new one is a tap (in osu!mania, at its lane's centre).
    static func osu(_ bytes: [UInt8], read: BeatMap, times: [Double], path: String) throws(InputError) -> [UInt8] {
        var (lines, ending, early) = osuLines(bytes)
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "[HitObjects]" }) else {
            throw InputError(.unsupportedFormat, path: path, reason: "the chart has no [HitObjects] section to rewrite")
        }
        let end = lines[(start + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("[") } ?? lines.count
        // The section's objects; its comment lines stay first, its blank lines last.
        let section = lines[(start + 1)..<end]
        let objects = section.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("//") }
        let comments = section.filter { $0.hasPrefix("//") }
        let blanks = section.reversed().prefix { $0.trimmingCharacters(in: .whitespaces).isEmpty }
        let keys = read.lanes
        func time(_ line: String) -> Double {
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            return f.count > 2 ? (Double(f[2].trimmingCharacters(in: .whitespaces)) ?? 0) / 1000 + early : 0
        }
        func lane(_ line: String) -> Int {
            guard let keys, let x = Double(line.split(separator: ",").first ?? "") else { return 0 }
            return min(keys - 1, max(0, Int(x * Double(keys) / 512)))
        }
        func ms(_ t: Double) -> Int { Int(((t - early) * 1000).rounded()) }
        let carried = ChartHitEdit.carry(
            objects, time: time, lane: lane, isHit: { _ in true }, hits: read.times, to: times, lanes: keys ?? 1,
            shifted: { line, d in shifted(line, by: d, ms: ms, early: early) },
            made: { t, l in
                let x = keys.map { (l * 512 + 256) / $0 } ?? 256
                return "\(x),192,\(ms(t)),1,0,0:0:0:0:"
            })
        lines.replaceSubrange((start + 1)..<end, with: comments + carried + blanks.reversed())
        return Array(lines.joined(separator: ending).utf8)
    }

    /// The lines of an osu! file (line endings normalized), its own line ending, and how much later than written the
    /// game plays its times (24 ms before format v5, else 0).
    static func osuLines(_ bytes: [UInt8]) -> (lines: [String], ending: String, early: Double) {
        let lines = BeatMapText.normalizingLineEndings(String(decoding: bytes, as: UTF8.self)).components(separatedBy: "\n")
        let header = lines.first?.drop { $0 == "\u{FEFF}" }.trimmingCharacters(in: .whitespaces) ?? ""
        return (lines, ending(bytes), (Int(header.dropFirst("osu file format v".count)) ?? 14) < 5 ? 0.024 : 0)
    }

    /// Where the block list that follows the top-level key on line `start` of a Quaver file ends: at the next line
    /// that starts a key of the top level.
    static func quaverBlockEnd(_ lines: [String], after start: Int) -> Int {
        lines[(start + 1)...].firstIndex { l in
            guard let c = l.first else { return false }
            return c != " " && c != "-" && c != "#"
        } ?? lines.count
    }

    /// An osu! hit object line moved by `d` seconds: its time, and a mania hold's end (type bit 128, the first field of
    /// its extras) or a spinner's (type bit 8, the sixth field).
    static func shifted(_ line: String, by d: Double, ms: (Double) -> Int, early: Double) -> String {
        var f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard f.count > 3, let t = Double(f[2].trimmingCharacters(in: .whitespaces)) else { return line }
        f[2] = String(ms(t / 1000 + early + d))
        let type = Int(f[3].trimmingCharacters(in: .whitespaces)) ?? 1
        if type & 128 != 0, f.count > 5 {
            var extras = f[5].split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            if let e = Double(extras[0]) { extras[0] = String(ms(e / 1000 + early + d)) }
            f[5] = extras.joined(separator: ":")
        } else if type & 8 != 0, f.count > 5, let e = Double(f[5].trimmingCharacters(in: .whitespaces)) {
            f[5] = String(ms(e / 1000 + early + d))
        }
        return f.joined(separator: ",")
    }

    /// Quaver: the items of the `HitObjects:` block list. A kept item keeps its lines; a moved one gets its `StartTime`
    /// (and `EndTime`) moved; a new one is `- StartTime: … / Lane: …`.
    static func quaver(_ bytes: [UInt8], read: BeatMap, times: [Double], path: String) throws(InputError) -> [UInt8] {
        let ending = ending(bytes)
        var lines = BeatMapText.normalizingLineEndings(String(decoding: bytes, as: UTF8.self)).components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("HitObjects:") }),
            lines[start].dropFirst("HitObjects:".count).trimmingCharacters(in: .whitespaces).isEmpty
        else {
            throw InputError(
                .unsupportedFormat, path: path, reason: "the map's HitObjects are not a block list (one \"- StartTime: …\" item a line)",
                fix: "save the edited hits under another name, or re-save the map in Quaver's editor first")
        }
        let end = quaverBlockEnd(lines, after: start)
        var items: [[String]] = []
        var trailing: [String] = []
        for line in lines[(start + 1)..<end] {
            let body = line.drop { $0 == " " }
            if body.hasPrefix("- ") || body == "-" {
                items.append([line])
            } else if !items.isEmpty, !line.trimmingCharacters(in: .whitespaces).isEmpty {
                items[items.count - 1].append(line)
            } else {
                trailing.append(line)
            }
        }
        let lanes = read.lanes ?? 4
        let carried = ChartHitEdit.carry(
            items, time: { (quaverField($0, "StartTime") ?? 0) / 1000 },
            lane: { max(0, Int(quaverField($0, "Lane") ?? 1) - 1) },
            isHit: { item in
                let type = item.lazy.compactMap { quaverValue($0, "Type") }.first?.lowercased()
                return type != "mine" && type != "1"
            }, hits: read.times, to: times, lanes: lanes,
            shifted: { item, d in
                let moved = item.map { line in
                    var line = line
                    for key in ["StartTime", "EndTime"] {
                        guard let v = quaverValue(line, key), let ms = Double(v), ms != 0 || key == "StartTime" else { continue }
                        line = line.replacingOccurrences(of: "\(key): \(v)", with: "\(key): \(Int((ms + d * 1000).rounded()))")
                    }
                    return line
                }
                // A note at 0 ms may leave its StartTime out (Quaver's default): moved, it says where it is now.
                guard quaverField(item, "StartTime") == nil, let first = moved.first, first.hasPrefix("- ") else { return moved }
                return ["- StartTime: \(Int((d * 1000).rounded()))", "  " + first.dropFirst(2)] + moved.dropFirst()
            },
            made: { t, l in ["- StartTime: \(Int((t * 1000).rounded()))", "  Lane: \(l + 1)", "  KeySounds: []"] })
        lines.replaceSubrange((start + 1)..<end, with: carried.flatMap { $0 } + trailing)
        return Array(lines.joined(separator: ending).utf8)
    }

    /// The value text of `key:` on a line of a Quaver item (after a `- ` or indentation), or nil.
    static func quaverValue(_ line: String, _ key: String) -> String? {
        let body = line.drop { $0 == " " || $0 == "-" }
        guard body.hasPrefix(key + ":") else { return nil }
        return body.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
    }

    /// The number `key` holds in a Quaver item; nil when the item does not say (Quaver's default).
    static func quaverField(_ item: [String], _ key: String) -> Double? {
        item.lazy.compactMap { quaverValue($0, key) }.first.flatMap { Double($0) }
    }
}
