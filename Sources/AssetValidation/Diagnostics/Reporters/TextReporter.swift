/// `file:line:col: severity: [rule] message`, the form Xcode and editors show inline.
public enum TextReporter: Reporter {
    /// The name that selects this format: "text".
    public static let identifier = "text"
    /// A one-line description of the format, for the list of formats.
    public static let summary = "file:line:col: error|warning|note: [rule] message (Xcode, editors)"

    /// One `file:line:col: severity: [rule] message` line per finding, which Xcode and editors show inline;
    /// empty when there are no findings.
    public static func generate(_ report: Report) -> String {
        report.diagnostics.map(line).joined(separator: "\n") + (report.diagnostics.isEmpty ? "" : "\n")
    }

    /// One finding as a `file:line:col: severity: [rule] message` line, remedy included, without a line break.
    public static func line(_ d: Diagnostic) -> String {
        "\(d.location): \(d.severity.rawValue): [\(d.ruleID)] \(d.messageWithRemedy())"
    }
}
