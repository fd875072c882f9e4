import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension AHAPTool {
    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Summarize a pattern: duration, events by type, parameter ranges, curves and referenced audio.")

        @Argument(help: ArgumentHelp("The AHAP file.", valueName: "file"))
        var file: String

        @Option(name: .long, help: "Output format: text or json.")
        var format: InfoFormat = .text

        @OptionGroup var parsing: AHAPParsingOptions

        enum InfoFormat: String, CaseIterable, ExpressibleByArgument { case text, json }

        func run() throws {
            let result = try AHAPValidator.validate(path: file, options: parsing.validationOptions)
            guard let document = result.document else {
                try FindingsOutput.stop(tool: "ahap-tool", file: file, diagnostics: result.diagnostics)
            }
            let base = (file as NSString).deletingLastPathComponent
            let info = AHAPInfo(
                pattern: document.pattern, file: file, baseDirectory: base.isEmpty ? "." : base, allowOutside: parsing.allowOutsidePaths,
                audioLimits: parsing.limitOptions.limits.audio)
            Terminal.out(format == .json ? JSONWriter(indent: "  ").string(from: info.jsonValue) : info.text)
        }
    }
}
