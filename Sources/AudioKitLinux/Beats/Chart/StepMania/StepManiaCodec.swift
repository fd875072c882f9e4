import Foundation

/// StepMania `.sm` and `.ssc` (what ArrowVortex writes too): read by `StepManiaChart`, written by
/// `ChartWriter.stepMania`, saved in place by `ChartInPlace`; a song holds several charts.
enum StepManiaCodec: BeatMapCodec {
    static let format = BeatMapFormat.stepmania
    static let editorSavesAs = true
    static let extensions = ["sm", "ssc"]
    static let isChart = true
    static let exportsAlone = true
    static let savesInPlace = true
    static let savesTempoInPlace = true
    static let holdsSeveralCharts = true
    static let retimeMovesNotes = true

    /// Names the tags whose values the save changed (the song's timing, a `#DISPLAYBPM`, the events kept at their times).
    static func retimeNote(old: [UInt8], new: [UInt8], chart: String?) -> String {
        let changed = StepManiaRetime.changedTags(old: old, new: new)
        let named = changed.isEmpty ? "" : " (" + changed.map { "#" + $0 }.joined(separator: ", ") + ")"
        let moved = StepManiaRetime.otherChartsMoved(old: old, new: new, edited: chart)
        guard moved == 0 else {
            return "the song's timing\(named) was rewritten, every chart's notes keeping their beats: they moved with the grid, "
                + "as this chart's did (\(moved) other \(moved == 1 ? "chart" : "charts"))"
        }
        let others = charts(bytes: new, file: nil, maxNestingDepth: 64).count > 1 ? ", the other charts' notes at their times" : ""
        return "the song's timing\(named) and the note rows were rewritten: this chart's notes where the page shows them\(others)"
    }

    static func read(_ input: BeatMapReadInput) -> BeatMapReadResult {
        StepManiaChart.read(bytes: input.bytes, file: input.file, chart: input.chart, maxBeats: input.limits.maxBeats)
    }

    static func write(_ map: BeatMap, _ options: BeatMapWriteOptions) -> String {
        ChartWriter.stepMania(map, title: options.title, music: options.audio)
    }

    /// Rows of 1/48 beat on StepMania's beats.
    static func writeRounding(_ map: BeatMap) -> Double { ChartWriter.stepManiaRoundingError(map) }

    /// Each chart by its number (names repeat in a song).
    static func charts(bytes: [UInt8], file: String?, maxNestingDepth: Int) -> [ChartCatalog.Entry] {
        guard case .success(let scanned) = StepManiaChart.scan(MSDText(BeatMapText.normalizingLineEndings(bytes)), file: file) else {
            return []
        }
        return scanned.charts.map { ChartCatalog.Entry(selector: String($0.number), name: $0.name) }
    }

    static func savedInPlace(_ bytes: [UInt8], chart: String?, read: BeatMap, times: [Double], path: String) throws(InputError) -> (
        bytes: [UInt8], chart: String?
    ) {
        try ChartInPlace.stepMania(bytes, chart: chart, read: read, times: times, path: path)
    }

    static func tempoSavedInPlace(_ bytes: [UInt8], tempo: TempoMap, chart: String?, hits: [Double], path: String) throws(InputError)
        -> [UInt8]
    {
        try StepManiaRetime.bytes(bytes, tempo: tempo, edited: chart, hits: hits, path: path)
    }

    static func tempoInPlaceRefusal(_ bytes: [UInt8], path: String) -> InputError? { StepManiaRetime.refusal(bytes, path: path) }

    /// StepMania keeps a tempo change between two whole beats on the beat before it, after a delay (or, with a hit in
    /// that delay, between two rows as a short section that reaches it on the next row: `StepManiaTiming`); its offset
    /// and tempos are written to 6 decimals.
    static func tempoAsWritten(_ tempo: TempoMap) -> (tempo: TempoMap, within: Double) {
        (StepManiaTiming(tempo, hits: [], wholeBeats: true).tempo, 0.0005)
    }
}
