import Foundation

/// Quaver `.qua` (YAML): read by `QuaverChart`, written by `ChartWriter.quaver`, saved in place by `ChartInPlace`;
/// one difficulty a file.
enum QuaverCodec: BeatMapCodec {
    static let format = BeatMapFormat.quaver
    static let editorSavesAs = true
    static let extensions = ["qua"]
    static let isChart = true
    static let exportsAlone = true
    static let savesInPlace = true
    static let savesTempoInPlace = true

    static func read(_ input: BeatMapReadInput) -> BeatMapReadResult {
        QuaverChart.read(
            bytes: input.bytes, file: input.file, maxNestingDepth: input.limits.maxNestingDepth, maxBeats: input.limits.maxBeats)
    }

    static func write(_ map: BeatMap, _ options: BeatMapWriteOptions) -> String {
        ChartWriter.quaver(map, title: options.title, audio: options.audio)
    }

    /// Whole milliseconds.
    static func writeRounding(_ map: BeatMap) -> Double { 0.0005 }

    static func savedInPlace(_ bytes: [UInt8], chart: String?, read: BeatMap, times: [Double], path: String) throws(InputError) -> (
        bytes: [UInt8], chart: String?
    ) {
        (try ChartInPlace.quaver(bytes, read: read, times: times, path: path), chart)
    }

    static func tempoSavedInPlace(_ bytes: [UInt8], tempo: TempoMap, chart: String?, hits: [Double], path: String) throws(InputError)
        -> [UInt8]
    {
        try ChartTempoInPlace.quaver(bytes, tempo: tempo, path: path)
    }
}
