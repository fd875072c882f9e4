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
        var shard: String?

        @Option(name: .long, help: ArgumentHelp("Tempo tolerance in percent.", valueName: "percent"))
        var tolerance: Double = 0.5

        @Flag(name: .long, help: "Let manifest paths point outside its folder.")
        var allowOutsidePaths = false

        @OptionGroup var report: ReportOptions

        var shardParts: (Int, Int)? {
            guard let shard else { return nil }
            let p = shard.split(separator: "/").compactMap { Int($0) }
            return p.count == 2 && p[1] >= 1 && (1...p[1]).contains(p[0]) ? (p[0], p[1]) : nil
        }

        func validate() throws {
            if shard != nil && shardParts == nil { throw ValidationError("--shard takes i/n with 1 ≤ i ≤ n, like 2/4") }
            guard tolerance > 0 && tolerance < 50 else { throw ValidationError("--tolerance must be between 0 and 50 percent") }
        }

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func run() throws {
            try OutputGuard.check([report.output], against: [manifest])
            let (m, findings) = try GameManifest.read(manifest, allowOutside: allowOutsidePaths, limits: limitOptions.limits)
            guard let m else {
                try FindingsOutput.finish(
                    tool: "beatmap", report: Report(toolName: "beatmap", files: [manifest], diagnostics: findings, rules: BeatmapRules.all),
                    failures: [],
                    options: report)
            }
            try OutputGuard.check([report.output], against: m.files)
            var jobs = GameCheck.jobs(m)
            if let (i, n) = shardParts { jobs = GameCheck.shard(jobs, index: i, count: n) }
            let outcomes = GameCheck.run(jobs, manifest: m, tolerance: tolerance / 100)
            if !report.quiet { Terminal.err(GameCheck.table(outcomes)) }
            let files = [manifest] + outcomes.map(\.job.asset)
            let rules = BeatmapRules.all + AHAPRuleRegistry.descriptions
            try FindingsOutput.finish(
                tool: "beatmap",
                report: Report(toolName: "beatmap", files: files, diagnostics: findings + outcomes.flatMap(\.diagnostics), rules: rules),
                failures: outcomes.compactMap(\.failure), options: report)
        }
    }
}
