import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension AHAPTool {
    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "info",
            abstract: "Summarize a pattern: duration, events by type, parameter ranges, curves and referenced audio.")

        @Argument(help: ArgumentHelp("The AHAP or .haptic file.", valueName: "file"))
        var file: String

        @Option(name: .long, help: "Output format: text or json.")
        var format: DataFormat = .text

        @OptionGroup var parsing: AHAPParsingOptions

        func run() throws {
            let document: AHAPDocument
            if HapticFileFormat(path: file) == .haptic {
                // A .haptic clip is summarised as the pattern it converts to.
                document = try PatternInput.loadHaptic(file, parsing: parsing, force: true)
            } else {
                let result = try AHAPValidator.validate(path: file, options: parsing.validationOptions)
                guard let d = result.document else {
                    try FindingsOutput.stop(tool: "ahap-tool", file: file, diagnostics: result.diagnostics)
                }
                document = d
            }
            let info = AHAPInfo(
                pattern: document.pattern, file: file, baseDirectory: document.baseDirectory ?? ".",
                allowOutside: parsing.allowOutsidePaths,
                audioLimits: parsing.limitOptions.limits.audio)
            Terminal.out(format == .json ? JSONWriter(indent: "  ").string(from: info.jsonValue) : info.text)
        }
    }
}
