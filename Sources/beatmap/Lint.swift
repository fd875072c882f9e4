import ArgumentParser
import AudioKitLinux
import ToolSupport

/// How a beat map is read, shared by the commands that read one.
struct MapOptions: ParsableArguments {
    @Option(
        name: .long,
        help:
            "Beat map format when the extension does not say: json, text, csv, audacity, swift, stepmania, osu, quaver, beatsaber or clonehero."
    )
    var mapFormat: BeatMapFormat?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "In a chart file with several charts, the one to read: its difficulty or description (StepMania), its difficulty (Beat Saber Info.dat), or player, opponent or both (Friday Night Funkin'). Default: the hardest; the player's notes.",
            valueName: "name"))
    var chart: String?

    @Option(name: .long, help: ArgumentHelp("In Swift source, the name of the array to read.", valueName: "name"))
    var symbol: String?

    @Option(name: .long, help: ArgumentHelp("The game's hit window, ± seconds.", valueName: "seconds"))
    var hitWindow: Double = 0.150

    @Option(name: .long, help: ArgumentHelp("Hits closer than this are one tap for a player (beatmap.too_close), in ms.", valueName: "ms"))
    var minGapMs: Double = 60

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A chart's hit further than this from every subdivision of its tempo map is off the grid, in ms.", valueName: "ms"))
    var offGridMs: Double = 10

    func validate() throws {
        guard hitWindow > 0 && hitWindow < 5 else { throw ValidationError("--hit-window must be between 0 and 5 seconds") }
        guard minGapMs >= 0 && minGapMs <= 1000 else { throw ValidationError("--min-gap-ms must be between 0 and 1000") }
        guard offGridMs > 0 && offGridMs <= 100 else { throw ValidationError("--off-grid-ms must be between 0 and 100") }
    }

    /// The lint settings these options give, with the track's length when known.
    func lintOptions(audioDuration: Double? = nil) -> BeatLintOptions {
        var o = BeatLintOptions(hitWindow: hitWindow, audioDuration: audioDuration)
        o.minimumGap = minGapMs / 1000
        o.offGridTolerance = offGridMs / 1000
        return o
    }

    func read(_ path: String, limits: InputLimits) throws(InputError) -> (BeatMap?, [Diagnostic]) {
        let result = try BeatMapReader.read(path: path, format: mapFormat, symbol: symbol, chart: chart, limits: limits)
        return (result.map, result.diagnostics)
    }
}

extension Beatmap {
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lint",
            abstract:
                "Check a beat map on its own: order, duplicates, spacing against the hit window, outliers, and (with --audio) the track's length."
        )

        @Argument(
            help: ArgumentHelp(
                "Beat map files: .json, .txt, .csv, Audacity labels, Swift source, or charts (.sm, .ssc, .osu, .qua, Beat Saber .dat).",
                valueName: "map"))
        var maps: [String]

        @Option(name: .long, help: ArgumentHelp("The music track, to check beats against its length.", valueName: "audio"))
        var audio: String?

        @OptionGroup var mapOptions: MapOptions
        @OptionGroup var report: ReportOptions

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func run() throws {
            try OutputGuard.check([report.output], against: maps + (audio.map { [$0] } ?? []))
            let duration = try audio.map { try AudioFile.info($0, limits: limitOptions.limits.audio).duration }
            var diagnostics: [Diagnostic] = []
            var failures: [InputError] = []
            for path in maps {
                do throws(InputError) {
                    let (map, read) = try mapOptions.read(path, limits: limitOptions.limits)
                    diagnostics += read
                    if let map {
                        diagnostics += BeatRuleRegistry.lint(
                            map, options: mapOptions.lintOptions(audioDuration: duration))
                    }
                } catch {
                    failures.append(error)
                }
            }
            let r = Report(
                toolName: "beatmap", files: maps, diagnostics: diagnostics,
                rules: BeatMapRules.all)
            try FindingsOutput.finish(tool: "beatmap", report: r, failures: failures, options: report)
        }
    }
}
