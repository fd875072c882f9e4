import ArgumentParser
import AudioKitLinux
import ToolSupport

extension CrossfadeCurve: ExpressibleByArgument {}
extension CrossfadePlan.Quantize: ExpressibleByArgument {}
extension CrossfadeScenario: ExpressibleByArgument {}

extension Beatmap {
    struct Crossfade: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render the game's two-deck crossfade, and measure its loudness dip and beat continuity.",
            discussion: """
                Deck A plays from 0 s and loops; at --at (or the next beat or bar of A with --quantize) B enters and the two \
                cross over --duration. The report compares the chosen curve with linear (AVAudioPlayer's fade) and equal power.
                Scenarios replay the game's events: level-5-to-6 and world-change (2 s, linear), intermission-death (hard cut, \
                music 0.5 s later).
                """)

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

        @Option(name: .long, help: "Silence between A's end and B's start, seconds.")
        var gap: Double?

        @Option(name: .long, help: "Seconds rendered after the fade.")
        var tail: Double = 5

        @Option(name: .long, help: "Game events: level-5-to-6, world-change or intermission-death.")
        var scenario: CrossfadeScenario?

        @Option(name: .long, help: "Output sample rate (default: track A's).")
        var rate: Int?

        @Option(name: [.short, .long], help: ArgumentHelp("Write the mix here (atomically).", valueName: "file"))
        var output: String?

        @Option(name: .long, help: ArgumentHelp("Draw loudness over time for each curve, as SVG.", valueName: "file"))
        var plot: String?

        @Option(name: .long, help: "Report format: text or json.")
        var format: DataFormat = .text

        @Flag(name: .long, help: "Play the mix through ALSA (see --device).")
        var play = false

        @OptionGroup(title: "Playback") var devices: DeviceOptions

        func validate() throws {
            guard at >= 0 && at < 36_000 else { throw ValidationError("--at must be between 0 and 36000 seconds") }
            if let duration, !(duration >= 0 && duration <= 60) { throw ValidationError("--duration must be between 0 and 60 seconds") }
            if let rate, !(8_000...192_000).contains(rate) { throw ValidationError("--rate must be between 8000 and 192000") }
            if quantize != .none && bpmA == nil { throw ValidationError("--quantize needs --bpm-a") }
            if phaseAlign && bpmB == nil { throw ValidationError("--phase-align needs --bpm-b") }
            try OptionBounds.check(bpmA, in: OptionBounds.bpm, flag: "--bpm-a", unit: "BPM")
            try OptionBounds.check(bpmB, in: OptionBounds.bpm, flag: "--bpm-b", unit: "BPM")
            try OptionBounds.check(tail, in: OptionBounds.renderedSeconds, flag: "--tail", unit: "seconds")
            try OptionBounds.check(gap, in: OptionBounds.renderedSeconds, flag: "--gap", unit: "seconds")
            try OptionBounds.check(firstBeatA, in: 0...36_000, flag: "--first-beat-a", unit: "seconds")
            try OptionBounds.check(firstBeatB, in: 0...36_000, flag: "--first-beat-b", unit: "seconds")
        }

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func run() throws {
            try OutputGuard.check([output, plot], against: [a, b])
            let limits = limitOptions.limits.audio
            let rate = try self.rate ?? AudioFile.info(a, limits: limits).sampleRate
            let inputs = CrossfadeInputs(
                outgoing: a, incoming: b, sampleRate: rate, outgoingBPM: bpmA, incomingBPM: bpmB, outgoingFirstBeat: firstBeatA,
                incomingFirstBeat: firstBeatB, limits: limits)
            var plan = CrossfadePlan(
                at: at, duration: duration ?? 2, curve: curve ?? .linear, quantize: quantize, phaseAlign: phaseAlign, gap: gap ?? 0,
                tail: tail)
            if let scenario { plan = scenario.apply(to: plan, curve: curve, gap: gap) }
            // The mix is written before anything is printed: the report describes a mix that exists.
            let progress = output.map { ProgressLine("writing \($0)") }
            let report = try CrossfadeRender.run(inputs, plan: plan, output: output, progress: progress?.update)
            progress?.finish()
            Terminal.out(format == .json ? report.json : report.text)
            if let plot { try Terminal.emit(report.svg, to: plot) }
            if play {
                let (deckA, deckB) = try inputs.open()
                try devices.session().run(CrossfadeSource(deckA, deckB, plan: plan), tool: "beatmap", inputs: [a, b])
            }
        }
    }
}
