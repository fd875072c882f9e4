import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension AHAPTool {
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Convert between .haptic clips (Meta Haptics Studio, Lofelt Studio) and AHAP.",
            discussion: """
                The target follows the extension of -o: .haptic to .ahap, or .ahap to .haptic. To AHAP: intensity is \
                √amplitude (×0.8 at an emphasis), sharpness √frequency; each emphasis becomes a transient; curves are chained \
                at 16 points with relative times; continuous events last at most 30 s. To .haptic: the inverse, and each \
                thing .haptic cannot hold (audio, event envelopes, other dynamic parameters, overlaps) is a warning on its \
                line (ahap.lost_in_conversion; exit 1 with --werror). What maps to what: docs/haptic-interchange.md. An \
                input with errors (ahap-tool validate) is refused unless --force.
                """)

        @Argument(help: ArgumentHelp("The .haptic or .ahap file.", valueName: "input"))
        var input: String

        @Option(
            name: [.short, .long],
            help: ArgumentHelp(
                "The AHAP file to write (atomically); with --split, NAME_continuous.ahap and NAME_transients.ahap.", valueName: "file"))
        var output: String

        @Flag(name: .long, help: "Write the continuous events and curves, and the transients, to two files (as Meta and Lofelt do).")
        var split = false

        @Flag(name: .long, help: "Convert an input even when it has errors.")
        var force = false

        @Flag(name: .long, help: "Exit 1 when something is lost in the conversion to .haptic.")
        var werror = false

        @OptionGroup var parsing: AHAPParsingOptions

        var toHaptic: Bool { output.lowercased().hasSuffix(".haptic") }

        func validate() throws {
            let fromHaptic = HapticFileValidator.isHapticFile(input)
            let fromAHAP = input.lowercased().hasSuffix(".ahap")
            guard (fromHaptic && output.lowercased().hasSuffix(".ahap")) || (fromAHAP && toHaptic) else {
                throw ValidationError(
                    "convert goes from .haptic to .ahap or from .ahap to .haptic, by the files' extensions (Android targets are not available yet)"
                )
            }
            if split && toHaptic { throw ValidationError("--split applies to AHAP output") }
        }

        var outputs: [String] {
            split ? SplitOutputs.paths(for: output) : [output]
        }

        func run() throws {
            try OutputGuard.check(outputs, against: [input])
            if toHaptic { return try runToHaptic() }
            let clip = try PatternInput.hapticClip(input, parsing: parsing, force: force)
            var written: [(String, AHAPPattern)] = []
            if split {
                let halves = HapticToAHAP.split(clip)
                // A half with nothing in it is not written: an empty pattern is one Core Haptics refuses.
                if !halves.continuous.elements.isEmpty { written.append((outputs[0], halves.continuous)) }
                if let t = halves.transients { written.append((outputs[1], t)) }
            } else {
                written.append((output, HapticToAHAP.convert(clip)))
            }
            for (path, pattern) in written {
                try Terminal.emit(AHAPFormatter.format(pattern.jsonValue) + "\n", to: path)
                let e = pattern.events.count, c = pattern.curves.count
                Terminal.err("ahap-tool: wrote \(path): \(e) event\(e == 1 ? "" : "s"), \(c) curve\(c == 1 ? "" : "s")")
            }
            for path in outputs where split && !written.contains(where: { $0.0 == path }) {
                Terminal.err("ahap-tool: note: \(path) not written: \(input) has nothing for that half")
            }
        }

        func runToHaptic() throws {
            let document = try PatternInput.load(input, parsing: parsing, force: force)
            let (clip, losses) = AHAPToHaptic.convert(document.pattern)
            guard let clip else {
                throw ToolFailure("\(input) has no haptic event; a .haptic clip holds haptics only")
            }
            try Terminal.emit(JSONWriter(indent: "  ").string(from: clip.jsonValue) + "\n", to: output)
            let findings = losses.map { loss -> AHAPFinding in
                let kind: String =
                    switch document.pattern.elements[loss.element] {
                    case .event: "Event"
                    case .parameter: "Parameter"
                    case .curve: "ParameterCurve"
                    case .unknown: ""
                    }
                return AHAPFinding(
                    ruleID: LostInConversionRule.description.id, severity: .warning, path: "/Pattern/\(loss.element)/\(kind)", anchor: .key,
                    message: loss.message)
            }
            let diagnostics = try AHAPValidator.locate(findings, in: input, options: parsing.validationOptions)
            for d in diagnostics { Terminal.err(TextReporter.line(d)) }
            Terminal.err(
                "ahap-tool: wrote \(output): \(clip.amplitude.count) amplitude and \(clip.frequency.count) frequency breakpoints, \(clip.amplitude.filter { $0.emphasis != nil }.count) emphasis; \(losses.count) thing\(losses.count == 1 ? "" : "s") lost"
            )
            if werror && !losses.isEmpty { throw ExitCode(1) }
        }
    }
}
