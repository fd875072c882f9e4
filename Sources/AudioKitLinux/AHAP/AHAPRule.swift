/// One validation rule. `description` carries its id, severity, rationale and
/// examples; `check` inspects a document and appends findings.
public protocol AHAPRule: Sendable {
    static var description: RuleDescription { get }
    static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding])
}

extension AHAPRule {
    /// A finding of this rule at `path`, with the rule's default severity unless given.
    static func finding(
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

/// Small helpers shared by rule messages.
enum RuleText {
    /// Formats a number for a message: `0.5`, `30`, `1.027`.
    static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// The candidate that `word` probably meant: same letters in another case,
    /// or at most two edits away.
    static func suggestion(for word: String, in candidates: [String]) -> String? {
        if let exact = candidates.first(where: { $0.lowercased() == word.lowercased() }) { return exact }
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, min(2, word.count / 4)) else {
            return nil
        }
        return best.0
    }

    static func didYouMean(_ word: String, in candidates: [String]) -> String {
        guard let s = suggestion(for: word, in: candidates) else { return "" }
        return " Did you mean \"\(s)\"?"
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// Builds the small AHAP texts the rule examples use.
enum AHAPSample {
    static func pattern(_ items: String..., version: String = "1.0") -> String {
        "{\"Version\": \(version), \"Pattern\": [\(items.joined(separator: ", "))]}"
    }

    static func event(_ body: String) -> String { "{\"Event\": {\(body)}}" }

    static func transient(time: String = "0", _ parameters: String = "") -> String {
        event("\"Time\": \(time), \"EventType\": \"HapticTransient\", \"EventParameters\": [\(parameters)]")
    }

    static func continuous(time: String = "0", duration: String = "1", _ parameters: String = "") -> String {
        event(
            "\"Time\": \(time), \"EventType\": \"HapticContinuous\", \"EventDuration\": \(duration), \"EventParameters\": [\(parameters)]"
        )
    }

    static func entry(_ id: String, _ value: String) -> String {
        "{\"ParameterID\": \"\(id)\", \"ParameterValue\": \(value)}"
    }

    static func curve(_ id: String, time: String = "0", points: [(String, String)]) -> String {
        let list = points.map { "{\"Time\": \($0.0), \"ParameterValue\": \($0.1)}" }.joined(separator: ", ")
        return "{\"ParameterCurve\": {\"ParameterID\": \"\(id)\", \"Time\": \(time), \"ParameterCurveControlPoints\": [\(list)]}}"
    }

    static func parameter(_ id: String, time: String = "0", value: String = "0.5") -> String {
        "{\"Parameter\": {\"ParameterID\": \"\(id)\", \"Time\": \(time), \"ParameterValue\": \(value)}}"
    }
}
