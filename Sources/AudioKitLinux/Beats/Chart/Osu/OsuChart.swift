import Foundation

/// Reads osu! `.osu` beatmaps (any mode; osu!mania is the rhythm-game one) as beat maps of hits, following the
/// lazer decoder as described in ../shared/reference/CHART-FORMATS.md §2: times in milliseconds from the start of
/// the audio (`AudioLeadIn` does not move them; files older than format v5 get +24 ms); uninherited timing points
/// (beat length > 0) restart the beat grid, their beat lengths clamped to 6–60000 ms as lazer clamps them (a
/// `beatmap.clamped_value` warning); every hit object is a hit at its start time (a hold counts once), and
/// objects at the same time are one hit. Comments (`//`) and unknown sections are skipped, as osu! skips them.
enum OsuChart {
    static func read(bytes: [UInt8], file: String?, maxBeats: Int) -> BeatMapReadResult {
        let text = BeatMapText.normalizingLineEndings(String(decoding: bytes, as: UTF8.self))
        var section = ""
        var version: Int? = nil
        var points: [(time: Double, bpm: Double)] = []
        var meter = 4
        var notes: [ChartHits.Note] = []
        var name: String? = nil
        var pendingObjects: [(time: Double, line: Int, column: Int)] = []
        var metadata = ChartMetadata()
        var keys = 4
        var mode = 0
        var objects: [(x: Double, time: Double, hold: Double?)] = []
        var clamped: [Diagnostic] = []
        for (number, raw) in BeatMapText.lines(text) {
            var line = Substring(raw)
            if number == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("//") { continue }
            if version == nil {
                guard trimmed.hasPrefix("osu file format v"), let v = Int(trimmed.dropFirst("osu file format v".count)) else {
                    return BeatMapReader.failure(
                        file, number, 1, "the first line is not \"osu file format vN\"; is this an osu! .osu file?")
                }
                version = v
                continue
            }
            if trimmed.hasPrefix("[") && trimmed.hasSuffix("]") {
                section = String(trimmed.dropFirst().dropLast())
                continue
            }
            switch section {
            case "Metadata", "Difficulty", "General":
                header(trimmed, into: &metadata, keys: &keys, mode: &mode)
                if trimmed.hasPrefix("Version:") { name = String(trimmed.dropFirst("Version:".count)).trimmingCharacters(in: .whitespaces) }
            case "TimingPoints":
                switch timingPoint(trimmed, indent: line.count - line.drop { $0 == " " || $0 == "\t" }.count, number: number, file: file) {
                case .failure(let f): return f.result
                case .success(nil): continue
                case .success(let p?):
                    points.append((p.time, p.bpm))
                    if let m = p.meter, points.count == 1 { meter = m }
                    if let d = p.clamped { clamped.append(d) }
                }
            case "HitObjects":
                switch hitObject(trimmed, indent: line.count - line.drop { $0 == " " || $0 == "\t" }.count, number: number, file: file) {
                case .failure(let f): return f.result
                case .success(let o):
                    pendingObjects.append((o.mania.time, number, o.column))
                    objects.append(o.mania)
                }
                if pendingObjects.count > maxBeats {
                    return BeatMapReader.failure(file, number, 1, "the chart holds more than \(maxBeats) hit objects (the beat limit)")
                }
            case "Events": metadata.background = metadata.background ?? background(trimmed)
            default: continue
            }
        }
        guard let version else {
            return BeatMapReader.failure(file, 1, 1, "the file is empty; an osu! file starts with \"osu file format v14\"")
        }
        let early = version < 5 ? 0.024 : 0
        let tempo = TempoMap(timingPoints: points.map { ($0.time + early, $0.bpm) }, beatsPerBar: meter)
        for o in pendingObjects {
            let t = o.time + early
            notes.append(
                ChartHits.Note(time: t, beat: tempo?.beat(atTime: t), location: SourceLocation(file: file, line: o.line, column: o.column)))
        }
        var result = ChartHits.map(
            notes, tempoMap: tempo, file: file, chart: name, maxBeats: maxBeats, empty: "the [HitObjects] section holds no hit object")
        // Times are what an osu! chart stores; beat positions are derived, so they are not the chart's own.
        result.map?.positions = []
        result.map?.metadata = metadata
        result.diagnostics += clamped
        if mode == 3 {
            result.map?.lanes = keys
            result.map?.notes = maniaNotes(objects, keys: keys, early: early)
        }
        return result
    }

    /// One line of `[HitObjects]` (`x,y,time,type,…`, `indent` characters in): its time (seconds) with its x and, for
    /// an osu!mania hold (type bit 128), its end from the first field of its extras; and the column of its time.
    static func hitObject(_ trimmed: String, indent: Int, number: Int, file: String?) -> Result<
        (mania: (x: Double, time: Double, hold: Double?), column: Int), StepManiaChart.Failure
    > {
        let fields = trimmed.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count >= 4, let time = Double(fields[2].trimmingCharacters(in: .whitespaces)), time.isFinite,
            abs(time) < 86_400_000
        else {
            return .failure(
                StepManiaChart.Failure(
                    result: BeatMapReader.failure(
                        file, number, 1, "hit object \"\(trimmed.prefix(40))\" is not x,y,time,type,…; write it as 64,192,1000,1,0,0:0:0:0:"
                    )
                ))
        }
        let column = fields[0].count + fields[1].count + 3 + indent
        let type = Int(fields[3].trimmingCharacters(in: .whitespaces)) ?? 1
        let end = type & 128 != 0 && fields.count >= 6 ? fields[5].split(separator: ":").first.flatMap { Double($0) } : nil
        return .success(((Double(fields[0].trimmingCharacters(in: .whitespaces)) ?? 0, time / 1000, end.map { $0 / 1000 }), column))
    }

    /// One line of `[TimingPoints]` (`time,beatLength,meter,…,uninherited,…`, `indent` characters in): an uninherited
    /// point's time (seconds), tempo and meter, its beat length clamped to 6–60000 ms as lazer's `TimingControlPoint`
    /// clamps it (with the `beatmap.clamped_value` warning that says so); nil for an inherited point (a speed change,
    /// not timing); the failure when the line is not a timing point.
    static func timingPoint(_ trimmed: String, indent: Int, number: Int, file: String?) -> Result<
        (time: Double, bpm: Double, meter: Int?, clamped: Diagnostic?)?, StepManiaChart.Failure
    > {
        let fields = trimmed.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.count >= 2, let time = Double(fields[0]), let length = Double(fields[1]), time.isFinite, length.isFinite,
            abs(time) < 86_400_000
        else {
            return .failure(
                StepManiaChart.Failure(
                    result: BeatMapReader.failure(
                        file, number, 1,
                        "timing point \"\(trimmed.prefix(40))\" is not time,beatLength,…; write it as 100,500,4,1,0,100,1,0")))
        }
        let uninherited = fields.count >= 7 ? fields[6] != "0" : length > 0
        guard uninherited else { return .success(nil) }
        // osu! clamps a beat length to 6–60000 ms (lazer's TimingControlPoint): the map plays, on that grid.
        let played = min(max(length, 6), 60_000)
        let clamped =
            played == length
            ? nil
            : Diagnostic(
                ruleID: BeatMapRules.clampedValue, severity: .warning,
                location: SourceLocation(file: file, line: number, column: indent + fields[0].count + 2),
                message:
                    "beat length \(fields[1]) ms: osu! clamps a beat length to 6–60000 ms and plays \(RuleText.number(played)) ms (\(RuleText.number(60_000 / played)) BPM); the hits keep their times; write the beat length meant"
            )
        let meter = fields.count >= 3 ? Int(fields[2]).flatMap { (1...64).contains($0) ? $0 : nil } : nil
        return .success((time / 1000, 60_000 / played, meter, clamped))
    }

    /// The picture an `[Events]` line `0,0,"file",x,y` puts behind the chart; nil for any other event.
    static func background(_ line: String) -> String? {
        let fields = line.split(separator: ",", maxSplits: 3).map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.count >= 3, fields[0] == "0" || fields[0] == "Background", fields[1] == "0" else { return nil }
        return fields[2].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).nilIfEmpty
    }

    /// One `Key: value` line of `[General]`, `[Metadata]` or `[Difficulty]`: the song's and chart's names, the key count
    /// (`CircleSize`) and the mode.
    static func header(_ line: String, into metadata: inout ChartMetadata, keys: inout Int, mode: inout Int) {
        let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard pair.count == 2 else { return }
        switch pair[0] {
        case "Version": metadata.difficulty = pair[1].nilIfEmpty
        case "Title": metadata.title = pair[1].nilIfEmpty
        case "Artist": metadata.artist = pair[1].nilIfEmpty
        case "Creator": metadata.creator = pair[1].nilIfEmpty
        case "Source": metadata.source = pair[1].nilIfEmpty
        case "Tags": metadata.tags = pair[1].nilIfEmpty
        case "PreviewTime": metadata.previewTime = Double(pair[1]).flatMap { $0.isFinite && $0 >= 0 ? $0 / 1000 : nil }
        case "CircleSize": keys = Int(Double(pair[1]) ?? 4).clamped(to: 1...18)
        case "Mode": mode = Int(pair[1]) ?? 0
        default: break
        }
    }

    /// osu!mania notes in time order: the lane as osu!mania computes it, floor(x × keys / 512), and a hold's end.
    static func maniaNotes(_ objects: [(x: Double, time: Double, hold: Double?)], keys: Int, early: Double) -> [ChartNote] {
        objects.map { o in
            ChartNote(
                time: o.time + early, lane: min(keys - 1, max(0, Int(o.x * Double(keys) / 512))), kind: o.hold == nil ? .tap : .hold,
                end: o.hold.map { $0 + early })
        }.sorted { ($0.time, $0.lane) < ($1.time, $1.lane) }
    }
}
