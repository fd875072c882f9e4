import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension AHAPTool {
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "convert",
            abstract: "Convert between .haptic clips (Meta Haptics Studio, Lofelt Studio), AHAP and Android.",
            discussion: """
                The target follows the extension of -o, or --to: .ahap (from .haptic), .haptic (from .ahap), and for Android \
                .json (android-json), .kt (kotlin) or .java (java), from either. To AHAP: intensity is √amplitude (×0.8 at an \
                emphasis), sharpness √frequency; each emphasis becomes a transient; curves are chained at 16 points with \
                relative times; continuous events last at most 30 s. To .haptic: the inverse, and each thing .haptic cannot \
                hold (audio, event envelopes, other dynamic parameters, overlaps) is a warning on its line \
                (ahap.lost_in_conversion; exit 1 with --werror). To Android: a createWaveform waveform at 10 ms steps (API \
                26, Meta's exporter's method), the emphasis points as Composition primitives (API 31), and a \
                BasicEnvelopeBuilder envelope with sharpness (API 36); the Kotlin object or Java class picks the best the \
                device plays. What maps to what: docs/haptic-interchange.md. An input with errors (ahap-tool validate) is \
                refused unless --force.
                """)

        enum Target: String, ExpressibleByArgument, CaseIterable {
            case ahap, haptic
            case androidJSON = "android-json"
            case kotlin, java

            init?(extensionOf path: String) {
                switch (path as NSString).pathExtension.lowercased() {
                case "ahap": self = .ahap
                case "haptic": self = .haptic
                case "json": self = .androidJSON
                case "kt": self = .kotlin
                case "java": self = .java
                default: return nil
                }
            }

            var isAndroid: Bool { self == .androidJSON || self == .kotlin || self == .java }
        }

        @Argument(help: ArgumentHelp("The .haptic or .ahap file.", valueName: "input"))
        var input: String

        @Option(
            name: [.short, .long],
            help: ArgumentHelp(
                "The file to write (atomically); with --split, NAME_continuous.ahap and NAME_transients.ahap.", valueName: "file"))
        var output: String

        @Option(help: ArgumentHelp("The target, when the extension of -o does not say it.", valueName: "target"))
        var to: Target?

        @Flag(name: .long, help: "Write the continuous events and curves, and the transients, to two files (as Meta and Lofelt do).")
        var split = false

        @Option(name: .customLong("package"), help: ArgumentHelp("The Kotlin or Java package of the generated source.", valueName: "name"))
        var packageName: String?

        @Option(help: ArgumentHelp("The Kotlin object's name (default: the output's file name); Java takes the file's.", valueName: "name"))
        var className: String?

        @Option(help: ArgumentHelp("The Android waveform's step, 1 to 1000 ms (Meta's exporter uses 10).", valueName: "ms"))
        var stepMs: Int = 10

        @Flag(name: .long, help: "Convert an input even when it has errors.")
        var force = false

        @Flag(
            name: .long, help: "Exit 1 when something is lost: in the conversion from AHAP, or an emphasis a one-file AHAP plays otherwise."
        )
        var werror = false

        @OptionGroup var parsing: AHAPParsingOptions

        var target: Target? { to ?? Target(extensionOf: output) }
        var fromHaptic: Bool { HapticFileFormat(path: input) == .haptic }

        func validate() throws {
            guard fromHaptic || input.lowercased().hasSuffix(".ahap") else {
                throw ValidationError("the input must be a .haptic or an .ahap file (by its extension)")
            }
            guard let target else {
                throw ValidationError("-o \(output): name an .ahap, .haptic, .json, .kt or .java file, or give --to")
            }
            if target == .haptic && fromHaptic { throw ValidationError("the input is a .haptic clip already") }
            if target == .ahap && !fromHaptic { throw ValidationError("the input is an AHAP already (ahap-tool format rewrites one)") }
            if split && target != .ahap { throw ValidationError("--split applies to AHAP output") }
            if (packageName != nil || className != nil) && target != .kotlin && target != .java {
                throw ValidationError("--package and --class-name apply to Kotlin and Java output")
            }
            if let packageName, !AndroidSource.isPackageName(packageName) {
                throw ValidationError("--package \(packageName) is not a package name (identifiers joined by dots)")
            }
            if target == .java {
                guard AndroidSource.typeName(forFile: output) != nil else {
                    throw ValidationError(
                        "-o \(output): a Java file is named after its class; name it as one (no keyword, and none of Build, VibrationEffect, Vibrator, Math, System), e.g. ThudHaptics.java"
                    )
                }
                if let className, className != AndroidSource.typeName(forFile: output) {
                    throw ValidationError("--class-name \(className): a public Java class must have its file's name")
                }
            }
            if target == .kotlin, className == nil, AndroidSource.typeName(forFile: output) == nil {
                throw ValidationError("-o \(output): the file's name is no Kotlin identifier; give --class-name")
            }
            if stepMs != 10 && !target.isAndroid { throw ValidationError("--step-ms applies to Android output") }
            try OptionBounds.check(Double(stepMs), in: 1...1000, flag: "--step-ms", unit: " ms")
            if let className, !AndroidSource.isIdentifier(className) {
                throw ValidationError("--class-name \(className) is not an identifier")
            }
        }

        var outputs: [String] {
            split ? SplitOutputs.paths(for: output) : [output]
        }

        func run() throws {
            try OutputGuard.check(outputs, against: [input])
            switch target {
            case .haptic: try runToHaptic()
            case .ahap: try runToAHAP()
            default: try runToAndroid()
            }
        }

        func runToAHAP() throws {
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
            // In one file, an emphasis under the envelope's curves plays otherwise than the clip says: each is a warning on its line.
            let losses = split ? [] : HapticToAHAP.emphasisLosses(clip)
            if !losses.isEmpty {
                for d in try ConversionFindings.located(emphasisLosses: losses, in: input, options: parsing.validationOptions) {
                    Terminal.err(TextReporter.line(d))
                }
            }
            let texts = written.map { AHAPFormatter.format($0.1.jsonValue) }
            for ((path, pattern), text) in zip(written, texts) {
                if let excess = AHAPOutputBound.excess(pattern, text: text, limits: parsing.validationOptions.limits) {
                    throw ToolFailure(
                        "\(path): nothing written: \(excess); cut the clip into parts, or raise --max-events and --max-file-size (validate needs the same)"
                    )
                }
            }
            for ((path, pattern), text) in zip(written, texts) {
                try Terminal.emit(text, to: path)
                let e = pattern.events.count, c = pattern.curves.count
                Terminal.err("ahap-tool: wrote \(path): \(e) event\(e == 1 ? "" : "s"), \(c) curve\(c == 1 ? "" : "s")")
            }
            for path in outputs where split && !written.contains(where: { $0.0 == path }) {
                Terminal.err("ahap-tool: note: \(path) not written: \(input) has nothing for that half")
            }
            if !losses.isEmpty {
                Terminal.err(
                    "ahap-tool: \(losses.count) emphasis\(losses.count == 1 ? " plays" : "es play") otherwise in one file; --split keeps them"
                )
                if werror { throw ExitCode(1) }
            }
        }

        /// The AHAP input as a clip, each loss printed as a warning on its line.
        func clipFromAHAP() throws -> (clip: HapticClip, losses: Int) {
            let document = try PatternInput.load(input, parsing: parsing, force: force)
            let (clip, losses) = AHAPToHaptic.convert(document.pattern)
            guard let clip else {
                throw ToolFailure("\(input) has no haptic event; a .haptic clip and Android take haptics only")
            }
            let diagnostics = try ConversionFindings.located(losses, of: document.pattern, in: input, options: parsing.validationOptions)
            for d in diagnostics { Terminal.err(TextReporter.line(d)) }
            return (clip, losses.count)
        }

        func runToHaptic() throws {
            let (clip, losses) = try clipFromAHAP()
            try Terminal.emit(JSONWriter(indent: "  ").string(from: clip.jsonValue), to: output)
            Terminal.err(
                "ahap-tool: wrote \(output): \(clip.amplitude.count) amplitude and \(clip.frequency.count) frequency breakpoints, \(clip.amplitude.filter { $0.emphasis != nil }.count) emphasis; \(losses) thing\(losses == 1 ? "" : "s") lost"
            )
            if werror && losses > 0 { throw ExitCode(1) }
        }

        func runToAndroid() throws {
            let (clip, losses) = fromHaptic ? (try PatternInput.hapticClip(input, parsing: parsing, force: force), 0) : try clipFromAHAP()
            var settings = AndroidWaveformSettings()
            settings.sampleDuration = Double(stepMs) / 1000
            let haptics = try AndroidHaptics(clip, settings: settings, path: input)
            // A silent clip would give a waveform that never moves the motor: nothing to ship, so nothing is written.
            guard !haptics.isSilent else {
                throw ToolFailure("\(input): nothing to play on Android: every amplitude is 0 and no emphasis sounds; nothing written")
            }
            let source = (input as NSString).lastPathComponent
            let text: String
            switch target {
            case .kotlin, .java:
                let language: AndroidSource.Language = target == .java ? .java : .kotlin
                let name = className ?? AndroidSource.typeName(forFile: output) ?? "Haptics"
                text = AndroidSource.generate(haptics, language: language, name: name, package: packageName, source: source)
            default:
                text = JSONWriter(indent: "  ").string(from: haptics.jsonValue(source: source))
            }
            try Terminal.emit(text, to: output)
            let steps = haptics.waveform.timingsMs.count
            let primitives = haptics.composition?.elements.count ?? 0
            let points = haptics.envelope?.controlPoints.count ?? 0
            Terminal.err(
                "ahap-tool: wrote \(output): waveform of \(steps) step\(steps == 1 ? "" : "s") (\(haptics.waveform.durationMs) ms), \(primitives) primitive\(primitives == 1 ? "" : "s"), envelope of \(points) point\(points == 1 ? "" : "s")"
            )
            for l in haptics.lost { Terminal.err("ahap-tool: note: \(l)") }
            if werror && losses > 0 { throw ExitCode(1) }
        }
    }
}
