import Foundation

/// Reading JSON beat maps (and, through them, Friday Night Funkin' charts).
extension BeatMapReader {
    /// JSON: `[0.5, 1.0, …]`, or `{"bpm": 120, "offset": 0.5, "beats": […]}`; items may be `{"time": 0.5}`. An object
    /// may add `"tempo_changes": [{"time": 30.0, "bpm": 140}, …]` beside `bpm` and `offset`: tempo sections that each
    /// restart the grid at their time, as osu! timing points do (the map's `tempoMap`); and `"stops": [{"time": 12.0,
    /// "seconds": 0.5}, …]`: pauses of the grid from their time, a hit at `time` coming before the pause (a StepMania
    /// stop) or, with `"delay": true`, after it (a StepMania delay).
    static func readJSON(_ bytes: [UInt8], file: String?, chart: String? = nil, maxNestingDepth: Int, maxBeats: Int) -> BeatMapReadResult {
        let (pre, decoded) = decodeJSON(bytes, maxNestingDepth: maxNestingDepth)
        let root: JSONValue
        switch decoded {
        case .failure(let e): return failure(file, e.line, e.column, JSONSyntaxHints.message(for: e))
        case .success(let v): root = v
        }
        if FunkinChart.isChart(root) { return FunkinChart.read(root, bytes: pre.bytes, file: file, side: chart, maxBeats: maxBeats) }
        var diagnostics = leniency(pre, bytes: bytes, file: file)
        var beats: [JSONValue]
        var base = ""
        var tempoMap: TempoMap? = nil
        var origin = BeatMap.TempoOrigin.chart
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
            let bpm = o["bpm"]?.number
            let offset = o["offset"]?.number
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
            } else {
                let declared = declaredGrid(o, bytes: pre.bytes, file: file)
                tempoMap = declared.tempo
                origin = .declared
                diagnostics += declared.diagnostics
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
                        + failure(
                            file, p?.line ?? 1, p?.column ?? 1, "beat \(RuleText.ordinal(i)) is \(item.typeName), not a number of seconds"
                        ).diagnostics)
            }
            times.append(t)
            locations.append(SourceLocation(file: file, line: p?.line, column: p?.column, jsonPath: "\(base)/\(i)"))
        }
        var result = finished(times, locations, file: file, tempoMap: tempoMap, origin: origin)
        result.diagnostics = diagnostics + result.diagnostics
        return result
    }

    /// The bytes as Jansson reads them (comments and trailing commas taken out) and what it decodes. A Friday Night
    /// Funkin' chart may have text after its JSON, which the game's loader trims: so is it here.
    private static func decodeJSON(_ bytes: [UInt8], maxNestingDepth: Int) -> (
        JSONTextPreprocessor.Output, Result<JSONValue, JSONSyntaxError>
    ) {
        let pre = JSONTextPreprocessor.process(bytes)
        let decoded = pre.bytes.withUnsafeBytes { Jansson.decode($0, maxDepth: maxNestingDepth) }
        if case .failure = decoded, bytes.starts(with: Array("{\"song\"".utf8)) {
            let trimmed = JSONTextPreprocessor.process(FunkinChart.trimmed(bytes))
            let again = trimmed.bytes.withUnsafeBytes { Jansson.decode($0, maxDepth: maxNestingDepth) }
            if case .success(let v) = again, FunkinChart.isChart(v) { return (trimmed, again) }
        }
        return (pre, decoded)
    }

    /// A warning at the first comment or trailing comma, which strict parsers reject.
    private static func leniency(_ pre: JSONTextPreprocessor.Output, bytes: [UInt8], file: String?) -> [Diagnostic] {
        guard let first = pre.findings.first(where: { $0.kind != .byteOrderMark }) else { return [] }
        let p = LineTable(bytes).position(ofOffset: first.offset)
        return [
            Diagnostic(
                ruleID: BeatMapRules.jsonLeniency, severity: .warning,
                location: SourceLocation(file: file, line: p.line, column: p.column),
                message: "\(first.kind == .comment ? "comment" : "trailing comma") in JSON; strict parsers (and JSONDecoder) reject it")
        ]
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

    /// A JSON map's one steady tempo from its `"bpm"` and `"offset"`, or nil; a warning at a value that is not a
    /// usable tempo or time, or at one given without the other (a grid needs both), since either way the map declares
    /// less than it seems to and every check would pass on it.
    static func declaredGrid(_ o: JSONObject, bytes: [UInt8], file: String?) -> (tempo: TempoMap?, diagnostics: [Diagnostic]) {
        let keys = [BeatMapJSONKeys.bpm, BeatMapJSONKeys.offset]
        guard keys.contains(where: { o[$0] != nil }) else { return (nil, []) }
        let index = JSONPositionIndex(validJSON: bytes, wanted: Set(keys.map { JSONPointer.appending("", $0) }))
        func finding(_ key: String, _ message: String) -> Diagnostic {
            let p = index.keyPosition(JSONPointer.appending("", key))
            return Diagnostic(
                ruleID: BeatMapRules.declaredTempo, severity: .warning,
                location: SourceLocation(file: file, line: p?.line, column: p?.column, jsonPath: JSONPointer.appending("", key)),
                message: message)
        }
        let bpm = o["bpm"], offset = o["offset"]
        var found: [Diagnostic] = []
        if let bpm, !(bpm.number.map(TempoMap.bpmRange.contains) ?? false) {
            found.append(
                finding(
                    "bpm",
                    "\"bpm\" is \(bpm.number.map(RuleText.number) ?? bpm.typeName), not a tempo of 1–10000 beats a minute: the map declares no tempo, and no hit is checked on a grid"
                ))
        }
        if let offset, !(offset.number?.isFinite ?? false) {
            found.append(
                finding(
                    "offset",
                    "\"offset\" is \(offset.typeName), not a time in seconds: the map declares no grid, and no hit is checked on one"))
        }
        if found.isEmpty, bpm == nil || offset == nil {
            let (given, missing) = bpm == nil ? ("offset", "bpm") : ("bpm", "offset")
            found.append(
                finding(
                    given,
                    "\"\(given)\" without \"\(missing)\" declares no grid (a grid is a tempo and the time of its first beat), so it is not used; add \"\(missing)\""
                ))
        }
        guard found.isEmpty, let b = bpm?.number, let t = offset?.number else { return (nil, found) }
        return (TempoMap(offset: t, bpm: b), [])
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
