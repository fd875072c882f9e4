import Foundation

/// One time in seconds a line (`#` comments allowed): `.txt`, `.text`, `.beats`, `.lab`.
enum TextBeatListCodec: BeatMapCodec {
    static let format = BeatMapFormat.text
    static let extensions = ["txt", "text", "beats", "lab"]

    static func read(_ input: BeatMapReadInput) -> BeatMapReadResult {
        BeatMapReader.readLines(input.text, file: input.file, separator: nil)
    }

    static func write(_ map: BeatMap, _ options: BeatMapWriteOptions) -> String {
        map.times.map(BeatListCodecs.seconds).joined(separator: "\n") + "\n"
    }

    static func replacingBeats(in original: String, symbol: String?, times: [Double], path: String, ending: String) -> String {
        BeatMapSaver.lines(original, format: format, times: times, ending: ending)
    }
}

/// An Audacity label track: start, end and label, tab-separated (`.labels`, `.aup`, or a `.txt` of such lines).
enum AudacityLabelsCodec: BeatMapCodec {
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
        BeatMapSaver.lines(original, format: format, times: times, ending: ending)
    }
}

/// CSV with a time column: a header naming it is recognised, else the first column.
enum CSVBeatListCodec: BeatMapCodec {
    static let format = BeatMapFormat.csv
    static let extensions = ["csv"]

    static func read(_ input: BeatMapReadInput) -> BeatMapReadResult { BeatMapReader.readCSV(input.text, file: input.file) }

    static func write(_ map: BeatMap, _ options: BeatMapWriteOptions) -> String {
        "beat,time\n" + map.times.enumerated().map { "\($0.offset + 1),\(BeatListCodecs.seconds($0.element))" }.joined(separator: "\n")
            + "\n"
    }

    static func replacingBeats(in original: String, symbol: String?, times: [Double], path: String, ending: String) -> String {
        BeatMapSaver.lines(original, format: format, times: times, ending: ending)
    }
}

/// What the beat lists share.
enum BeatListCodecs {
    /// A time as the lists write it: seconds to six decimals.
    static func seconds(_ t: Double) -> String { String(format: "%.6f", t) }
}
