import ArgumentParser
import AudioKitLinux
import ToolSupport

extension AHAPTool {
    struct Rules: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the validation rules, or show one rule's rationale and examples.")

        @Argument(help: ArgumentHelp("A rule id, such as ahap.continuous_too_long.", valueName: "rule-id"))
        var id: String?

        @Flag(name: .long, help: "Print the whole rule list as Markdown (docs/rules.md).")
        var markdown = false

        func run() throws {
            if markdown {
                Terminal.out(RuleDocumentation.markdown(AHAPRuleRegistry.descriptions))
                return
            }
            guard let id else {
                Terminal.out(RuleDocumentation.table(AHAPRuleRegistry.descriptions))
                return
            }
            guard let rule = AHAPRuleRegistry.description(for: id) else {
                throw ToolFailure("unknown rule \"\(id)\"; run `ahap-tool rules` for the list")
            }
            Terminal.out(RuleDocumentation.detail(rule))
        }
    }
}
