import ArgumentParser
import AudioKitLinux
import ToolSupport

extension AHAPTool {
    struct Rules: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rules",
            abstract: "List the validation rules (AHAP and .haptic), or show one rule's rationale and examples.")

        @OptionGroup var listing: RuleListingOptions

        func run() throws {
            let all = AHAPRuleRegistry.descriptions + HapticRuleRegistry.descriptions
            try listing.print(
                all, lookup: { id in all.first { $0.id == id || $0.formerIDs.contains(id) } }, title: "AHAP and .haptic validation rules",
                source:
                    "the rule descriptions in `Sources/AssetValidation/Haptics/AHAP/Rules/` and "
                    + "`Sources/AssetValidation/Haptics/HapticClip/`",
                command: "ahap-tool rules")
        }
    }
}
