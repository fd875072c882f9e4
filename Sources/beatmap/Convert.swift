import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension Beatmap {
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "convert",
            abstract:
                "Convert a beat map or chart to another format: a beat list, or a chart the editors open (.sm, .osu, .qua, Beat Saber .dat).",
            discussion:
                "Charts are written on the map's tempo map (a chart's own, or --bpm and --offset, or the map's declared BPM and offset); a Beat Saber difficulty is written with its Info.dat (made, or the difficulty added to the one in its folder). What is written is read back first: when a hit comes back more than 1 ms off (StepMania's rows of 1/48 beat, whole milliseconds in osu! and Quaver) or shares a place with another, a warning gives the true figures, and --werror makes it an error (exit 1, nothing written). A file that exists is replaced, with a note. A chart's notes keep their lanes, holds and metadata; a list of hits goes to four lanes in turn. A file of several charts (a StepMania song's difficulties, a .chart's tracks, an Info.dat's difficulties) keeps every chart in a .sm, those on one timing; into a format of one chart a file, the chart --chart names (default: the hardest) is written and the others are named in a note, and --chart all writes each to a file of its own (song.Hard.osu beside -o song.osu)."
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

        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp("With --bpm: the audio time of beat 0, in seconds.", valueName: "seconds"))
        var offset: Double = 0

        @Option(name: .long, help: ArgumentHelp("The song file the chart names (default: audio.ogg).", valueName: "name"))
        var audio: String = "audio.ogg"

        @Flag(name: .long, help: "Fail (exit 1, nothing written) when the output does not read back as the map's hits within 1 ms.")
        var werror = false

        @OptionGroup var mapOptions: MapOptions
        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func validate() throws {
            _ = try MapOutput.format(to, path: output, flag: "--to")
            try OptionBounds.check(bpm, in: OptionBounds.bpm, flag: "--bpm", unit: "BPM")
            guard offset.isFinite, abs(offset) < 86_400 else { throw ValidationError("--offset must be a number of seconds") }
            if mapOptions.chart?.lowercased() == ChartSetConversion.everyChart {
                guard let output else {
                    throw ValidationError("--chart all writes each chart to a file of its own, named after -o; give -o")
                }
                if (to ?? BeatMapFormat.detect(path: output, bytes: [])).map(\.writesOneChartAtATime) == true {
                    throw ValidationError(
                        "--chart all cannot write Beat Saber: a difficulty's file name is its difficulty, listed once in Info.dat; convert one chart at a time (--chart N -o Expert.dat), or every chart into one .sm"
                    )
                }
            }
        }

        func run() throws {
            try OutputGuard.check([output], against: [map])
            let format = try MapOutput.format(to, path: output, flag: "--to")
            MapOutput.sayPlainText(to, path: output, flag: "--to")
            let plan = try ConvertPlan.make(self, format: format)
            FindingsOutput.say(tool: "beatmap", file: map, diagnostics: plan.diagnostics)
            let title = ((output ?? map) as NSString).lastPathComponent.split(separator: ".").first.map(String.init) ?? "beatmap"
            try OutputGuard.check(plan.parts.map(\.path), against: [map])
            // Each file, and whether it updates one there (a Beat Saber Info.dat beside its difficulty).
            var files: [(path: String?, text: String, update: Bool)] = []
            var warnings: [String] = []
            for part in plan.parts {
                var maps = part.maps
                if let bpm {
                    maps = maps.map {
                        var m = $0
                        m.tempoMap = TempoMap(offset: offset, bpm: bpm)
                        m.tempoOrigin = .declared
                        return m
                    }
                }
                if format.isChart, maps.contains(where: { ChartWriter.writable($0).count < $0.count }) {
                    throw ToolFailure(
                        "\(map): a chart holds times within a day of 0 s; the map has times that are not finite or beyond that")
                }
                if format.isChart, let m = maps.first, m.tempoMap == nil {
                    Terminal.err(
                        "beatmap: warning: \(map) declares no tempo: the chart is written on 60 BPM from 0 s, so its beats mean nothing; give --bpm and --offset\n"
                    )
                }
                let set: ChartFileSet
                do {
                    set =
                        maps.count > 1
                        ? ChartFiles.stepMania(charts: maps, path: part.path, title: title, audio: audio)
                        : try ChartFiles.make(
                            maps[0], format: format, path: part.path, title: title, audio: audio, limits: limitOptions.limits)
                } catch { throw ToolFailure(error) }
                if let warning = set.readBack.warning(path: part.path ?? "output") { warnings.append(warning) }
                files += set.files.enumerated().map { ($1.path, $1.text, $0 > 0) }
            }
            if !warnings.isEmpty {
                for warning in warnings {
                    Terminal.err(
                        "beatmap: \(werror ? "error" : "warning"): \(warning)\(werror ? "; nothing was written (--werror)" : "")\n")
                }
                if werror { throw ToolExit.problemsFound }
            }
            for file in files { try MapOutput.checkSize(file.text, path: file.path, limits: limitOptions.limits) }
            ConvertPlan.sayLeftOut(plan, input: map, format: format)
            for file in files {
                if let path = file.path, path != "-", FileManager.default.fileExists(atPath: path) {
                    Terminal.err("beatmap: note: \(path) exists and is \(file.update ? "updated" : "replaced")\n")
                }
                // A Beat Saber Info.dat beside the difficulty was read to be updated: it is rewritten in place.
                try Terminal.emit(file.text, to: file.path, replacing: file.update ? file.path : nil)
            }
        }
    }
}
