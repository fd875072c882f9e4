import Foundation

/// One editing session of `beatmap edit`: a track analysed once (its onset strength, as `beatmap check` computes
/// it, and its waveform overview), the map being edited, and the checker's verdict on the current beats. The
/// server's routes call it; it names no file path that a request gave: it touches only the track and the map it
/// was opened with.
public actor EditorSession {
    /// How the session checks beats and where it saves.
    public struct Settings: Sendable {
        /// A beat further than this from its onset is flagged (seconds).
        public var tolerance: Double
        /// The game's hit window, ± seconds, as the checker's lint uses it.
        public var hitWindow: Double
        /// Where to save when the session started without a map (a draft from `detect`).
        public var saveAs: String?
        /// The input limits every read applies.
        public var limits: InputLimits
        /// The folder a Save As from the page writes into (the folder the editor was started in); nil: no Save As.
        public var saveAsFolder: String?
        /// In a chart file with several charts, the one to edit (its name or number, as `beatmap check --chart` takes
        /// it); nil: the hardest.
        public var chart: String?

        /// The defaults of `beatmap check`.
        public init(
            tolerance: Double = BeatCheckTuning.defaultTolerance, hitWindow: Double = 0.150, saveAs: String? = nil,
            limits: InputLimits = .standard, saveAsFolder: String? = nil, chart: String? = nil
        ) {
            self.chart = chart
            self.tolerance = tolerance
            self.hitWindow = hitWindow
            self.saveAs = saveAs
            self.limits = limits
            self.saveAsFolder = saveAsFolder
        }
    }

    /// The most beats the editor holds (a chart of a 10-minute song at 80 hits a second). Every edit checks the whole
    /// map again (a moved beat can move the map's offset, and with it every verdict) and sends every verdict back, so
    /// the time and memory of an edit grow with the map: about 0.6 s and 100 MB at this bound on a 2-core machine. A
    /// larger map is refused when the session opens, and a larger edit is refused; the checker itself takes maps up
    /// to `InputLimits.maxBeats`.
    public static let maxBeats = 50_000

    /// The most beats this session accepts: `maxBeats`, or the caller's `InputLimits.maxBeats` when that is lower.
    public var beatBound: Int { min(Self.maxBeats, settings.limits.maxBeats) }

    /// The track, as the caller named it.
    public nonisolated let trackPath: String
    /// What libsndfile reads of the track.
    public nonisolated let info: AudioFileInfo
    let settings: Settings
    let onset: OnsetStrength
    let overview: TrackOverview
    let audio: WAVStream
    /// The map file as last read or saved; nil for a draft not yet saved.
    private(set) var file: BeatMapFile?
    /// The beats as the author has them now.
    public private(set) var beats: [Double]
    /// The beats as they are on disk (empty for an unsaved draft).
    public private(set) var savedBeats: [Double]
    private var report: BeatCheckReport
    /// The tempo candidates, once computed.
    private var tempo: [EditorTempoCandidate]?
    /// What the last save did that the author should know (`EditorState.saveNote`).
    private var saveNote: String?
    /// The track's onset strength in bands for drafting (`DraftAnalysis.onset`), once computed.
    var draftOnset: OnsetStrength?
    /// The beats the session opened with (the map's, or the draft).
    private let openedBeats: [Double]
    /// The tempo grid the author set, or the map declared (`"bpm"` and `"offset"`): the beats are judged on it.
    public private(set) var declared: EditorState.Grid?
    /// The grid as it is on disk.
    private var savedDeclared: EditorState.Grid?
    /// The grid the session opened with.
    private let openedDeclared: EditorState.Grid?
    /// A chart's own tempo map (StepMania, osu!, Quaver, Beat Saber), kept for the check.
    let chartTempo: TempoMap?
    /// The bytes of the chart this session last exported and now edits (a Save As to `.sm`, `.osu` or `.qua`): such a
    /// file is the session's own, and a save writes it again whole while it is unchanged on disk.
    private var exportedChart: [UInt8]?
    /// A reader of the track for deep-zoom waveforms, apart from the one the audio is served by (opened on first use).
    private var zoomReader: SoundFileReader?
    /// The named ranges the author marked, as they are now, on disk, and when the session opened.
    public private(set) var markers: [EditorMarker] = []
    private var savedMarkers: [EditorMarker] = []
    private var openedMarkers: [EditorMarker] = []
    /// True when a save also writes the grid and markers beside the map (`EditorSidecar`); as on disk; as opened.
    public private(set) var keepsBeside = false
    private var savedBeside = false
    private var openedBeside = false
    /// The sidecar's bytes as this session last read or wrote them; nil when there was none. A save that would write or
    /// remove the sidecar first checks that it is still so (`EditorSaveGuard`).
    var sidecarSeen: [UInt8]? = nil

    /// Opens the track and the map (or, without one, drafts a map from the audio). Throws `InputError` when the
    /// track or the map cannot be read, and `BeatMapFindings` when the map's content is not a beat map.
    public init(track: String, map: String?, settings: Settings = Settings()) async throws {
        let limits = settings.limits
        audio = try WAVStream(path: track, limits: limits.audio)
        info = audio.info
        // One decode for both the checker's onset strength and the waveform overview.
        var builder = TrackOverview.Builder(sampleRate: info.sampleRate)
        onset = try SpectralFlux.analyze(path: track, limits: limits.audio) { block, frames, channels in
            builder.add(block, frames: frames, channels: channels)
        }
        overview = builder.finish()
        trackPath = track
        self.settings = settings
        if map == nil, let path = settings.saveAs { try Self.checkDraftTarget(path) }
        if let map {
            switch try BeatMapFile.open(path: map, chart: settings.chart, limits: limits) {
            case .success(let f):
                let bound = min(Self.maxBeats, limits.maxBeats)
                guard f.map.times.count <= bound else {
                    throw InputError(
                        .limitExceeded, path: map, reason: "\(f.map.times.count) beats is more than the editor holds (\(bound))",
                        fix: "check a map this size with beatmap check, or edit a part of it")
                }
                file = f
                beats = f.map.times
                savedBeats = f.map.times
                declared = EditorState.Grid(declaredBy: f.map)
                chartTempo = declared == nil ? f.map.tempoMap : nil
                if f.format == .json, case .success(.object(let o)) = f.bytes.withUnsafeBytes({ Jansson.decode($0, maxDepth: 64) }),
                    let value = o["markers"]
                {
                    switch EditorMarker.read(value) {
                    case .success(let m): markers = m
                    case .failure(let e): throw InputError(.corrupt, path: map, reason: e.reason, fix: "fix or remove \"markers\"")
                    }
                    if let problem = EditorMarker.problem(markers, duration: audio.info.duration) {
                        throw InputError(.corrupt, path: map, reason: problem, fix: "fix or remove \"markers\"")
                    }
                } else if FileIdentity(path: EditorSidecar.path(for: map)) != nil {
                    // Read once: its bytes are what a save later checks the file against.
                    let side = EditorSidecar.path(for: map)
                    let bytes = try InputFile.read(side, maxBytes: limits.maxFileBytes)
                    let beside = try EditorSidecar.parse(bytes, path: side)
                    // A map that holds beats only, with the grid and markers the author kept beside it.
                    // A chart's own tempo map stays what it is judged on.
                    if let problem = EditorMarker.problem(beside.markers, duration: audio.info.duration) {
                        throw InputError(.corrupt, path: EditorSidecar.path(for: map), reason: problem, fix: "fix or remove \"markers\"")
                    }
                    declared = declared ?? (f.map.tempoMap == nil ? beside.grid : nil)
                    markers = beside.markers
                    keepsBeside = true
                    sidecarSeen = bytes
                }
            case .failure(let findings): throw findings
            }
        } else {
            let tempo = try TempoEstimator.onsetStrength(path: track, limits: limits.audio)
            let draft = BeatMapDraft(tempo, range: 40...250)
            file = nil
            beats = draft?.map.times ?? []
            savedBeats = []
            chartTempo = nil
        }
        openedBeats = beats
        savedDeclared = declared
        openedDeclared = declared
        savedMarkers = markers
        openedMarkers = markers
        savedBeside = keepsBeside
        openedBeside = keepsBeside
        report = Self.check(beats, declared: declared, chartTempo: chartTempo, onset: onset, settings: settings, file: map)
    }

    static func check(
        _ beats: [Double], declared: EditorState.Grid?, chartTempo: TempoMap?, onset: OnsetStrength, settings: Settings, file: String?
    ) -> BeatCheckReport {
        var map = BeatMap(times: beats, bpm: declared?.bpm, offset: declared?.offset, file: file)
        map.tempoMap = declared.map { $0.sections.isEmpty ? nil : $0.tempoMap } ?? chartTempo
        return BeatChecker.check(
            map: map, onset: onset,
            options: BeatCheckOptions(tolerance: settings.tolerance, lint: BeatLintOptions(hitWindow: settings.hitWindow)))
    }

    /// True when a save keeps the declared grid: a JSON map whose root is an object, a draft saved as JSON, or a chart
    /// this session exported (written again whole on its tempo map).
    public var keepsGrid: Bool {
        if let file, let exported = exportedChart, file.bytes == exported { return true }
        return keepsMarkers
    }

    /// True when a save keeps the markers in the map itself: a JSON map whose root is an object, or a draft saved as
    /// JSON (the members a JSON object holds beside its beats).
    public var keepsMarkers: Bool {
        if let file {
            guard file.format == .json else { return false }
            return file.bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "{")
        }
        return settings.saveAs.map { BeatMapFormat.forOutput(path: $0) == .json } ?? false
    }

    /// True when the map cannot hold the grid and markers itself, so a sidecar beside it can (on the author's word).
    public var sidecarPossible: Bool { savePath != nil && !keepsMarkers }

    /// True when the beats (or a grid or markers the map or its sidecar keeps) differ from the files on disk (always,
    /// for a draft not yet saved).
    public var isDirty: Bool {
        beats != savedBeats || ((keepsGrid || keepsBeside) && declared != savedDeclared)
            || ((keepsMarkers || keepsBeside) && markers != savedMarkers) || keepsBeside != savedBeside
    }

    /// True when the author changed the beats, or a grid or markers the map or its sidecar keeps, since the session
    /// opened or last saved (an untouched draft is not).
    public var isEdited: Bool {
        let draft = file == nil
        return beats != (draft ? openedBeats : savedBeats)
            || ((keepsGrid || keepsBeside) && declared != (draft ? openedDeclared : savedDeclared))
            || ((keepsMarkers || keepsBeside) && markers != (draft ? openedMarkers : savedMarkers))
            || keepsBeside != (draft ? openedBeside : savedBeside)
    }

    /// Sets the markers (see `EditorMarker.problem`); returns why they were refused, keeping the ones it had, or nil.
    public func setMarkers(_ list: [EditorMarker]) -> String? {
        if let problem = EditorMarker.problem(list, duration: info.duration) { return problem }
        markers = list.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        return nil
    }

    /// Asks for (or no longer asks for) the grid and markers to be kept beside the map; false when the map keeps them
    /// itself or there is nowhere to save.
    @discardableResult
    public func setKeepsBeside(_ on: Bool) -> Bool {
        guard !on || sidecarPossible else { return false }
        keepsBeside = on
        return true
    }

    /// The most tempo sections a grid set from the page may have.
    public static let maxSections = 1_000

    /// The latest time a tempo section may start (seconds): a day, what the chart writers hold. A chart's tempo map may
    /// run past its audio, and those sections stay editable.
    public static let maxSectionTime = 86_400.0

    /// Sets the tempo grid the beats are judged on (and a JSON map keeps on save), and checks them again. Returns
    /// false, keeping the grid it had, for a tempo outside `TempoMap.bpmRange`, an offset that is not a finite time
    /// within a minute of the track, or sections that do not each start at least a millisecond after the one before
    /// (the offset first), at most `maxSectionTime`, at most `maxSections` of them.
    @discardableResult
    public func setGrid(_ grid: EditorState.Grid) -> Bool {
        guard TempoMap.bpmRange.contains(grid.bpm), grid.offset.isFinite, abs(grid.offset) <= info.duration + 60 else { return false }
        guard grid.sections.count <= Self.maxSections else { return false }
        var last = grid.offset
        for section in grid.sections {
            // At least a millisecond after the one before: the map keeps times to the microsecond, and closer sections
            // would read back in one place.
            // A chart's tempo map may run past its audio (its last sections after the song ends): they are kept.
            guard TempoMap.bpmRange.contains(section.bpm), section.time.isFinite, section.time >= last + 0.001,
                section.time <= Self.maxSectionTime
            else { return false }
            last = section.time
        }
        declared = grid
        report = Self.check(beats, declared: declared, chartTempo: chartTempo, onset: onset, settings: settings, file: savePath)
        return true
    }

    /// Where a save writes: the map file, or the draft's `saveAs`.
    public var savePath: String? { file?.path ?? settings.saveAs }

    /// Replaces the beats (sorted, finite, at most `beatBound`) and checks them again. Throws `InputError`
    /// (`.limitExceeded`) past the bound, and keeps the beats it had.
    public func setBeats(_ times: [Double]) throws(InputError) {
        guard times.count <= beatBound else {
            throw InputError(
                .limitExceeded, path: savePath ?? "<editor>",
                reason: "\(times.count) beats is more than the editor holds (\(beatBound)); the edit was not applied")
        }
        beats = times.filter(\.isFinite).sorted()
        report = Self.check(beats, declared: declared, chartTempo: chartTempo, onset: onset, settings: settings, file: savePath)
    }

    /// Writes the beats to the map file in its own format (or to `saveAs` as a new file in the format its
    /// extension names). Throws `InputError` when there is nowhere to save, when the file changed on disk since it
    /// was read (nothing is written), or when the write fails.
    public func save() throws(InputError) {
        let side = savePath.map(EditorSidecar.path(for:))
        if let side, keepsBeside || savedBeside { try Self.checkSidecar(side, expected: sidecarSeen) }
        let before = (file: file, exported: exportedChart)
        let tempo = keepsGrid ? declared.map { (bpm: $0.bpm, offset: $0.offset) } : nil
        let changes = keepsGrid ? (declared?.sections ?? []).map { (time: $0.time, bpm: $0.bpm) } : []
        let marked = keepsMarkers ? [(key: "markers", value: EditorMarker.json(markers), add: !markers.isEmpty)] : []
        if let file, let exported = exportedChart, file.bytes == exported {
            let current = try InputFile.read(file.path, maxBytes: settings.limits.maxFileBytes)
            guard current == exported else {
                throw InputError(
                    .writeFailed, path: file.path, reason: "the file changed on disk since it was saved; nothing was overwritten",
                    fix: "save under another name")
            }
            try writeChart(to: file.path, format: file.format, replacing: true)
        } else if let file, ChartInPlace.formats.contains(file.format) {
            // The chart keeps its own tempo map; its hits go on its rows (or milliseconds), read back.
            let saved = try file.save(beats, limits: settings.limits)
            let moved = zip(saved.map.times, beats).map { abs($0 - $1) }.max() ?? 0
            self.file = saved
            if saved.map.times != beats {
                beats = saved.map.times
                report = Self.check(beats, declared: declared, chartTempo: chartTempo, onset: onset, settings: settings, file: savePath)
            }
            saveNote =
                "saved in place: only this chart's notes were rewritten"
                + (moved >= 0.0005 ? "; the chart's rows moved hits by at most \(String(format: "%.1f", moved * 1000)) ms" : "")
        } else if let file {
            self.file = try file.save(beats, tempo: tempo, changes: changes, members: marked, limits: settings.limits)
        } else if let path = settings.saveAs {
            var map = BeatMap(times: beats, bpm: tempo?.bpm, offset: tempo?.offset)
            map.tempoMap = tempo == nil ? nil : declared?.tempoMap
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
        savedBeats = beats
        savedDeclared = declared
        savedMarkers = markers
        savedBeside = keepsBeside
    }

    /// Writes the sidecar when the author asked for one, or removes the one this session kept when no longer asked.
    private func writeBeside() throws(InputError) {
        guard let path = savePath else { return }
        let beside = EditorSidecar.path(for: path)
        if keepsBeside {
            let text = EditorSidecar(grid: declared, markers: markers).text
            try AtomicFile.write(text, to: beside, replacing: beside)
            sidecarSeen = Array(text.utf8)
        } else if savedBeside, FileIdentity(path: beside) != nil {
            unlink(beside)
            sidecarSeen = nil
        }
    }

    /// The formats a Save As writes, by the new file's extension.
    public static let saveAsFormats: Set<BeatMapFormat> = [.json, .text, .csv, .swift, .stepmania, .osu, .quaver]

    /// Saves the beats (and a grid the new format keeps) as a new file `name` in `Settings.saveAsFolder`, which the
    /// session edits from then on. `name` is a file name only: letters, digits, spaces, `.`, `_` and `-`, not starting
    /// with a dot, at most 128 characters, ending in `.json`, `.txt`, `.csv` or `.swift`, or in `.sm`, `.osu` or `.qua`
    /// for a chart on `exportTempo` that StepMania, the osu! editor or Quaver open; never a path, and never a file that
    /// exists. Throws `InputError` (`.writeFailed`, nothing written) otherwise.
    public func saveAs(name: String) throws(InputError) {
        guard let folder = settings.saveAsFolder else {
            throw InputError(.writeFailed, path: name, reason: "this session has no folder to save into")
        }
        let allowed = name.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) || " ._-".unicodeScalars.contains($0)
        }
        let format = BeatMapFormat.forOutput(path: name)
        let ext = (name as NSString).pathExtension.lowercased()
        guard allowed, !name.hasPrefix("."), (1...128).contains(name.count),
            ["json", "txt", "csv", "swift", "sm", "osu", "qua"].contains(ext), Self.saveAsFormats.contains(format)
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
        let newSidecar = EditorSidecar.path(for: path)
        if keepsBeside, format != .json, Self.anythingAt(newSidecar) {
            throw InputError(
                .writeFailed, path: newSidecar,
                reason: "already exists, and Save As would write the grid and markers there; nothing was saved",
                fix: "give a new name, or move that file away")
        }
        if ChartExport.formats.contains(format) {
            try writeChart(to: path, format: format)
        } else {
            let keeps = format == .json
            var map = BeatMap(times: beats, bpm: keeps ? declared?.bpm : nil, offset: keeps ? declared?.offset : nil)
            map.tempoMap = keeps ? declared?.tempoMap : nil
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
            case .success(let f): file = f
            case .failure:
                unlink(path)
                throw InputError(.writeFailed, path: path, reason: "the saved file does not read back as a beat map; it was removed")
            }
        }
        // A map that keeps its markers itself needs no sidecar; one that cannot keeps them beside it if asked.
        if !sidecarPossible { keepsBeside = false }
        sidecarSeen = nil
        do { try writeBeside() } catch {
            unlink(path)
            throw error
        }
        savedBeats = beats
        savedDeclared = declared
        savedMarkers = markers
        savedBeside = keepsBeside
    }

    /// The tempo map a chart is written on: the grid the author set, else the chart's own, else the one the check fitted
    /// to the hits, else a steady one from the first hit.
    var exportTempo: TempoMap {
        if let declared { return declared.tempoMap }
        return chartTempo ?? report.tempoMap ?? ChartWriter.tempoMap(of: BeatMap(times: beats))
    }

    /// Writes the beats as a chart at `path` (`ChartExport`: read back before it is written), and edits it from then on.
    private func writeChart(to path: String, format: BeatMapFormat, replacing: Bool = false) throws(InputError) {
        let track = (trackPath as NSString).lastPathComponent
        let text = try ChartExport.text(
            beats, tempo: exportTempo, format: format, title: (track as NSString).deletingPathExtension, audio: track, path: path)
        try AtomicFile.write(text, to: path, replacing: replacing ? path : nil)
        switch try BeatMapFile.open(path: path, limits: settings.limits) {
        case .success(let f):
            file = f
            exportedChart = f.bytes
        case .failure: throw InputError(.writeFailed, path: path, reason: "the saved chart does not read back as a beat map")
        }
    }

    /// The state the page shows: the track, every beat with its verdict, the offset, the drift and the fitted grid.
    public func state() -> EditorState {
        EditorState(
            track: (trackPath as NSString).lastPathComponent, info: info,
            map: savePath.map { ($0 as NSString).lastPathComponent }, dirty: isDirty, canSave: savePath != nil, beats: beats,
            report: report, tolerance: settings.tolerance, hitWindow: settings.hitWindow,
            minimumGap: BeatLintOptions(hitWindow: settings.hitWindow).minimumGap, declaredGrid: declared, keepsGrid: keepsGrid,
            markers: markers, keepsMarkers: keepsMarkers,
            sidecar: keepsBeside ? savePath.map { (EditorSidecar.path(for: $0) as NSString).lastPathComponent } : nil,
            sidecarPossible: sidecarPossible, saveNote: saveNote)
    }

    /// `width` columns of `from`…`to` seconds: the waveform's lowest and highest sample, the peak of its low, mid and
    /// high bands, and the onset strength (normalised to the track's loudest onset) in each, rounded to 4 decimals.
    public func envelope(from: Double, to: Double, width: Int) -> EditorEnvelope {
        let columns = (try? sampleColumns(from: from, to: to, width: width)) ?? overview.columns(from: from, to: to, width: width)
        let peak = max(onset.values.max() ?? 1, 1e-9)
        var strength = [Double](repeating: 0, count: columns.count)
        if to > from {
            for x in 0..<columns.count {
                let a = Int(onset.frame(ofTime: from + (to - from) * Double(x) / Double(columns.count)).rounded(.down))
                let b = max(a, Int(onset.frame(ofTime: from + (to - from) * Double(x + 1) / Double(columns.count)).rounded(.down)))
                var m: Float = 0
                if a < onset.values.count && b >= 0 {
                    for k in max(0, a)...min(b, onset.values.count - 1) { m = max(m, onset.values[k]) }
                }
                strength[x] = Double(m / peak)
            }
        }
        func rounded(_ v: Double) -> Double { (v * 1e4).rounded() / 1e4 }
        let bands = overview.bandColumns(from: from, to: to, width: columns.count)
        return EditorEnvelope(
            from: from, to: to, min: columns.map { rounded(Double($0.min)) }, max: columns.map { rounded(Double($0.max)) },
            onset: strength.map(rounded), low: bands.map { rounded(Double($0.x)) }, mid: bands.map { rounded(Double($0.y)) },
            high: bands.map { rounded(Double($0.z)) })
    }

    /// At deep zoom (a column narrower than an overview bin), the columns drawn from the samples themselves: each
    /// column's lowest and highest value of the mono mix over its span, the values at its two edges interpolated
    /// between samples, so a column narrower than a sample still shows where the wave is. Nil when the zoom is not
    /// that deep or the track cannot seek; reads at most `width` × `TrackOverview` bin frames.
    func sampleColumns(from: Double, to: Double, width: Int) throws(InputError) -> [(min: Float, max: Float)]? {
        let rate = Double(info.sampleRate)
        guard width > 0, to > from, (to - from) / Double(width) < overview.binSeconds, info.frames > 0 else { return nil }
        let first = max(0, Int((from * rate).rounded(.down)))
        let last = min(Int(info.frames), Int((to * rate).rounded(.up)) + 2)
        guard last > first else { return [(min: Float, max: Float)](repeating: (0, 0), count: width) }
        let reader: SoundFileReader
        if let open = zoomReader {
            reader = open
        } else {
            reader = try SoundFileReader(path: trackPath, limits: settings.limits.audio)
            zoomReader = reader
        }
        guard reader.seek(toFrame: Int64(first)) else { return nil }
        let channels = info.channels
        var mono = [Float]()
        mono.reserveCapacity(last - first)
        let block = UnsafeMutableBufferPointer<Float>.allocate(capacity: 4096 * channels)
        defer { block.deallocate() }
        while mono.count < last - first {
            let n = try reader.read(into: block, frames: min(4096, last - first - mono.count))
            if n == 0 { break }
            for i in 0..<n {
                var sum: Float = 0
                for c in 0..<channels { sum += block[i * channels + c] }
                mono.append(sum / Float(channels))
            }
        }
        // The mix at time t, linear between samples; 0 outside what was read.
        func value(_ t: Double) -> Float {
            let x = t * rate - Double(first)
            let i = Int(x.rounded(.down))
            guard i >= 0, i < mono.count else { return 0 }
            let next = i + 1 < mono.count ? mono[i + 1] : mono[i]
            return mono[i] + Float(x - Double(i)) * (next - mono[i])
        }
        return (0..<width).map { column in
            let t0 = from + (to - from) * Double(column) / Double(width)
            let t1 = from + (to - from) * Double(column + 1) / Double(width)
            var low = min(value(t0), value(t1)), high = max(value(t0), value(t1))
            var k = Int((t0 * rate).rounded(.up)) - first
            while Double(k + first) < t1 * rate, k < mono.count {
                if k >= 0 {
                    low = min(low, mono[k])
                    high = max(high, mono[k])
                }
                k += 1
            }
            return (low, high)
        }
    }

    /// The onset peaks of the whole track in time order (seconds, to 0.1 ms), for snapping beats: local maxima of
    /// the onset strength above a tenth of the loudest.
    public func onsetPeaks() -> [Double] {
        let v = onset.values
        let peak = max(v.max() ?? 1, 1e-9)
        var times: [Double] = []
        if v.count > 2 {
            for i in 1..<(v.count - 1) where v[i] > v[i - 1] && v[i] >= v[i + 1] && v[i] >= 0.1 * peak {
                times.append((onset.time(ofFrame: Double(i)) * 1e4).rounded() / 1e4)
            }
        }
        return times
    }

    /// The track's tempo and its octave relatives, each with its strength, strongest reading first (`beatmap bpm`'s
    /// analysis, made on the first call and kept). Throws `InputError` when the track cannot be read again.
    public func tempoCandidates() throws(InputError) -> [EditorTempoCandidate] {
        if let tempo { return tempo }
        var out: [EditorTempoCandidate] = []
        if let e = TempoEstimator.estimate(try TempoEstimator.onsetStrength(path: trackPath, limits: settings.limits.audio)) {
            out = [
                EditorTempoCandidate(bpm: e.bpm, strength: e.periodicity),
                EditorTempoCandidate(bpm: e.half.bpm, strength: e.half.score),
                EditorTempoCandidate(bpm: e.double.bpm, strength: e.double.score),
            ]
        }
        tempo = out
        return out
    }

    /// Bytes of the track as a 16-bit PCM WAV file (the whole file is `audioByteCount` bytes).
    public func audioBytes(_ range: Range<Int>) throws(InputError) -> [UInt8] { try audio.bytes(range) }

    /// The size of the track as a WAV file, in bytes.
    public var audioByteCount: Int { audio.byteCount }
}
