/// What a reporter turns into text: the findings, every file that was checked
/// (clean ones too, for JUnit), and the rules (for SARIF's rule table).
public struct Report: Sendable {
    /// The tool's name, written into SARIF's driver and JUnit's suite and class names.
    public var toolName: String
    /// The tool's version, written into SARIF's driver.
    public var toolVersion: String
    /// Every file that was checked, including those without findings.
    public var files: [String]
    /// The findings, sorted by location, rule id and message.
    public var diagnostics: [Diagnostic]
    /// Rule descriptions for SARIF's rule table, which lists only the rules that have findings.
    public var rules: [RuleDescription]

    /// A report of `diagnostics` (sorted here) about `files`; `toolVersion` defaults to the library's version.
    public init(
        toolName: String, toolVersion: String = AudioKitLinuxVersion.current, files: [String], diagnostics: [Diagnostic],
        rules: [RuleDescription]
    ) {
        self.toolName = toolName
        self.toolVersion = toolVersion
        self.files = files
        self.diagnostics = diagnostics.sorted()
        self.rules = rules
    }
}

/// One output format. Reporters are pure: they return text and do no I/O.
public protocol Reporter: Sendable {
    /// The name that selects this format, such as "sarif".
    static var identifier: String { get }
    /// A one-line description of the format, for the list of formats.
    static var summary: String { get }
    /// The whole report as text in this format.
    static func generate(_ report: Report) -> String
}

/// The library's version.
public enum AudioKitLinuxVersion {
    /// The version string, the default `Report.toolVersion`.
    public static let current = "0.1.0"
}

/// Every reporter, looked up by identifier.
public enum ReporterRegistry {
    /// Every reporter: text, JSON, SARIF, JUnit and GitHub Actions, in that order.
    public static let all: [any Reporter.Type] = [
        TextReporter.self, JSONReporter.self, SARIFReporter.self, JUnitReporter.self, GitHubActionsReporter.self,
    ]

    /// The reporter whose `identifier` is `identifier`, or nil when no reporter has it.
    public static func reporter(for identifier: String) -> (any Reporter.Type)? {
        all.first { $0.identifier == identifier }
    }
}

extension String {
    /// Escaped for XML text and attribute values.
    package var xmlEscaped: String {
        var out = ""
        for ch in unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if ch.value < 0x20 && ch != "\n" && ch != "\t" && ch != "\r" { out += " " } else { out.unicodeScalars.append(ch) }
            }
        }
        return out
    }
}
