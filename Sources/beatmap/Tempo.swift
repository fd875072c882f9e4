import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension Beatmap {
    struct BPM: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bpm",
            abstract: "Estimate a track's tempo from a fitted beat grid, or check it against the declared BPM.",
            discussion:
                "Exit codes: 0 tempo matches (or no --expect); 1 wrong tempo, half or double time, or no steady beat; 2 unreadable audio.")

        @Argument(help: ArgumentHelp("The music track.", valueName: "track"))
        var track: String

        @Option(name: .long, help: "The declared BPM to check.")
        var expect: Double?

        @Option(name: .long, help: ArgumentHelp("Tolerance for --expect, in percent (e.g. 0.5 or 0.5%).", valueName: "percent"))
        var tolerance: Percentage = Percentage(percent: 0.5)

        @Flag(name: .long, help: "Accept half or double the declared tempo.")
        var allowOctave = false

        @Option(name: .long, help: "Output format: text or json.")
        var format: DataFormat = .text

        func validate() throws {
            try OptionBounds.check(expect, in: OptionBounds.bpm, flag: "--expect", unit: "BPM")
        }

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func run() throws {
            let onset = try TempoEstimator.onsetStrength(path: track, limits: limitOptions.limits.audio)
            var estimate = TempoEstimator.estimate(onset)
            var check: TempoCheck? = nil
            if let expect {
                (estimate, check) = TempoEstimator.check(onset, expected: expect, tolerance: tolerance.fraction, allowOctave: allowOctave)
            }
            if format == .json {
                Terminal.out(TempoOutput.json(track: track, estimate: estimate, check: check))
            } else if let e = estimate {
                Terminal.out(
                    String(
                        format: "%.2f BPM (confidence %.2f%@); half time %.2f (score %.2f), double time %.2f (score %.2f)\n", e.bpm,
                        e.confidence, e.isSteady ? "" : ", no steady beat", e.half.bpm, e.half.score, e.double.bpm, e.double.score))
            } else {
                Terminal.out("no tempo: the track is too short or silent\n")
            }
            if let check {
                let hint = check.verdict == .octave ? "; pass --allow-octave to accept it" : ""
                Terminal.err("beatmap: \(check.verdict == .pass ? "" : "error: ")\(track): \(check.message)\(hint)")
                if check.verdict != .pass { throw ToolExit.problemsFound }
            }
        }
    }

    struct Detect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draft a beat map from audio (Ellis 2007 dynamic-programming beat tracking), to correct by ear.",
            discussion: "Writes any beat map format by extension: .json, .txt, .csv, .swift, or Audacity labels with --map-format audacity."
        )

        @Argument(help: ArgumentHelp("The music track.", valueName: "track"))
        var track: String

        @Option(name: [.short, .long], help: ArgumentHelp("Where to write the map (default: text on standard output).", valueName: "map"))
        var output: String?

        @Option(name: .long, help: "Beat map format: json, text, csv, audacity or swift (default: by extension).")
        var mapFormat: BeatMapFormat?

        @Option(name: .long, help: "Tempo hint in BPM.")
        var bpm: Double?

        @Option(name: .long, help: "Lowest tempo considered.")
        var minBpm: Double = 40

        @Option(name: .long, help: "Highest tempo considered.")
        var maxBpm: Double = 250

        @Flag(name: .long, help: "Snap the draft onto its fitted grid.")
        var quantize = false

        @Option(name: .long, help: ArgumentHelp("Array name for Swift output.", valueName: "name"))
        var symbol: String = "beatMap"

        func validate() throws {
            try OptionBounds.check(minBpm, in: OptionBounds.bpm, flag: "--min-bpm", unit: "BPM")
            try OptionBounds.check(maxBpm, in: OptionBounds.bpm, flag: "--max-bpm", unit: "BPM")
            guard maxBpm > minBpm else { throw ValidationError("--max-bpm must be above --min-bpm") }
            if let bpm, !(bpm >= minBpm && bpm <= maxBpm) { throw ValidationError("--bpm must lie between --min-bpm and --max-bpm") }
        }

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func run() throws {
            try OutputGuard.check([output], against: [track])
            let onset = try TempoEstimator.onsetStrength(path: track, limits: limitOptions.limits.audio)
            guard let draft = BeatMapDraft(onset, range: minBpm...maxBpm, bpm: bpm, quantize: quantize) else {
                throw ToolFailure("\(track): too short or silent to find a beat")
            }
            let estimate = draft.estimate
            let format = mapFormat ?? BeatMapFormat.forOutput(path: output)
            try Terminal.emit(BeatMapWriter.string(draft.map, format: format, symbol: symbol), to: output)
            if !estimate.isSteady {
                Terminal.err(
                    "beatmap: warning: \(track): no steady beat (confidence \(String(format: "%.2f", estimate.confidence))); check the draft by ear"
                )
            }
        }
    }

    struct Grid: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write a perfect beat grid: offset + n·60/BPM up to the duration.")

        @Option(name: .long, help: "Tempo in BPM.")
        var bpm: Double

        @Option(name: .long, help: "Time of the first beat, seconds.")
        var offset: Double = 0

        @Option(name: .long, help: "Length in seconds.")
        var duration: Double

        @Option(name: [.short, .long], help: ArgumentHelp("Where to write the map (default: standard output).", valueName: "map"))
        var output: String?

        @Option(name: .long, help: "Beat map format: json, text, csv, audacity or swift (default: by extension).")
        var mapFormat: BeatMapFormat?

        @Option(name: .long, help: ArgumentHelp("Array name for Swift output.", valueName: "name"))
        var symbol: String = "beatMap"

        func validate() throws {
            try OptionBounds.check(bpm, in: OptionBounds.bpm, flag: "--bpm", unit: "BPM")
            guard duration > 0 && duration <= 36_000 else { throw ValidationError("--duration must be between 0 and 36000 seconds") }
            guard offset >= 0 && offset < duration else { throw ValidationError("--offset must be at least 0 and before --duration") }
        }

        func run() throws {
            let format = mapFormat ?? BeatMapFormat.forOutput(path: output)
            try Terminal.emit(
                BeatMapWriter.string(BeatMap.grid(bpm: bpm, offset: offset, duration: duration), format: format, symbol: symbol), to: output
            )
        }
    }

    struct Fit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Report the BPM and offset that best explain a hand-made beat map (least squares).")

        @Argument(help: ArgumentHelp("The beat map.", valueName: "map"))
        var map: String

        @OptionGroup var mapOptions: MapOptions

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func run() throws {
            let (beatMap, findings) = try mapOptions.read(map, limits: limitOptions.limits)
            guard let beatMap else {
                try FindingsOutput.stop(tool: "beatmap", file: map, diagnostics: findings)
            }
            guard let fit = GridFit(times: beatMap.times) else {
                throw ToolFailure(
                    "\(map): \(beatMap.count) finite beat\(beatMap.count == 1 ? "" : "s"); a grid needs at least 2 distinct times")
            }
            Terminal.out(
                String(
                    format: "%.3f BPM, first beat at %.4f s; residuals: rms %.1f ms, max %.1f ms over %d beats\n", fit.bpm, fit.offset,
                    fit.rmsResidual * 1000, fit.maxResidual * 1000, beatMap.count))
        }
    }
}
