import ArgumentParser
import AudioKitLinux
import ToolSupport

/// The two tracks and the transition, as `beatmap crossfade` and `beatmap audition` both take them.
struct CrossfadeOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The outgoing track.", valueName: "a"))
    var a: String

    @Argument(help: ArgumentHelp("The incoming track.", valueName: "b"))
    var b: String

    @Option(name: .long, help: "When the fade starts, seconds into A.")
    var at: Double = 10

    @Option(name: .long, help: "Fade length in seconds (default 2; the scenario's).")
    var duration: Double?

    @Option(
        name: .long,
        help:
            "Curve: linear, equal-power, s-curve, hard-cut, or an ffmpeg acrossfade name (tri, qsin, esin, hsin, qua, cub, squ, cbr, par, ipar, exp)."
    )
    var curve: CrossfadeCurve?

    @Option(name: .long, help: "Start on the next beat or bar of A (needs --bpm-a): none, beat or bar.")
    var quantize: CrossfadePlan.Quantize = .none

    @Option(name: .long, help: "A's tempo, for quantizing and beat continuity.")
    var bpmA: Double?

    @Option(name: .long, help: "B's tempo, for phase alignment and beat continuity.")
    var bpmB: Double?

    @Option(name: .long, help: "Time of A's first beat, seconds.")
    var firstBeatA: Double = 0

    @Option(name: .long, help: "Time of B's first beat, seconds.")
    var firstBeatB: Double = 0

    @Flag(name: .long, help: "Enter B on one of its own beats (needs --bpm-b).")
    var phaseAlign = false

    @Option(name: .long, help: "Where B starts playing, seconds into B (with --phase-align: B's next beat from there).")
    var fromB: Double = 0

    @Option(name: .long, help: "Silence between A's end and B's start, seconds.")
    var gap: Double?

    @Option(name: .long, help: "Game events: level-5-to-6, world-change, chapter-change, death or intermission-death.")
    var scenario: CrossfadeScenario?

    @Option(name: .long, help: "Output sample rate (default: track A's).")
    var rate: Int?

    func validate() throws {
        guard at >= 0 && at < 36_000 else { throw ValidationError("--at must be between 0 and 36000 seconds") }
        if let duration, !(duration >= 0 && duration <= 60) { throw ValidationError("--duration must be between 0 and 60 seconds") }
        if let rate, !(8_000...192_000).contains(rate) { throw ValidationError("--rate must be between 8000 and 192000") }
        if quantize != .none && bpmA == nil { throw ValidationError("--quantize needs --bpm-a") }
        if phaseAlign && bpmB == nil { throw ValidationError("--phase-align needs --bpm-b") }
        try OptionBounds.check(bpmA, in: OptionBounds.bpm, flag: "--bpm-a", unit: "BPM")
        try OptionBounds.check(bpmB, in: OptionBounds.bpm, flag: "--bpm-b", unit: "BPM")
        try OptionBounds.check(gap, in: OptionBounds.renderedSeconds, flag: "--gap", unit: "seconds")
        try OptionBounds.check(firstBeatA, in: 0...36_000, flag: "--first-beat-a", unit: "seconds")
        try OptionBounds.check(firstBeatB, in: 0...36_000, flag: "--first-beat-b", unit: "seconds")
        try OptionBounds.check(fromB, in: 0...36_000, flag: "--from-b", unit: "seconds")
    }

    /// The tracks, opened at `--rate` (else A's own rate).
    func inputs(limits: AudioLimits) throws -> CrossfadeInputs {
        let rate = try self.rate ?? AudioFile.info(a, limits: limits).sampleRate
        return CrossfadeInputs(
            outgoing: a, incoming: b, sampleRate: rate, outgoingTempo: bpmA.map { TempoMap(offset: firstBeatA, bpm: $0) },
            incomingTempo: bpmB.map { TempoMap(offset: firstBeatB, bpm: $0) }, limits: limits)
    }

    /// The transition with `tail` seconds of B after it, the scenario's settings under the ones given.
    func plan(tail: Double) -> CrossfadePlan {
        let plan = CrossfadePlan(
            at: at, duration: duration ?? 2, curve: curve ?? .linear, quantize: quantize, phaseAlign: phaseAlign, gap: gap ?? 0,
            tail: tail, incomingFrom: fromB)
        return scenario.map { $0.apply(to: plan, curve: curve, gap: gap, duration: duration) } ?? plan
    }
}
