/// Everything a rule says about itself. It serves the documentation
/// (`ahap-tool rules`), the SARIF rule table, and the tests: every passing
/// example must produce no diagnostic from the rule, and every failing example
/// must produce diagnostics at exactly the `expected` JSON paths.
public struct RuleDescription: Sendable, Hashable {
    /// Never reused; a renamed rule keeps its old id in `formerIDs`.
    public let id: String
    /// A short name in words (SARIF shows it with the spaces removed).
    public let name: String
    /// One sentence; the default message.
    public let summary: String
    /// Why, and its source: Apple documentation, observed behaviour, or our guess.
    public let rationale: String
    /// The severity of the rule's findings unless the caller changes it.
    public let defaultSeverity: Severity
    /// Example inputs the rule must not flag.
    public let passing: [RuleExample]
    /// Example inputs the rule must flag, at exactly each example's `expected` paths.
    public let failing: [RuleExample]
    /// The ids the rule had before it was renamed; empty for most rules.
    public let formerIDs: Set<String>

    /// A rule description; without arguments, the examples and former ids are empty.
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
    /// The example's text, in the format the rule checks (an AHAP fragment, beat times, a manifest).
    public let input: String
    /// JSON paths (or `line:col` strings) that must be flagged.
    public let expected: [String]
    /// The source file that declares the example, so a failing test points at it.
    public let file: String
    /// The line of `file` that declares the example.
    public let line: UInt

    /// An example that must be flagged at `expected` (none for a passing example); `file` and `line` default to
    /// the caller's position.
    public init(
        _ input: String, expected: [String] = [], file: String = #filePath, line: UInt = #line
    ) {
        self.input = input
        self.expected = expected
        self.file = file
        self.line = line
    }
}
