import Foundation

/// What reading a beat map produced: the map, or the findings that stopped it.
public struct BeatMapReadResult: Sendable {
    public var map: BeatMap?
    public var diagnostics: [Diagnostic]
}

/// Reads beat maps in every format authors use. Problems with the content are
/// diagnostics with a line and column (`beatmap.parse_error`); a file that
/// cannot be read at all is a `ToolFailure`.
public enum BeatMapReader {
    public static let parseErrorID = "beatmap.parse_error"

    public static func read(path: String, format: BeatMapFormat? = nil, symbol: String? = nil, limits: InputLimits = .standard)
        throws(ToolFailure) -> BeatMapReadResult
    {
        let bytes = try InputFile.read(path, maxBytes: limits.maxFileBytes)
        guard let chosen = format ?? BeatMapFormat.detect(path: path, bytes: bytes) else {
            throw ToolFailure("\(path): cannot tell the beat map format from the extension; pass --map-format json|text|csv|audacity|swift")
        }
        let result = read(bytes: bytes, file: path, format: chosen, symbol: symbol, maxNestingDepth: limits.maxNestingDepth)
        if let count = result.map?.count, count > limits.maxBeats {
            throw ToolFailure(InputLimits.exceeded(path, count: count, what: "beats", limit: limits.maxBeats, flag: "--max-beats"))
        }
        return result
    }

    public static func read(bytes: [UInt8], file: String?, format: BeatMapFormat, symbol: String? = nil, maxNestingDepth: Int = 64)
        -> BeatMapReadResult
    {
        if let encoding = JSONTextPreprocessor.detectWideEncoding(bytes) {
            return failure(file, 1, 1, "the file is \(encoding), not UTF-8; re-save it as UTF-8")
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        switch format {
        case .json: return readJSON(bytes, file: file, maxNestingDepth: maxNestingDepth)
        case .text: return readLines(text, file: file, separator: nil)
        case .audacity: return readLines(text, file: file, separator: "\t")
        case .csv: return readCSV(text, file: file)
        case .swift: return SwiftLiteralReader.read(text, file: file, symbol: symbol)
        }
    }

    static func failure(_ file: String?, _ line: Int, _ column: Int, _ message: String) -> BeatMapReadResult {
        BeatMapReadResult(
            map: nil,
            diagnostics: [
                Diagnostic(
                    ruleID: parseErrorID, severity: .error, location: SourceLocation(file: file, line: line, column: column),
                    message: message)
            ])
    }

    /// Text and Audacity labels: the first field of each line is a time. Blank lines and `#` comments are skipped;
    /// Audacity's spectral-selection lines (starting with `\`) too.
    static func readLines(_ text: String, file: String?, separator: Character?) -> BeatMapReadResult {
        var times: [Double] = []
        var locations: [SourceLocation] = []
        for (i, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("//") || trimmed.hasPrefix("\\") { continue }
            let column = line.count - trimmed.count + 1
            let field =
                separator.map { sep in trimmed.split(separator: sep, omittingEmptySubsequences: false).first ?? "" } ?? trimmed.split(
                    whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).first ?? ""
            guard let value = Double(field.trimmingCharacters(in: .whitespaces)) else {
                return failure(file, i + 1, column, "\"\(field.prefix(40))\" is not a time in seconds; write one number per line")
            }
            times.append(value)
            locations.append(SourceLocation(file: file, line: i + 1, column: column))
        }
        return BeatMapReadResult(map: BeatMap(times: times, locations: locations, file: file), diagnostics: [])
    }

    static let timeHeaders = ["time", "times", "seconds", "second", "sec", "s", "t", "beat_time", "timestamp", "onset", "beat"]

    /// CSV: a header row naming the time column is recognised; otherwise the first column is the time.
    static func readCSV(_ text: String, file: String?) -> BeatMapReadResult {
        var times: [Double] = []
        var locations: [SourceLocation] = []
        var column = 0
        var sawHeader = false
        for (i, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let cells = line.split(separator: line.contains(";") && !line.contains(",") ? ";" : ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            if !sawHeader && times.isEmpty && Double(cells[0]) == nil {
                sawHeader = true
                let names = cells.map { $0.lowercased() }
                column = timeHeaders.lazy.compactMap { names.firstIndex(of: $0) }.first ?? names.firstIndex { $0.contains("time") } ?? 0
                continue
            }
            guard column < cells.count else {
                return failure(file, i + 1, 1, "row has \(cells.count) cells; the time column is number \(column + 1)")
            }
            let col = cells[0..<column].reduce(1) { $0 + $1.count + 1 }
            guard let value = Double(cells[column]) else {
                return failure(file, i + 1, col, "\"\(cells[column].prefix(40))\" is not a time in seconds")
            }
            times.append(value)
            locations.append(SourceLocation(file: file, line: i + 1, column: col))
        }
        return BeatMapReadResult(map: BeatMap(times: times, locations: locations, file: file), diagnostics: [])
    }

    /// JSON: `[0.5, 1.0, …]`, or `{"bpm": 120, "offset": 0.5, "beats": […]}`; items may be `{"time": 0.5}`.
    static func readJSON(_ bytes: [UInt8], file: String?, maxNestingDepth: Int) -> BeatMapReadResult {
        let pre = JSONTextPreprocessor.process(bytes)
        let decoded = pre.bytes.withUnsafeBytes { Jansson.decode($0, maxDepth: maxNestingDepth) }
        let root: JSONValue
        switch decoded {
        case .failure(let e): return failure(file, e.line, e.column, JSONSyntaxHints.message(for: e))
        case .success(let v): root = v
        }
        var diagnostics: [Diagnostic] = []
        if let first = pre.findings.first(where: { $0.kind != .byteOrderMark }) {
            let p = LineTable(bytes).position(ofOffset: first.offset)
            diagnostics.append(
                Diagnostic(
                    ruleID: "beatmap.json_leniency", severity: .warning,
                    location: SourceLocation(file: file, line: p.line, column: p.column),
                    message: "\(first.kind == .comment ? "comment" : "trailing comma") in JSON; strict parsers (and JSONDecoder) reject it")
            )
        }
        var beats: [JSONValue]
        var base = ""
        var bpm: Double? = nil
        var offset: Double? = nil
        switch root {
        case .array(let a): beats = a
        case .object(let o):
            guard let key = ["beats", "beatMap", "beat_map", "times", "beat_times"].first(where: { o[$0]?.array != nil }) else {
                return failure(
                    file, 1, 1,
                    "the object has no \"beats\" array; write {\"bpm\": 120, \"offset\": 0.5, \"beats\": [0.5, 1.0, …]} or a plain array")
            }
            beats = o[key]!.array!
            base = "/" + key
            bpm = o["bpm"]?.number
            offset = o["offset"]?.number
        default:
            return failure(file, 1, 1, "the top level is \(root.typeName); a beat map is an array of seconds or an object with \"beats\"")
        }
        let paths = beats.indices.map { "\(base)/\($0)" }
        let index = JSONPositionIndex(validJSON: pre.bytes, wanted: Set(paths))
        var times: [Double] = []
        var locations: [SourceLocation] = []
        for (i, item) in beats.enumerated() {
            let p = index.valuePosition(paths[i])
            guard let t = item.number ?? item["time"]?.number ?? item["t"]?.number else {
                return BeatMapReadResult(
                    map: nil,
                    diagnostics: diagnostics
                        + failure(file, p?.line ?? 1, p?.column ?? 1, "beat \(i) is \(item.typeName), not a number of seconds").diagnostics)
            }
            times.append(t)
            locations.append(SourceLocation(file: file, line: p?.line, column: p?.column, jsonPath: paths[i]))
        }
        return BeatMapReadResult(
            map: BeatMap(times: times, locations: locations, bpm: bpm, offset: offset, file: file), diagnostics: diagnostics)
    }
}
