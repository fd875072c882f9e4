import ArgumentParser
import AudioKitLinux
import ToolSupport

extension AHAPTool {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Print the JSON Schema of an AHAP file (schemas/ahap.schema.json), generated from the validator's tables.",
            discussion: "Editors validate as you type with it (docs/schemas.md); ahap-tool validate checks what a schema cannot.")

        func run() throws { Terminal.out(AHAPSchema.text) }
    }
}
