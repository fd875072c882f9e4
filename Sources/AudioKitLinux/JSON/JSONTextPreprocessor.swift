/// Finds the leniencies real AHAP files rely on, before Jansson sees the text:
/// a UTF-8 byte order mark, trailing commas (8 of Apple's own sample files have
/// them) and `//` or `/* */` comments. Each is blanked out with spaces so that
/// every later line and column still matches the original file, and is
/// reported, so the caller decides whether it is an error (strict, the default)
/// or a warning (`--lenient`).
public struct JSONTextPreprocessor: Sendable {
    public enum FindingKind: String, Sendable {
        case byteOrderMark
        case trailingComma
        case comment
    }

    public struct Finding: Sendable, Equatable {
        public var kind: FindingKind
        public var offset: Int
    }

    public struct Output: Sendable {
        public var bytes: [UInt8]
        public var findings: [Finding]
    }

    /// Returns nil when the text is UTF-16 or UTF-32 (which we do not read).
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
