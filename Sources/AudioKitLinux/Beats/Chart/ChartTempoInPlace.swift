import Foundation

/// Writes a new tempo map into an osu! or Quaver chart in place, as the osu! editor and Quaver's editor do when the
/// author re-times a map: the timing points change, the hit objects keep their milliseconds (both formats place hits
/// in time, not in beats), and every other line stays (osu!'s inherited points, its speed, volume and kiai changes;
/// Quaver's slider velocities). A new timing point takes the meter and sound settings of the old one in effect where
/// it starts. (A StepMania file is re-timed by `StepManiaRetime`.) The caller reads the result back (`BeatMapFile.save`).
enum ChartTempoInPlace {
    /// Why the chart `file` cannot take a new tempo map when saved in place, or nil when it can: its format places hits
    /// in beats with no rewrite here, or the file holds timing a new map would move (`BeatMapCodec.tempoInPlaceRefusal`).
    static func refusal(of file: BeatMapFile) -> InputError? {
        guard file.format.codec.savesTempoInPlace else {
            return InputError(
                .unsupportedFormat, path: file.path, reason: "a \(file.format.rawValue) chart keeps its own tempo map when saved in place",
                fix: "Save As… writes the chart on the new tempo map under another name")
        }
        return file.format.codec.tempoInPlaceRefusal(file.bytes, path: file.path)
    }

    /// osu!: the `[TimingPoints]` section's uninherited lines replaced by one per timing point of `tempo`, its
    /// inherited lines kept; the whole section sorted by time, an uninherited line before an inherited one at the same
    /// time (the order osu! reads them in).
    static func osu(_ bytes: [UInt8], tempo: TempoMap, path: String) throws(InputError) -> [UInt8] {
        var (lines, ending, early) = ChartInPlace.osuLines(bytes)
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "[TimingPoints]" }) else {
            throw InputError(
                .unsupportedFormat, path: path, reason: "the chart has no [TimingPoints] section to write the tempo map into",
                fix: "save the re-timed chart under another name")
        }
        let end = lines[(start + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("[") } ?? lines.count
        let section = lines[(start + 1)..<end]
        let comments = section.filter { $0.hasPrefix("//") }
        let blanks = section.reversed().prefix { $0.trimmingCharacters(in: .whitespaces).isEmpty }
        var old: [(time: Double, fields: [String], red: Bool)] = []
        for line in section where !line.trimmingCharacters(in: .whitespaces).isEmpty && !line.hasPrefix("//") {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard f.count >= 2, let t = Double(f[0]), let length = Double(f[1]) else { continue }
            old.append((t, f, f.count >= 7 ? f[6] != "0" : length > 0))
        }
        let reds = old.filter(\.red)
        var made: [(time: Double, line: String, red: Bool)] = []
        for p in ChartWriter.timingPoints(tempo) {
            let ms = ((p.time - early) * 1000 * 1000).rounded() / 1000
            // The meter, sample set, sample index, volume and effects of the point in effect there (osu!'s defaults
            // before the first).
            let before = reds.last { $0.time <= ms + 0.5 } ?? reds.first
            var f = before?.fields ?? []
            while f.count < 8 { f.append(["", "", "4", "1", "0", "100", "1", "0"][f.count]) }
            f[0] = RuleText.number(ms)
            f[1] = RuleText.number(60_000 / p.bpm)
            f[6] = "1"
            made.append((ms, f.joined(separator: ","), true))
        }
        let kept = old.filter { !$0.red }.map { (time: $0.time, line: $0.fields.joined(separator: ","), red: false) }
        let sorted = (made + kept).enumerated().sorted { a, b in
            (a.element.time, a.element.red ? 0 : 1, a.offset) < (b.element.time, b.element.red ? 0 : 1, b.offset)
        }.map(\.element.line)
        lines.replaceSubrange((start + 1)..<end, with: comments + sorted + blanks.reversed())
        return Array(lines.joined(separator: ending).utf8)
    }

    /// Quaver: the `TimingPoints:` block list (or an empty `[]`) replaced by one item per timing point of `tempo`, each
    /// keeping the `Signature` of the old point in effect where it starts.
    static func quaver(_ bytes: [UInt8], tempo: TempoMap, path: String) throws(InputError) -> [UInt8] {
        let ending = ChartInPlace.ending(bytes)
        var lines = BeatMapText.normalizingLineEndings(String(decoding: bytes, as: UTF8.self)).components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("TimingPoints:") }) else {
            throw InputError(
                .unsupportedFormat, path: path, reason: "the map has no TimingPoints to write the tempo map into",
                fix: "save the re-timed map under another name")
        }
        let rest = lines[start].dropFirst("TimingPoints:".count).trimmingCharacters(in: .whitespaces)
        guard rest.isEmpty || rest == "[]" else {
            throw InputError(
                .unsupportedFormat, path: path,
                reason: "the map's TimingPoints are not a block list (one \"- StartTime: …\" item a line), so they are not rewritten",
                fix: "save the re-timed map under another name, or re-save the map in Quaver's editor first")
        }
        let end = rest.isEmpty ? ChartInPlace.quaverBlockEnd(lines, after: start) : start + 1
        var old: [(time: Double, signature: String?)] = []
        var trailing: [String] = []
        var item: [String] = []
        func close() {
            guard !item.isEmpty else { return }
            old.append(
                (
                    (ChartInPlace.quaverField(item, "StartTime") ?? 0),
                    item.lazy.compactMap { ChartInPlace.quaverValue($0, "Signature") }.first
                ))
            item = []
        }
        for line in lines[(start + 1)..<end] {
            let body = line.drop { $0 == " " }
            if body.hasPrefix("- ") || body == "-" {
                close()
                item = [line]
            } else if !item.isEmpty, !line.trimmingCharacters(in: .whitespaces).isEmpty {
                item.append(line)
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") {
                trailing.append(line)
            }
        }
        close()
        var made: [String] = []
        for p in ChartWriter.timingPoints(tempo) {
            let ms = (p.time * 1000 * 1000).rounded() / 1000
            made += ["- StartTime: \(RuleText.number(ms))", "  Bpm: \(RuleText.number(p.bpm))"]
            if let signature = (old.last { $0.time <= ms + 0.5 } ?? old.first)?.signature { made.append("  Signature: \(signature)") }
        }
        lines.replaceSubrange(start..<end, with: ["TimingPoints:"] + made + trailing)
        return Array(lines.joined(separator: ending).utf8)
    }
}
