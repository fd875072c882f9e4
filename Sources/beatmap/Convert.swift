import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension Beatmap {
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Convert a beat map or chart to another format: a beat list, or a chart the editors open (.sm, .osu, .qua, Beat Saber .dat).",
            discussion:
                "Charts are written on the map's tempo map (a chart's own, or --bpm and --offset, or the map's declared BPM and offset). StepMania stores rows of 1/48 beat: the largest rounding error is printed when it exceeds 1 ms. Hits go to four lanes in turn."
        )

        @Argument(help: ArgumentHelp("The beat map or chart to read.", valueName: "map"))
        var map: String

        @Option(name: [.short, .long], help: ArgumentHelp("Where to write (default: standard output, as text).", valueName: "file"))
        var output: String?

        @Option(
            name: .long,
            help: "Output format: json, text, csv, audacity, swift, stepmania, osu, quaver or beatsaber (default: by extension).")
        var to: BeatMapFormat?

        @Option(name: .long, help: ArgumentHelp("Tempo map for the output chart: a steady tempo in BPM.", valueName: "bpm"))
        var bpm: Double?

        @Option(name: .long, help: ArgumentHelp("With --bpm: the audio time of beat 0, in seconds.", valueName: "seconds"))
        var offset: Double = 0

        @Option(name: .long, help: ArgumentHelp("The song file the chart names (default: audio.ogg).", valueName: "name"))
        var audio: String = "audio.ogg"

        @OptionGroup var mapOptions: MapOptions
        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func validate() throws {
            try OptionBounds.check(bpm, in: OptionBounds.bpm, flag: "--bpm", unit: "BPM")
            guard offset.isFinite, abs(offset) < 86_400 else { throw ValidationError("--offset must be a number of seconds") }
        }

        func run() throws {
            try OutputGuard.check([output], against: [map])
            let (read, findings) = try mapOptions.read(map, limits: limitOptions.limits)
            guard var beatMap = read else { try FindingsOutput.stop(tool: "beatmap", file: map, diagnostics: findings) }
            if let bpm { beatMap.tempoMap = TempoMap(offset: offset, bpm: bpm) }
            let format = try MapOutput.format(to, path: output, flag: "--to")
            if format.isChart, ChartWriter.writable(beatMap).count < beatMap.count {
                throw ToolFailure("\(map): a chart holds times within a day of 0 s; the map has times that are not finite or beyond that")
            }
            let title = ((output ?? map) as NSString).lastPathComponent.split(separator: ".").first.map(String.init) ?? "beatmap"
            if format == .stepmania {
                let error = ChartWriter.stepManiaRoundingError(beatMap)
                if error > 0.001 {
                    Terminal.err(
                        String(
                            format:
                                "beatmap: warning: %@: StepMania rows of 1/48 beat move hits by up to %.1f ms on this tempo map; give the chart's tempo with --bpm and --offset to keep them",
                            output ?? "output", error * 1000))
                }
            }
            if format.isChart, beatMap.tempoMap == nil, beatMap.bpm.map(TempoMap.bpmRange.contains) != true {
                Terminal.err(
                    "beatmap: warning: \(map) declares no tempo: the chart is written on 60 BPM from 0 s, so its beats mean nothing; give --bpm and --offset\n"
                )
            }
            let text = BeatMapWriter.string(beatMap, format: format, title: title, audio: audio)
            try MapOutput.checkSize(text, path: output, limits: limitOptions.limits)
            try Terminal.emit(text, to: output)
        }
    }
}
