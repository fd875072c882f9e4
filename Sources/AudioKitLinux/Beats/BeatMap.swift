/// A beat map: the times, in seconds, at which a rhythm game expects taps,
/// with where each one was written (for diagnostics) and the optional tempo
/// and offset that some formats carry.
public struct BeatMap: Sendable, Equatable {
    /// Beat times in seconds from the start of the track, in the order the file lists them.
    public var times: [Double]
    /// Where each beat stands in its file (line and column, or a JSON path); same count as `times`.
    public var locations: [SourceLocation]
    /// The tempo the file declares, in BPM; nil when it declares none.
    public var bpm: Double?
    /// The time of the first grid beat the file declares, in seconds; nil when it declares none.
    public var offset: Double?
    /// The file it was read from, as the user typed it.
    public var file: String?
    /// The tempo map a chart declares (StepMania, osu!, Quaver, Beat Saber); nil for a plain list of times.
    public var tempoMap: TempoMap?
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

    /// A map of `times` in seconds; without `locations`, beat n is located at JSON path `/n` in `file`.
    public init(times: [Double], locations: [SourceLocation]? = nil, bpm: Double? = nil, offset: Double? = nil, file: String? = nil) {
        self.times = times
        self.locations = locations ?? times.indices.map { SourceLocation(file: file, jsonPath: "/\($0)") }
        self.bpm = bpm
        self.offset = offset
        self.file = file
    }

    /// The number of beats.
    public var count: Int { times.count }

    /// The tempo the map declares: its own tempo map, else one steady tempo from its `bpm` and `offset` when both are
    /// usable; nil when it declares none.
    public var declaredTempo: TempoMap? {
        if let tempoMap { return tempoMap }
        guard let bpm, TempoMap.bpmRange.contains(bpm), let offset, offset.isFinite else { return nil }
        return TempoMap(offset: offset, bpm: bpm)
    }

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
