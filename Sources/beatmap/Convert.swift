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
                "Charts are written on the map's tempo map (a chart's own, or --bpm and --offset, or the map's declared BPM and offset); a Beat Saber difficulty is written with its Info.dat (made, or the difficulty added to the one in its folder). What is written is read back first: when a hit comes back more than 1 ms off (StepMania's rows of 1/48 beat, whole milliseconds in osu! and Quaver) or shares a place with another, a warning gives the true figures, and --werror makes it an error (exit 1, nothing written). A file that exists is replaced, with a note. A chart's notes keep their lanes, holds and metadata; a list of hits goes to four lanes in turn."
        )

        @Argument(help: ArgumentHelp("The beat map or chart to read.", valueName: "map"))
        var map: String

        @Option(name: [.short, .long], help: ArgumentHelp("Where to write (default: standard output, as text).", valueName: "file"))
        var output: String?

        @Option(
            name: .long,
            help: "Output format: json, text, csv, audacity, swift, stepmania, osu, quaver, beatsaber or clonehero (default: by extension)."
        )
        var to: BeatMapFormat?

        @Option(name: .long, help: ArgumentHelp("Tempo map for the output chart: a steady tempo in BPM.", valueName: "bpm"))
        var bpm: Double?

        @Option(name: .long, help: ArgumentHelp("With --bpm: the audio time of beat 0, in seconds.", valueName: "seconds"))
        var offset: Double = 0

        @Option(name: .long, help: ArgumentHelp("The song file the chart names (default: audio.ogg).", valueName: "name"))
        var audio: String = "audio.ogg"

        @Flag(name: .long, help: "Fail (exit 1, nothing written) when the output does not read back as the map's hits within 1 ms.")
        var werror = false

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
            if format.isChart, beatMap.tempoMap == nil, beatMap.bpm.map(TempoMap.bpmRange.contains) != true {
                Terminal.err(
                    "beatmap: warning: \(map) declares no tempo: the chart is written on 60 BPM from 0 s, so its beats mean nothing; give --bpm and --offset\n"
                )
            }
            let set: ChartFileSet
            do {
                set = try ChartFiles.make(beatMap, format: format, path: output, title: title, audio: audio, limits: limitOptions.limits)
            } catch { throw ToolFailure(error) }
            if let warning = set.readBack.warning(path: output ?? "output") {
                if werror {
                    Terminal.err("beatmap: error: \(warning); nothing was written (--werror)\n")
                    throw ToolExit.problemsFound
                }
                Terminal.err("beatmap: warning: \(warning)\n")
            }
            for file in set.files { try MapOutput.checkSize(file.text, path: file.path, limits: limitOptions.limits) }
            for (k, file) in set.files.enumerated() {
                if let path = file.path, FileManager.default.fileExists(atPath: path) {
                    Terminal.err("beatmap: note: \(path) exists and is \(k == 0 ? "replaced" : "updated")\n")
                }
                // A Beat Saber Info.dat beside the difficulty was read to be updated: it is rewritten in place.
                try Terminal.emit(file.text, to: file.path, replacing: k == 0 ? nil : file.path)
            }
        }
    }
}
