/// What the editor's page shows of a session, as the server sends it (`GET /api/state`): the track, every beat
/// with its verdict, the checker's summary and findings. Encoded with snake_case keys, an absent value as `null`.
public struct EditorState: Encodable, Sendable, Equatable {
    /// One beat and the checker's verdict on it.
    public struct Beat: Encodable, Sendable, Equatable {
        /// Where the beat is (seconds).
        public var time: Double
        /// The beat's distance from its onset (seconds, positive when the beat is late); nil when none was found.
        public var error: Double?
        /// The onset the checker matched it to (seconds).
        public var audioTime: Double?
        /// True when the checker flags it.
        public var flagged: Bool
        /// True when it is closer to a neighbour than a player can tap apart (`TooCloseRule`, either side).
        public var tooClose: Bool
        /// For a flagged beat that is an error, where the checker says to move it (`BeatEvidence.fix`): what the page's
        /// **apply** does. Nil for a "maybe", which is never moved in one click (its place is `maybePlace`).
        public var fix: Double?
        /// True when the flag is a "maybe" (the command line's warning): the chart's snap placed the hit on a subdivision
        /// it uses, and only the audio disagrees, or it waits for a clearer neighbour. The page offers no one-click move
        /// for it.
        public var maybe: Bool = false
        /// For a "maybe", the place the checker names in its warning (the free grid line with the sound, or where the
        /// hit would go once its neighbour is fixed): to look at, not to apply. Nil otherwise.
        public var maybePlace: Double? = nil
        /// For a "maybe" that waits for a clearer flagged neighbour (`BeatEvidence.waitsFor`): that neighbour's time.
        public var waitsFor: Double? = nil

        enum CodingKeys: String, CodingKey {
            case time, error, flagged, fix, maybe
            case maybePlace = "maybe_place"
            case audioTime = "audio_time"
            case tooClose = "too_close"
            case waitsFor = "waits_for"
        }

        /// Encodes every key, an absent value as `null`.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(time, forKey: .time)
            try c.encode(error, forKey: .error)
            try c.encode(audioTime, forKey: .audioTime)
            try c.encode(flagged, forKey: .flagged)
            try c.encode(tooClose, forKey: .tooClose)
            try c.encode(fix, forKey: .fix)
            try c.encode(maybe, forKey: .maybe)
            try c.encode(maybePlace, forKey: .maybePlace)
            try c.encode(waitsFor, forKey: .waitsFor)
        }
    }

    /// The editor's grid of `tempo`: its sections' start times and tempi as timing points, each section restarting
    /// the grid at its time (`TempoMap.init(timingPoints:)`), as the page draws and edits it and osu! and Quaver keep
    /// it, and its stops and delays as pauses at their times (`TempoMap.pauses`), during which the page draws no line.
    /// A map with warps, or whose pauses do not fit between its sections, keeps its sections alone; its meter is not
    /// kept (the page counts bars of 4). A section of one row or under 1 ms (`TempoMap.isBridge`) is a
    /// StepMania bridge (`beatmap draft` writes them): not the author's section; the grid keeps the change it makes,
    /// the section before running on to it (the page drew a bridge's "498.86 BPM" over the next, and refused edits).
    public static func grid(of tempo: TempoMap) -> TempoMap {
        let all = tempo.timingPoints
        let points = all.indices.filter { i in i == 0 || !tempo.isBridge(i) }.map { all[$0] }
        if !tempo.stops.isEmpty, tempo.warps.isEmpty, let paused = TempoMap(timingPoints: points, stops: tempo.pauses) {
            return paused
        }
        return TempoMap(timingPoints: points) ?? TempoMap(timingPoints: all) ?? tempo
    }

    /// How near a line of its grid a hit is on it for `hitsOnGrid` (seconds), and the share of hits that must be.
    static let onGridWithin = 0.0015
    static let onGridShare = 0.9

    /// The grid of a map that declares a tempo: its tempo map's timing points (a list's BPM and offset, and its
    /// `"tempo_changes"`; a chart's sections) and pauses (`grid(of:)`); nil when it declares none.
    public static func declaredGrid(of map: BeatMap) -> TempoMap? {
        map.tempoMap.map(grid(of:))
    }

    /// One of the checker's errors or warnings.
    public struct Finding: Encodable, Sendable, Equatable {
        /// The rule's id, for example `beatmap.misplaced`.
        public var rule: String
        /// `error` or `warning`.
        public var severity: String
        /// The message with its remedy.
        public var message: String
    }

    /// The track's file name.
    public var track: String
    /// Its length (seconds).
    public var duration: Double
    /// Its sample rate (Hz).
    public var sampleRate: Int
    /// Its channel count.
    public var channels: Int
    /// The map's file name; nil for a draft with nowhere to save.
    public var map: String?
    /// True when the beats differ from the file on disk.
    public var dirty: Bool
    /// True when a save has somewhere to go.
    public var canSave: Bool
    /// Every beat, in time order.
    public var beats: [Beat]
    /// The map's offset from the audio (seconds).
    public var offset: Double?
    /// How the offset changes over the track (seconds per minute).
    public var drift: Double?
    /// The map's tempo.
    public var mapBPM: Double?
    /// The track's tempo.
    public var audioBPM: Double?
    /// The grid the beats were judged on when none was declared: a chart's tempo map (its own, or fitted to its hits,
    /// in sections), or a steady grid fitted to a beat list.
    public var grid: TempoMap?
    /// The tempo grid the author set (or the map declared): the checker judges the beats on it; nil when none.
    public var declaredGrid: TempoMap?
    /// True when a save keeps `declaredGrid` in the map (a JSON object map; other formats hold beats only).
    public var keepsGrid: Bool
    /// True when a save rewrites a chart in its own file (`.sm`, `.osu`, `.qua` …): its notes, and its tempo map when
    /// the author set a grid and the file can take one (`keepsGrid`; else `retimeRefusal` says why).
    public var chartInPlace = false
    /// Why a chart saved in place keeps its own tempo map rather than the grid set here (a StepMania file with stops or
    /// its charts' own timing); nil when it takes the grid, or is no chart saved in place.
    public var retimeRefusal: String? = nil
    /// The named ranges the author marked.
    public var markers: [EditorMarker] = []
    /// True when a save keeps `markers` in the map itself (a JSON object map).
    public var keepsMarkers = false
    /// The file a save also writes the grid and markers to, beside a map that holds beats only, when the author asked
    /// for it (its file name); nil otherwise.
    public var sidecar: String? = nil
    /// True when the map's format cannot hold the grid and markers, so a sidecar can keep them.
    public var sidecarPossible = false
    /// What the last save did that the author should know (a chart's hits placed on its rows, and how far they
    /// moved); nil when there is nothing to say.
    public var saveNote: String? = nil
    /// Why a save into the map's own file would be refused as it stands (Save As still works); nil when it would not.
    public var saveRefusal: String? = nil
    /// How many beats are flagged.
    public var flagged: Int
    /// The checker's tolerance (seconds).
    public var tolerance: Double
    /// The game's hit window (± seconds).
    public var hitWindow: Double
    /// The first 200 errors and warnings.
    public var findings: [Finding]
    /// A beat list at half or double the track's pulse (`beatmap.tempo_octave`): what the page's one-click fix needs;
    /// nil otherwise.
    public var octave: Octave? = nil
    /// The tempo sections half a beat off the track (`beatmap.grid_phase`): what the page's one-click fixes need.
    public var gridPhases: [GridPhaseFix] = []
    /// The map's one tempo running off the track's by more than half the tolerance by the last hit (the checker's
    /// `beatmap.drift`, the track's tempo measured from its audio over the hits): what the page's one-click fix sets.
    /// Nil otherwise.
    public var trackTempo: TrackTempo? = nil
    /// True when the map declares a tempo map and its hits sit on it as an editor's snap puts them (90 % of them within
    /// 1.5 ms of a 1/12 or 1/16 line): the page's tempo edits then move them with the grid by default, as ArrowVortex
    /// and StepMania keep notes on their rows (an offset or a stop that left them at their times put every one off
    /// its line, and a chart file refused the save). False for hits off the grid (tapped, or kept in milliseconds
    /// under a tempo map typed wrong), whose times are what the grid is fitted to.
    public var hitsOnGrid = false
    /// Which chart of a file that holds several is edited (its difficulty and description, as the reader names it);
    /// nil for a map of one.
    public var chart: String? = nil

    enum CodingKeys: String, CodingKey {
        case track, duration, channels, map, dirty, beats, offset, drift, grid, flagged, tolerance, findings
        case sampleRate = "sample_rate"
        case canSave = "can_save"
        case mapBPM = "map_bpm"
        case audioBPM = "audio_bpm"
        case hitWindow = "hit_window"
        case declaredGrid = "declared_grid"
        case keepsGrid = "keeps_grid"
        case chartInPlace = "chart_in_place"
        case retimeRefusal = "retime_refusal"
        case markers
        case keepsMarkers = "keeps_markers"
        case sidecar
        case sidecarPossible = "sidecar_possible"
        case saveNote = "save_note"
        case saveRefusal = "save_refusal"
        case octave
        case gridPhases = "grid_phases"
        case trackTempo = "track_tempo"
        case hitsOnGrid = "hits_on_grid"
        case chart
    }

    /// Encodes every key, an absent value as `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(track, forKey: .track)
        try c.encode(duration, forKey: .duration)
        try c.encode(sampleRate, forKey: .sampleRate)
        try c.encode(channels, forKey: .channels)
        try c.encode(map, forKey: .map)
        try c.encode(dirty, forKey: .dirty)
        try c.encode(canSave, forKey: .canSave)
        try c.encode(beats, forKey: .beats)
        try c.encode(offset, forKey: .offset)
        try c.encode(drift, forKey: .drift)
        try c.encode(mapBPM, forKey: .mapBPM)
        try c.encode(audioBPM, forKey: .audioBPM)
        try Self.encode(grid, in: &c, forKey: .grid)
        try Self.encode(declaredGrid, in: &c, forKey: .declaredGrid)
        try c.encode(keepsGrid, forKey: .keepsGrid)
        try c.encode(chartInPlace, forKey: .chartInPlace)
        try c.encode(retimeRefusal, forKey: .retimeRefusal)
        try c.encode(markers, forKey: .markers)
        try c.encode(keepsMarkers, forKey: .keepsMarkers)
        try c.encode(sidecar, forKey: .sidecar)
        try c.encode(sidecarPossible, forKey: .sidecarPossible)
        try c.encode(saveNote, forKey: .saveNote)
        try c.encode(saveRefusal, forKey: .saveRefusal)
        try c.encode(flagged, forKey: .flagged)
        try c.encode(tolerance, forKey: .tolerance)
        try c.encode(hitWindow, forKey: .hitWindow)
        try c.encode(findings, forKey: .findings)
        try c.encode(octave, forKey: .octave)
        try c.encode(gridPhases, forKey: .gridPhases)
        try c.encode(trackTempo, forKey: .trackTempo)
        try c.encode(hitsOnGrid, forKey: .hitsOnGrid)
        try c.encode(chart, forKey: .chart)
    }

    /// The keys of a grid in the page's JSON.
    private enum GridKeys: String, CodingKey {
        case bpm, offset, sections, time, stops, seconds, delay
    }

    /// Encodes `tempo` as the page reads a grid, `{"bpm", "offset", "sections": [{"time", "bpm"}, …], "stops": [{"time",
    /// "seconds", "delay"}, …]}`: the first section's tempo and start, then each later section's start and tempo, and
    /// its pauses (only when it has any); null when there is none.
    private static func encode(
        _ tempo: TempoMap?, in container: inout KeyedEncodingContainer<CodingKeys>, forKey key: CodingKeys
    ) throws {
        guard let tempo else { return try container.encodeNil(forKey: key) }
        var grid = container.nestedContainer(keyedBy: GridKeys.self, forKey: key)
        try grid.encode(tempo.sections[0].bpm, forKey: .bpm)
        try grid.encode(tempo.sections[0].time, forKey: .offset)
        var sections = grid.nestedUnkeyedContainer(forKey: .sections)
        for s in tempo.sections.dropFirst() {
            var section = sections.nestedContainer(keyedBy: GridKeys.self)
            try section.encode(s.time, forKey: .time)
            try section.encode(s.bpm, forKey: .bpm)
        }
        guard !tempo.pauses.isEmpty else { return }
        var stops = grid.nestedUnkeyedContainer(forKey: .stops)
        for p in tempo.pauses {
            var stop = stops.nestedContainer(keyedBy: GridKeys.self)
            try stop.encode(p.time, forKey: .time)
            try stop.encode(p.seconds, forKey: .seconds)
            try stop.encode(p.delay, forKey: .delay)
        }
    }

    /// The state of `beats` as `report` judges them: each beat's verdict by index, "too close" by the lint rule at
    /// `minimumGap`, a grid fitted to the beats, and the `declaredGrid` they were judged on (kept on save when
    /// `keepsGrid`); the author's `markers` (kept in the map when `keepsMarkers`, beside it in `sidecar`), and whether a
    /// sidecar is possible.
    public init(
        track: String, info: AudioFileInfo, map: String?, dirty: Bool, canSave: Bool, beats times: [Double],
        report: BeatCheckReport, tolerance: Double, hitWindow: Double, minimumGap: Double, declaredGrid: TempoMap? = nil,
        keepsGrid: Bool = false, markers: [EditorMarker] = [], keepsMarkers: Bool = false, sidecar: String? = nil,
        sidecarPossible: Bool = false, saveNote: String? = nil, saveRefusal: String? = nil, chartInPlace: Bool = false
    ) {
        self.saveNote = saveNote
        self.saveRefusal = saveRefusal
        self.chartInPlace = chartInPlace
        self.declaredGrid = declaredGrid
        self.keepsGrid = keepsGrid
        self.markers = markers
        self.keepsMarkers = keepsMarkers
        self.sidecar = sidecar
        self.sidecarPossible = sidecarPossible
        let evidence = Dictionary(report.beats.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        var close = [Bool](repeating: false, count: times.count)
        for i in TooCloseRule.closeHits(times, minimumGap: minimumGap) {
            close[i] = true
            close[i - 1] = true
        }
        beats = times.enumerated().map { i, t in
            let e = evidence[i]
            let maybe = e?.isMaybe ?? false
            return Beat(
                time: t, error: e?.error, audioTime: e?.audioTime, flagged: e?.flagged ?? false, tooClose: close[i],
                fix: maybe ? nil : e?.fix, maybe: maybe, maybePlace: maybe ? e?.fix : nil, waitsFor: e?.waitsFor)
        }
        self.track = track
        duration = info.duration
        sampleRate = info.sampleRate
        channels = info.channels
        self.map = map
        self.dirty = dirty
        self.canSave = canSave
        offset = report.offset
        drift = report.drift
        mapBPM = report.mapBPM
        audioBPM = report.audioBPM
        // A chart's tempo map (its own, or the one fitted to its hits, in sections at the beat's tempo); for a beat list
        // checked as one steady pulse, the grid fitted to it.
        grid = report.tempoMap.map(Self.grid(of:)) ?? GridFit(times: times)?.tempoMap
        flagged = report.flaggedCount
        self.tolerance = tolerance
        self.hitWindow = hitWindow
        findings = report.diagnostics.filter { $0.severity == .error || $0.severity == .warning }.prefix(200).map {
            Finding(rule: $0.ruleID, severity: $0.severity.rawValue, message: $0.messageWithRemedy())
        }
        if let o = report.octave, let verdict = o.verdict,
            let anchor = o.gridAnchor ?? report.beats.dropFirst(verdict == .half ? 0 : o.strongerFirst).first?.time
        {
            octave = Octave(
                verdict: verdict == .half ? "half" : "double", pulse: verdict == .half ? o.bpm * 2 : o.bpm / 2, anchor: anchor,
                subject: o.subject)
        }
        gridPhases = report.gridPhases.map {
            GridPhaseFix(
                section: $0.section + 1, start: $0.start, anchor: $0.anchor, hits: $0.carriedShift == nil ? "times" : "beats",
                shift: $0.carriedShift)
        }
        trackTempo = (report.trackTempoGap ?? report.sectionTempoGaps.first).map {
            TrackTempo(bpm: $0.fix, hits: $0.hitsKeepBeats ? "beats" : "times", at: $0.at, map: $0.map, section: $0.section?.number)
        }
        if let tempo = declaredGrid, times.count >= 4 {
            let on = times.filter { tempo.subdivision(of: $0, levels: [12, 16], tolerance: Self.onGridWithin) != nil }.count
            hitsOnGrid = Double(on) >= Self.onGridShare * Double(times.count)
        }
    }
}

/// The waveform and onset strength of a stretch of the track, in columns (`GET /api/envelope`).
public struct EditorEnvelope: Encodable, Sendable, Equatable {
    /// The stretch's start (seconds).
    public var from: Double
    /// Its end (seconds).
    public var to: Double
    /// The lowest sample in each column.
    public var min: [Double]
    /// The highest sample in each column.
    public var max: [Double]
    /// The strongest onset in each column, 0–1 of the track's strongest.
    public var onset: [Double]
    /// The peak of the low band (below 246 Hz: kick, bass) in each column (`ThreeBandSplit`), relative to the band's
    /// typical loud moment in the track (`TrackOverview.bandReference`), as are `mid` and `high`.
    public var low: [Double] = []
    /// The peak of the mid band (246 Hz–2.5 kHz: snare body, voice) in each column.
    public var mid: [Double] = []
    /// The peak of the high band (above 2.5 kHz: hi-hats, cymbals) in each column.
    public var high: [Double] = []
}

/// A tempo the track's analysis offers the author (`GET /api/tempo`).
public struct EditorTempoCandidate: Encodable, Sendable, Equatable {
    /// The tempo.
    public var bpm: Double
    /// How periodic the onsets are at its beat (the normalised autocorrelation, 0 or more).
    public var strength: Double
}
