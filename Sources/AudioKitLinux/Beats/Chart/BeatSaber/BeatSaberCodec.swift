import Foundation

/// Beat Saber: a v2 or v3 difficulty `.dat` with the `Info.dat` beside it, or the `Info.dat` itself (whose difficulties
/// are the song's charts). Read by `BeatSaberChart`; written as a v3 difficulty with its `Info.dat` (`BeatSaberExport`).
enum BeatSaberCodec: BeatMapCodec {
    static let format = BeatMapFormat.beatsaber
    static let extensions = ["dat"]
    static let isChart = true
    static let writesOneChartAtATime = true

    static func read(_ input: BeatMapReadInput) throws(InputError) -> BeatMapReadResult {
        try BeatSaberChart.read(path: input.file ?? "", bytes: input.bytes, chart: input.chart, limits: input.limits)
    }

    static func write(_ map: BeatMap, _ options: BeatMapWriteOptions) -> String { ChartWriter.beatSaber(map) }

    /// The difficulty and its `Info.dat` (made, or the difficulty added to the one in the folder); a difficulty needs a
    /// folder, so standard output is refused.
    static func files(_ map: BeatMap, path: String?, options: BeatMapWriteOptions, limits: InputLimits) throws(InputError)
        -> ChartFileSet
    {
        guard let path else {
            throw InputError(
                .writeFailed, path: "<stdout>", reason: "a Beat Saber difficulty needs its Info.dat beside it",
                fix: "write it to a file in the song's folder")
        }
        let made = try BeatSaberExport.files(map, path: path, title: options.title, audio: options.audio, limits: limits)
        var back = ChartReadBack(map, made.readBack)
        // The reader takes a note's time, not its column: the lanes are the writer's four columns of the bottom row.
        back.lanesRead = back.lanesRead ?? 4
        return ChartFileSet(files: [(path, made.difficulty), (made.infoPath, made.info)], readBack: back)
    }

    /// An `Info.dat`'s difficulties, each as "characteristic difficulty"; a difficulty file is one chart.
    static func charts(bytes: [UInt8], file: String?, maxNestingDepth: Int) -> [ChartCatalog.Entry] {
        guard case .success(let (value, _)) = BeatSaberChart.decode(bytes, file: file, maxNestingDepth: maxNestingDepth),
            let info = BeatSaberChart.info(value)
        else { return [] }
        return info.difficulties.map {
            let name = "\($0.characteristic) \($0.difficulty)"
            return ChartCatalog.Entry(selector: name, name: name)
        }
    }
}
