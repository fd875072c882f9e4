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
        // Written as UTF-8 bytes, then decoded once: appending to a String piece by piece cost more than the analysis
        // whose result it writes (`ahap-tool from-audio`).
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        let indentBytes = Array(indent.utf8)
        write(value, depth: 0, indent: indentBytes, into: &out)
        if !indent.isEmpty { out.append(0x0A) }
        return String(decoding: out, as: UTF8.self)
    }

    private func newline(_ depth: Int, _ indent: [UInt8], _ out: inout [UInt8]) {
        guard !indent.isEmpty else { return }
        out.append(0x0A)
        for _ in 0..<depth { out.append(contentsOf: indent) }
    }

    private func write(_ value: JSONValue, depth: Int, indent: [UInt8], into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .integer(let i): out.append(contentsOf: String(i).utf8)
        case .real(let d): out.append(contentsOf: JSONWriter.format(d).utf8)
        case .string(let s): JSONWriter.writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(depth + 1, indent, &out)
                write(item, depth: depth + 1, indent: indent, into: &out)
            }
            newline(depth, indent, &out)
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.members.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            let members = sortKeys ? object.members.sorted { $0.key < $1.key } : object.members
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(depth + 1, indent, &out)
                JSONWriter.writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if !indent.isEmpty { out.append(UInt8(ascii: " ")) }
                write(member.value, depth: depth + 1, indent: indent, into: &out)
            }
            newline(depth, indent, &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `s` to `out` as a quoted JSON string in UTF-8, escaped as `writeString(_:into:)` (String) does.
    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most keys and values need no escape: copied whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(contentsOf: s.utf8)
        } else {
            var escaped = ""
            writeString(s, into: &escaped)
            out.append(contentsOf: escaped.utf8.dropFirst().dropLast())
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Shortest text that reads back as the same Double; always has a `.` or an exponent.
    public static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        let text = "\(d)"
        // Scanned as bytes: `String.contains(_:)` with a string goes through Foundation's search, slow in a hot loop.
        let marked = text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        return marked ? text : text + ".0"
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
