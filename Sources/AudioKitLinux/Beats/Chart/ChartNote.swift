import Foundation

/// One note of a chart, as the game plays it: when, in which lane, and what kind.
public struct ChartNote: Sendable, Equatable {
    /// What the player does with the note.
    public enum Kind: String, Sendable, Equatable {
        /// Tap it.
        case tap
        /// Press it and hold to `end`.
        case hold
        /// Press it and tap repeatedly to `end` (StepMania's roll; a hold elsewhere).
        case roll
        /// Release it (StepMania's lift; a tap elsewhere).
        case lift
        /// Avoid it (StepMania's and Quaver's mine, Beat Saber's bomb); not a hit.
        case mine
    }

    /// Its time, seconds.
    public var time: Double
    /// Its lane, from 0 (leftmost).
    public var lane: Int
    /// What kind it is.
    public var kind: Kind
    /// A hold's or roll's end, seconds; nil for other kinds.
    public var end: Double?

    /// A note at `time` in `lane`.
    public init(time: Double, lane: Int, kind: Kind = .tap, end: Double? = nil) {
        self.time = time
        self.lane = lane
        self.kind = kind
        self.end = end
    }

    /// True for a note the player hits (everything but a mine).
    public var isHit: Bool { kind != .mine }
}

/// What a chart says of itself.
public struct ChartMetadata: Sendable, Equatable {
    /// The song's title.
    public var title: String?
    /// The song's artist.
    public var artist: String?
    /// Who made the chart.
    public var creator: String?
    /// The chart's difficulty name (StepMania's Hard, osu!'s and Quaver's version, Beat Saber's Expert).
    public var difficulty: String?
    /// Its meter (StepMania's block count); nil when the format has none.
    public var meter: Int?
    /// How it is played, as its format names it: StepMania's steps type (`dance-single`, `pump-double`); nil when the
    /// format has one way.
    public var mode: String?
    /// Where the song's preview starts, in seconds of the song: StepMania's `#SAMPLESTART`, osu!'s `PreviewTime`,
    /// Quaver's `SongPreviewTime`; nil when the chart names none.
    public var previewTime: Double?
    /// The picture shown behind the chart, a file beside it: StepMania's `#BACKGROUND`, osu!'s background event,
    /// Quaver's `BackgroundFile`; nil when the chart names none.
    public var background: String?
    /// Where the song comes from (osu!'s and Quaver's `Source`).
    public var source: String?
    /// The words the chart is found by (osu!'s and Quaver's `Tags`).
    public var tags: String?
    /// The rest of a StepMania song's header that a `.sm` holds, kept from one StepMania file to another (an `.ssc`
    /// saved as `.sm`): tag to value, for the tags `ChartMetadata.stepManiaKept` names.
    public var stepManiaHeader: [String: String] = [:]

    /// The StepMania song header tags a `.sm` written from a StepMania chart keeps, in the order they are written: what
    /// the song says of itself and the files beside it, none of them timing (the timing is the tempo map's).
    public static let stepManiaKept = [
        "SUBTITLE", "TITLETRANSLIT", "SUBTITLETRANSLIT", "ARTISTTRANSLIT", "GENRE", "CREDIT", "BANNER", "CDTITLE", "LYRICSPATH",
        "SAMPLELENGTH", "SELECTABLE",
    ]

    /// Metadata with the given fields.
    public init(
        title: String? = nil, artist: String? = nil, creator: String? = nil, difficulty: String? = nil, meter: Int? = nil,
        mode: String? = nil
    ) {
        self.mode = mode
        self.title = title
        self.artist = artist
        self.creator = creator
        self.difficulty = difficulty
        self.meter = meter
    }
}

extension String {
    /// Nil for an empty string (a chart's field left blank).
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

extension Comparable {
    /// The value held within `range`.
    func clamped(to range: ClosedRange<Self>) -> Self { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
