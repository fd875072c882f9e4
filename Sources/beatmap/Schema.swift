import ArgumentParser
import AudioKitLinux
import ToolSupport

extension Beatmap {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Print the JSON Schema of a game manifest, a JSON beat map or an AHAP file (as published in schemas/).",
            discussion: "Generated from the tables the readers check with; editors validate as you type with it (docs/schemas.md).")

        enum Kind: String, ExpressibleByArgument, CaseIterable {
            case manifest, beatmap, ahap
        }

        @Argument(help: ArgumentHelp("Which schema: \(Kind.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "kind"))
        var kind: Kind

        func run() throws {
            switch kind {
            case .manifest: Terminal.out(ManifestJSONSchema.text)
            case .beatmap: Terminal.out(BeatMapJSONSchema.text)
            case .ahap: Terminal.out(AHAPSchema.text)
            }
        }
    }
}
