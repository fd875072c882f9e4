import ArgumentParser
import AudioKitLinux
import ToolSupport

extension AHAPTool {
    struct Rules: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the validation rules, or show one rule's rationale and examples.")

        @OptionGroup var listing: RuleListingOptions

        func run() throws {
            try listing.print(
                AHAPRuleRegistry.descriptions, lookup: AHAPRuleRegistry.description(for:), title: "AHAP validation rules",
                source: "the rule descriptions in `Sources/AudioKitLinux/AHAP/Rules/`", command: "ahap-tool rules")
        }
    }
}
