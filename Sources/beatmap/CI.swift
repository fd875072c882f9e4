import ArgumentParser
import AudioKitLinux
import ToolSupport

extension Beatmap {
    struct CI: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ci",
            abstract: "Check a game's whole audio set from one manifest: declared BPMs, beat maps against their tracks, AHAP files.",
            discussion: """
                The manifest (JSON) lists {"tracks": [{"audio", "bpm", "beatmaps": [...]}], "ahap": [...]}, paths relative to it; \
                see samples/game.json. Checks run in parallel; one exit code: 0 clean, 1 problems, 2 something could not run.
                """)

        @Argument(help: ArgumentHelp("The manifest.", valueName: "manifest"))
        var manifest: String

        @Option(
            name: .long,
            help: ArgumentHelp("Run shard i of n (1-based), e.g. 2/4, to split a catalogue across CI machines.", valueName: "i/n"))
        var shard: Shard?

        @Option(name: .long, help: ArgumentHelp("Tempo tolerance in percent (e.g. 0.5 or 0.5%).", valueName: "percent"))
        var tolerance: Percentage = Percentage(percent: 0.5)

        @Flag(name: .long, help: "Let manifest paths point outside its folder.")
        var allowOutsidePaths = false

        @OptionGroup var report: ReportOptions

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func run() throws {
            try OutputGuard.check([report.output], against: [manifest])
            let (m, findings) = try GameManifest.read(manifest, allowOutside: allowOutsidePaths, limits: limitOptions.limits)
            guard let m else {
                try FindingsOutput.finish(
                    tool: "beatmap", report: Report(toolName: "beatmap", files: [manifest], diagnostics: findings, rules: BeatMapRules.all),
                    failures: [],
                    options: report)
            }
            try OutputGuard.check([report.output], against: m.files)
            var jobs = GameCheck.jobs(m)
            if let shard { jobs = GameCheck.shard(jobs, index: shard.index, count: shard.count) }
            let outcomes = GameCheck.run(jobs, manifest: m, tolerance: tolerance.fraction)
            if !report.quiet { Terminal.err(GameCheck.table(outcomes)) }
            let files = [manifest] + outcomes.map(\.job.asset)
            let rules = BeatMapRules.all + AHAPRuleRegistry.descriptions
            try FindingsOutput.finish(
                tool: "beatmap",
                report: Report(toolName: "beatmap", files: files, diagnostics: findings + outcomes.flatMap(\.diagnostics), rules: rules),
                failures: outcomes.compactMap(\.failure), options: report)
        }
    }
}
