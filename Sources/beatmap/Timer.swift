import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension BeatPulse: ExpressibleByArgument {}

extension Beatmap {
    struct Timer: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "timer",
            abstract:
                "Show how a frame-quantized \"run; wait one beat; repeat\" timer drifts from the music, against a clock locked to it.",
            discussion: "Also exports the game's beat-pulse envelopes (CSV or SVG) and an AHAP that taps every beat.")

        @Option(name: .long, help: "Tempo in BPM.")
        var bpm: Double?

        @Option(name: .long, help: "Display frame rate of the game loop (60, 120, …).")
        var fps: Double = 60

        @Option(name: .long, help: "Minutes of music to simulate.")
        var minutes: Double = 3

        @Flag(name: .long, help: "Every BPM in the game's world table (88, 95, 172, 174, 160, 165, 132, 138, 140).")
        var allWorlds = false

        @Flag(name: .long, help: "Model an engine that carries each wait's overshoot into the next (jitter, no drift).")
        var carryOver = false

        @Option(name: .long, help: ArgumentHelp("Also draw the drift as SVG.", valueName: "file"))
        var plot: String?

        @Option(name: .long, help: "Export a beat-pulse envelope: background or glow (to --pulse-output).")
        var pulse: BeatPulse?

        @Option(name: .long, help: ArgumentHelp("Where to write the pulse: .csv or .svg.", valueName: "file"))
        var pulseOutput: String?

        @Option(
            name: .long,
            help: ArgumentHelp("Write an AHAP that taps every beat (accent on each bar), for feel-testing on a phone.", valueName: "file"))
        var ahap: String?

        @Option(name: .long, help: "Output format: text or json.")
        var format: DataFormat = .text

        @Option(name: .long, help: ArgumentHelp("Hit window used to mark when the drift becomes a miss, ± seconds.", valueName: "seconds"))
        var hitWindow: Double = 0.150

        @Flag(name: .long, help: "Play a metronome on the locked clock for --minutes (accent on each bar).")
        var play = false

        @OptionGroup(title: "Playback") var devices: DeviceOptions

        @Option(name: .long, help: ArgumentHelp("With --play, write the metronome to this file instead.", valueName: "file"))
        var metronomeOutput: String?

        func validate() throws {
            if bpm == nil && !allWorlds { throw ValidationError("give --bpm or --all-worlds") }
            try OptionBounds.check(bpm, in: OptionBounds.bpm, flag: "--bpm", unit: "BPM")
            guard fps >= 1 && fps <= 1000 else { throw ValidationError("--fps must be between 1 and 1000") }
            guard minutes > 0 && minutes <= 600 else { throw ValidationError("--minutes must be between 0 and 600") }
            if (pulse == nil) != (pulseOutput == nil) { throw ValidationError("--pulse and --pulse-output go together") }
        }

        func run() throws {
            try OutputGuard.check([plot, pulseOutput, ahap, metronomeOutput], against: [])
            let tempos = allWorlds ? GameTempos.all : [bpm].compactMap { $0 }
            guard let first = tempos.first else { throw ValidationError("give --bpm or --all-worlds") }
            let reports = tempos.map { TimerDriftReport(bpm: $0, framesPerSecond: fps, seconds: minutes * 60, carriesOver: carryOver) }
            Terminal.out(
                format == .json ? TimerOutput.json(reports) : TimerOutput.table(reports, hitWindow: hitWindow))
            if let plot { try Terminal.emit(TimerOutput.svg(reports, hitWindow: hitWindow), to: plot) }
            if let pulse, let pulseOutput {
                try Terminal.emit(
                    TimerOutput.pulseExport(pulse, bpm: first, svg: pulseOutput.lowercased().hasSuffix(".svg")), to: pulseOutput)
            }
            if play || metronomeOutput != nil || devices.listDevices {
                try devices.session(output: metronomeOutput).run(
                    MetronomeSource(clock: BeatClock(bpm: first), seconds: minutes * 60), tool: "beatmap", inputs: [])
            }
            if let ahap {
                try Terminal.emit(
                    AHAPFormatter.format(BeatTaps.pattern(bpm: first, seconds: minutes * 60).jsonValue), to: ahap)
            }
        }
    }
}
