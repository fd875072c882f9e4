import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension Beatmap {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check a beat map against its track: each beat's error to the onsets, the global offset, and tempo drift.",
            discussion:
                "Onset strength: spectral flux on a log-frequency spectrogram (Böck & Widmer 2013). --format json adds every beat's error.")

        @Argument(help: ArgumentHelp("The beat map.", valueName: "map"))
        var map: String

        @Option(name: .long, help: ArgumentHelp("The music track (any format libsndfile reads).", valueName: "audio"))
        var audio: String

        @Option(name: .long, help: ArgumentHelp("Flag beats further than this from the audio's onset, in milliseconds.", valueName: "ms"))
        var toleranceMs: Double = BeatCheckTuning.defaultTolerance * 1000

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Decoder delay to remove from the audio, in ms (default: 25 ms for MP3 without a gapless tag; for AAC without gapless information, the priming assumed, 48 ms at 44.1 kHz or 23 ms for FFmpeg's encoder; else 0).",
                valueName: "ms"))
        var decoderDelayMs: Double?

        @Option(name: .long, help: ArgumentHelp("Also draw the onset strength with the beats over it, as SVG.", valueName: "file"))
        var plot: String?

        @OptionGroup var mapOptions: MapOptions
        @OptionGroup var report: ReportOptions

        func validate() throws {
            guard toleranceMs > 0 && toleranceMs < 1000 else { throw ValidationError("--tolerance-ms must be between 0 and 1000") }
        }

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func run() throws {
            try OutputGuard.check([report.output, plot], against: [map, audio])
            let (beatMap, readFindings) = try mapOptions.read(map, limits: limitOptions.limits)
            guard let beatMap else {
                let r = Report(toolName: "beatmap", files: [map], diagnostics: readFindings, rules: BeatMapRules.all)
                try FindingsOutput.finish(tool: "beatmap", report: r, failures: [], options: report)
            }
            let onset = try SpectralFlux.analyze(path: audio, limits: limitOptions.limits.audio, pitchClasses: true)
            let options = BeatCheckOptions(
                tolerance: toleranceMs / 1000, lint: mapOptions.lintOptions(),
                decoderDelay: decoderDelayMs.map { $0 / 1000 })
            let result = BeatChecker.check(map: beatMap, onset: onset, options: options, audioPath: audio)
            if let plot { try Terminal.emit(BeatCheckOutput.svg(result, map: beatMap, title: "\(map) on \(audio)"), to: plot) }
            let rules = BeatMapRules.all
            let findings = Report(toolName: "beatmap", files: [map], diagnostics: readFindings + result.diagnostics, rules: rules)
            if !report.quiet { Terminal.err(BeatCheckSummary.line(result)) }
            if report.format == .json {
                try Terminal.emit(BeatCheckOutput.json(result, map: beatMap, audio: audio), to: report.output)
                try FindingsOutput.finish(tool: "beatmap", report: findings, failures: [], options: report, emit: false)
            }
            try FindingsOutput.finish(tool: "beatmap", report: findings, failures: [], options: report)
        }
    }
}
