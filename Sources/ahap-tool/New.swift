import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension AHAPTool {
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Generate a pattern from a template: the games' haptics and UIKit feedback look-alikes.",
            discussion: "Run `ahap-tool new --list` for the templates and their parameters. Every generated file validates clean.")

        @Argument(help: ArgumentHelp("Template name, such as heartbeat or impact-medium.", valueName: "template"))
        var template: String?

        @Option(
            name: .customLong("param"), help: ArgumentHelp("Set a template parameter, as name=value (repeatable).", valueName: "name=value")
        )
        var parameters: [NamedValue] = []

        @Option(
            name: [.short, .long], help: ArgumentHelp("Write to this file (atomically) instead of standard output.", valueName: "file"))
        var output: String?

        @Flag(name: .long, help: "Overwrite the output file if it exists.")
        var force = false

        @Flag(name: .long, help: "List the templates and their parameters.")
        var list = false

        func validate() throws {
            if !list && template == nil { throw ValidationError("name a template, or pass --list") }
        }

        func run() throws {
            if list {
                Terminal.out(TemplateDocumentation.list(AHAPTemplates.all, parameterFlag: "--param"))
                return
            }
            guard let name = template, let t = AHAPTemplates.named(name) else {
                throw ToolFailure("unknown template \"\(template ?? "")\"; run `ahap-tool new --list`")
            }
            var values: [String: Double] = [:]
            for p in parameters { values[p.name] = p.value }
            let pattern: AHAPPattern
            do { pattern = try t.pattern(values) } catch { throw ToolFailure(error.description) }
            if let output, FileManager.default.fileExists(atPath: output), !force {
                throw ToolFailure("\(output): already exists; pass --force to replace it")
            }
            try Terminal.emit(AHAPFormatter.format(pattern.jsonValue), to: output)
        }
    }
}
