/// A 1-based line and column (in characters) plus the byte offset.
public struct TextPosition: Sendable, Hashable {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in characters.
    public var column: Int
    /// 0-based byte offset from the start of the text.
    public var offset: Int

    /// A position at a 1-based `line` and `column` and a 0-based byte `offset`.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }
}

/// Converts byte offsets into line and column, counting columns in characters
/// (UTF-8 continuation bytes are not counted), as Jansson does.
///
/// Every lookup costs O(log lines + 64): a running count of characters is kept every
/// 64 bytes, so positions on one very long line (a one-line JSON map of a million beats)
/// do not rescan the line from its start.
public struct LineTable: Sendable {
    private let lineStarts: [Int]
    private let bytes: [UInt8]
    /// Characters (non-continuation bytes) before byte `k · stride`.
    private let charactersBefore: [Int]
    private static let stride = 64

    /// Indexes the line starts and character counts of `bytes` in one pass.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var counts: [Int] = []
        counts.reserveCapacity(bytes.count / Self.stride + 1)
        var characters = 0
        bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i < b.count {
                if i % Self.stride == 0 { counts.append(characters) }
                let byte = b[i]
                if byte & 0xC0 != 0x80 { characters += 1 }
                if byte == 0x0A { starts.append(i + 1) }
                i += 1
            }
        }
        if bytes.count % Self.stride == 0 { counts.append(characters) }
        self.lineStarts = starts
        self.charactersBefore = counts
    }

    /// Characters before byte `offset`.
    private func characters(before offset: Int) -> Int {
        let k = offset / Self.stride
        var count = charactersBefore[k]
        var i = k * Self.stride
        while i < offset {
            if bytes[i] & 0xC0 != 0x80 { count += 1 }
            i += 1
        }
        return count
    }

    /// The 1-based line and column of byte `offset`; an offset outside the text is clamped to it.
    public func position(ofOffset offset: Int) -> TextPosition {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let column = characters(before: clamped) - characters(before: lineStarts[low]) + 1
        return TextPosition(line: low + 1, column: column, offset: clamped)
    }
}
