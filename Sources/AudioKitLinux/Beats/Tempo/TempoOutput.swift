/// JSON for `beatmap bpm --format json`.
public enum TempoOutput {
    static func r(_ v: Double, _ scale: Double = 1000) -> JSONValue { .real((v * scale).rounded() / scale) }

    /// The estimate and the check as indented JSON, numbers rounded to three decimals; what is missing is null.
    public static func json(track: String, estimate e: TempoEstimate?, check: TempoCheck?) -> String {
        var o = JSONObject()
        o["track"] = .string(track)
        o["bpm"] = e.map { r($0.bpm) } ?? .null
        o["confidence"] = e.map { r($0.confidence) } ?? .null
        o["steady"] = .bool(e?.isSteady ?? false)
        o["periodicity"] = e.map { r($0.periodicity) } ?? .null
        o["prominence"] = e.map { r($0.prominence) } ?? .null
        o["on_beat"] = e.map { r($0.onBeat) } ?? .null
        o["half_time"] = e.map { .object(JSONObject(["bpm": r($0.half.bpm), "score": r($0.half.score)])) } ?? .null
        o["double_time"] = e.map { .object(JSONObject(["bpm": r($0.double.bpm), "score": r($0.double.score)])) } ?? .null
        o["verdict"] = check.map { .string($0.verdict.rawValue) } ?? .null
        o["message"] = check.map { .string($0.message) } ?? .null
        return JSONWriter(indent: "  ").string(from: .object(o))
    }
}
