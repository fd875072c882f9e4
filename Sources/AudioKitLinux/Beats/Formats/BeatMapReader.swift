import Foundation

/// What reading a beat map produced: the map, or the findings that stopped it.
public struct BeatMapReadResult: Sendable {
    /// The map; nil when the file could not be read as one.
    public var map: BeatMap?
    /// Findings about the content, with line and column; they include an error when `map` is nil.
    public var diagnostics: [Diagnostic]
}

/// Reads beat maps in every format authors use. Problems with the content are
/// diagnostics with a line and column (`beatmap.parse_error`); a file that
/// cannot be read at all is an `InputError`.
public enum BeatMapReader {
    /// The rule id of a value that cannot be read.
    public static let parseErrorID = BeatMapRules.parseError
    /// The rule id of a map that holds no beat.
    public static let noBeatsID = BeatMapRules.noBeats

    /// Reads the map at `path` in `format` (nil: detected from the extension and first line); `symbol` names the
    /// array in Swift source. Throws `InputError` when the file cannot be read or is over `limits` in bytes or beats,
    /// or when its format cannot be detected.
    /// `chart` picks one chart of a chart file (StepMania difficulty or description, Beat Saber difficulty); nil: the hardest.
    public static func read(
        path: String, format: BeatMapFormat? = nil, symbol: String? = nil, chart: String? = nil, limits: InputLimits = .standard
    )
        throws(InputError) -> BeatMapReadResult
    {
        try readFile(path: path, format: format, symbol: symbol, chart: chart, limits: limits).result
    }

    /// `read(path:…)`, also returning the file's bytes and the format it was read as (what a save needs).
    static func readFile(path: String, format: BeatMapFormat?, symbol: String?, chart: String? = nil, limits: InputLimits)
        throws(InputError) -> (
            bytes: [UInt8], format: BeatMapFormat, result: BeatMapReadResult
        )
    {
        let bytes = try InputFile.read(path, maxBytes: limits.maxFileBytes)
        guard let chosen = format ?? BeatMapFormat.detect(path: path, bytes: bytes) else {
            throw InputError(
                .unsupportedFormat, path: path, reason: "cannot tell the beat map format from the extension",
                fix: "name the format: json, text, csv, audacity, swift, stepmania, osu, quaver, beatsaber or clonehero")
        }
        let result =
            chosen == .beatsaber
            ? try BeatSaberChart.read(path: path, bytes: bytes, chart: chart, limits: limits)
            : read(
                bytes: bytes, file: path, format: chosen, symbol: symbol, chart: chart, maxNestingDepth: limits.maxNestingDepth,
                maxBeats: limits.maxBeats)
        if let count = result.map?.count, count > limits.maxBeats {
            throw InputLimits.exceeded(path, count: count, what: "beats", limit: limits.maxBeats, which: .beats)
        }
        return (bytes, chosen, result)
    }

    /// Reads a map from its bytes. Past `maxBeats`, a JSON map's times are returned without their positions
    /// (the caller refuses the map by its count, so the positions are never computed). A Beat Saber difficulty
    /// also reads the `Info.dat` beside `file`.
    public static func read(
        bytes: [UInt8], file: String?, format: BeatMapFormat, symbol: String? = nil, chart: String? = nil, maxNestingDepth: Int = 64,
        maxBeats: Int = .max
    )
        -> BeatMapReadResult
    {
        if let encoding = JSONTextPreprocessor.detectWideEncoding(bytes) {
            return failure(file, 1, 1, "the file is \(encoding), not UTF-8; re-save it as UTF-8")
        }
        var text = BeatMapText.normalizingLineEndings(String(decoding: bytes, as: UTF8.self))
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        switch format {
        case .json:
            return readJSON(
                BeatMapText.normalizingLineEndings(bytes), file: file, chart: chart, maxNestingDepth: maxNestingDepth, maxBeats: maxBeats)
        case .text: return readLines(text, file: file, separator: nil)
        case .audacity: return readLines(text, file: file, separator: "\t")
        case .csv: return readCSV(text, file: file)
        case .swift: return SwiftLiteralReader.read(text, file: file, symbol: symbol)
        case .stepmania: return StepManiaChart.read(bytes: bytes, file: file, chart: chart, maxBeats: maxBeats)
        case .osu: return OsuChart.read(bytes: bytes, file: file, maxBeats: maxBeats)
        case .quaver: return QuaverChart.read(bytes: bytes, file: file, maxNestingDepth: maxNestingDepth, maxBeats: maxBeats)
        case .clonehero: return CloneHeroChart.read(bytes: bytes, file: file, chart: chart, maxBeats: maxBeats)
        case .beatsaber:
            do throws(InputError) {
                var limits = InputLimits.standard
                limits.maxNestingDepth = maxNestingDepth
                limits.maxBeats = min(maxBeats, limits.maxBeats)
                return try BeatSaberChart.read(path: file ?? "", bytes: bytes, chart: chart, limits: limits)
            } catch {
                return failure(file, 1, 1, error.description)
            }
        }
    }

    static func failure(_ file: String?, _ line: Int, _ column: Int, _ message: String, remedy: Remedy? = nil) -> BeatMapReadResult {
        BeatMapReadResult(
            map: nil,
            diagnostics: [
                Diagnostic(
                    ruleID: parseErrorID, severity: .error, location: SourceLocation(file: file, line: line, column: column),
                    message: message, remedy: remedy)
            ])
    }

    /// Text and Audacity labels: the first field of each line is a time. Blank lines and `#` comments are skipped;
    /// Audacity's spectral-selection lines (starting with `\\`) too. In text, a field such as `0,5` is refused (it
    /// could be a decimal comma or two fields); in tab-separated labels a decimal comma is unambiguous and is read.
    static func readLines(_ text: String, file: String?, separator: Character?) -> BeatMapReadResult {
        var times: [Double] = []
        var locations: [SourceLocation] = []
        for (number, line) in BeatMapText.lines(text) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("//") || trimmed.hasPrefix("\\") { continue }
            let column = line.count - trimmed.count + 1
            if separator == nil, let comma = BeatMapText.decimalCommaColumn(in: line, fieldStart: column) {
                let field = trimmed.prefix { !$0.isWhitespace }
                return failure(
                    file, number, comma,
                    "\"\(field.prefix(40))\" has a decimal comma; write the time with a point (\(field.replacingOccurrences(of: ",", with: ".")))"
                )
            }
            let field =
                separator.map { sep in trimmed.split(separator: sep, omittingEmptySubsequences: false).first ?? "" } ?? trimmed.split(
                    whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).first ?? ""
            let cell = field.trimmingCharacters(in: .whitespaces)
            guard let value = Double(cell) ?? (separator == nil ? nil : BeatMapText.decimalCommaValue(Substring(cell))) else {
                return failure(file, number, column, "\"\(field.prefix(40))\" is not a time in seconds; write one number per line")
            }
            times.append(value)
            locations.append(SourceLocation(file: file, line: number, column: column))
        }
        return finished(times, locations, file: file)
    }

    static let timeHeaders = ["time", "times", "seconds", "second", "sec", "s", "t", "beat_time", "timestamp", "onset", "beat"]

    /// CSV: a header row naming the time column is recognised; otherwise the first column is the time. The delimiter
    /// is a semicolon when the first row has one (as spreadsheets write it where the decimal separator is a comma),
    /// and then a decimal comma is read as such; cells may be quoted.
    static func readCSV(_ text: String, file: String?) -> BeatMapReadResult {
        var times: [Double] = []
        var locations: [SourceLocation] = []
        var column = 0
        var sawHeader = false
        var delimiter: Character? = nil
        for (number, line) in BeatMapText.lines(text) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let sep = delimiter ?? BeatMapText.csvDelimiter(firstRow: line)
            delimiter = sep
            let cells = BeatMapText.csvCells(line, delimiter: sep)
            if !sawHeader && times.isEmpty && Double(cells[0].text) == nil
                && BeatMapText.decimalCommaValue(Substring(cells[0].text), delimiter: sep) == nil
            {
                sawHeader = true
                let names = cells.map { $0.text.lowercased() }
                column = timeHeaders.lazy.compactMap { names.firstIndex(of: $0) }.first ?? names.firstIndex { $0.contains("time") } ?? 0
                continue
            }
            guard column < cells.count else {
                return failure(file, number, 1, "row has \(cells.count) cells; the time column is number \(column + 1)")
            }
            let cell = cells[column]
            guard let value = Double(cell.text) ?? BeatMapText.decimalCommaValue(Substring(cell.text), delimiter: sep) else {
                return failure(file, number, cell.column, "\"\(cell.text.prefix(40))\" is not a time in seconds")
            }
            times.append(value)
            locations.append(SourceLocation(file: file, line: number, column: cell.column))
        }
        return finished(times, locations, file: file)
    }

    /// A map read to its end: an error when it holds no beat at all (a gate must never pass on nothing).
    static func finished(_ times: [Double], _ locations: [SourceLocation], file: String?, bpm: Double? = nil, offset: Double? = nil)
        -> BeatMapReadResult
    {
        guard !times.isEmpty else {
            return BeatMapReadResult(
                map: nil,
                diagnostics: [
                    Diagnostic(
                        ruleID: noBeatsID, severity: .error, location: SourceLocation(file: file, line: 1, column: 1),
                        message: "the map holds no beat; write one time in seconds per beat")
                ])
        }
        return BeatMapReadResult(map: BeatMap(times: times, locations: locations, bpm: bpm, offset: offset, file: file), diagnostics: [])
    }

    /// JSON: `[0.5, 1.0, …]`, or `{"bpm": 120, "offset": 0.5, "beats": […]}`; items may be `{"time": 0.5}`. An object
    /// may add `"tempo_changes": [{"time": 30.0, "bpm": 140}, …]` beside `bpm` and `offset`: tempo sections that each
    /// restart the grid at their time, as osu! timing points do (the map's `tempoMap`); and `"stops": [{"time": 12.0,
    /// "seconds": 0.5}, …]`: pauses of the grid from their time, a hit at `time` coming before the pause (a StepMania
    /// stop) or, with `"delay": true`, after it (a StepMania delay).
    static func readJSON(_ bytes: [UInt8], file: String?, chart: String? = nil, maxNestingDepth: Int, maxBeats: Int) -> BeatMapReadResult {
        var pre = JSONTextPreprocessor.process(bytes)
        var decoded = pre.bytes.withUnsafeBytes { Jansson.decode($0, maxDepth: maxNestingDepth) }
        // A Friday Night Funkin' chart may have text after its JSON, which the game's loader trims.
        if case .failure = decoded, bytes.starts(with: Array("{\"song\"".utf8)) {
            let trimmed = JSONTextPreprocessor.process(FunkinChart.trimmed(bytes))
            let again = trimmed.bytes.withUnsafeBytes { Jansson.decode($0, maxDepth: maxNestingDepth) }
            if case .success(let v) = again, FunkinChart.isChart(v) {
                pre = trimmed
                decoded = again
            }
        }
        let root: JSONValue
        switch decoded {
        case .failure(let e): return failure(file, e.line, e.column, JSONSyntaxHints.message(for: e))
        case .success(let v): root = v
        }
        if FunkinChart.isChart(root) { return FunkinChart.read(root, bytes: pre.bytes, file: file, side: chart, maxBeats: maxBeats) }
        var diagnostics: [Diagnostic] = []
        if let first = pre.findings.first(where: { $0.kind != .byteOrderMark }) {
            let p = LineTable(bytes).position(ofOffset: first.offset)
            diagnostics.append(
                Diagnostic(
                    ruleID: BeatMapRules.jsonLeniency, severity: .warning,
                    location: SourceLocation(file: file, line: p.line, column: p.column),
                    message: "\(first.kind == .comment ? "comment" : "trailing comma") in JSON; strict parsers (and JSONDecoder) reject it")
            )
        }
        var beats: [JSONValue]
        var base = ""
        var bpm: Double? = nil
        var offset: Double? = nil
        var tempoMap: TempoMap? = nil
        switch root {
        case .array(let a): beats = a
        case .object(let o):
            guard let key = BeatMapJSONKeys.beats.first(where: { o[$0]?.array != nil }) else {
                return failure(
                    file, 1, 1,
                    "the object has no \"beats\" array; write {\"bpm\": 120, \"offset\": 0.5, \"beats\": [0.5, 1.0, …]} or a plain array")
            }
            beats = o[key]!.array!
            base = "/" + key
            diagnostics += unknownKeys(o, bytes: pre.bytes, file: file)
            bpm = o["bpm"]?.number
            offset = o["offset"]?.number
            if o["tempo_changes"] != nil || o["stops"] != nil {
                switch tempoChanges(o["tempo_changes"] ?? .array([]), stops: o["stops"], bpm: bpm, offset: offset) {
                case .success(let map): tempoMap = map
                case .failure(let e):
                    let key = e.inStops ? "/stops" : (o["tempo_changes"] != nil ? "/tempo_changes" : "/stops")
                    let p = JSONPositionIndex(validJSON: pre.bytes, wanted: [key]).keyPosition(key)
                    return failure(
                        file, p?.line ?? 1, p?.column ?? 1, "\"\(key.dropFirst())\" \(e.reason)",
                        remedy: nil)
                }
            }
        default:
            return failure(file, 1, 1, "the top level is \(root.typeName); a beat map is an array of seconds or an object with \"beats\"")
        }
        if beats.count > maxBeats {
            return BeatMapReadResult(map: BeatMap(times: beats.map { $0.number ?? .nan }, locations: [], file: file), diagnostics: [])
        }
        let positions = JSONPositionIndex(validJSON: pre.bytes, wanted: [base]).itemPositions(ofArrayAt: base, in: pre.bytes)
        var times: [Double] = []
        var locations: [SourceLocation] = []
        times.reserveCapacity(beats.count)
        locations.reserveCapacity(beats.count)
        for (i, item) in beats.enumerated() {
            let p = i < positions.count ? positions[i] : nil
            guard let t = item.number ?? item["time"]?.number ?? item["t"]?.number else {
                return BeatMapReadResult(
                    map: nil,
                    diagnostics: diagnostics
                        + failure(file, p?.line ?? 1, p?.column ?? 1, "beat \(i) is \(item.typeName), not a number of seconds").diagnostics)
            }
            times.append(t)
            locations.append(SourceLocation(file: file, line: p?.line, column: p?.column, jsonPath: "\(base)/\(i)"))
        }
        var result = finished(times, locations, file: file, bpm: bpm, offset: offset)
        result.map?.tempoMap = tempoMap
        result.diagnostics = diagnostics + result.diagnostics
        return result
    }

    /// A warning at each key of the map object `o` the reader does not know: what it says is not read.
    static func unknownKeys(_ o: JSONObject, bytes: [UInt8], file: String?) -> [Diagnostic] {
        let known = BeatMapJSONKeys.all
        let unknown = o.members.map(\.key).filter { !known.contains($0) }
        guard !unknown.isEmpty else { return [] }
        let index = JSONPositionIndex(validJSON: bytes, wanted: Set(unknown.map { JSONPointer.appending("", $0) }))
        return unknown.map { key in
            let pointer = JSONPointer.appending("", key)
            let p = index.keyPosition(pointer)
            return Diagnostic(
                ruleID: BeatMapRules.unknownKey, severity: .warning,
                location: SourceLocation(file: file, line: p?.line, column: p?.column, jsonPath: pointer),
                message: RuleText.unknownKey(key, in: "the beat map", known: known, effect: "read"))
        }
    }

    /// The most tempo changes a JSON map may hold.
    static let maxTempoChanges = 10_000

    /// A JSON map's `"tempo_changes"` on its `bpm` and `offset`: the tempo map, or why it is not one.
    static func tempoChanges(_ value: JSONValue, stops: JSONValue? = nil, bpm: Double?, offset: Double?) -> Result<
        TempoMap, TempoChangesError
    > {
        guard let items = value.array else {
            return .failure(TempoChangesError("is \(value.typeName), not an array of {\"time\", \"bpm\"}"))
        }
        guard let bpm, TempoMap.bpmRange.contains(bpm), let offset, offset.isFinite else {
            return .failure(TempoChangesError("needs the map's \"bpm\" (1–10000) and \"offset\" beside it: the first section"))
        }
        guard items.count <= maxTempoChanges else {
            return .failure(TempoChangesError("has \(items.count) entries, more than \(maxTempoChanges)"))
        }
        var points = [(time: offset, bpm: bpm)]
        for (i, item) in items.enumerated() {
            guard case .object(let o) = item, Set(o.keys) == Set(BeatMapJSONKeys.tempoChangeKeys), let time = o["time"]?.number,
                let tempo = o["bpm"]?.number,
                time.isFinite, TempoMap.bpmRange.contains(tempo)
            else {
                return .failure(TempoChangesError("entry \(i) is not {\"time\": seconds, \"bpm\": 1–10000}"))
            }
            guard time > points[points.count - 1].time else {
                return .failure(
                    TempoChangesError(
                        "entry \(i) at \(time) s does not come after the section before it (at \(points[points.count - 1].time) s)"))
            }
            points.append((time, tempo))
        }
        var pauses: [(time: Double, seconds: Double, delay: Bool)] = []
        if let stops {
            guard let items = stops.array else {
                return .failure(TempoChangesError("is \(stops.typeName), not an array of {\"time\", \"seconds\"}", inStops: true))
            }
            guard items.count <= maxTempoChanges else {
                return .failure(TempoChangesError("has \(items.count) entries, more than \(maxTempoChanges)", inStops: true))
            }
            for (i, item) in items.enumerated() {
                guard case .object(let o) = item, Set(o.keys).subtracting([BeatMapJSONKeys.stopDelay]) == Set(BeatMapJSONKeys.stopKeys),
                    let time = o["time"]?.number,
                    let seconds = o["seconds"]?.number, time.isFinite, seconds.isFinite, seconds > 0, seconds < BeatMapJSONKeys.maximumStop,
                    o["delay"] == nil || o["delay"]?.bool != nil
                else {
                    return .failure(
                        TempoChangesError(
                            "entry \(i) is not {\"time\": seconds, \"seconds\": a pause of 0–86400 s, \"delay\": true or false (optional)}",
                            inStops: true))
                }
                pauses.append((time, seconds, o["delay"]?.bool ?? false))
            }
        }
        guard let map = TempoMap(timingPoints: points, stops: pauses) else {
            return .failure(
                TempoChangesError(
                    pauses.isEmpty
                        ? "is not a usable tempo map"
                        : "holds a pause that starts inside another or runs past the next tempo change; each pause must end before what follows",
                    inStops: !pauses.isEmpty))
        }
        return .success(map)
    }

    /// Why a JSON map's `"tempo_changes"` or `"stops"` could not be read.
    struct TempoChangesError: Error {
        let reason: String
        /// True when `"stops"` is at fault.
        var inStops = false
        init(_ reason: String, inStops: Bool = false) {
            self.reason = reason
            self.inStops = inStops
        }
    }
}
