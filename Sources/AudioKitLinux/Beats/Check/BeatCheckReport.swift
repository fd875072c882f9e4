import Foundation

public struct BeatCheckOptions: Sendable {
    /// A beat further than this from the audio's evidence is flagged (seconds).
    public var tolerance: Double
    public var lint: BeatLintOptions
    /// Seconds to subtract from decoded audio times; nil = automatic (untagged MP3: 1105 samples).
    public var decoderDelay: Double?

    public init(
        tolerance: Double = BeatCheckTuning.defaultTolerance, lint: BeatLintOptions = BeatLintOptions(), decoderDelay: Double? = nil
    ) {
        self.tolerance = tolerance
        self.lint = lint
        self.decoderDelay = decoderDelay
    }
}

/// What the audio says about one beat.
public struct BeatEvidence: Sendable {
    public let index: Int
    /// The beat's time in the map.
    public let time: Double
    /// The onset the beat was matched to, in track time; nil when no onset was strong enough.
    public let audioTime: Double?
    /// Map minus audio after removing the global offset and drift (positive: the beat is late).
    public let error: Double?
    /// Onset strength at the match, relative to the track's typical onset.
    public let strength: Double
    public let flagged: Bool
    /// True when no onset was clear and `audioTime` is where the neighbouring beats put it.
    public let fromGrid: Bool
}

public struct BeatCheckReport: Sendable {
    public var beats: [BeatEvidence]
    /// Median of map minus audio over well-matched beats (positive: the whole map is late).
    public var offset: Double?
    /// Relative tempo error: map minus audio grows by `drift` seconds per second.
    public var drift: Double?
    public var mapBPM: Double?
    public var audioBPM: Double?
    public var decoderDelay: Double
    public var diagnostics: [Diagnostic]
    public var onset: OnsetStrength

    public var flaggedCount: Int { beats.filter(\.flagged).count }
    public var checkedCount: Int { beats.filter { $0.audioTime != nil }.count }
}
