/// One validation rule. `description` carries its id, severity, rationale and
/// examples; `check` inspects a document and appends findings.
public protocol AHAPRule: Sendable {
    static var description: RuleDescription { get }
    static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding])
}

extension AHAPRule {
    /// A finding of this rule at `path`, with the rule's default severity unless given.
    package static func finding(
        _ path: String?, _ message: String, anchor: AHAPFinding.Anchor = .value, severity: Severity? = nil, remedy: Remedy? = nil
    ) -> AHAPFinding {
        AHAPFinding(
            ruleID: description.id, severity: severity ?? description.defaultSeverity, path: path,
            anchor: anchor, message: message, remedy: remedy)
    }
}

/// Rules the reader itself enforces while turning bytes into JSON. They have
/// descriptions (for `ahap-tool rules`, SARIF and the tests) but nothing to check afterwards.
protocol AHAPReaderRule: AHAPRule {}

extension AHAPReaderRule {
    /// Does nothing: the reader reports these findings while it parses the text.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {}
}

/// Builds the small AHAP texts the rule examples use.
enum AHAPSample {
    package static func pattern(_ items: String..., version: String = "1.0") -> String {
        "{\"Version\": \(version), \"Pattern\": [\(items.joined(separator: ", "))]}"
    }

    package static func event(_ body: String) -> String { "{\"Event\": {\(body)}}" }

    package static func transient(time: String = "0", _ parameters: String = "") -> String {
        event("\"Time\": \(time), \"EventType\": \"HapticTransient\", \"EventParameters\": [\(parameters)]")
    }

    package static func continuous(time: String = "0", duration: String = "1", _ parameters: String = "") -> String {
        event(
            "\"Time\": \(time), \"EventType\": \"HapticContinuous\", \"EventDuration\": \(duration), \"EventParameters\": [\(parameters)]"
        )
    }

    package static func entry(_ id: String, _ value: String) -> String {
        "{\"ParameterID\": \"\(id)\", \"ParameterValue\": \(value)}"
    }

    package static func curve(_ id: String, time: String = "0", points: [(String, String)]) -> String {
        let list = points.map { "{\"Time\": \($0.0), \"ParameterValue\": \($0.1)}" }.joined(separator: ", ")
        return "{\"ParameterCurve\": {\"ParameterID\": \"\(id)\", \"Time\": \(time), \"ParameterCurveControlPoints\": [\(list)]}}"
    }

    package static func parameter(_ id: String, time: String = "0", value: String = "0.5") -> String {
        "{\"Parameter\": {\"ParameterID\": \"\(id)\", \"Time\": \(time), \"ParameterValue\": \(value)}}"
    }
}
