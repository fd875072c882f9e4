import Foundation

/// Settings for `BeatChecker.check`.
public struct BeatCheckOptions: Sendable {
    /// A beat further than this from the audio's evidence is flagged (seconds).
    public var tolerance: Double
    /// Settings for the lint rules run first; the check fills in the track's duration.
    public var lint: BeatLintOptions
    /// Seconds to subtract from decoded audio times; nil = automatic (untagged MP3: 1105 samples).
    public var decoderDelay: Double?
    /// The judging's constants (`BeatCheckTuning.standard` unless a test changes one).
    public var tuning = BeatCheckTuning.standard

    /// Options with a tolerance in seconds (default 50 ms), lint settings, and a decoder delay in seconds (nil: automatic).
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
    /// The beat's index in the map.
    public let index: Int
    /// The beat's time in the map.
    public let time: Double
    /// The onset the beat was matched to, in track time; nil when no onset was strong enough.
    public let audioTime: Double?
    /// Map minus audio after removing the global offset and drift (positive: the beat is late).
    public let error: Double?
    /// Onset strength at the match, relative to the track's typical onset.
    public let strength: Double
    /// True when the beat is misaligned: off the audio and off its neighbours (`beatmap.misaligned`).
    public let flagged: Bool
    /// True when no onset was clear and `audioTime` is where the neighbouring beats put it.
    public let fromGrid: Bool
    /// For a flagged hit of a chart: the free grid line, in map time, where an onset is and the hit most likely belongs.
    public var suggestion: Double? = nil
    /// The subdivision of the beat the hit sits on (1, 2, 3, 4, 6, 8, 12 or 16); nil when off the tempo map's grid or
    /// when the map is checked as a steady pulse.
    public var level: Int? = nil
    /// For a hit of a snapped chart that is off every grid line (and so flagged): its distance to the nearest line,
    /// seconds. Nil otherwise.
    public var offGrid: Double? = nil
    /// For a flagged hit of a snapped chart that sits on one of its grid lines: true. The author placed it there with the
    /// editor's snap, so the audio alone disagrees with the chart and the finding is a warning, not an error.
    public var onSnappedGrid = false
    /// For a lone hit of a snapped chart on a subdivision the chart does not use (and so flagged): that subdivision
    /// (8 for 1/8). Nil otherwise.
    public var unusedSubdivision: Int? = nil
    /// For a hit of a snapped chart on an onset but in a rhythm the chart plays nowhere else, flagged because its
    /// suggested line puts it back in a figure the chart repeats: how often the chart plays that figure. Nil otherwise.
    public var figurePlays: Int? = nil

    /// For a hit moved onto another hit's grid line, closer to it than any player taps apart (and so flagged): that
    /// other hit's time. Nil otherwise.
    public var sharesLineWith: Double? = nil

    /// For a hit of a stretch that sits off the track by an offset of its own (`beatmap.stretch_offset`, and so
    /// flagged): how much later than the rest of the map the stretch sits (seconds). Nil otherwise.
    public var stretchShift: Double? = nil

    /// For a flagged hit on a grid line whose rhythm holds another flagged hit, within a beat, with a clearer case: that
    /// hit's time. The rhythm may be wrong because that hit was moved: fix it first and check again. Nil otherwise.
    public var waitsFor: Double? = nil

    /// True for a flag the command line words as a warning, a "maybe": the chart's snap placed the hit on a line of a
    /// subdivision it uses and only the audio disagrees (no other rule flagged it), or it waits for a clearer neighbour.
    public var isMaybe: Bool {
        flagged && waitsFor != nil
            || flagged && onSnappedGrid && suggestion != nil && offGrid == nil && unusedSubdivision == nil && figurePlays == nil
                && stretchShift == nil && sharesLineWith == nil
    }

    /// For a flagged beat, where `beatmap.misaligned` says to move it (map time): the suggested grid line of a chart,
    /// else where its onset says, once the map's offset is allowed for. Nil for a beat that is not flagged.
    public var fix: Double? { flagged ? suggestion ?? time - (error ?? 0) : nil }
}

/// What `BeatChecker.check` found: evidence per beat, the offset and drift of the map against the track,
/// and the findings.
public struct BeatCheckReport: Sendable {
    /// Evidence for each beat inside the track, in map order; empty when fewer than four lie inside it or there is no onset strength.
    public var beats: [BeatEvidence]
    /// Median of map minus audio over well-matched beats (positive: the whole map is late).
    public var offset: Double?
    /// Relative tempo error: map minus audio grows by `drift` seconds per second.
    public var drift: Double?
    /// The map's tempo in BPM, from a least-squares grid fit (`GridFit`); nil when the beats do not fit a grid.
    public var mapBPM: Double?
    /// The track's tempo in BPM: `mapBPM` corrected by `drift`; nil when either is nil.
    public var audioBPM: Double?
    /// Seconds subtracted from the decoded audio's times: the given delay, 1105 samples for an untagged MP3, or 0.
    public var decoderDelay: Double
    /// Lint and check findings, sorted.
    public var diagnostics: [Diagnostic]
    /// The onset strength the map was checked against.
    public var onset: OnsetStrength
    /// The tempo map the hits were judged on: the chart's own, the declared BPM and offset, or fitted to the hits;
    /// nil when the map was checked as a steady pulse of beats.
    public var tempoMap: TempoMap? = nil
    /// Where `tempoMap` came from: "chart", "declared" or "fitted".
    public var tempoSource: String? = nil
    /// Runs of a chart's hits that sit off the track by an offset of their own (`beatmap.stretch_offset`).
    public var stretches: [BeatStretch] = []
    /// For a beat list, the evidence of its tempo octave against the track's (`beatmap.tempo_octave`).
    var octave: TempoOctave? = nil
    /// The sections of a chart's own or declared tempo map half a beat off the track (`beatmap.grid_phase`).
    var gridPhases: [GridPhase] = []
    /// The track's tempo changes the map's tempo map does not make (`beatmap.track_tempo_change`).
    var trackTempoChanges: [TrackTempoChange] = []
    /// The track's own tempo over a chart's hits, from the audio alone, when the chart's tempo map holds one tempo there
    /// (`TrackTempoAgainstMap`); nil otherwise.
    var trackBPM: Double? = nil
    /// The map's one tempo running off `trackBPM` by more than half the tolerance by the last hit, worked out once for
    /// the `beatmap.drift` finding and the editor's fix; nil otherwise.
    var trackTempoGap: TrackTempoGap? = nil
    /// The tempo sections of a map that changes tempo among its hits, each running off the track's tempo there by more
    /// than half the tolerance by its last hit (`beatmap.drift`, one finding each); the editor's fix sets the first.
    var sectionTempoGaps: [TrackTempoGap] = []
    /// The tempo gaps found: the map's one tempo's, else each section's.
    var tempoGaps: [TrackTempoGap] { trackTempoGap.map { [$0] } ?? sectionTempoGaps }
    /// True when the hits keep their beats under a tempo off the track's: their offset is then the drift's average,
    /// said once the tempo is right (no `beatmap.offset` finding; the summary line says so).
    var offsetIsDrift: Bool { tempoGaps.contains(where: \.hitsKeepBeats) }

    /// The number of flagged beats.
    public var flaggedCount: Int { beats.filter(\.flagged).count }
    /// The number of beats given an audio time (matched to an onset or placed on their neighbours' grid).
    public var checkedCount: Int { beats.filter { $0.audioTime != nil }.count }
}
