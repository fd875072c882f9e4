import ArgumentParser
import AudioKitLinux
import ToolSupport

extension CrossfadeCurve: ExpressibleByArgument {}
extension CrossfadePlan.Quantize: ExpressibleByArgument {}
extension CrossfadeScenario: ExpressibleByArgument {}

extension Beatmap {
    struct Crossfade: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "crossfade",
            abstract: "Render the game's two-deck crossfade, and measure its loudness dip and beat continuity.",
            discussion: """
                Deck A plays from 0 s and loops; at --at (or the next beat or bar of A with --quantize) B enters and the two \
                cross over --duration. The report compares the chosen curve with linear (AVAudioPlayer's fade) and equal power.
                Scenarios replay the game's events: level-5-to-6 and world-change (2 s, linear), chapter-change (500 ms, \
                linear), death (hard cut), intermission-death (hard cut, music 0.5 s later). beatmap audition plays the \
                same mix in the browser, with curves switched while the transition loops.
                """)

        @OptionGroup var transition: CrossfadeOptions

        @Option(name: .long, help: "Seconds rendered after the fade.")
        var tail: Double = 5

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
            try OptionBounds.check(tail, in: OptionBounds.renderedSeconds, flag: "--tail", unit: "seconds")
        }

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func run() throws {
            try OutputGuard.check([output, plot], against: [transition.a, transition.b])
            let inputs = try transition.inputs(limits: limitOptions.limits.audio)
            let plan = transition.plan(tail: tail)
            // The mix is written before anything is printed: the report describes a mix that exists.
            let progress = output.map { ProgressLine("writing \($0)") }
            let report = try CrossfadeRender.run(inputs, plan: plan, output: output, progress: progress?.update)
            progress?.finish()
            Terminal.out(format == .json ? report.json : report.text)
            if let plot { try Terminal.emit(report.svg, to: plot) }
            if play {
                let (deckA, deckB) = try inputs.open()
                try devices.session().run(CrossfadeSource(deckA, deckB, plan: plan), tool: "beatmap", inputs: [transition.a, transition.b])
            }
        }
    }
}
