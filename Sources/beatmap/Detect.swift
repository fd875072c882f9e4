import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension Beatmap {
    struct Detect: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "detect",
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

        @Flag(
            name: .long, help: "Write the beats of the song's fitted tempo map (as beatmap draft places it) instead of the tracked beats.")
        var quantize = false

        @Option(name: .long, help: ArgumentHelp("Array name for Swift output.", valueName: "name"))
        var symbol: String = "beatMap"

        func validate() throws {
            _ = try MapOutput.format(mapFormat, path: output, flag: "--map-format")
            try OptionBounds.check(minBpm, in: OptionBounds.bpm, flag: "--min-bpm", unit: "BPM")
            try OptionBounds.check(maxBpm, in: OptionBounds.bpm, flag: "--max-bpm", unit: "BPM")
            guard maxBpm > minBpm else { throw ValidationError("--max-bpm must be above --min-bpm") }
            if let bpm, !(bpm >= minBpm && bpm <= maxBpm) { throw ValidationError("--bpm must lie between --min-bpm and --max-bpm") }
        }

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func run() throws {
            try OutputGuard.check([output], against: [track])
            let draft: BeatMapDraft?
            if quantize {
                // The grid as `beatmap draft` places it: sections, refined on the onsets, on the beat.
                draft = BeatMapDraft.onFittedGrid(
                    try DraftAnalysis.onset(path: track, limits: limitOptions.limits.audio), range: minBpm...maxBpm, bpm: bpm)
            } else {
                draft = BeatMapDraft(
                    try TempoEstimator.onsetStrength(path: track, limits: limitOptions.limits.audio), range: minBpm...maxBpm, bpm: bpm)
            }
            guard let draft else {
                throw ToolFailure("\(track): too short or silent to find a beat")
            }
            let estimate = draft.estimate
            let format = try MapOutput.format(mapFormat, path: output, flag: "--map-format")
            MapOutput.sayPlainText(mapFormat, path: output, flag: "--map-format")
            let text = BeatMapWriter.string(draft.map, format: format, symbol: symbol)
            try MapOutput.checkSize(text, path: output, limits: limitOptions.limits)
            try Terminal.emit(text, to: output)
            if !estimate.isSteady {
                Terminal.err(
                    "beatmap: warning: \(track): no steady beat (confidence \(String(format: "%.2f", estimate.confidence))); check the draft by ear"
                )
            }
        }
    }
}
