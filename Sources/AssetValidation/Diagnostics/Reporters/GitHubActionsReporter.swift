/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=rule::message`.
public enum GitHubActionsReporter: Reporter {
    /// The name that selects this format: "github".
    public static let identifier = "github"
    /// A one-line description of the format, for the list of formats.
    public static let summary = "GitHub Actions annotations"

    /// One `::error`, `::warning` or `::notice` workflow command per finding, which GitHub Actions shows as
    /// annotations on the run and on the pull request; empty when there are no findings.
    public static func generate(_ report: Report) -> String {
        report.diagnostics.map { d in
            let command =
                switch d.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            var props: [String] = []
            if let file = d.location.file { props.append("file=\(escapeProperty(file))") }
            if let line = d.location.line { props.append("line=\(line)") }
            if let column = d.location.column { props.append("col=\(column)") }
            props.append("title=\(escapeProperty(d.ruleID))")
            return "::\(command) \(props.joined(separator: ","))::\(escapeData(d.messageWithRemedy()))"
        }.joined(separator: "\n") + (report.diagnostics.isEmpty ? "" : "\n")
    }

    static func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
