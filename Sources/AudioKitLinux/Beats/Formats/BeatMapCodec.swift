import Foundation

/// What a format's reader is given: the file's bytes, its text (UTF-8, line endings made `\n`, no byte-order mark),
/// where it came from, what to pick in it, and the limits.
struct BeatMapReadInput {
    /// The file's bytes as read.
    let bytes: [UInt8]
    /// The file's text, line endings made `\n`, without a byte-order mark.
    let text: String
    /// The path, for diagnostics (nil: none); a Beat Saber difficulty reads the `Info.dat` beside it.
    let file: String?
    /// In Swift source, the array that holds the beats.
    let symbol: String?
    /// In a file of several charts, the one to read (nil: the reader's choice).
    let chart: String?
    /// The bounds on the nesting depth and the count of beats.
    let limits: InputLimits
}

/// How a map is written: its title and song (charts), the array's name (Swift source).
struct BeatMapWriteOptions {
    /// The chart's song title when the map has none.
    var title = "beatmap"
    /// The song file the chart names.
    var audio = "audio.ogg"
    /// The array's name in Swift source.
    var symbol = "beatMap"
}

/// One beat map format, everything the tools know of it in one place (as osu! pairs its legacy decoder and encoder):
/// which files it names, how a file is read, how a map is written, and what else the format can do (hold several
/// charts, be saved in place, be exported from a bare list of hits, be written by the editor's Save As; a line list's
/// line shapes, `BeatListLines`). `BeatMapCodecs.all` is the table of them; nothing else switches over the formats.
protocol BeatMapCodec: Sendable {
    /// The format.
    static var format: BeatMapFormat { get }
    /// The file name extensions (lower case) that name it.
    static var extensions: [String] { get }
    /// True when a file with extension `ext` (lower case) and content `bytes` is of this format; by default, when the
    /// extension is one of `extensions`.
    static func claims(extension ext: String, bytes: [UInt8]) -> Bool
    /// True for a chart format: it carries a tempo map and notes in lanes, and is written whole.
    static var isChart: Bool { get }
    /// The map a file holds, or the findings that stop it. Throws `InputError` for a file beside it that cannot be read
    /// (a Beat Saber `Info.dat`).
    static func read(_ input: BeatMapReadInput) throws(InputError) -> BeatMapReadResult
    /// The map as the format's text.
    static func write(_ map: BeatMap, _ options: BeatMapWriteOptions) -> String
    /// The files a map is written as at `path` (nil: standard output), and what the main one reads back as. By default
    /// one file, `write`'s text. Throws `InputError` when a file beside it cannot be made (a Beat Saber `Info.dat`).
    static func files(_ map: BeatMap, path: String?, options: BeatMapWriteOptions, limits: InputLimits) throws(InputError)
        -> ChartFileSet
    /// Every chart of a file that holds several (`ChartCatalog`); none by default.
    static func charts(bytes: [UInt8], file: String?, maxNestingDepth: Int) -> [ChartCatalog.Entry]
    /// True when a bare list of hits can be exported to the format alone (`ChartExport`).
    static var exportsAlone: Bool { get }
    /// True when one file holds every chart of a song (StepMania's charts, one a difficulty and steps type): several
    /// charts are written into one file, not one file each. False by default.
    static var holdsSeveralCharts: Bool { get }
    /// True when a chart's file is named by its difficulty and listed in an index beside it (Beat Saber's `Info.dat`),
    /// so charts are written one at a time into the song's folder, never several from one output name. False by default.
    static var writesOneChartAtATime: Bool { get }
    /// True for a list format that keeps a tempo grid and other members (the editor's markers) beside its beats, when
    /// the file's root is an object: a JSON map. False by default.
    static var holdsTempo: Bool { get }
    /// The most a hit of `map` moves when written (the format's rows or milliseconds); 0 by default.
    static func writeRounding(_ map: BeatMap) -> Double
    /// `original`, a file of the format, with `times` as its beats and every other byte kept where the format allows;
    /// by default refused (a chart holds more than its hits).
    static func replacingBeats(in original: String, symbol: String?, times: [Double], path: String, ending: String) throws(InputError)
        -> String
    /// True when an edited chart is saved in place (`ChartInPlace`).
    static var savesInPlace: Bool { get }
    /// True when the editor's Save As writes the format (a file of the one chart or list it edits). False by default.
    static var editorSavesAs: Bool { get }
    /// The chart file `bytes`, its chart `chart` read as `read`, with `times` as that chart's hits, and the chart's name
    /// to read it back by; by default refused.
    static func savedInPlace(_ bytes: [UInt8], chart: String?, read: BeatMap, times: [Double], path: String) throws(InputError) -> (
        bytes: [UInt8], chart: String?
    )
    /// True when a chart saved in place can take a new tempo map too (`ChartTempoInPlace`). False by default.
    static var savesTempoInPlace: Bool { get }
    /// The chart file `bytes` with `tempo` as its tempo map, its hits where they are (`chart`: the chart being edited,
    /// whose notes are written again afterwards from `hits`, its new times); by default refused.
    static func tempoSavedInPlace(_ bytes: [UInt8], tempo: TempoMap, chart: String?, hits: [Double], path: String) throws(InputError)
        -> [UInt8]
    /// Why the chart file `bytes` cannot take a new tempo map in place though its format can (timing a new map would
    /// move), with the fix; nil by default.
    static func tempoInPlaceRefusal(_ bytes: [UInt8], path: String) -> InputError?
    /// `tempo` as the format keeps it once written, and how near a read-back map must come to it (seconds); by default
    /// `tempo` itself, within 2 µs.
    static func tempoAsWritten(_ tempo: TempoMap) -> (tempo: TempoMap, within: Double)
    /// True when a new tempo map moves notes onto its rows (a format placing notes in beats), so the edited chart is
    /// written again from its hits after `tempoSavedInPlace`. False by default.
    static var retimeMovesNotes: Bool { get }
    /// What a save in place that took a new tempo map rewrote (the file's bytes `old` and `new`, `chart` the edited
    /// one), in words for the editor's save note.
    static func retimeNote(old: [UInt8], new: [UInt8], chart: String?) -> String
}

extension BeatMapCodec {
    static func claims(extension ext: String, bytes: [UInt8]) -> Bool { extensions.contains(ext) }
    static var isChart: Bool { false }
    static var exportsAlone: Bool { false }
    static var holdsSeveralCharts: Bool { false }
    static var writesOneChartAtATime: Bool { false }
    static var holdsTempo: Bool { false }
    static var savesInPlace: Bool { false }
    static var editorSavesAs: Bool { false }
    static var savesTempoInPlace: Bool { false }
    static var retimeMovesNotes: Bool { false }
    static func retimeNote(old: [UInt8], new: [UInt8], chart: String?) -> String {
        "this chart's notes and its timing points were rewritten"
    }
    static func tempoInPlaceRefusal(_ bytes: [UInt8], path: String) -> InputError? { nil }
    static func tempoAsWritten(_ tempo: TempoMap) -> (tempo: TempoMap, within: Double) { (tempo, 2e-6) }
    static func writeRounding(_ map: BeatMap) -> Double { 0 }
    static func charts(bytes: [UInt8], file: String?, maxNestingDepth: Int) -> [ChartCatalog.Entry] { [] }

    static func files(_ map: BeatMap, path: String?, options: BeatMapWriteOptions, limits: InputLimits) throws(InputError)
        -> ChartFileSet
    {
        let text = write(map, options)
        let back = BeatMapReader.read(bytes: Array(text.utf8), file: path ?? "<stdout>", format: format, symbol: options.symbol)
        return ChartFileSet(files: [(path, text)], readBack: ChartReadBack(map, back))
    }

    static func replacingBeats(in original: String, symbol: String?, times: [Double], path: String, ending: String) throws(InputError)
        -> String
    {
        throw InputError(
            .unsupportedFormat, path: path,
            reason: "a chart file holds more than its hit times (other charts, lanes, holds) and is not rewritten in place",
            fix: "save the edited hits under another name (.sm, .osu, .qua, or a beat list)")
    }

    static func savedInPlace(_ bytes: [UInt8], chart: String?, read: BeatMap, times: [Double], path: String) throws(InputError) -> (
        bytes: [UInt8], chart: String?
    ) {
        throw InputError(
            .unsupportedFormat, path: path, reason: "a \(format.rawValue) chart is not rewritten in place",
            fix: "save the edited hits under another name (.sm, .osu, .qua, or a beat list)")
    }

    static func tempoSavedInPlace(_ bytes: [UInt8], tempo: TempoMap, chart: String?, hits: [Double], path: String) throws(InputError)
        -> [UInt8]
    {
        throw InputError(
            .unsupportedFormat, path: path,
            reason: "a \(format.rawValue) chart keeps its own tempo map when saved in place (its notes and stops are placed in beats)",
            fix: "Save As… writes the chart on the new tempo map under another name")
    }
}

/// The table of formats: each registered once, in the order a file's extension and content are tried.
enum BeatMapCodecs {
    /// Every format. Audacity labels come before text: a `.txt` of tab-separated lines is a label track.
    static let all: [any BeatMapCodec.Type] = [
        JSONBeatMapCodec.self, AudacityLabelsCodec.self, TextBeatListCodec.self, CSVBeatListCodec.self, SwiftLiteralCodec.self,
        StepManiaCodec.self, OsuCodec.self, QuaverCodec.self, BeatSaberCodec.self, CloneHeroCodec.self,
    ]
}

extension BeatMapFormat {
    /// This format's row of the table.
    var codec: any BeatMapCodec.Type {
        guard let c = BeatMapCodecs.all.first(where: { $0.format == self }) else { preconditionFailure("\(self) has no codec") }
        return c
    }

    /// True for the chart formats, which carry a tempo map and are written whole.
    public var isChart: Bool { codec.isChart }

    /// True for a list format that keeps a tempo grid and other members beside its beats (a JSON object map).
    public var holdsTempo: Bool { codec.holdsTempo }

    /// True when one file holds every chart of a song (`BeatMapCodec.holdsSeveralCharts`).
    public var holdsSeveralCharts: Bool { codec.holdsSeveralCharts }

    /// True when charts are written one at a time, each named by its difficulty beside an index
    /// (`BeatMapCodec.writesOneChartAtATime`).
    public var writesOneChartAtATime: Bool { codec.writesOneChartAtATime }

    /// The format for a path's extension (and, for a `.txt`, its content: tab-separated label lines are an Audacity
    /// label track); nil when no format claims it.
    public static func detect(path: String, bytes: [UInt8]) -> BeatMapFormat? {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return BeatMapCodecs.all.first { $0.claims(extension: ext, bytes: bytes) }?.format
    }
}
