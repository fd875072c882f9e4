/// JUnit XML: one test case per checked file, one failure per error.
/// Warnings and notes go into the test case's system-out.
public enum JUnitReporter: Reporter {
    /// The name that selects this format: "junit".
    public static let identifier = "junit"
    /// A one-line description of the format, for the list of formats.
    public static let summary = "JUnit XML, one test case per file"

    /// A JUnit XML document for CI test-result viewers: one test case per checked file, a `failure` element per
    /// error, and the file's warnings and notes in its `system-out`.
    public static func generate(_ report: Report) -> String {
        var files = report.files
        for d in report.diagnostics { if let f = d.location.file, !files.contains(f) { files.append(f) } }
        let byFile = Dictionary(grouping: report.diagnostics) { $0.location.file ?? "" }
        // A finding about no file (the tool's input as a whole) is a test case of its own, never dropped.
        if byFile[""] != nil && !files.contains("") { files.append("") }
        let failures = report.diagnostics.filter { $0.severity == .error }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(report.toolName.xmlEscaped)\" tests=\"\(files.count)\" failures=\"\(failures)\">\n"
        out += "  <testsuite name=\"\(report.toolName.xmlEscaped)\" tests=\"\(files.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        for file in files {
            let ds = byFile[file] ?? []
            out += "    <testcase classname=\"\(report.toolName.xmlEscaped)\" name=\"\((file.isEmpty ? "<unknown>" : file).xmlEscaped)\""
            if ds.isEmpty {
                out += "/>\n"
                continue
            }
            out += ">\n"
            for d in ds where d.severity == .error {
                out +=
                    "      <failure type=\"\(d.ruleID.xmlEscaped)\" message=\"\(d.messageWithRemedy().xmlEscaped)\">\(TextReporter.line(d).xmlEscaped)</failure>\n"
            }
            let others = ds.filter { $0.severity != .error }
            if !others.isEmpty {
                out += "      <system-out>\(others.map(TextReporter.line).joined(separator: "\n").xmlEscaped)</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }
}
