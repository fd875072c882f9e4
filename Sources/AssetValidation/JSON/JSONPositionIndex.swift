/// Source positions of every key and value in a JSON text, by JSON Pointer.
///
/// Jansson keeps no position for values that parsed fine, so a diagnostic that
/// points at a valid-but-wrong value (a HapticIntensity of 1.5) needs this
/// second pass. It runs over text Jansson has already accepted, once for all
/// findings, and records only the pointers asked for and their ancestors:
/// every other value is skipped byte by byte without building its pointer.
public struct JSONPositionIndex: Sendable {
    /// Byte offsets of a member's key (nil for array items) and of its value.
    public struct Entry: Sendable {
        /// Byte offset of the opening quote of the member's key; nil for array items and the root value.
        public var keyOffset: Int?
        /// Byte offset of the first byte of the value.
        public var valueOffset: Int
    }

    private var entries: [String: Entry] = [:]
    private let lines: LineTable

    /// Indexes the values at `wanted` pointers (and their ancestors); nil indexes everything.
    public init(validJSON bytes: [UInt8], wanted: Set<String>? = nil) {
        lines = LineTable(bytes)
        var prefixes: Set<String>? = nil
        if let wanted {
            var all: Set<String> = [""]
            for path in wanted {
                var current = Substring(path)
                all.insert(path)
                while let slash = current.lastIndex(of: "/") {
                    current = current[..<slash]
                    all.insert(String(current))
                }
            }
            prefixes = all
        }
        var scanner = Scanner(bytes: bytes, wanted: prefixes)
        scanner.skipWhitespace()
        scanner.scanValue(pointer: "", keyOffset: nil, into: &entries)
    }

    /// The offsets recorded for `pointer`; nil when the text has no value there or it was not asked for.
    public func entry(for pointer: String) -> Entry? { entries[pointer] }

    /// The position of the value at `pointer`, or of its nearest ancestor present in the file.
    public func valuePosition(_ pointer: String) -> TextPosition? {
        var current = pointer
        while true {
            if let entry = entries[current] { return lines.position(ofOffset: entry.valueOffset) }
            guard let slash = current.lastIndex(of: "/") else { return nil }
            current = String(current[..<slash])
        }
    }

    /// The position of the key of the member at `pointer` (its value for array items).
    public func keyPosition(_ pointer: String) -> TextPosition? {
        if let entry = entries[pointer] {
            return lines.position(ofOffset: entry.keyOffset ?? entry.valueOffset)
        }
        return valuePosition(pointer)
    }

    /// The 1-based line and column (in characters) of byte `offset`; an offset outside the text is clamped to it.
    public func position(ofOffset offset: Int) -> TextPosition { lines.position(ofOffset: offset) }

    /// The positions of every item of the array at `pointer`, in order, in one pass over the array
    /// (no pointer string or dictionary entry per item): for arrays of a million numbers.
    public func itemPositions(ofArrayAt pointer: String, in bytes: [UInt8]) -> [TextPosition] {
        guard let start = entries[pointer]?.valueOffset, start < bytes.count, bytes[start] == UInt8(ascii: "[") else { return [] }
        var scanner = Scanner(bytes: bytes, wanted: [])
        scanner.i = start + 1
        var positions: [TextPosition] = []
        while true {
            scanner.skipWhitespace()
            guard scanner.i < bytes.count, bytes[scanner.i] != UInt8(ascii: "]") else { break }
            positions.append(lines.position(ofOffset: scanner.i))
            scanner.skipValue()
            scanner.skipWhitespace()
            guard scanner.i < bytes.count, bytes[scanner.i] == UInt8(ascii: ",") else { break }
            scanner.i += 1
        }
        return positions
    }

    private struct Scanner {
        let bytes: [UInt8]
        let wanted: Set<String>?
        var i = 0

        init(bytes: [UInt8], wanted: Set<String>?) {
            self.bytes = bytes
            self.wanted = wanted
        }

        /// Skips one value without recording anything.
        mutating func skipValue() {
            var depth = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    i += 1
                    while i < bytes.count && bytes[i] != UInt8(ascii: "\"") {
                        if bytes[i] == UInt8(ascii: "\\") { i += 1 }
                        i += 1
                    }
                    i += 1
                    if depth == 0 { return }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    i += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return }
                    depth -= 1
                    i += 1
                    if depth == 0 { return }
                case UInt8(ascii: ","):
                    if depth == 0 { return }
                    i += 1
                default:
                    i += 1
                }
            }
        }

        mutating func skipWhitespace() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x09, 0x0A, 0x0D: i += 1
                default: return
                }
            }
        }

        mutating func scanString() -> String {
            let start = i + 1
            i += 1
            var escaped = false
            while i < bytes.count && bytes[i] != UInt8(ascii: "\"") {
                if bytes[i] == UInt8(ascii: "\\") {
                    escaped = true
                    i += 1
                }
                i += 1
            }
            let raw = bytes[start..<min(i, bytes.count)]
            i += 1
            let text = String(decoding: raw, as: UTF8.self)
            return escaped ? Scanner.unescape(text) : text
        }

        static func unescape(_ text: String) -> String {
            // Positions only need keys to match Jansson's decoded keys; decode via the JSON decoder.
            let quoted = Array(("\"" + text + "\"").utf8)
            if case .success(.string(let s)) = quoted.withUnsafeBytes({ Jansson.decode($0, maxDepth: 1) }) {
                return s
            }
            return text
        }

        mutating func scanValue(pointer: String, keyOffset: Int?, into entries: inout [String: Entry]) {
            guard i < bytes.count else { return }
            if let wanted, !wanted.contains(pointer) {
                skipValue()
                return
            }
            entries[pointer] = Entry(keyOffset: keyOffset, valueOffset: i)
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                skipWhitespace()
                if i < bytes.count && bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return
                }
                while i < bytes.count {
                    skipWhitespace()
                    let keyStart = i
                    let key = scanString()
                    skipWhitespace()
                    i += 1  // colon
                    skipWhitespace()
                    scanValue(pointer: JSONPointer.appending(pointer, key), keyOffset: keyStart, into: &entries)
                    skipWhitespace()
                    guard i < bytes.count else { return }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    i += 1  // closing brace
                    return
                }
            case UInt8(ascii: "["):
                i += 1
                skipWhitespace()
                if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return
                }
                var index = 0
                while i < bytes.count {
                    skipWhitespace()
                    scanValue(pointer: JSONPointer.appending(pointer, index), keyOffset: nil, into: &entries)
                    index += 1
                    skipWhitespace()
                    guard i < bytes.count else { return }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    i += 1
                    return
                }
            case UInt8(ascii: "\""):
                _ = scanString()
            default:
                while i < bytes.count {
                    switch bytes[i] {
                    case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: return
                    default: i += 1
                    }
                }
            }
        }
    }
}
