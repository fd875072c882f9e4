import Foundation

/// One finding about the content of an input file. Problems with the tool itself
/// (unreadable file, unsupported audio) are `InputError`s, never diagnostics.
public struct Diagnostic: Hashable, Codable, Sendable, Comparable {
    /// Stable rule identifier such as `ahap.continuous_without_duration`.
    public var ruleID: String
    /// How serious the finding is.
    public var severity: Severity
    /// Where the finding is: file, line, column and JSON path, each of them optional.
    public var location: SourceLocation
    /// The value found, what was expected, and what to do.
    public var message: String
    /// A setting that would accept the input instead, when there is one; reporters append it to the message.
    public var remedy: Remedy?

    /// A finding of `ruleID` at `location`.
    public init(ruleID: String, severity: Severity, location: SourceLocation, message: String, remedy: Remedy? = nil) {
        self.ruleID = ruleID
        self.severity = severity
        self.location = location
        self.message = message
        self.remedy = remedy
    }

    /// A copy with another severity (used by `--werror`).
    public func with(severity: Severity) -> Diagnostic {
        var copy = self
        copy.severity = severity
        return copy
    }

    /// Orders by location, then by rule id, then by message with its numbers compared as numbers ("beat 13" before
    /// "beat 100": a map on one line lists its hits' findings in their order), so reports list findings in a stable order.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        let order = lhs.message.compare(rhs.message, options: .numeric)
        return order == .orderedSame ? lhs.message < rhs.message : order == .orderedAscending
    }
}

extension Array where Element == Diagnostic {
    /// The most severe finding, or nil when there are none.
    public var worstSeverity: Severity? { map(\.severity).max() }

    /// The number of findings whose severity is exactly `severity`.
    public func count(of severity: Severity) -> Int { filter { $0.severity == severity }.count }
}
