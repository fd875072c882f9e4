/// A beat map: the times, in seconds, at which a rhythm game expects taps,
/// with where each one was written (for diagnostics) and the tempo map the file
/// declares, if any: its one home, whether a chart's timing or a list's BPM and offset.
public struct BeatMap: Sendable, Equatable {
    /// Where a map's tempo map comes from, which decides how a checker uses it.
    public enum TempoOrigin: String, Sendable {
        /// A tempo map the file spells out (a chart's timing, a JSON map's `"tempo_changes"` or `"stops"`): the hits
        /// are judged on it as written.
        case chart
        /// A list's one declared BPM and offset (`{"bpm", "offset", "beats"}`): its grid, which a checker uses unless
        /// the list is one steady pulse of beats (then checked beat by beat).
        case declared
    }

    /// Beat times in seconds from the start of the track, in the order the file lists them.
    public var times: [Double]
    /// Where each beat stands in its file (line and column, or a JSON path); same count as `times`.
    public var locations: [SourceLocation]
    /// The file it was read from, as the user typed it.
    public var file: String?
    /// The tempo map the file declares: a chart's (StepMania, osu!, Quaver, Beat Saber, …) or a list's BPM and offset
    /// with its tempo changes and stops; nil for a list that declares no tempo.
    public var tempoMap: TempoMap?
    /// Where `tempoMap` comes from.
    public var tempoOrigin = TempoOrigin.chart
    /// The chart's position of each hit, in beats on `tempoMap` (same count as `times`); empty when the format
    /// stores times, not positions.
    public var positions: [Double] = []
    /// Which chart of the file was read (difficulty and description), for charts that hold several.
    public var chart: String?
    /// A chart's notes as the game plays them (lane, kind, a hold's end), in time order; empty for a list of times. The
    /// hits (`times`) are the simple view every checker uses; a chart's writers place these.
    public var notes: [ChartNote] = []
    /// How many lanes the chart has (4 for dance-single and 4K); nil for a list of times.
    public var lanes: Int?
    /// What the chart says of itself (title, artist, creator, difficulty, meter); nil when it says nothing.
    public var metadata: ChartMetadata?

    /// A map of `times` in seconds on `tempoMap`; without `locations`, beat n is located at JSON path `/n` in `file`.
    public init(
        times: [Double], locations: [SourceLocation]? = nil, tempoMap: TempoMap? = nil, origin: TempoOrigin = .chart,
        file: String? = nil
    ) {
        self.times = times
        self.locations = locations ?? times.indices.map { SourceLocation(file: file, jsonPath: "/\($0)") }
        self.tempoMap = tempoMap
        self.tempoOrigin = origin
        self.file = file
    }

    /// A list of `times` that declares one steady tempo (`bpm` beats a minute from `offset`), as a JSON map's `"bpm"`
    /// and `"offset"` do; no tempo when `bpm` is outside `TempoMap.bpmRange` or `offset` is not finite.
    public init(times: [Double], locations: [SourceLocation]? = nil, bpm: Double, offset: Double, file: String? = nil) {
        let steady = TempoMap.bpmRange.contains(bpm) && offset.isFinite ? TempoMap(offset: offset, bpm: bpm) : nil
        self.init(times: times, locations: locations, tempoMap: steady, origin: .declared, file: file)
    }

    /// The number of beats.
    public var count: Int { times.count }

    /// The tempo the map declares at its start, in BPM (its tempo map's first section); nil when it declares none.
    public var declaredBPM: Double? { tempoMap?.sections.first?.bpm }

    /// The tempo map the hits are judged on as written: `tempoMap` when the file spells it out (`TempoOrigin.chart`);
    /// nil for a list's one declared BPM and offset, or no tempo.
    public var writtenTempoMap: TempoMap? { tempoOrigin == .chart ? tempoMap : nil }

    /// A perfect grid: beats at offset + n·60/bpm covering [0, duration).
    public static func grid(bpm: Double, offset: Double, duration: Double) -> BeatMap {
        let interval = 60 / bpm
        var times: [Double] = []
        var n = 0.0
        while true {
            let t = offset + n * interval
            if t >= duration { break }
            if t >= 0 { times.append(t) }
            n += 1
        }
        return BeatMap(times: times, bpm: bpm, offset: offset)
    }
}

/// The formats a beat map can be read from and written to.
public enum BeatMapFormat: String, Sendable, CaseIterable {
    /// A JSON array of seconds, or an object with "bpm", "offset" and "beats".
    case json
    /// One time per line (`#` comments allowed).
    case text
    /// CSV with a time column (a header naming "time"/"seconds"/"beat" is recognised).
    case csv
    /// Audacity label track: start, end, label, tab-separated.
    case audacity
    /// Swift source holding an array literal, as the game ships it.
    case swift
    /// StepMania `.sm` or `.ssc` (also what ArrowVortex writes): a tempo map and rows of notes.
    case stepmania
    /// osu! `.osu` (osu!mania): timing points and hit objects in milliseconds.
    case osu
    /// Quaver `.qua` (YAML): timing points and hit objects in milliseconds.
    case quaver
    /// Beat Saber difficulty `.dat` (v2 or v3, with the `Info.dat` beside it), or the `Info.dat` itself.
    case beatsaber
    /// Clone Hero / Moonscraper `.chart`: a tempo map in ticks and tracks of notes.
    case clonehero
    // What each format is (its extensions, reader and writer) is its codec's: `BeatMapCodecs`.
}
