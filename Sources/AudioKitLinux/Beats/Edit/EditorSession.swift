import Foundation

/// One editing session of `beatmap edit`: the track, analysed once (`EditorTrack`: what the page draws and plays), the
/// map being edited (its file, and the `EditorDocument` as it is now, on disk and as opened), and the checker's verdict
/// on the current beats. Saving is in `EditorSession+Saving`, the track's views in `EditorSession+View`. The server's
/// routes call it; it names no file path that a request gave: it touches only the track and the map it was opened with.
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
        /// The folder a Save As from the page writes into (`saveAsFolder(map:startedIn:)`); nil: no Save As.
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
    /// The track, analysed once, and what the page draws of it.
    var track: EditorTrack
    /// The track's onset strength, as the checker uses it.
    var onset: OnsetStrength { track.onset }
    /// The map file as last read or saved; nil for a draft not yet saved.
    var file: BeatMapFile? {
        didSet {
            fileRefusal = Self.inPlaceRefusal(of: file)
            retimeRefusal = file.flatMap(ChartTempoInPlace.refusal(of:)).map { $0.reason }
        }
    }
    /// Why `file` cannot be rewritten in place as it stands (`ChartInPlace.refusal`), worked out once per file read or
    /// saved, not on every state the page asks for.
    var fileRefusal: String? = nil
    /// Why `file`, a chart saved in place, cannot take the grid set here as its tempo map (`ChartTempoInPlace.refusal`);
    /// worked out with `fileRefusal`.
    var retimeRefusal: String? = nil
    /// What the author edits, as it is now.
    public internal(set) var document: EditorDocument
    /// The document as it is on disk (no beats for an unsaved draft).
    var saved: EditorDocument
    /// The document the session opened with (the map's, or the draft).
    let opened: EditorDocument
    var report: BeatCheckReport
    /// What the last save did that the author should know (`EditorState.saveNote`).
    var saveNote: String?
    /// A chart's own tempo map when it holds what the editor's grid does not (stops, warps): while the grid is the one
    /// the chart opened with, the hits are judged on it, as `beatmap check` judges them.
    let chartTempo: TempoMap?
    /// The bytes of the chart this session last exported and now edits (a Save As to `.sm`, `.osu` or `.qua`): such a
    /// file is the session's own, and a save writes it again whole while it is unchanged on disk.
    var exportedChart: [UInt8]?
    /// The sidecar's bytes as this session last read or wrote them; nil when there was none. A save that would write or
    /// remove the sidecar first checks that it is still so (`EditorSaveGuard`).
    var sidecarSeen: [UInt8]? = nil

    /// The beats as the author has them now.
    public internal(set) var beats: [Double] {
        get { document.beats }
        set { document.beats = newValue }
    }
    /// The tempo grid the author set, or the map declared (`"bpm"` and `"offset"`): the beats are judged on it.
    public internal(set) var declared: TempoMap? {
        get { document.declared }
        set { document.declared = newValue }
    }
    /// The named ranges the author marked.
    public internal(set) var markers: [EditorMarker] {
        get { document.markers }
        set { document.markers = newValue }
    }
    /// True when a save also writes the grid and markers beside the map (`EditorSidecar`).
    public internal(set) var keepsBeside: Bool {
        get { document.keepsBeside }
        set { document.keepsBeside = newValue }
    }

    /// Opens the track and the map (or, without one, drafts a map from the audio). Throws `InputError` when the
    /// track or the map cannot be read, and `BeatMapFindings` when the map's content is not a beat map.
    public init(track: String, map: String?, settings: Settings = Settings()) async throws {
        let limits = settings.limits
        // The map first: a broken file or a chart name it does not hold is said at once, not after the track's analysis.
        let read = try map.map { try BeatMapFile.open(path: $0, chart: settings.chart, limits: limits) }
        if case .failure(let findings)? = read { throw findings }
        if map == nil, let path = settings.saveAs { try Self.checkDraftTarget(path) }
        let analysed = try EditorTrack(path: track, limits: limits.audio)
        self.track = analysed
        info = analysed.info
        trackPath = track
        self.settings = settings
        var now = EditorDocument(beats: [])
        var onDisk: [Double] = []
        if let map, let read {
            switch read {
            case .success(let f):
                let bound = min(Self.maxBeats, limits.maxBeats)
                guard f.map.times.count <= bound else {
                    throw InputError(
                        .limitExceeded, path: map, reason: "\(f.map.times.count) beats is more than the editor holds (\(bound))",
                        fix: "check a map this size with beatmap check, or edit a part of it")
                }
                file = f
                now.beats = f.map.times
                onDisk = f.map.times
                now.declared = EditorState.declaredGrid(of: f.map)
                chartTempo = f.map.writtenTempoMap.flatMap { $0.stops.isEmpty && $0.warps.isEmpty ? nil : $0 }
                if f.format.holdsTempo, case .success(.object(let o)) = f.bytes.withUnsafeBytes({ Jansson.decode($0, maxDepth: 64) }),
                    let value = o["markers"]
                {
                    switch EditorMarker.read(value) {
                    case .success(let m): now.markers = m
                    case .failure(let e): throw InputError(.corrupt, path: map, reason: e.reason, fix: "fix or remove \"markers\"")
                    }
                    if let problem = EditorMarker.problem(now.markers, duration: analysed.info.duration) {
                        throw InputError(.corrupt, path: map, reason: problem, fix: "fix or remove \"markers\"")
                    }
                } else if FileIdentity(path: EditorSidecar.path(for: map)) != nil {
                    // Read once: its bytes are what a save later checks the file against.
                    let side = EditorSidecar.path(for: map)
                    let bytes = try InputFile.read(side, maxBytes: limits.maxFileBytes)
                    let beside = try EditorSidecar.parse(bytes, path: side)
                    // A map that holds beats only, with the grid and markers the author kept beside it.
                    // A chart's own tempo map stays what it is judged on.
                    if let problem = EditorMarker.problem(beside.markers, duration: analysed.info.duration) {
                        throw InputError(.corrupt, path: EditorSidecar.path(for: map), reason: problem, fix: "fix or remove \"markers\"")
                    }
                    now.declared = now.declared ?? (f.map.tempoMap == nil ? beside.grid : nil)
                    now.markers = beside.markers
                    now.keepsBeside = true
                    sidecarSeen = bytes
                }
            case .failure(let findings): throw findings
            }
        } else {
            let tempo = try TempoEstimator.onsetStrength(path: track, limits: limits.audio)
            let draft = BeatMapDraft(tempo, range: 40...250)
            file = nil
            now.beats = draft?.map.times ?? []
            chartTempo = nil
        }
        document = now
        opened = now
        saved = now
        saved.beats = onDisk
        report = Self.check(
            now.beats, declared: now.declared, whole: chartTempo, chart: file?.map.writtenTempoMap != nil, onset: analysed.onset,
            settings: settings, file: map)
        fileRefusal = Self.inPlaceRefusal(of: file)
        retimeRefusal = file.flatMap(ChartTempoInPlace.refusal(of:)).map { $0.reason }
    }

    /// The chart's whole tempo map while the grid is still the one the session opened with (its own); nil once the
    /// author changed it, or for a chart the grid holds whole.
    var wholeTempo: TempoMap? { declared == opened.declared ? chartTempo : nil }

    /// True when the map opened is a chart that spells out its tempo map (StepMania, osu!, Quaver, a Friday Night
    /// Funkin' chart): its hits are a chart's, whatever grid the author sets, as `beatmap check` reads the file.
    var opensChart: Bool { file?.map.writtenTempoMap != nil }

    /// The check of `beats` on `whole` (a chart's whole tempo map) when given, else on the grid `declared`: of one
    /// tempo, a list's BPM and offset; of several, a tempo map the hits are judged on as written. A `chart`'s hits are
    /// judged on the grid as written whatever its sections, as `beatmap check` judges the file: not as a list of beats
    /// (no "beat missing" in a chart's rests).
    static func check(
        _ beats: [Double], declared: TempoMap?, whole: TempoMap?, chart: Bool = false, onset: OnsetStrength, settings: Settings,
        file: String?
    ) -> BeatCheckReport {
        let map = BeatMap(
            times: beats, tempoMap: whole ?? declared,
            origin: whole == nil && declared?.sections.count == 1 && !chart ? .declared : .chart, file: file)
        return BeatChecker.check(
            map: map, onset: onset,
            options: BeatCheckOptions(tolerance: settings.tolerance, lint: BeatLintOptions(hitWindow: settings.hitWindow)))
    }

    /// True when a save keeps the declared grid: a JSON map whose root is an object, a draft saved as JSON, a chart
    /// this session exported (written again whole on its tempo map), or a chart saved in place that takes a new tempo
    /// map (`ChartTempoInPlace`: osu!, Quaver, a StepMania `.sm` whose timing is tempo changes only).
    public var keepsGrid: Bool {
        if let file, let exported = exportedChart, file.bytes == exported { return true }
        if savesChartInPlace, retimeRefusal == nil { return true }
        return keepsMarkers
    }

    /// True when a save writes only this chart's notes into its own file, which keeps its own tempo map (the branch of
    /// `save()` for a chart that this session did not export).
    public var savesChartInPlace: Bool {
        guard let file, ChartInPlace.formats.contains(file.format) else { return false }
        return !(exportedChart.map { file.bytes == $0 } ?? false)
    }

    /// Why a save into the map's own file would be refused as the file stands (a StepMania chart with notes inside
    /// warps, a Friday Night Funkin' chart), so the page can say so before the click; nil when a save can go ahead (and
    /// for a chart this session exported, which a save writes whole).
    public var saveRefusal: String? {
        guard let file, !(exportedChart.map { file.bytes == $0 } ?? false) else { return nil }
        return fileRefusal
    }

    /// The reason, with its fix, that `file` cannot be rewritten in place; nil when it can (or there is none).
    static func inPlaceRefusal(of file: BeatMapFile?) -> String? {
        guard let file, let refusal = ChartInPlace.refusal(of: file) else { return nil }
        return refusal.reason + (refusal.fix.map { "; \($0)" } ?? "")
    }

    /// True when a save keeps the markers in the map itself: a JSON map whose root is an object, or a draft saved as
    /// JSON (the members a JSON object holds beside its beats).
    public var keepsMarkers: Bool {
        if let file {
            guard file.format.holdsTempo else { return false }
            return file.bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "{")
        }
        return settings.saveAs.map { BeatMapFormat.forOutput(path: $0).holdsTempo } ?? false
    }

    /// True when the map cannot hold the grid and markers itself, so a sidecar beside it can (on the author's word).
    public var sidecarPossible: Bool { savePath != nil && !keepsMarkers }

    /// True when the beats (or a grid or markers the map or its sidecar keeps) differ from the files on disk (always,
    /// for a draft not yet saved).
    public var isDirty: Bool { document.differs(from: saved, keepsGrid: keepsGrid, keepsMarkers: keepsMarkers) }

    /// True when the author changed the beats, or a grid or markers the map or its sidecar keeps, since the session
    /// opened or last saved (an untouched draft is not).
    public var isEdited: Bool {
        document.differs(from: file == nil ? opened : saved, keepsGrid: keepsGrid, keepsMarkers: keepsMarkers)
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

    /// Sets the tempo grid the beats are judged on (and a JSON map keeps on save), and checks them again: `bpm` from
    /// `offset`, then `sections` (start times and tempi) that each restart the grid at their time, and `stops`, pauses
    /// at audio times (a chart's stops and delays, `TempoMap.pauses`). Returns false, keeping the grid it had, where
    /// `gridRefusal` says why.
    @discardableResult
    public func setGrid(
        bpm: Double, offset: Double, sections: [(time: Double, bpm: Double)] = [],
        stops: [(time: Double, seconds: Double, delay: Bool)] = []
    ) -> Bool {
        trySetGrid(bpm: bpm, offset: offset, sections: sections, stops: stops) == nil
    }

    /// As `setGrid`, returning nil when the grid is set, else why it is not (the grid it had kept).
    public func trySetGrid(
        bpm: Double, offset: Double, sections: [(time: Double, bpm: Double)] = [],
        stops: [(time: Double, seconds: Double, delay: Bool)] = []
    ) -> String? {
        if let why = Self.gridRefusal(bpm: bpm, offset: offset, sections: sections, duration: info.duration) { return why }
        if let why = Self.pauseRefusal(stops) { return why }
        guard let grid = TempoMap(timingPoints: [(offset, bpm)] + sections, stops: stops) else {
            return stops.isEmpty
                ? "these sections make no tempo map"
                : "a pause starts inside another or runs past the next section's start; each must end before what follows"
        }
        declared = grid
        report = Self.check(
            beats, declared: declared, whole: wholeTempo, chart: opensChart, onset: onset, settings: settings, file: savePath)
        return nil
    }

    /// Why a grid cannot be set on a track of `duration` seconds, in words with the bound it breaks; nil when it can: a
    /// tempo outside `TempoMap.bpmRange`, an offset that is not a finite time within a minute of the track, more than
    /// `maxSections` sections, or a section that does not start at least a millisecond after the one before (the
    /// offset first; the map keeps times to the microsecond, and closer sections would read back in one place), or
    /// after `maxSectionTime`. A chart's tempo map may run past its audio (its last sections after the song ends): those
    /// are kept.
    public static func gridRefusal(bpm: Double, offset: Double, sections: [(time: Double, bpm: Double)], duration: Double) -> String? {
        let range = "\(RuleText.number(TempoMap.bpmRange.lowerBound))–\(RuleText.number(TempoMap.bpmRange.upperBound)) BPM"
        guard TempoMap.bpmRange.contains(bpm) else { return "a tempo of \(RuleText.number(bpm)) BPM is outside \(range)" }
        guard offset.isFinite, abs(offset) <= duration + 60 else {
            return
                "an offset of \(RuleText.number(offset)) s is more than a minute outside the track (0 to \(String(format: "%.3f", duration)) s)"
        }
        guard sections.count <= maxSections else { return "\(sections.count) tempo sections is more than \(maxSections)" }
        var last = offset
        for (n, section) in sections.enumerated() {
            let name = "section \(n + 2)"
            guard TempoMap.bpmRange.contains(section.bpm) else {
                return "\(name)'s tempo of \(RuleText.number(section.bpm)) BPM is outside \(range)"
            }
            guard section.time.isFinite, section.time <= maxSectionTime else {
                return
                    "\(name) starts at \(RuleText.number(section.time)) s, after \(RuleText.number(maxSectionTime)) s (a day), the latest a chart holds"
            }
            guard section.time >= last + 0.001 else {
                return
                    "\(name) starts at \(String(format: "%.6f", section.time)) s, not at least 1 ms after the one before (\(String(format: "%.6f", last)) s)"
            }
            last = section.time
        }
        return nil
    }

    /// Why a grid's pauses cannot be set, in words with the bound broken; nil when they can: more than `maxSections`, or
    /// one whose start is not a finite time up to `maxSectionTime` or whose length is not above 0 and under a day.
    public static func pauseRefusal(_ stops: [(time: Double, seconds: Double, delay: Bool)]) -> String? {
        guard stops.count <= maxSections else { return "\(stops.count) pauses is more than \(maxSections)" }
        for (n, stop) in stops.enumerated() {
            guard stop.time.isFinite, abs(stop.time) <= maxSectionTime else {
                return "pause \(n + 1) starts at \(RuleText.number(stop.time)) s, not a time within a day"
            }
            guard stop.seconds.isFinite, stop.seconds > 0, stop.seconds < BeatMapJSONKeys.maximumStop else {
                return "pause \(n + 1) lasts \(RuleText.number(stop.seconds)) s, not above 0 and under a day"
            }
        }
        return nil
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
        report = Self.check(
            beats, declared: declared, whole: wholeTempo, chart: opensChart, onset: onset, settings: settings, file: savePath)
    }

    /// The state the page shows: the track, every beat with its verdict, the offset, the drift and the fitted grid.
    public func state() -> EditorState {
        let refusal = saveRefusal
        var state = EditorState(
            track: (trackPath as NSString).lastPathComponent, info: info,
            map: savePath.map { ($0 as NSString).lastPathComponent }, dirty: isDirty, canSave: savePath != nil && refusal == nil,
            beats: beats,
            report: report, tolerance: settings.tolerance, hitWindow: settings.hitWindow,
            minimumGap: BeatLintOptions(hitWindow: settings.hitWindow).minimumGap, declaredGrid: declared, keepsGrid: keepsGrid,
            markers: markers, keepsMarkers: keepsMarkers,
            sidecar: keepsBeside ? savePath.map { (EditorSidecar.path(for: $0) as NSString).lastPathComponent } : nil,
            sidecarPossible: sidecarPossible, saveNote: saveNote, saveRefusal: refusal, chartInPlace: savesChartInPlace)
        state.retimeRefusal = savesChartInPlace ? retimeRefusal : nil
        state.chart = file?.map.chart
        return state
    }

}
