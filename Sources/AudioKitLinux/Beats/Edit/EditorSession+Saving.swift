import Foundation

/// Saving a session: into the map's own file (a chart in place), as a new file (Save As), and the sidecar beside it.
extension EditorSession {
    /// Writes the beats to the map file in its own format (or to `saveAs` as a new file in the format its
    /// extension names). Throws `InputError` when there is nowhere to save, when the file changed on disk since it
    /// was read (nothing is written), or when the write fails. With no edit since the file was read or saved, and the
    /// file as read, nothing is written and `saveNote` says so.
    public func save() throws(InputError) {
        // A refused save leaves no word of an earlier one.
        saveNote = nil
        if nothingToSave() {
            saveNote =
                "nothing to save: no edit since the file was opened or saved, and it is unchanged on disk" + gridNotWritten(since: file)
            return
        }
        let side = savePath.map(EditorSidecar.path(for:))
        if let side, keepsBeside || saved.keepsBeside { try Self.checkSidecar(side, expected: sidecarSeen) }
        let before = (file: file, exported: exportedChart)
        let grid = keepsGrid ? declared : nil
        let marked = keepsMarkers ? [(key: "markers", value: EditorMarker.json(markers), add: !markers.isEmpty)] : []
        // A chart saved in place: its hits as the chart's rows (or milliseconds) now place them.
        var placed: [Double]? = nil
        var retimed: TempoMap? = nil
        if let file, let exported = exportedChart, file.bytes == exported {
            let current = try InputFile.read(file.path, maxBytes: settings.limits.maxFileBytes)
            guard current == exported else {
                throw InputError(
                    .writeFailed, path: file.path, reason: "the file changed on disk since it was saved; nothing was overwritten",
                    fix: "save under another name")
            }
            try writeChart(to: file.path, format: file.format, replacing: true)
        } else if let file, ChartInPlace.formats.contains(file.format) {
            // Its hits go on its rows (or milliseconds), read back; its tempo map is rewritten when the grid changed
            // and the file can take one (`retimeRefusal`), else it keeps its own.
            retimed = keepsGrid && declared != saved.declared ? declared : nil
            let saved = try file.save(beats, grid: retimed, limits: settings.limits)
            placed = saved.map.times
            self.file = saved
        } else if let file {
            // Said before the click too (`saveRefusal`); a save sent anyway gets the same reason.
            if ChartInPlace.isFunkin(file) { throw ChartInPlace.funkinRefusal(path: file.path) }
            self.file = try file.save(beats, grid: grid, members: marked, limits: settings.limits)
        } else if let path = settings.saveAs {
            let map = BeatMap(times: beats, tempoMap: grid)
            var text = BeatMapWriter.string(map, format: BeatMapFormat.forOutput(path: path))
            if !marked.isEmpty, !markers.isEmpty {
                if !text.hasPrefix("{") { text = "{\"beats\": " + text + "}\n" }
                text = try BeatMapSaver.json(text, setting: marked, path: path)
            }
            if FileIdentity(path: path) != nil {
                throw InputError(
                    .writeFailed, path: path, reason: "already exists; the draft was not written over it",
                    fix: "start the editor with it as the map, or choose another name")
            }
            try AtomicFile.write(text, to: path)
            switch try BeatMapFile.open(path: path, limits: settings.limits) {
            case .success(let f): self.file = f
            case .failure: break
            }
        } else {
            throw InputError(
                .writeFailed, path: "<draft>", reason: "the draft has no file to save to",
                fix: "start the editor with a file to save the draft to")
        }
        do { try writeBeside() } catch {
            // The map and its sidecar change together or not at all: put the map back as it was.
            if let old = before.file {
                try? AtomicFile.write(Data(old.bytes), to: old.path, replacing: old.path)
            } else if let path = savePath {
                unlink(path)
            }
            file = before.file
            exportedChart = before.exported
            throw error
        }
        saveNote = nil
        if let placed {
            saveNote = inPlaceNote(placed: placed, retimed: retimed, before: before.file)
            if placed != beats {
                beats = placed
                report = Self.check(
                    beats, declared: declared, whole: wholeTempo, chart: opensChart, onset: onset, settings: settings, file: savePath)
            }
        }
        saved = document
    }

    /// True when a save would write what the file already holds: no edit since it was read or saved, and the file on
    /// disk as read (a rewrite would give the same bytes, and saying "saved" would claim a change). A Friday Night
    /// Funkin' chart is not saved in place at all, and is left to say so.
    func nothingToSave() -> Bool {
        guard let file, !isDirty, !ChartInPlace.isFunkin(file) else { return false }
        return (try? InputFile.read(file.path, maxBytes: settings.limits.maxFileBytes)) == file.bytes
    }

    /// What a save in place says: what was rewritten (the notes, or the timing too: `retimed`), how far the chart's rows
    /// moved the hits (`placed`, as read back, against the page's), and where a re-timed chart's beat 0 went. `before`
    /// is the file before the save.
    func inPlaceNote(placed: [Double], retimed: TempoMap?, before: BeatMapFile?) -> String {
        let moved = zip(placed, beats).map { abs($0 - $1) }.max() ?? 0
        return
            (retimed == nil
            ? "saved in place: only this chart's notes were rewritten" + gridNotWritten(since: before)
            : "saved in place: "
                + (file.map { $0.format.codec.retimeNote(old: before?.bytes ?? [], new: $0.bytes, chart: $0.chart) } ?? ""))
            + (moved >= 0.0005 ? "; the chart's rows moved hits by at most \(String(format: "%.1f", moved * 1000)) ms" : "")
            + (retimed.flatMap { beatZeroNote(grid: $0) } ?? "")
    }

    /// Writes the sidecar when the author asked for one, or removes the one this session kept when no longer asked.
    func writeBeside() throws(InputError) {
        guard let path = savePath else { return }
        let beside = EditorSidecar.path(for: path)
        if keepsBeside {
            let text = EditorSidecar(grid: declared, markers: markers).text
            try AtomicFile.write(text, to: beside, replacing: beside)
            sidecarSeen = Array(text.utf8)
        } else if saved.keepsBeside, FileIdentity(path: beside) != nil {
            unlink(beside)
            sidecarSeen = nil
        }
    }

    /// What a save in place says when the author set a grid the chart cannot take (`retimeRefusal`): that it was not
    /// written, why, and what keeps it; "" when the grid is the chart's own. `opened` is the file before the save.
    func gridNotWritten(since opened: BeatMapFile?) -> String {
        guard let why = retimeRefusal, let opened, declared != EditorState.declaredGrid(of: opened.map) else { return "" }
        return "; the grid set here was not written (\(why)): Save As keeps it"
    }

    /// Where a re-timed chart that places notes in beats (StepMania) put its beat 0, when not on the grid's bar 1: beat
    /// 0 moves back by whole bars before the first note (no note comes before it), and the chart counts its bars from
    /// there, so the bar numbers the page showed change on reopening. Nil when beat 0 is bar 1.
    func beatZeroNote(grid: TempoMap) -> String? {
        guard let file, file.format.codec.retimeMovesNotes, let zero = file.map.tempoMap?.time(ofBeat: 0),
            abs(zero - grid.offset) >= 0.001
        else { return nil }
        let bars = Int((grid.beat(atTime: zero) / Double(grid.beatsPerBar)).rounded())
        let before = String(format: "%.3f s, %d %@ before the grid's bar 1", zero, -bars, -bars == 1 ? "bar" : "bars")
        return "; the chart's beat 0 is at \(before) (no note may come before it), and the reopened chart counts its bars from there"
    }

    /// The formats a Save As writes, by the new file's extension.
    public static let saveAsFormats = Set(BeatMapCodecs.all.filter { $0.editorSavesAs }.map { $0.format })

    /// Saves the beats (and a grid the new format keeps) as a new file `name` in `Settings.saveAsFolder`, which the
    /// session edits from then on (a chart's notes saved as a list of times are an export: the session keeps the chart). `name` is a file name only: letters, digits, spaces, `.`, `_` and `-`, not starting
    /// with a dot, at most 128 characters, ending in `.json`, `.txt`, `.csv` or `.swift`, or in `.sm`, `.osu` or `.qua`
    /// for a chart on `exportTempo` that StepMania, the osu! editor or Quaver open (a chart saved in its own kind is a
    /// copy of its file, `savedAsCopy`; an `.ssc` is saved only so); never a path, and never a file that exists.
    /// Throws `InputError` (`.writeFailed`, nothing written) otherwise.
    public func saveAs(name: String) throws(InputError) {
        saveNote = nil
        guard let folder = settings.saveAsFolder else {
            throw InputError(.writeFailed, path: name, reason: "this session has no folder to save into")
        }
        let allowed = name.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) || " ._-".unicodeScalars.contains($0)
        }
        let format = BeatMapFormat.forOutput(path: name)
        let ext = (name as NSString).pathExtension.lowercased()
        if ext == "ssc", !opensSSC {
            // Said apart: the list of endings below leaves .ssc out, and the author asked for one by name.
            let edited = file.map { "a ." + ($0.path as NSString).pathExtension.lowercased() + " file" } ?? "a beat list"
            throw InputError(
                .writeFailed, path: name,
                reason: "an .ssc is saved only as a copy of an .ssc chart the editor opened, and this session edits \(edited)",
                fix: "save as .sm, which StepMania opens as well")
        }
        guard allowed, !name.hasPrefix("."), (1...128).contains(name.count),
            ["json", "txt", "csv", "swift", "sm", "osu", "qua"].contains(ext) || (ext == "ssc" && opensSSC),
            Self.saveAsFormats.contains(format)
        else {
            throw InputError(
                .writeFailed, path: name, reason: "not a file name the editor saves to",
                fix: "give a name of letters, digits, spaces, '.', '_' or '-' ending in .json, .txt, .csv, .swift, .sm, .osu or .qua")
        }
        let path = (folder as NSString).appendingPathComponent(name)
        // Anything at the name, a link to nowhere included (a write would follow it out of the folder), is refused.
        guard !Self.anythingAt(path) else {
            throw InputError(.writeFailed, path: path, reason: "already exists; Save As does not replace a file", fix: "give a new name")
        }
        // A chart's notes written as a list of times lose their lanes, holds and other charts: an export, and the
        // session goes on editing the chart (it switched to the list, and a later Save As of a chart had no lanes).
        let export = !(file?.map.notes.isEmpty ?? true) && !ChartExport.formats.contains(format)
        let newSidecar = EditorSidecar.path(for: path)
        if !export, keepsBeside, format != .json, Self.anythingAt(newSidecar) {
            throw InputError(
                .writeFailed, path: newSidecar,
                reason: "already exists, and Save As would write the grid and markers there; nothing was saved",
                fix: "give a new name, or move that file away")
        }
        var copied = false
        if let note = try savedAsCopy(to: path, format: format) {
            copied = true
            saveNote = note
        } else if ext == "ssc" {
            // The editor writes an .ssc only as a copy of the one it opened (a new chart is written as .sm).
            throw InputError(
                .writeFailed, path: path,
                reason: "an .ssc is saved only as a copy of the chart opened, with its own timing: "
                    + (retimeRefusal ?? "this one cannot be copied so"),
                fix: "save as .sm, which holds the grid set here")
        } else if ChartExport.formats.contains(format) {
            try writeChart(to: path, format: format)
        } else {
            let written = try writeList(to: path, format: format)
            if export {
                let kept = ((file?.map.file ?? "") as NSString).lastPathComponent
                saveNote =
                    "exported as \(name), the hits' times alone (no lanes, holds or other charts); "
                    + (fileRefusal == nil
                        ? "Save still writes \(kept)" : "\(kept) is not saved in place: Save As .sm, .osu or .qua keeps its lanes")
                return
            }
            file = written
        }
        // A map that keeps its markers itself needs no sidecar; one that cannot keeps them beside it if asked.
        if !sidecarPossible { keepsBeside = false }
        sidecarSeen = nil
        do { try writeBeside() } catch {
            unlink(path)
            throw error
        }
        saved = document
        // Said on the page: the session now edits the new file.
        if !copied { saveNote = "saved as \(name); Save now writes it" + (audioNotBeside(path) ?? "") }
    }

    /// True when the file edited is a StepMania `.ssc`, which a Save As may copy under a new `.ssc` name.
    var opensSSC: Bool { file.map { ($0.path as NSString).pathExtension.lowercased() == "ssc" } ?? false }

    /// Save As in the chart's own kind of file (the same extension: `.sm`, `.ssc`, `.osu`, `.qua`): the file as read,
    /// copied to `path` with this chart's notes (and the grid set here, when the chart can take it) rewritten as a save
    /// in place rewrites them, so the header, the other charts and every field the editor does not know are kept, and
    /// the session edits the copy from then on. Returns what the page says, or nil when the chart cannot be copied so
    /// (another kind of file, a chart not saved in place, or a grid it cannot take) and a new chart is written instead.
    func savedAsCopy(to path: String, format: BeatMapFormat) throws(InputError) -> String? {
        guard let file, !file.map.notes.isEmpty, file.format == format, ChartInPlace.formats.contains(format),
            (file.path as NSString).pathExtension.lowercased() == (path as NSString).pathExtension.lowercased(),
            fileRefusal == nil
        else { return nil }
        let grid = keepsGrid && declared != saved.declared ? declared : nil
        if grid != nil, retimeRefusal != nil { return nil }
        let copy = try file.saveChart(beats, tempo: grid, limits: settings.limits, copy: path)
        let placed = copy.map.times
        self.file = copy
        exportedChart = nil
        if placed != beats {
            beats = placed
            report = Self.check(
                beats, declared: declared, whole: wholeTempo, chart: opensChart, onset: onset, settings: settings, file: path)
        }
        let name = (path as NSString).lastPathComponent
        return "saved as \(name), a copy of \((file.path as NSString).lastPathComponent) with its header and other charts kept"
            + (grid == nil ? "" : " and its timing set to the grid") + "; Save now writes it" + (audioNotBeside(path) ?? "")
    }

    /// What a new chart at `path` misses when the track is not in its folder (a chart names its audio by file name, and
    /// the games look for it beside the chart); nil when it is there, or the file names no audio.
    func audioNotBeside(_ path: String) -> String? {
        // The new file's bytes as just written (the session edits it now): not read from disk again.
        guard let file, file.path == path, let song = ChartAudioReference.song(ofChart: path, bytes: file.bytes),
            FileIdentity(path: song) == nil
        else { return nil }
        let folder = (song as NSString).deletingLastPathComponent
        let name = (song as NSString).lastPathComponent
        return "; it names its audio \(name), which is not in \(folder.isEmpty ? "its folder" : folder): put the song there"
    }

    /// Writes the beats (and the grid and markers a format that holds a tempo keeps) as a list of times in `format` at
    /// `path`, read back before it is written and opened after: the new file. Throws `InputError` (`.writeFailed`) with
    /// nothing left at `path` when either reading fails.
    func writeList(to path: String, format: BeatMapFormat) throws(InputError) -> BeatMapFile {
        let keeps = format.holdsTempo
        let map = BeatMap(times: beats, tempoMap: keeps ? declared : nil)
        var text = BeatMapWriter.string(map, format: format)
        if keeps, !markers.isEmpty {
            if !text.hasPrefix("{") { text = "{\"beats\": " + text + "}\n" }
            text = try BeatMapSaver.json(text, setting: [("markers", EditorMarker.json(markers), true)], path: path)
        }
        // Read back before anything is written: a file that would not read back as these beats is never left.
        let reread = BeatMapReader.read(bytes: Array(text.utf8), file: path, format: format, symbol: nil).map?.times ?? []
        guard reread.count == beats.count, zip(reread, beats).allSatisfy({ abs($0 - $1) < 1e-6 }) else {
            throw InputError(
                .writeFailed, path: path, reason: "the beats would not read back from the new file as they are; nothing was written",
                fix: "save in another format")
        }
        try AtomicFile.write(text, to: path)
        switch try BeatMapFile.open(path: path, limits: settings.limits) {
        case .success(let f): return f
        case .failure:
            unlink(path)
            throw InputError(.writeFailed, path: path, reason: "the saved file does not read back as a beat map; it was removed")
        }
    }

    /// The tempo map a chart is written on: the grid the author set, else the chart's own, else the one the check fitted
    /// to the hits, else a steady one from the first hit.
    var exportTempo: TempoMap {
        if let declared { return declared }
        return chartTempo ?? report.tempoMap ?? ChartWriter.tempoMap(of: BeatMap(times: beats))
    }

    /// Writes the beats as a chart at `path` (`ChartExport`: read back before it is written), and edits it from then on.
    /// A chart opened (or saved) here keeps its notes as the edit carried them (`ChartHitEdit`: lanes, chords, holds and
    /// mines), its lane count and what it says of itself; a list of hits goes to four lanes in turn.
    func writeChart(to path: String, format: BeatMapFormat, replacing: Bool = false) throws(InputError) {
        let track = (trackPath as NSString).lastPathComponent
        var map = BeatMap(times: beats)
        if let read = file?.map, !read.notes.isEmpty {
            map.notes = ChartHitEdit.notes(read.notes, hits: read.times.sorted(), to: beats.sorted(), lanes: read.lanes ?? 4)
            map.lanes = read.lanes
            map.metadata = read.metadata
        }
        let text = try ChartExport.text(
            map, tempo: exportTempo, format: format, title: (track as NSString).deletingPathExtension, audio: track, path: path)
        try AtomicFile.write(text, to: path, replacing: replacing ? path : nil)
        switch try BeatMapFile.open(path: path, limits: settings.limits) {
        case .success(let f):
            file = f
            exportedChart = f.bytes
        case .failure: throw InputError(.writeFailed, path: path, reason: "the saved chart does not read back as a beat map")
        }
    }
}

extension EditorSession.Settings {
    /// The folder a Save As writes into: the map's own, where a chart's song and pictures are and where the editors of
    /// charts save a copy; for a draft (no map), `startedIn`, the folder the editor was started in.
    public static func saveAsFolder(map: String?, startedIn: String) -> String {
        guard let map else { return startedIn }
        let folder = (map as NSString).deletingLastPathComponent
        return folder.isEmpty ? startedIn : folder
    }
}
