import Foundation

/// osu! `.osu` (osu!mania for lanes): read by `OsuChart`, written by `ChartWriter.osu`, saved in place by
/// `ChartInPlace`; one difficulty a file.
enum OsuCodec: BeatMapCodec {
    static let format = BeatMapFormat.osu
    static let editorSavesAs = true
    static let extensions = ["osu"]
    static let isChart = true
    static let exportsAlone = true
    static let savesInPlace = true
    static let savesTempoInPlace = true

    static func read(_ input: BeatMapReadInput) -> BeatMapReadResult {
        OsuChart.read(bytes: input.bytes, file: input.file, maxBeats: input.limits.maxBeats)
    }

    static func write(_ map: BeatMap, _ options: BeatMapWriteOptions) -> String {
        ChartWriter.osu(map, title: options.title, audio: options.audio)
    }

    /// Whole milliseconds.
    static func writeRounding(_ map: BeatMap) -> Double { 0.0005 }

    static func savedInPlace(_ bytes: [UInt8], chart: String?, read: BeatMap, times: [Double], path: String) throws(InputError) -> (
        bytes: [UInt8], chart: String?
    ) {
        (try ChartInPlace.osu(bytes, read: read, times: times, path: path), chart)
    }

    static func tempoSavedInPlace(_ bytes: [UInt8], tempo: TempoMap, chart: String?, hits: [Double], path: String) throws(InputError)
        -> [UInt8]
    {
        try ChartTempoInPlace.osu(bytes, tempo: tempo, path: path)
    }
}
