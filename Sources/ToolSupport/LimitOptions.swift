import ArgumentParser
import AudioKitLinux

/// The input limits (docs/limits.md), each one a flag for the user who has a
/// genuine file beyond it. Shared by every command that reads a file.
public struct LimitOptions: ParsableArguments {
    /// The largest text input accepted, in bytes (`--max-file-size`).
    @Option(name: .long, help: ArgumentHelp("Largest AHAP, beat map or manifest accepted, in bytes.", valueName: "bytes"))
    public var maxFileSize: Int = InputLimits.standard.maxFileBytes

    /// The deepest JSON or YAML nesting accepted (`--max-json-depth`).
    @Option(name: .long, help: ArgumentHelp("Deepest JSON or YAML nesting accepted.", valueName: "levels"))
    public var maxJsonDepth: Int = InputLimits.standard.maxNestingDepth

    /// The most AHAP pattern entries accepted (`--max-events`).
    @Option(name: .long, help: ArgumentHelp("Most AHAP pattern entries accepted.", valueName: "count"))
    public var maxEvents: Int = InputLimits.standard.maxEvents

    /// The most curve control points accepted in one AHAP file (`--max-curve-points`).
    @Option(name: .long, help: ArgumentHelp("Most parameter-curve control points accepted in one AHAP file.", valueName: "count"))
    public var maxCurvePoints: Int = InputLimits.standard.maxCurvePoints

    /// The most beats accepted in one map (`--max-beats`).
    @Option(name: .long, help: ArgumentHelp("Most beats accepted in one beat map.", valueName: "count"))
    public var maxBeats: Int = InputLimits.standard.maxBeats

    /// The longest audio accepted, in seconds (`--max-audio-seconds`).
    @Option(name: .long, help: ArgumentHelp("Longest audio accepted, in seconds.", valueName: "seconds"))
    public var maxAudioSeconds: Double = InputLimits.standard.audio.maxDuration

    /// The most audio channels accepted (`--max-channels`).
    @Option(name: .long, help: ArgumentHelp("Most audio channels accepted.", valueName: "count"))
    public var maxChannels: Int = InputLimits.standard.audio.maxChannels

    /// The defaults of `InputLimits.standard`.
    public init() {}

    /// The flags as the library's limits.
    public var limits: InputLimits {
        var audio = AudioLimits.standard
        audio.maxDuration = maxAudioSeconds
        audio.maxChannels = maxChannels
        return InputLimits(
            maxFileBytes: maxFileSize, maxNestingDepth: maxJsonDepth, maxEvents: maxEvents, maxCurvePoints: maxCurvePoints,
            maxBeats: maxBeats, audio: audio)
    }

    /// Refuses a limit that is not positive (exit 64).
    public func validate() throws {
        for (flag, value) in [
            ("--max-file-size", maxFileSize), ("--max-json-depth", maxJsonDepth), ("--max-events", maxEvents),
            ("--max-curve-points", maxCurvePoints), ("--max-beats", maxBeats), ("--max-channels", maxChannels),
        ] where value <= 0 {
            throw ValidationError("\(flag) must be positive")
        }
        guard maxAudioSeconds.isFinite && maxAudioSeconds > 0 else { throw ValidationError("--max-audio-seconds must be positive") }
    }
}
