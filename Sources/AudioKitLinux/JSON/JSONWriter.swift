/// Serializes `JSONValue` deterministically: members in the order given,
/// numbers in their shortest round-trip form, integers without a fraction.
public struct JSONWriter: Sendable {
    /// Text repeated once per nesting level at the start of each line; "" writes the whole value on one line.
    public var indent: String
    /// When true, object members are written sorted by key instead of in their stored order.
    public var sortKeys: Bool

    /// `indent` of "" writes one compact line.
    public init(indent: String = "  ", sortKeys: Bool = false) {
        self.indent = indent
        self.sortKeys = sortKeys
    }

    /// The JSON text of `value`, ending in a newline unless `indent` is "".
    public func string(from value: JSONValue) -> String {
        var out = ""
        write(value, depth: 0, into: &out)
        if !indent.isEmpty { out += "\n" }
        return out
    }

    private func newline(_ depth: Int, _ out: inout String) {
        guard !indent.isEmpty else { return }
        out += "\n"
        for _ in 0..<depth { out += indent }
    }

    private func write(_ value: JSONValue, depth: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let i): out += String(i)
        case .real(let d): out += JSONWriter.format(d)
        case .string(let s): JSONWriter.writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                newline(depth + 1, &out)
                write(item, depth: depth + 1, into: &out)
            }
            newline(depth, &out)
            out += "]"
        case .object(let object):
            if object.members.isEmpty {
                out += "{}"
                return
            }
            let members = sortKeys ? object.members.sorted { $0.key < $1.key } : object.members
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                newline(depth + 1, &out)
                JSONWriter.writeString(member.key, into: &out)
                out += indent.isEmpty ? ":" : ": "
                write(member.value, depth: depth + 1, into: &out)
            }
            newline(depth, &out)
            out += "}"
        }
    }

    /// Shortest text that reads back as the same Double; always has a `.` or an exponent.
    public static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        var text = "\(d)"
        if !text.contains(".") && !text.contains("e") && !text.contains("E") { text += ".0" }
        return text
    }

    /// Appends `s` to `out` as a quoted JSON string, escaping quotes, backslashes and control characters.
    public static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// `s` as a quoted JSON string, escaped as `writeString(_:into:)` does.
    public static func quoted(_ s: String) -> String {
        var out = ""
        writeString(s, into: &out)
        return out
    }
}
