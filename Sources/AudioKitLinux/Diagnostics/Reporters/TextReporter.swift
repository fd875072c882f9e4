/// `file:line:col: severity: [rule] message`, the form Xcode and editors show inline.
public enum TextReporter: Reporter {
    public static let identifier = "text"
    public static let summary = "file:line:col: error|warning|note: [rule] message (Xcode, editors)"

    public static func generate(_ report: Report) -> String {
        report.diagnostics.map(line).joined(separator: "\n") + (report.diagnostics.isEmpty ? "" : "\n")
    }

    public static func line(_ d: Diagnostic) -> String {
        "\(d.location): \(d.severity.rawValue): [\(d.ruleID)] \(d.messageWithRemedy())"
    }
}
