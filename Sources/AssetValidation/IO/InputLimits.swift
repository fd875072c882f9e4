/// Every limit the tools put on their inputs, so that a hostile or broken file
/// gets a clear error instead of a hang or an out-of-memory kill. Each one can
/// be raised from the command line (`LimitOptions` in ToolSupport); the
/// defaults and the flags are listed in docs/limits.md.
public struct InputLimits: Sendable, Hashable {
    /// Largest text input (AHAP, beat map, manifest), in bytes. Flag: --max-file-size.
    public var maxFileBytes: Int
    /// Deepest JSON or YAML nesting. Flag: --max-json-depth.
    public var maxNestingDepth: Int
    /// Most entries in an AHAP `Pattern` array. Flag: --max-events.
    public var maxEvents: Int
    /// Most parameter-curve control points in one AHAP file, all curves together. Flag: --max-curve-points.
    public var maxCurvePoints: Int
    /// Most beats in one beat map. Flag: --max-beats.
    public var maxBeats: Int
    /// Audio inputs: channels, sample rates, length. Flags: --max-audio-seconds, --max-channels.
    public var audio: AudioLimits

    /// Limits with the given values; by default 64 MiB, nesting depth 64, 100,000 events, 1,000,000 curve points,
    /// 1,000,000 beats and `AudioLimits.standard`.
    public init(
        maxFileBytes: Int = 64 << 20, maxNestingDepth: Int = 64, maxEvents: Int = 100_000, maxCurvePoints: Int = 1_000_000,
        maxBeats: Int = 1_000_000, audio: AudioLimits = .standard
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxNestingDepth = maxNestingDepth
        self.maxEvents = maxEvents
        self.maxCurvePoints = maxCurvePoints
        self.maxBeats = maxBeats
        self.audio = audio
    }

    /// The default limits.
    public static let standard = InputLimits()

    /// The error for a count over its limit.
    package static func exceeded(_ file: String?, count: Int, what: String, limit: Int, which: InputLimit) -> InputError {
        InputError(
            .limitExceeded, path: file ?? "<input>", reason: "\(count) \(what) is more than the limit of \(limit)",
            fix: "raise the limit if the file is genuine", limit: which)
    }
}
