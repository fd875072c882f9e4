import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension AHAPTool {
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Convert a .haptic clip (Meta Haptics Studio, Lofelt Studio) to AHAP.",
            discussion: """
                The target follows the extension of -o (.ahap). Intensity is √amplitude (×0.8 at an emphasis), sharpness \
                √frequency; each emphasis becomes a transient; curves are chained at 16 points with relative times; \
                continuous events last at most 30 s. What maps to what: docs/haptic-interchange.md. A clip with errors \
                (ahap-tool validate) is refused unless --force.
                """)

        @Argument(help: ArgumentHelp("The .haptic file.", valueName: "input"))
        var input: String

        @Option(
            name: [.short, .long],
            help: ArgumentHelp(
                "The AHAP file to write (atomically); with --split, NAME_continuous.ahap and NAME_transients.ahap.", valueName: "file"))
        var output: String

        @Flag(name: .long, help: "Write the continuous events and curves, and the transients, to two files (as Meta and Lofelt do).")
        var split = false

        @Flag(name: .long, help: "Convert a clip even when it has errors.")
        var force = false

        @OptionGroup var parsing: AHAPParsingOptions

        func validate() throws {
            guard HapticFileValidator.isHapticFile(input) else {
                throw ValidationError("the input must be a .haptic file (AHAP to .haptic and Android targets are not available yet)")
            }
            guard output.lowercased().hasSuffix(".ahap") else { throw ValidationError("-o must name an .ahap file") }
        }

        var outputs: [String] {
            guard split else { return [output] }
            let base = (output as NSString).deletingPathExtension
            return [base + "_continuous.ahap", base + "_transients.ahap"]
        }

        func run() throws {
            try OutputGuard.check(outputs, against: [input])
            let result = try HapticFileValidator.validate(path: input, options: parsing.validationOptions)
            let errors = result.diagnostics.filter { $0.severity == .error }
            guard let clip = result.clip, errors.isEmpty || force else {
                try FindingsOutput.stop(
                    tool: "ahap-tool", file: input, diagnostics: errors.isEmpty ? result.diagnostics : errors,
                    failure: "\(input) is not a valid .haptic clip; fix it (ahap-tool validate \(input)), or pass --force")
            }
            var written: [(String, AHAPPattern)] = []
            if split {
                let halves = HapticToAHAP.split(clip)
                written.append((outputs[0], halves.continuous))
                if let t = halves.transients { written.append((outputs[1], t)) }
            } else {
                written.append((output, HapticToAHAP.convert(clip)))
            }
            for (path, pattern) in written {
                try Terminal.emit(AHAPFormatter.format(pattern.jsonValue) + "\n", to: path)
                let e = pattern.events.count, c = pattern.curves.count
                Terminal.err("ahap-tool: wrote \(path): \(e) event\(e == 1 ? "" : "s"), \(c) curve\(c == 1 ? "" : "s")")
            }
            if split && written.count == 1 { Terminal.err("ahap-tool: note: \(input) has no emphasis; no transients file written") }
        }
    }
}
