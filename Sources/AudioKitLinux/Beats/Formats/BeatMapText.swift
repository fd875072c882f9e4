/// Text handling shared by the line-based beat-map readers: line endings,
/// decimal commas and CSV cells.
enum BeatMapText {
    /// The text with every line ending (CRLF, CR or LF) made LF. Line and column
    /// numbers are unchanged, since a line ending is never inside a line.
    ///
    /// Swift treats `"\r\n"` as one `Character`, so splitting a `String` on `"\n"`
    /// would keep a CRLF file as a single line; normalizing first avoids that.
    static func normalizingLineEndings(_ text: String) -> String {
        guard text.unicodeScalars.contains("\r") else { return text }
        var scalars = String.UnicodeScalarView()
        var previousWasCR = false
        for s in text.unicodeScalars {
            if s == "\r" {
                scalars.append("\n")
                previousWasCR = true
                continue
            }
            if s == "\n" && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = false
            scalars.append(s)
        }
        return String(scalars)
    }

    /// The same for bytes (JSON, where a line ending can only be white space between tokens).
    static func normalizingLineEndings(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(0x0D) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var previousWasCR = false
        for b in bytes {
            if b == 0x0A && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = b == 0x0D
            out.append(b == 0x0D ? 0x0A : b)
        }
        return out
    }

    /// The offsets in `bytes` of the offsets `wanted` (ascending) of `normalizingLineEndings(bytes)`: where a range found in
    /// the normalized bytes lies in the file's own.
    static func originalOffsets(_ wanted: [Int], in bytes: [UInt8]) -> [Int] {
        var out: [Int] = []
        var next = wanted.makeIterator()
        var target = next.next()
        var i = 0, n = 0
        while let t = target {
            if n >= t || i >= bytes.count {
                out.append(min(i, bytes.count))
                target = next.next()
                continue
            }
            i += bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
            n += 1
        }
        return out
    }

    /// The lines of `text` (already normalized), numbered from 1; a final line without a newline counts.
    static func lines(_ text: String) -> [(number: Int, text: Substring)] {
        var result: [(Int, Substring)] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            result.append((i + 1, line))
        }
        if let last = result.last, last.1.isEmpty { result.removeLast() }
        return result
    }

    /// A number written with a decimal comma (`0,5`, `-12,25`): the value, read as if the comma were a point.
    static func decimalCommaValue(_ cell: Substring) -> Double? {
        let parts = cell.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy(\.isASCIIDigit) else { return nil }
        let whole = parts[0].hasPrefix("-") || parts[0].hasPrefix("+") ? parts[0].dropFirst() : parts[0]
        guard whole.allSatisfy(\.isASCIIDigit) else { return nil }
        return Double("\(parts[0]).\(parts[1])")
    }

    /// A CSV cell's decimal comma: always one where the delimiter is a semicolon; in a comma-delimited file (a
    /// quoted cell), not when exactly three digits follow, since `"1,500"` there is more likely a thousands separator.
    static func decimalCommaValue(_ cell: Substring, delimiter: Character) -> Double? {
        if delimiter == ",", let comma = cell.firstIndex(of: ","), cell[cell.index(after: comma)...].count == 3 { return nil }
        return decimalCommaValue(cell)
    }

    /// The delimiter of a CSV file from its first row: a semicolon when the row has one outside quotes and either
    /// no comma outside quotes or a first semicolon-cell that reads as a number or a header word (spreadsheets in
    /// comma-decimal locales write `0,25;kick`); otherwise a comma.
    static func csvDelimiter(firstRow line: Substring) -> Character {
        var semicolons = 0
        var commas = 0
        var quoted = false
        for c in line {
            if c == "\"" {
                quoted.toggle()
            } else if !quoted && c == ";" {
                semicolons += 1
            } else if !quoted && c == "," {
                commas += 1
            }
        }
        if semicolons == 0 { return "," }
        if commas == 0 { return ";" }
        let first = csvCells(line, delimiter: ";")[0].text
        return Double(first) != nil || decimalCommaValue(Substring(first)) != nil || !first.contains(",") ? ";" : ","
    }

    /// The column (1-based) of a decimal comma inside the first field of `line`, when the field is digits, a
    /// comma and digits with no space: `0,5` in a one-number-per-line file.
    static func decimalCommaColumn(in line: Substring, fieldStart: Int) -> Int? {
        let field = line.dropFirst(fieldStart - 1).prefix { !$0.isWhitespace }
        guard decimalCommaValue(field) != nil, let comma = field.firstIndex(of: ",") else { return nil }
        return fieldStart + field.distance(from: field.startIndex, to: comma)
    }

    /// Splits one CSV row on `delimiter`, honouring double quotes (RFC 4180): `"1,5"` is one cell.
    /// Each cell comes with its 1-based column; quotes are removed and `""` inside quotes is a quote.
    static func csvCells(_ line: Substring, delimiter: Character) -> [(text: String, column: Int)] {
        var cells: [(String, Int)] = []
        var current = ""
        var start = 1
        var column = 1
        var quoted = false
        var iterator = line.makeIterator()
        var pending: Character? = nil
        while let c = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    let next = iterator.next()
                    if next == "\"" {
                        current.append("\"")
                        column += 1
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    current.append(c)
                }
            } else if c == "\"" && current.trimmingSpaces().isEmpty {
                quoted = true
                current = ""
            } else if c == delimiter {
                cells.append((current.trimmingSpaces(), start))
                current = ""
                start = column + 1
            } else {
                current.append(c)
            }
            column += 1
        }
        cells.append((current.trimmingSpaces(), start))
        return cells
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
