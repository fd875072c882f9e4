/// SARIF 2.1.0, for GitHub code scanning and other CI viewers. The rule table
/// comes from the registry; the region is left out when no line is known
/// (SARIF requires line ≥ 1); the JSON path becomes a logical location.
public enum SARIFReporter: Reporter {
    /// The name that selects this format: "sarif".
    public static let identifier = "sarif"
    /// A one-line description of the format, for the list of formats.
    public static let summary = "SARIF 2.1.0 (GitHub code scanning)"

    /// A SARIF 2.1.0 log with one run, for GitHub code scanning and other SARIF viewers: a result per finding,
    /// and a rule table holding only the rules that have findings.
    public static func generate(_ report: Report) -> String {
        let usedRules = Set(report.diagnostics.map(\.ruleID))
        let rules = report.rules.filter { usedRules.contains($0.id) }.sorted { $0.id < $1.id }
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let ruleValues: [JSONValue] = rules.map { r in
            .object(
                JSONObject([
                    "id": .string(r.id),
                    "name": .string(pascalCase(r.name)),
                    "shortDescription": .object(JSONObject(["text": .string(r.summary)])),
                    "fullDescription": .object(JSONObject(["text": .string(r.rationale)])),
                    "defaultConfiguration": .object(JSONObject(["level": .string(level(r.defaultSeverity))])),
                ]))
        }
        let results: [JSONValue] = report.diagnostics.map { d in
            var physical = JSONObject()
            if let file = d.location.file {
                physical["artifactLocation"] = .object(JSONObject(["uri": .string(file)]))
            }
            if let line = d.location.line {
                var region = JSONObject(["startLine": .integer(Int64(line))])
                if let column = d.location.column { region["startColumn"] = .integer(Int64(column)) }
                physical["region"] = .object(region)
            }
            var location = JSONObject()
            if !physical.members.isEmpty { location["physicalLocation"] = .object(physical) }
            if let path = d.location.jsonPath {
                location["logicalLocations"] = .array([
                    .object(JSONObject(["fullyQualifiedName": .string(path), "kind": .string("member")]))
                ])
            }
            var result = JSONObject([
                "ruleId": .string(d.ruleID),
                "level": .string(level(d.severity)),
                "message": .object(JSONObject(["text": .string(d.messageWithRemedy())])),
            ])
            if let index = ruleIndex[d.ruleID] { result["ruleIndex"] = .integer(Int64(index)) }
            result["locations"] = .array(location.members.isEmpty ? [] : [.object(location)])
            return .object(result)
        }
        let driver = JSONObject([
            "name": .string(report.toolName),
            "version": .string(report.toolVersion),
            "informationUri": .string("https://github.com/audiokit-linux/audiokit-linux"),
            "rules": .array(ruleValues),
        ])
        let run = JSONObject(["tool": .object(JSONObject(["driver": .object(driver)])), "results": .array(results)])
        let root = JSONObject([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([.object(run)]),
        ])
        return JSONWriter(indent: "  ").string(from: .object(root))
    }

    package static func level(_ s: Severity) -> String {
        switch s {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A rule's name as SARIF's `reportingDescriptor.name` asks, an identifier in PascalCase: "Parameter out of range"
    /// becomes "ParameterOutOfRange" (each word capitalised, anything not a letter or digit dropped).
    static func pascalCase(_ name: String) -> String {
        name.split { !$0.isLetter && !$0.isNumber }.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
