import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension Beatmap {
    struct Grid: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "grid", abstract: "Write a perfect beat grid: offset + n·60/BPM up to the duration.")

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
}
