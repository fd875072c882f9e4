/// A 1-based line and column (in characters) plus the byte offset.
public struct TextPosition: Sendable, Hashable {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }
}

/// Converts byte offsets into line and column, counting columns in characters
/// (UTF-8 continuation bytes are not counted), as Jansson does.
public struct LineTable: Sendable {
    private let lineStarts: [Int]
    private let bytes: [UInt8]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(i + 1) }
        self.lineStarts = starts
    }

    public func position(ofOffset offset: Int) -> TextPosition {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        var column = 1
        var i = lineStarts[low]
        while i < clamped {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return TextPosition(line: low + 1, column: column, offset: clamped)
    }
}
