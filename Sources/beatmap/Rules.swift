import ArgumentParser
import AudioKitLinux
import ToolSupport

extension Beatmap {
    struct Rules: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rules",
            abstract: "List the rules behind every finding (reading, lint, check, tempo, manifests), or show one rule.")

        @OptionGroup var listing: RuleListingOptions

        func run() throws {
            try listing.print(
                BeatMapRules.all, lookup: BeatMapRules.description(for:), title: "beatmap rules",
                source: "`Sources/AudioKitLinux/Beats/BeatMapRules.swift`", command: "beatmap rules")
        }
    }
}
