import Foundation

/// One time in seconds a line (`#` comments allowed): `.txt`, `.text`, `.beats`, `.lab`.
enum TextBeatListCodec: BeatListLines {
    static let format = BeatMapFormat.text
    static let editorSavesAs = true
    static let extensions = ["txt", "text", "beats", "lab"]

    static func read(_ input: BeatMapReadInput) -> BeatMapReadResult {
        BeatMapReader.readLines(input.text, file: input.file, separator: nil)
    }

    static func write(_ map: BeatMap, _ options: BeatMapWriteOptions) -> String {
        map.times.map(BeatListCodecs.seconds).joined(separator: "\n") + "\n"
    }

    static func replacingBeats(in original: String, symbol: String?, times: [Double], path: String, ending: String) -> String {
        BeatMapSaver.lines(original, list: self, times: times, ending: ending)
    }

    static func newLine(_ time: String, header: String?) -> String { time }

    /// The first field set to `time`, the rest of the line kept.
    static func retimed(_ line: String, from old: Double, to time: String) -> String? {
        let (indent, rest) = BeatListCodecs.indented(line)
        let field = rest.prefix { !$0.isWhitespace && $0 != "," }
        guard Double(field) != nil else { return nil }
        return indent + time + rest.dropFirst(field.count)
    }
}

/// An Audacity label track: start, end and label, tab-separated (`.labels`, `.aup`, or a `.txt` of such lines).
enum AudacityLabelsCodec: BeatListLines {
    static let format = BeatMapFormat.audacity
    static let extensions = ["labels", "aup"]

    /// A `.txt` whose first line that is not a comment has two tab-separated fields is a label track too.
    static func claims(extension ext: String, bytes: [UInt8]) -> Bool {
        if extensions.contains(ext) { return true }
        guard TextBeatListCodec.extensions.contains(ext) else { return false }
        let firstLine = bytes.split(separator: UInt8(ascii: "\n")).first { !$0.isEmpty && $0.first != UInt8(ascii: "#") }
        return (firstLine.map { $0.split(separator: UInt8(ascii: "\t")) } ?? []).count >= 2
    }

    static func read(_ input: BeatMapReadInput) -> BeatMapReadResult {
        BeatMapReader.readLines(input.text, file: input.file, separator: "\t")
    }

    static func write(_ map: BeatMap, _ options: BeatMapWriteOptions) -> String {
        let seconds = BeatListCodecs.seconds
        return map.times.enumerated().map { "\(seconds($0.element))\t\(seconds($0.element))\t\($0.offset + 1)" }.joined(separator: "\n")
            + "\n"
    }

    static func replacingBeats(in original: String, symbol: String?, times: [Double], path: String, ending: String) -> String {
        BeatMapSaver.lines(original, list: self, times: times, ending: ending)
    }

    static func newLine(_ time: String, header: String?) -> String { "\(time)\t\(time)\tbeat" }

    /// Start and end set from `time`, the label's length kept.
    static func retimed(_ line: String, from old: Double, to time: String) -> String? {
        let (indent, rest) = BeatListCodecs.indented(line)
        var fields = rest.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 2, let start = Double(fields[0]), let end = Double(fields[1]), let t = Double(time) else { return nil }
        fields[0] = time
        fields[1] = BeatMapSaver.number(t + (end - start), decimals: max(3, time.split(separator: ".").last?.count ?? 3))
        return indent + fields.joined(separator: "\t")
    }
}

/// CSV with a time column: a header naming it is recognised, else the first column.
enum CSVBeatListCodec: BeatListLines {
    static let format = BeatMapFormat.csv
    static let editorSavesAs = true
    static let extensions = ["csv"]

    static func read(_ input: BeatMapReadInput) -> BeatMapReadResult { BeatMapReader.readCSV(input.text, file: input.file) }

    static func write(_ map: BeatMap, _ options: BeatMapWriteOptions) -> String {
        "beat,time\n" + map.times.enumerated().map { "\($0.offset + 1),\(BeatListCodecs.seconds($0.element))" }.joined(separator: "\n")
            + "\n"
    }

    static func replacingBeats(in original: String, symbol: String?, times: [Double], path: String, ending: String) -> String {
        BeatMapSaver.lines(original, list: self, times: times, ending: ending)
    }

    /// A row with `time` in the header's time column (the first column when there is no header).
    static func newLine(_ time: String, header: String?) -> String {
        guard let header else { return time }
        let delimiter = BeatMapText.csvDelimiter(firstRow: Substring(header))
        let names = BeatMapText.csvCells(Substring(header), delimiter: delimiter).map { $0.text.lowercased() }
        let column =
            BeatMapReader.timeHeaders.lazy.compactMap { names.firstIndex(of: $0) }.first ?? names.firstIndex { $0.contains("time") } ?? 0
        var cells = [String](repeating: "", count: max(names.count, column + 1))
        cells[column] = delimiter == ";" ? time.replacingOccurrences(of: ".", with: ",") : time
        return cells.joined(separator: String(delimiter))
    }

    /// Never: a row's cells may be quoted, so a moved CSV beat gets a new row.
    static func retimed(_ line: String, from old: Double, to time: String) -> String? { nil }
}

/// A beat list of one beat a line, which a save rewrites line by line (`BeatMapSaver.lines`): the lines before the
/// first beat and the non-beat lines after each kept beat stay; each format says how it writes a new beat's line and
/// how it moves an old one.
protocol BeatListLines: BeatMapCodec {
    /// A new beat's line, its time written `time`; `header` is the last line before the first beat, if any.
    static func newLine(_ time: String, header: String?) -> String
    /// `line`, once the beat at `old`, with its time set to `time`; nil when it cannot be rewritten (it gets a new line).
    static func retimed(_ line: String, from old: Double, to time: String) -> String?
}

/// What the beat lists share.
enum BeatListCodecs {
    /// A time as the lists write it: seconds to six decimals.
    static func seconds(_ t: Double) -> String { String(format: "%.6f", t) }

    /// A line's leading spaces and tabs, and the rest.
    static func indented(_ line: String) -> (indent: String, rest: Substring) {
        let indent = line.prefix { $0 == " " || $0 == "\t" }
        return (String(indent), line.dropFirst(indent.count))
    }
}
