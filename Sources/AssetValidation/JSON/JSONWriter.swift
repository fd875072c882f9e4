import Foundation

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
        string(from: value, order: StoredOrder())
    }

    /// The JSON text of `value`, each object's members in the order `order` gives for its place in the document,
    /// ending in a newline unless `indent` is "". Nothing is copied to reorder: the members are written in place.
    public func string<Order: JSONKeyOrder>(from value: JSONValue, order: Order) -> String {
        // Written as UTF-8 bytes, then decoded once: appending to a String piece by piece cost more than the analysis
        // whose result it writes (`ahap-tool from-audio`).
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(value, at: order.root, order: order, depth: 0, indent: LineStarts(indent), into: &out)
        if !indent.isEmpty { out.append(0x0A) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Arrays of at least this many items are written in parts on all cores.
    static let itemsWrittenInParts = 2048

    /// Members in their stored order.
    struct StoredOrder: JSONKeyOrder {
        var root: Void { () }
        func element(of place: Void) {}
        func member(_ key: String, of place: Void) {}
        func leadingKeys(at place: Void) -> [String] { [] }
    }

    /// The start of a new line at each depth: a newline and the indent repeated, copied whole. A pretty-printed pattern
    /// is mostly indentation, and writing it an indent at a time took a sixth of the time of writing one.
    struct LineStarts: Sendable {
        /// A newline and the indent repeated `levels` times.
        let bytes: [UInt8]
        let indent: [UInt8]
        let levels = 32

        init(_ indent: String) {
            self.indent = Array(indent.utf8)
            bytes = [0x0A] + Array(repeating: self.indent, count: levels).joined()
        }

        var isEmpty: Bool { indent.isEmpty }
    }

    private func newline(_ depth: Int, _ lines: LineStarts, _ out: inout [UInt8]) {
        guard !lines.isEmpty else { return }
        out.append(contentsOf: lines.bytes[0..<(1 + min(depth, lines.levels) * lines.indent.count)])
        for _ in lines.levels..<max(lines.levels, depth) { out.append(contentsOf: lines.indent) }
    }

    private func write<Order: JSONKeyOrder>(
        _ value: JSONValue, at place: Order.Place, order: Order, depth: Int, indent: LineStarts, into out: inout [UInt8]
    ) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .integer(let i): out.append(contentsOf: String(i).utf8)
        case .real(let d): JSONWriter.writeReal(d, into: &out)
        case .string(let s): JSONWriter.writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            let itemPlace = order.element(of: place)
            out.append(UInt8(ascii: "["))
            @Sendable func writeItems(_ range: Range<Int>, into out: inout [UInt8]) {
                for i in range {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    newline(depth + 1, indent, &out)
                    write(items[i], at: itemPlace, order: order, depth: depth + 1, indent: indent, into: &out)
                }
            }
            if items.count >= Self.itemsWrittenInParts {
                // A long array (a long pattern's events) is written in parts, one a core, then joined.
                let parts = max(1, ProcessInfo.processInfo.activeProcessorCount)
                let size = (items.count + parts - 1) / parts
                let slots = ResultSlots<[UInt8]>(count: parts)
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    var text: [UInt8] = []
                    writeItems(min(items.count, part * size)..<min(items.count, (part + 1) * size), into: &text)
                    slots.set(part, text)
                }
                for text in slots.values { out.append(contentsOf: text ?? []) }
            } else {
                writeItems(0..<items.count, into: &out)
            }
            newline(depth, indent, &out)
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.members.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            var first = true
            func member(_ m: JSONObject.Member) {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                newline(depth + 1, indent, &out)
                JSONWriter.writeString(m.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if !indent.isEmpty { out.append(UInt8(ascii: " ")) }
                write(m.value, at: order.member(m.key, of: place), order: order, depth: depth + 1, indent: indent, into: &out)
            }
            out.append(UInt8(ascii: "{"))
            if sortKeys {
                for m in object.members.sorted(by: { $0.key < $1.key }) { member(m) }
            } else {
                // The leading keys first (the first member of each name), then every other member as stored.
                let leading = order.leadingKeys(at: place)
                for key in leading { if let m = object.members.first(where: { $0.key == key }) { member(m) } }
                for m in object.members where !leading.contains(m.key) { member(m) }
            }
            newline(depth, indent, &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Whether the UTF-8 bytes of a string can go into a JSON string as they are: no control character, quote or
    /// backslash.
    @inline(__always)
    private static func needsNoEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return false }
        return true
    }

    /// Appends `s` to `out` as a quoted JSON string in UTF-8, escaped as `writeString(_:into:)` (String) does.
    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most keys and values need no escape: copied whole, from the string's own bytes (scanning its `utf8` view a
        // byte at a time cost more than the copy).
        var s = s
        let plain = s.withUTF8 { bytes in
            guard needsNoEscape(bytes) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if !plain {
            var escaped = ""
            writeString(s, into: &escaped)
            out.append(contentsOf: escaped.utf8.dropFirst().dropLast())
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `format(d)` to `out` as UTF-8, from the digits' own bytes.
    static func writeReal(_ d: Double, into out: inout [UInt8]) {
        guard d.isFinite else { return out.append(contentsOf: "null".utf8) }
        var text = d.description
        text.withUTF8 { bytes in
            out.append(contentsOf: bytes)
            for b in bytes where b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") { return }
            out.append(contentsOf: ".0".utf8)
        }
    }

    /// Shortest text that reads back as the same Double; always has a `.` or an exponent.
    public static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        let text = d.description
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

/// Where each object's members go when `JSONWriter` writes them: the keys that lead, in order, at each place in the
/// document; every other member follows in its stored order. A place is whatever the order needs to know of the path
/// from the root (the kind of object it is).
public protocol JSONKeyOrder: Sendable {
    /// What the order knows of a place in the document.
    associatedtype Place: Sendable
    /// The place of the document's root value.
    var root: Place { get }
    /// The place of the items of an array at `place`.
    func element(of place: Place) -> Place
    /// The place of the value of member `key` of an object at `place`.
    func member(_ key: String, of place: Place) -> Place
    /// The keys written first, in this order, in an object at `place` (the first member of each such name; a later
    /// member of the same name is left out).
    func leadingKeys(at place: Place) -> [String]
}
