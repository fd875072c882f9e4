import ArgumentParser
import AudioKitLinux
import ToolSupport

extension CrossfadeCurve: ExpressibleByArgument {}
extension CrossfadePlan.Quantize: ExpressibleByArgument {}

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
        var scenario: Scenario?

        @Option(name: .long, help: "Output sample rate (default: track A's).")
        var rate: Int?

        @Option(name: [.short, .long], help: ArgumentHelp("Write the mix here (atomically).", valueName: "file"))
        var output: String?

        @Option(name: .long, help: ArgumentHelp("Draw loudness over time for each curve, as SVG.", valueName: "file"))
        var plot: String?

        @Option(name: .long, help: "Report format: text or json.")
        var format: ReportFormat = .text

        @Flag(name: .long, help: "Play the mix through ALSA (see --device).")
        var play = false

        @Option(name: .long, help: ArgumentHelp("ALSA playback device for --play.", valueName: "name"))
        var device: String = "default"

        enum Scenario: String, CaseIterable, ExpressibleByArgument {
            case level5to6 = "level-5-to-6", worldChange = "world-change", intermissionDeath = "intermission-death"
        }
        enum ReportFormat: String, CaseIterable, ExpressibleByArgument { case text, json }

        func validate() throws {
            guard at >= 0 && at < 36_000 else { throw ValidationError("--at must be between 0 and 36000 seconds") }
            if let duration, !(duration >= 0 && duration <= 60) { throw ValidationError("--duration must be between 0 and 60 seconds") }
            if let rate, !(8_000...192_000).contains(rate) { throw ValidationError("--rate must be between 8000 and 192000") }
            if quantize != .none && bpmA == nil { throw ValidationError("--quantize needs --bpm-a") }
            if phaseAlign && bpmB == nil { throw ValidationError("--phase-align needs --bpm-b") }
            for t in [bpmA, bpmB].compactMap({ $0 }) where !(t > 0 && t < 1000) { throw ValidationError("BPM must be between 0 and 1000") }
        }

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func run() throws {
            if let output { try AtomicFile.checkNotAnInput(output, inputs: [a, b]) }
            let rate = try self.rate ?? AudioFile.info(a, limits: limitOptions.limits.audio).sampleRate
            var deckA = try Deck.load(a, sampleRate: rate, bpm: bpmA, firstBeat: firstBeatA, limits: limitOptions.limits.audio)
            var deckB = try Deck.load(b, sampleRate: rate, bpm: bpmB, firstBeat: firstBeatB, limits: limitOptions.limits.audio)
            deckA.loops = true
            deckB.loops = true
            var plan = CrossfadePlan(
                at: at, duration: duration ?? 2, curve: curve ?? .linear, quantize: quantize, phaseAlign: phaseAlign, gap: gap ?? 0,
                tail: tail)
            if scenario == .intermissionDeath {
                plan.curve = curve ?? .hardCut
                plan.gap = gap ?? 0.5
            }
            let report = CrossfadeReport(a: deckA, b: deckB, plan: plan)
            Terminal.out(format == .json ? report.json : report.text)
            if let plot { try Terminal.emit(report.svg, to: plot) }
            if let output {
                _ = try SourceWriter.write(CrossfadeSource(deckA, deckB, plan: plan), to: output)
            }
            if play {
                try PlaybackSession(device: device).run(
                    CrossfadeSource(deckA, deckB, plan: plan), tool: "beatmap", inputs: [a, b])
            }
        }
    }
}
