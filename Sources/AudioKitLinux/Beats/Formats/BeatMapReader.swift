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
        let chosen = try self.format(of: path, given: format, bytes: bytes)
        return (bytes, chosen, try read(fileBytes: bytes, path: path, format: chosen, symbol: symbol, chart: chart, limits: limits))
    }

    /// `given`, else the format `path`'s extension and `bytes` say; throws `InputError` when neither does.
    static func format(of path: String, given: BeatMapFormat?, bytes: [UInt8]) throws(InputError) -> BeatMapFormat {
        guard let chosen = given ?? BeatMapFormat.detect(path: path, bytes: bytes) else {
            throw InputError(
                .unsupportedFormat, path: path, reason: "cannot tell the beat map format from the extension",
                fix: "name the format: json, text, csv, audacity, swift, stepmania, osu, quaver, beatsaber or clonehero")
        }
        return chosen
    }

    /// The map the bytes of the file at `path` hold, read as `format`; throws `InputError` when a file beside it cannot be
    /// read or the map is over `limits` in beats. A file of several charts is read once and each chart taken from its
    /// bytes (`ChartSetConversion`).
    static func read(fileBytes bytes: [UInt8], path: String, format: BeatMapFormat, symbol: String?, chart: String?, limits: InputLimits)
        throws(InputError) -> BeatMapReadResult
    {
        let result = try read(bytes: bytes, file: path, format: format, symbol: symbol, chart: chart, limits: limits)
        if let count = result.map?.count, count > limits.maxBeats {
            throw InputLimits.exceeded(path, count: count, what: "beats", limit: limits.maxBeats, which: .beats)
        }
        return result
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
        var limits = InputLimits.standard
        limits.maxNestingDepth = maxNestingDepth
        limits.maxBeats = maxBeats
        do throws(InputError) {
            return try read(bytes: bytes, file: file, format: format, symbol: symbol, chart: chart, limits: limits)
        } catch {
            return failure(file, 1, 1, error.description)
        }
    }

    /// The map `bytes` hold, read by `format`'s codec; throws `InputError` when a file beside it cannot be read (a Beat
    /// Saber `Info.dat`).
    static func read(bytes: [UInt8], file: String?, format: BeatMapFormat, symbol: String?, chart: String?, limits: InputLimits)
        throws(InputError) -> BeatMapReadResult
    {
        if let encoding = JSONTextPreprocessor.detectWideEncoding(bytes) {
            return failure(file, 1, 1, "the file is \(encoding), not UTF-8; re-save it as UTF-8")
        }
        var text = BeatMapText.normalizingLineEndings(String(decoding: bytes, as: UTF8.self))
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return try format.codec.read(BeatMapReadInput(bytes: bytes, text: text, file: file, symbol: symbol, chart: chart, limits: limits))
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

    /// A map read to its end: an error when it holds no beat at all (a gate must never pass on nothing).
    static func finished(
        _ times: [Double], _ locations: [SourceLocation], file: String?, tempoMap: TempoMap? = nil,
        origin: BeatMap.TempoOrigin = .chart
    ) -> BeatMapReadResult {
        guard !times.isEmpty else {
            return BeatMapReadResult(
                map: nil,
                diagnostics: [
                    Diagnostic(
                        ruleID: noBeatsID, severity: .error, location: SourceLocation(file: file, line: 1, column: 1),
                        message: "the map holds no beat; write one time in seconds per beat")
                ])
        }
        return BeatMapReadResult(
            map: BeatMap(times: times, locations: locations, tempoMap: tempoMap, origin: origin, file: file), diagnostics: [])
    }
}
