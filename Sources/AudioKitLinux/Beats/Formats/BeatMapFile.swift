import Foundation

/// A beat map file opened for editing: its text as it was read, so that a save can keep every byte that is not
/// a beat, and can refuse to overwrite the file when something else changed it since.
public struct BeatMapFile: Sendable {
    /// The path as the caller gave it.
    public let path: String
    /// The format the file was read as.
    public let format: BeatMapFormat
    /// In Swift source, the array that holds the beats (nil: the reader's choice).
    public let symbol: String?
    /// In a chart file, the chart being edited (its name or number; nil: the reader's choice, the hardest).
    public let chart: String?
    /// The map as read.
    public let map: BeatMap
    /// The file's bytes when it was read.
    public let bytes: [UInt8]

    /// Reads `path` as a beat map; throws `InputError` when the file cannot be read, and returns the findings
    /// instead of a file when its content is not a beat map.
    /// `chart` picks one chart of a chart file, as `BeatMapReader.read(path:format:symbol:chart:limits:)` does.
    public static func open(
        path: String, format: BeatMapFormat? = nil, symbol: String? = nil, chart: String? = nil, limits: InputLimits = .standard
    ) throws(InputError) -> Result<BeatMapFile, BeatMapFindings> {
        let (bytes, chosen, read) = try BeatMapReader.readFile(path: path, format: format, symbol: symbol, chart: chart, limits: limits)
        guard let map = read.map else { return .failure(BeatMapFindings(diagnostics: read.diagnostics)) }
        return .success(BeatMapFile(path: path, format: chosen, symbol: symbol, chart: chart, map: map, bytes: bytes))
    }

    /// The most a chart's hit may move when saved in place onto the chart's rows or milliseconds (seconds): half a
    /// 1/48-beat row at 25 BPM. A save that would move one further is refused.
    public static let maxChartRounding = 0.025

    /// Writes `times` into the file in its own format (see `BeatMapSaver`), atomically, keeping the file's
    /// permissions and writing through a symbolic link. Throws `InputError` (`.writeFailed`) without writing when
    /// the file on disk is no longer the one that was read (another program changed it), and when the new text
    /// would not read back as exactly `times`. With `grid`, a JSON map's `"bpm"`, `"offset"` and `"tempo_changes"` are
    /// set to it too (`BeatMapSaver.json(_:settingGrid:path:)`), and an osu! or Quaver chart's timing points
    /// (`ChartTempoInPlace`); other formats cannot keep one (`.unsupportedFormat`, nothing written). `members` (key, JSON text of the value, whether to add it when absent)
    /// are set in a JSON map too (`BeatMapSaver.json(_:setting:path:)`). Returns the file as saved, ready for the next
    /// save.
    public func save(
        _ times: [Double], grid: TempoMap? = nil, members: [(key: String, value: String, add: Bool)] = [], limits: InputLimits = .standard
    ) throws(InputError) -> BeatMapFile {
        let current = try InputFile.read(path, maxBytes: limits.maxFileBytes)
        guard current == bytes else {
            throw InputError(
                .writeFailed, path: path, reason: "the file changed on disk since it was opened; nothing was overwritten",
                fix: "reload it, or save under another name")
        }
        // Only UTF-8 text can be rewritten byte for byte outside the beats.
        guard let original = String(validating: bytes, as: UTF8.self) else {
            throw InputError(
                .unsupportedFormat, path: path, reason: "the file is not UTF-8, so saving would change bytes outside the beats",
                fix: "re-save it as UTF-8 first")
        }
        if ChartInPlace.formats.contains(format) {
            guard members.isEmpty else {
                throw InputError(
                    .unsupportedFormat, path: path, reason: "a chart keeps no members beside its notes; nothing was written",
                    fix: "save the chart without them")
            }
            return try saveChart(times, tempo: grid, limits: limits)
        }
        var text = try BeatMapSaver.text(replacingBeatsOf: original, format: format, symbol: symbol, with: times, path: path)
        if let grid {
            guard format.holdsTempo else {
                throw InputError(
                    .unsupportedFormat, path: path, reason: "only a JSON map keeps a tempo grid; nothing was written",
                    fix: "save the beats without the grid, or convert the map to JSON")
            }
            text = try BeatMapSaver.json(text, settingGrid: grid, path: path)
        }
        if !members.isEmpty {
            guard format.holdsTempo else {
                throw InputError(.unsupportedFormat, path: path, reason: "only a JSON map keeps more than beats; nothing was written")
            }
            text = try BeatMapSaver.json(text, setting: members, path: path)
        }
        let written = Array(text.utf8)
        let check = BeatMapReader.read(bytes: written, file: path, format: format, symbol: symbol)
        let tempoKept = grid.map { g in
            let kept = check.map?.tempoMap
            return abs((kept?.offset ?? .nan) - g.offset) < 1e-6 && kept?.sections.count == g.sections.count
                && zip(kept?.sections ?? [], g.sections).allSatisfy { abs($0.time - $1.time) < 1e-6 && abs($0.bpm - $1.bpm) < 1e-3 }
        }
        guard let reread = check.map?.times, reread.count == times.count, zip(reread, times).allSatisfy({ abs($0 - $1) < 1e-6 }),
            tempoKept != false
        else {
            throw InputError(
                .writeFailed, path: path, reason: "the saved text would not read back as the edited beats; nothing was written",
                fix: "save in another format")
        }
        try AtomicFile.write(Data(written), to: path, replacing: path)
        return BeatMapFile(path: path, format: format, symbol: symbol, chart: chart, map: check.map ?? map, bytes: written)
    }

    /// The chart as read, its notes carried by beat onto `tempo` when its hits moved with the grid there (a format that
    /// places notes in beats, re-timed with the notes: `StepManiaRetime.followsGrid`), so that the notes that are not
    /// hits (mines, hold ends) move with them; as read otherwise.
    private func carried(_ hits: [Double], to given: TempoMap?) -> BeatMap {
        // Beats counted as the format counts them (StepMania: through every section and pause from the first line).
        guard let given, let old = map.tempoMap, format.codec.retimeMovesNotes, case let tempo = format.codec.tempoAsWritten(given).tempo,
            StepManiaRetime.followsGrid(map.times, hits: hits, from: old, to: tempo)
        else { return map }
        let carry = { (t: Double) in tempo.time(ofBeat: old.beat(atTime: t)) }
        var read = map
        read.times = map.times.map(carry)
        read.notes = map.notes.map { n in
            var moved = n
            moved.time = carry(n.time)
            moved.end = n.end.map(carry)
            return moved
        }
        return read
    }

    /// A chart's save in place (`ChartInPlace`), with `tempo` as its new tempo map when given (`ChartTempoInPlace`): read
    /// back before it is written, with each hit within `maxChartRounding` of its time and the tempo map as given. The
    /// file returned holds the hits as the chart now places them. With `copy`, the file as read is written there
    /// instead (a new file, never one that exists), this chart edited and every other byte kept: a Save As in the
    /// chart's own format.
    func saveChart(_ times: [Double], tempo: TempoMap? = nil, limits: InputLimits, copy: String? = nil) throws(InputError)
        -> BeatMapFile
    {
        let path = copy ?? self.path
        // Nothing edited: the file stays as it is, byte for byte.
        if times == map.times && tempo == nil {
            guard copy != nil else { return self }
            try AtomicFile.write(Data(bytes), to: path)
            return BeatMapFile(path: path, format: format, symbol: symbol, chart: chart, map: map, bytes: bytes)
        }
        // The tempo map first: a StepMania chart's notes then go on the rows of the new one.
        let retimed = try tempo.map { t throws(InputError) in
            try format.codec.tempoSavedInPlace(bytes, tempo: t, chart: chart, hits: times, path: path)
        }
        var (written, chosen) = (retimed ?? bytes, chart)
        if times != map.times || (retimed != nil && format.codec.retimeMovesNotes) {
            (written, chosen) = try ChartInPlace.bytes(
                written, format: format, chart: chart, read: carried(times, to: tempo), times: times, path: path)
        }
        let check = BeatMapReader.read(bytes: written, file: path, format: format, chart: chosen)
        // Read back on the tempo map as the format keeps it (StepMania: a change between two rows as a short section).
        if let tempo, case let (kept, within) = format.codec.tempoAsWritten(tempo),
            !Self.sameTiming(check.map?.tempoMap, kept, within: within)
        {
            throw InputError(
                .writeFailed, path: path, reason: "the chart would not read back on the tempo map set; nothing was written",
                fix: "save under another name")
        }
        guard let reread = check.map?.times, reread.count == times.count else {
            throw InputError(
                .writeFailed, path: path,
                reason:
                    "the chart would read back with \(check.map?.times.count ?? 0) hits, not the \(times.count) edited (hits closer than the chart's rows merge); nothing was written",
                fix: "keep hits at least a 1/48 beat apart, or save under another name")
        }
        let worst = zip(reread, times).map { abs($0 - $1) }.max() ?? 0
        guard worst <= Self.maxChartRounding else {
            throw InputError(
                .writeFailed, path: path,
                reason:
                    "the chart as written would read back with a hit \(Int((worst * 1000).rounded())) ms from where it was edited (\(format == .osu || format == .quaver ? "its times are whole milliseconds" : "it keeps hits on its rows")); nothing was written",
                fix: "save under another name")
        }
        try AtomicFile.write(Data(written), to: path, replacing: copy == nil ? path : nil)
        return BeatMapFile(path: path, format: format, symbol: symbol, chart: chosen, map: check.map ?? map, bytes: written)
    }
}

extension BeatMapFile {
    /// True when `kept` (a chart read back) has the timing points of `tempo`: each within `within` seconds (osu! and
    /// Quaver print times to the microsecond; StepMania puts a tempo change on a row) and 1e-5 BPM, but the first, which
    /// may start whole beats earlier (StepMania's beat 0 moves back by measures when a note comes before it).
    static func sameTiming(_ kept: TempoMap?, _ tempo: TempoMap, within: Double) -> Bool {
        let a = kept.map(ChartWriter.timingPoints) ?? []
        let b = ChartWriter.timingPoints(tempo)
        guard a.count == b.count, let a0 = a.first, let b0 = b.first, abs(a0.bpm - b0.bpm) < 1e-5 else { return false }
        // Whole beats apart, the kept one no later, each within the file's rounding (an offset written to 6 decimals
        // reads back 0.3 µs after one typed to more: that is the same beat, not one before it).
        let beats = (b0.time - a0.time) * b0.bpm / 60
        return beats.rounded() >= 0 && abs(beats - beats.rounded()) * 60 / b0.bpm < within
            && zip(a.dropFirst(), b.dropFirst()).allSatisfy { abs($0.time - $1.time) < within && abs($0.bpm - $1.bpm) < 1e-5 }
    }
}

/// The findings that stopped a beat map from being read.
public struct BeatMapFindings: Error, Sendable {
    /// Each problem, with its line and column.
    public let diagnostics: [Diagnostic]
}
