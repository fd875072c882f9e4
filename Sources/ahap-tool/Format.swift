import ArgumentParser
import AudioKitLinux
import ToolSupport

extension AHAPTool {
    struct Format: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "format",
            abstract: "Pretty-print an AHAP file in canonical form (trailing commas and comments removed).",
            discussion:
                "Prints to standard output unless --in-place or --output is given. Formatting twice changes nothing; the meaning is kept.")

        @Argument(help: ArgumentHelp("The AHAP file.", valueName: "file"))
        var file: String

        @Flag(name: .shortAndLong, help: "Rewrite the file in place (atomically).")
        var inPlace = false

        @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead (atomically).", valueName: "file"))
        var output: String?

        @Flag(name: .long, help: "Exit 1 without writing if the file is not already canonical (for CI).")
        var check = false

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func validate() throws {
            if inPlace && output != nil { throw ValidationError("use --in-place or --output, not both") }
        }

        func run() throws {
            let bytes = try InputFile.read(file, maxBytes: limitOptions.maxFileSize)
            let (text, diagnostics) = try AHAPFormatter.format(bytes: bytes, file: file, limits: limitOptions.limits)
            guard let text else { try FindingsOutput.stop(tool: "ahap-tool", file: file, diagnostics: diagnostics) }
            if check {
                if Array(text.utf8) != bytes {
                    Terminal.err("\(file): not canonically formatted; run ahap-tool format --in-place \(file)")
                    throw ToolExit.problemsFound
                }
                return
            }
            try OutputGuard.check([output], against: [file])
            try Terminal.emit(text, to: inPlace ? file : output, replacing: inPlace ? file : nil)
        }
    }
}
