import Foundation

/// StepMania's "MSD" text (`.sm`, `.ssc`): `#TAG:param:param…;` values, read as StepMania's `MsdFile.cpp` does
/// (../shared/reference/CHART-FORMATS.md §1.1): `//` comments run to the end of the line anywhere, a backslash
/// escapes the next character, text outside a value is ignored, and a `#` that is the first non-blank character
/// of a line ends a value whose `;` is missing. Every parameter keeps the line and column it starts at.
struct MSDText {
    /// One parameter of a value, with its position.
    struct Param {
        var text: String
        var line: Int
        var column: Int
        /// Where its bytes start and end in the bytes read (comments inside included), so that a writer can replace it.
        var range: Range<Int> = 0..<0
    }

    /// One `#TAG:…;` value: the upper-cased tag and its parameters after the tag.
    struct Value {
        var tag: String
        var params: [Param]
        var line: Int
        var column: Int
    }

    let values: [Value]

    /// Reads the values of `bytes`.
    init(_ bytes: [UInt8]) {
        var scan = Scan(bytes: bytes)
        while scan.i < bytes.count { scan.step() }
        if scan.inValue { scan.endValue() }
        values = scan.values
    }

    /// The reader's state: where it is, and the value and parameter it is in.
    private struct Scan {
        let bytes: [UInt8]
        var values: [Value] = []
        var i = 0
        var line = 1, column = 1
        var inValue = false
        var params: [Param] = []
        var current: [UInt8] = []
        var start = (1, 1)
        var startOffset = 0
        var atLineStart = true

        /// Moves the line and column past `b` (a UTF-8 continuation byte is no column).
        mutating func advance(_ b: UInt8) {
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }

        /// Moves past the byte at `i`.
        mutating func skip() {
            advance(bytes[i])
            i += 1
        }

        /// Ends the parameter being read.
        mutating func endParam() {
            // "\r\n" is one Character in Swift: keep one kind of line ending so that lines split and count.
            let text = String(decoding: current.filter { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
            params.append(Param(text: text, line: start.0, column: start.1, range: startOffset..<max(startOffset, i)))
            current = []
        }

        /// Ends the value being read: its first parameter is its tag.
        mutating func endValue() {
            endParam()
            let tag = params.removeFirst()
            values.append(
                Value(
                    tag: tag.text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased(), params: params, line: tag.line,
                    column: max(1, tag.column - 1)))
            params = []
            inValue = false
        }

        /// Starts a parameter after the byte at `i`.
        mutating func startParam() {
            skip()
            start = (line, column)
            startOffset = i
        }

        /// Reads from `i`: a comment, text outside a value, or one byte of a value.
        mutating func step() {
            let b = bytes[i]
            if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { skip() }
                return
            }
            if !inValue {
                if b == UInt8(ascii: "#") {
                    inValue = true
                    startParam()
                } else {
                    skip()
                }
                return
            }
            if b == UInt8(ascii: "#") && atLineStart {
                endValue()
                return
            }
            switch b {
            case UInt8(ascii: "\\") where i + 1 < bytes.count:
                advance(b)
                current.append(bytes[i + 1])
                advance(bytes[i + 1])
                i += 2
                atLineStart = false
                return
            case UInt8(ascii: ":"):
                endParam()
                startParam()
            case UInt8(ascii: ";"):
                endValue()
                skip()
            default:
                current.append(b)
                skip()
            }
            if b == UInt8(ascii: "\n") {
                atLineStart = true
            } else if b != UInt8(ascii: " ") && b != UInt8(ascii: "\t") && b != UInt8(ascii: "\r") {
                atLineStart = false
            }
        }
    }
}
