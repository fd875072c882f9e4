/// What a reporter turns into text: the findings, every file that was checked
/// (clean ones too, for JUnit), and the rules (for SARIF's rule table).
public struct Report: Sendable {
    public var toolName: String
    public var toolVersion: String
    public var files: [String]
    public var diagnostics: [Diagnostic]
    public var rules: [RuleDescription]

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
    static var identifier: String { get }
    static var summary: String { get }
    static func generate(_ report: Report) -> String
}

public enum AudioKitLinuxVersion {
    public static let current = "0.1.0"
}

/// Every reporter, looked up by identifier.
public enum ReporterRegistry {
    public static let all: [any Reporter.Type] = [
        TextReporter.self, JSONReporter.self, SARIFReporter.self, JUnitReporter.self, GitHubActionsReporter.self,
    ]

    public static func reporter(for identifier: String) -> (any Reporter.Type)? {
        all.first { $0.identifier == identifier }
    }
}

extension String {
    /// Escaped for XML text and attribute values.
    var xmlEscaped: String {
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
