import Foundation

/// Swift source holding the beats as an array literal, as a game ships them (`SwiftLiteralReader`).
enum SwiftLiteralCodec: BeatMapCodec {
    static let format = BeatMapFormat.swift
    static let editorSavesAs = true
    static let extensions = ["swift"]

    static func read(_ input: BeatMapReadInput) -> BeatMapReadResult {
        SwiftLiteralReader.read(input.text, file: input.file, symbol: input.symbol)
    }

    /// `let SYMBOL: [TimeInterval] = [...]`, eight times a line, the BPM and offset in a comment.
    static func write(_ map: BeatMap, _ options: BeatMapWriteOptions) -> String {
        let seconds = BeatListCodecs.seconds
        var out = "import Foundation\n\n"
        if let tempo = map.tempoMap {
            out += "/// \(RuleText.number(tempo.sections[0].bpm)) BPM, first beat at \(seconds(tempo.offset)) s.\n"
        }
        out += "let \(options.symbol): [TimeInterval] = [\n"
        for chunk in stride(from: 0, to: map.times.count, by: 8) {
            out += "    " + map.times[chunk..<min(chunk + 8, map.times.count)].map(seconds).joined(separator: ", ") + ",\n"
        }
        return out + "]\n"
    }

    /// Only the array literal's content is replaced; every byte outside it is kept.
    static func replacingBeats(in original: String, symbol: String?, times: [Double], path: String, ending: String) throws(InputError)
        -> String
    {
        guard let range = SwiftLiteralReader.literalContent(original, symbol: symbol) else {
            throw InputError(.unsupportedFormat, path: path, reason: "the beat map's array literal could not be found to replace")
        }
        return BeatMapSaver.splice(original, range, BeatMapSaver.swiftElements(times, original: original, range: range, ending: ending))
    }
}
