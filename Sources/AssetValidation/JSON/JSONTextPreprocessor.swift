/// Finds the leniencies real AHAP files rely on, before Jansson sees the text:
/// a UTF-8 byte order mark, trailing commas (8 of Apple's own sample files have
/// them) and `//` or `/* */` comments. Each is blanked out with spaces so that
/// every later line and column still matches the original file, and is
/// reported, so the caller decides whether it is an error (strict, the default)
/// or a warning (`--lenient`).
public struct JSONTextPreprocessor: Sendable {
    /// The kind of leniency found.
    public enum FindingKind: String, Sendable {
        /// A UTF-8 byte order mark (EF BB BF) at the start of the text.
        case byteOrderMark
        /// A comma directly before a closing `}` or `]` (whitespace and comments between them allowed).
        case trailingComma
        /// A `//` line comment or a `/* */` block comment.
        case comment
    }

    /// One leniency found in the text.
    public struct Finding: Sendable, Equatable {
        /// What was found.
        public var kind: FindingKind
        /// Byte offset where it starts: the comma, the first `/` of a comment, or 0 for the byte order mark.
        public var offset: Int
    }

    /// The result of `process(_:)`.
    public struct Output: Sendable {
        /// The input with every finding overwritten by spaces (line breaks inside block comments kept); as long as the input.
        public var bytes: [UInt8]
        /// Every leniency found, in the order the scan found them.
        public var findings: [Finding]
    }

    /// The name of the wide encoding ("UTF-16LE", "UTF-32BE", …) when the text is UTF-16 or UTF-32, which the readers
    /// refuse; nil otherwise.
    public static func detectWideEncoding(_ bytes: [UInt8]) -> String? {
        if bytes.count >= 2 {
            if bytes[0] == 0xFF && bytes[1] == 0xFE { return "UTF-16LE" }
            if bytes[0] == 0xFE && bytes[1] == 0xFF { return "UTF-16BE" }
        }
        if bytes.count >= 4 {
            if bytes[0] == 0 && bytes[1] != 0 && bytes[2] == 0 { return "UTF-16BE" }
            if bytes[0] != 0 && bytes[1] == 0 && bytes[3] == 0 { return bytes[2] == 0 ? "UTF-32LE" : "UTF-16LE" }
        }
        return nil
    }

    /// Finds the byte order mark, trailing commas and comments in `input` and overwrites each with spaces,
    /// so that every line, column and byte offset stays the same. Text inside strings is left alone.
    public static func process(_ input: [UInt8]) -> Output {
        var bytes = input
        var findings: [Finding] = []
        var i = 0
        let n = bytes.count
        if n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            findings.append(Finding(kind: .byteOrderMark, offset: 0))
            bytes[0] = 0x20
            bytes[1] = 0x20
            bytes[2] = 0x20
            i = 3
        }
        let space = UInt8(ascii: " ")
        var pendingComma: Int? = nil
        while i < n {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "\""):
                pendingComma = nil
                i += 1
                while i < n {
                    if bytes[i] == UInt8(ascii: "\\") {
                        i += 2
                        continue
                    }
                    if bytes[i] == UInt8(ascii: "\"") { break }
                    i += 1
                }
                i += 1
            case UInt8(ascii: "/") where i + 1 < n && (bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "*")):
                findings.append(Finding(kind: .comment, offset: i))
                let block = bytes[i + 1] == UInt8(ascii: "*")
                bytes[i] = space
                bytes[i + 1] = space
                i += 2
                while i < n {
                    if block && bytes[i] == UInt8(ascii: "*") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "/") {
                        bytes[i] = space
                        bytes[i + 1] = space
                        i += 2
                        break
                    }
                    if !block && bytes[i] == UInt8(ascii: "\n") { break }
                    if bytes[i] != UInt8(ascii: "\n") && bytes[i] != UInt8(ascii: "\r") { bytes[i] = space }
                    i += 1
                }
            case UInt8(ascii: ","):
                pendingComma = i
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let comma = pendingComma {
                    findings.append(Finding(kind: .trailingComma, offset: comma))
                    bytes[comma] = space
                }
                pendingComma = nil
                i += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                i += 1
            default:
                pendingComma = nil
                i += 1
            }
        }
        return Output(bytes: bytes, findings: findings)
    }
}
