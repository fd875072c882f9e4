/// A JSON array of findings with sorted keys and explicit nulls, so it diffs cleanly.
public enum JSONReporter: Reporter {
    /// The name that selects this format: "json".
    public static let identifier = "json"
    /// A one-line description of the format, for the list of formats.
    public static let summary = "JSON array of findings (sorted keys, explicit nulls)"

    /// A JSON array with one object per finding (`rule_id`, `severity`, `file`, `line`, `column`, `json_path`, `message`),
    /// keys sorted and unknown fields null, for scripts and other programs that read the findings.
    public static func generate(_ report: Report) -> String {
        let items: [JSONValue] = report.diagnostics.map(value)
        return JSONWriter(indent: "  ", sortKeys: true).string(from: .array(items))
    }

    package static func value(_ d: Diagnostic) -> JSONValue {
        .object(
            JSONObject([
                "column": d.location.column.map { .integer(Int64($0)) } ?? .null,
                "file": d.location.file.map { .string($0) } ?? .null,
                "json_path": d.location.jsonPath.map { .string($0) } ?? .null,
                "line": d.location.line.map { .integer(Int64($0)) } ?? .null,
                "message": .string(d.messageWithRemedy()),
                "rule_id": .string(d.ruleID),
                "severity": .string(d.severity.rawValue),
            ]))
    }
}
