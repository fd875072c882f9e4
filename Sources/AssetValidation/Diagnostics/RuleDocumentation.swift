/// Rule documentation generated from the rule descriptions (`ahap-tool rules`, docs/rules.md).
public enum RuleDocumentation {
    /// A plain-text table with one line per rule: id, default severity and summary, in padded columns.
    public static func table(_ rules: [RuleDescription]) -> String {
        let width = (rules.map(\.id.count).max() ?? 10) + 2
        return rules.map { r in
            r.id.padding(toLength: width, withPad: " ", startingAt: 0)
                + r.defaultSeverity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + r.summary
        }.joined(separator: "\n") + "\n"
    }

    /// Plain text about one rule: id, default severity, name, summary, rationale, and its flagged and unflagged examples.
    public static func detail(_ r: RuleDescription) -> String {
        var out = "\(r.id) (\(r.defaultSeverity.rawValue)): \(r.name)\n\n\(r.summary)\n\nWhy: \(r.rationale)\n"
        if !r.failing.isEmpty {
            out += "\nFlagged:\n" + r.failing.map { "  \($0.input)" }.joined(separator: "\n") + "\n"
        }
        if !r.passing.isEmpty {
            out += "\nNot flagged:\n" + r.passing.map { "  \($0.input)" }.joined(separator: "\n") + "\n"
        }
        return out
    }

    /// Markdown for docs/rules.md: a `title`, an `introduction` (how it was made), then a table and a section per rule.
    public static func markdown(_ rules: [RuleDescription], title: String, introduction: String) -> String {
        var out = "# \(title)\n\n\(introduction)\n\n| id | severity | summary |\n|---|---|---|\n"
        for r in rules {
            out += "| `\(r.id)` | \(r.defaultSeverity.rawValue) | \(r.summary.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        for r in rules { out += "\n## `\(r.id)` — \(r.name)\n\n\(r.summary)\n\n**Why:** \(r.rationale)\n" }
        return out
    }
}
