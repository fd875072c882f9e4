/// Where a finding is: file, 1-based line and column, and a JSON Pointer (RFC 6901).
public struct SourceLocation: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The path as the user typed it.
    public var file: String?
    /// 1-based; nil when unknown.
    public var line: Int?
    /// 1-based, counted in characters; nil when unknown.
    public var column: Int?
    /// JSON Pointer such as `/Pattern/3/Event/EventDuration`, or a beat index path.
    public var jsonPath: String?

    /// A location; each part is nil when unknown.
    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, jsonPath: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
    }

    /// `file:line:col`, leaving out what is unknown.
    public var description: String {
        var parts: [String] = [file ?? "<unknown>"]
        if let line {
            parts.append(String(line))
            if let column { parts.append(String(column)) }
        }
        return parts.joined(separator: ":")
    }

    /// Orders by file, line and column (unknown parts first), then by JSON path with its indices compared as numbers
    /// ("/15" before "/148": the findings of a list's items in the list's order).
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        let l = (lhs.file ?? "", lhs.line ?? 0, lhs.column ?? 0)
        let r = (rhs.file ?? "", rhs.line ?? 0, rhs.column ?? 0)
        if l != r { return l < r }
        let (a, b) = (lhs.jsonPath ?? "", rhs.jsonPath ?? "")
        let order = a.compare(b, options: .numeric)
        return order == .orderedSame ? a < b : order == .orderedAscending
    }
}
