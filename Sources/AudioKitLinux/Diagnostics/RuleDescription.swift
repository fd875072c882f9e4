/// Everything a rule says about itself. It serves the documentation
/// (`ahap-tool rules`), the SARIF rule table, and the tests: every passing
/// example must produce no diagnostic from the rule, and every failing example
/// must produce diagnostics at exactly the `expected` JSON paths.
public struct RuleDescription: Sendable, Hashable {
    /// Never reused; a renamed rule keeps its old id in `formerIDs`.
    public let id: String
    public let name: String
    /// One sentence; the default message.
    public let summary: String
    /// Why, and its source: Apple documentation, observed behaviour, or our guess.
    public let rationale: String
    public let defaultSeverity: Severity
    public let passing: [RuleExample]
    public let failing: [RuleExample]
    public let formerIDs: Set<String>

    public init(
        id: String, name: String, summary: String, rationale: String,
        defaultSeverity: Severity, passing: [RuleExample] = [], failing: [RuleExample] = [],
        formerIDs: Set<String> = []
    ) {
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.passing = passing
        self.failing = failing
        self.formerIDs = formerIDs
    }
}

/// One example input for a rule.
public struct RuleExample: Sendable, Hashable {
    public let input: String
    /// JSON paths (or `line:col` strings) that must be flagged.
    public let expected: [String]
    public let file: String
    public let line: UInt

    public init(
        _ input: String, expected: [String] = [], file: String = #filePath, line: UInt = #line
    ) {
        self.input = input
        self.expected = expected
        self.file = file
        self.line = line
    }
}
