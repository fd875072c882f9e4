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
                // Half and double of the tempo as shown (88.00: 44.00 and 176.00, not 175.99 for 87.997 doubled).
                let shown = (e.bpm * 100).rounded() / 100
                Terminal.out(
                    String(
                        format: "%.2f BPM (confidence %.2f%@); half time %.2f (score %.2f), double time %.2f (score %.2f)\n", shown,
                        e.confidence, e.isSteady ? "" : ", no steady beat", shown / 2, e.half.score, shown * 2, e.double.score))
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
}
