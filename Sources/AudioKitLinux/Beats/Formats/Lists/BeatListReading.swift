import Foundation

/// Reading beat lists: text, Audacity labels and CSV, one time a line.
extension BeatMapReader {
    /// Text and Audacity labels: the first field of each line is a time. Blank lines and `#` comments are skipped;
    /// Audacity's spectral-selection lines (starting with `\\`) too. In text, a field such as `0,5` is refused (it
    /// could be a decimal comma or two fields); in tab-separated labels a decimal comma is unambiguous and is read.
    static func readLines(_ text: String, file: String?, separator: Character?) -> BeatMapReadResult {
        var times: [Double] = []
        var locations: [SourceLocation] = []
        for (number, line) in BeatMapText.lines(text) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("//") || trimmed.hasPrefix("\\") { continue }
            let column = line.count - trimmed.count + 1
            if separator == nil, let comma = BeatMapText.decimalCommaColumn(in: line, fieldStart: column) {
                let field = trimmed.prefix { !$0.isWhitespace }
                return failure(
                    file, number, comma,
                    "\"\(field.prefix(40))\" has a decimal comma; write the time with a point (\(field.replacingOccurrences(of: ",", with: ".")))"
                )
            }
            let field =
                separator.map { sep in trimmed.split(separator: sep, omittingEmptySubsequences: false).first ?? "" } ?? trimmed.split(
                    whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).first ?? ""
            let cell = field.trimmingCharacters(in: .whitespaces)
            guard let value = Double(cell) ?? (separator == nil ? nil : BeatMapText.decimalCommaValue(Substring(cell))) else {
                return failure(file, number, column, "\"\(field.prefix(40))\" is not a time in seconds; write one number per line")
            }
            times.append(value)
            locations.append(SourceLocation(file: file, line: number, column: column))
        }
        return finished(times, locations, file: file)
    }

    static let timeHeaders = ["time", "times", "seconds", "second", "sec", "s", "t", "beat_time", "timestamp", "onset", "beat"]

    /// CSV: a header row naming the time column is recognised; otherwise the first column is the time. The delimiter
    /// is a semicolon when the first row has one (as spreadsheets write it where the decimal separator is a comma),
    /// and then a decimal comma is read as such; cells may be quoted.
    static func readCSV(_ text: String, file: String?) -> BeatMapReadResult {
        var times: [Double] = []
        var locations: [SourceLocation] = []
        var column = 0
        var sawHeader = false
        var delimiter: Character? = nil
        for (number, line) in BeatMapText.lines(text) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let sep = delimiter ?? BeatMapText.csvDelimiter(firstRow: line)
            delimiter = sep
            let cells = BeatMapText.csvCells(line, delimiter: sep)
            if !sawHeader && times.isEmpty && Double(cells[0].text) == nil
                && BeatMapText.decimalCommaValue(Substring(cells[0].text), delimiter: sep) == nil
            {
                sawHeader = true
                let names = cells.map { $0.text.lowercased() }
                column = timeHeaders.lazy.compactMap { names.firstIndex(of: $0) }.first ?? names.firstIndex { $0.contains("time") } ?? 0
                continue
            }
            guard column < cells.count else {
                return failure(file, number, 1, "row has \(cells.count) cells; the time column is number \(column + 1)")
            }
            let cell = cells[column]
            guard let value = Double(cell.text) ?? BeatMapText.decimalCommaValue(Substring(cell.text), delimiter: sep) else {
                return failure(file, number, cell.column, "\"\(cell.text.prefix(40))\" is not a time in seconds")
            }
            times.append(value)
            locations.append(SourceLocation(file: file, line: number, column: cell.column))
        }
        return finished(times, locations, file: file)
    }
}
