import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension AudioToHapticsOptions.Preset: ExpressibleByArgument {}
extension EnvelopeWeighting: ExpressibleByArgument {}

extension AHAPTool {
    struct FromAudio: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "from-audio",
            abstract:
                "Make a haptic pattern from a sound: continuous events that follow its loudness and brightness, transients at its onsets.",
            discussion: """
                Reads any format the tools read (WAV, FLAC, Ogg, MP3, …); stereo is averaged, the sample rate kept. The pattern \
                validates clean: curves of at most 16 points, chained; continuous events of at most 30 s. Intensity is the square \
                root of the amplitude, sharpness the spectral centroid on a log scale (100 Hz → 0, 8 kHz → 1). The method and its \
                sources are in docs/audio-to-haptics.md.
                """)

        @Argument(help: ArgumentHelp("The sound.", valueName: "sound"))
        var sound: String

        @Option(
            name: [.short, .long],
            help: ArgumentHelp(
                "The AHAP file to write (atomically); with --split, NAME_continuous.ahap and NAME_transients.ahap.", valueName: "file"))
        var output: String

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Starting point: general, impact, ui, music, loop, voice, or auto (tell the kind of sound first and take its preset); the options below override it.",
                valueName: "preset"))
        var preset: AudioToHapticsOptions.Preset = .general

        @Option(
            name: .long,
            help: ArgumentHelp("0–1: higher finds more, softer onsets (default 0.9; loop 0.7, voice 0.5, music 0.35).", valueName: "x"))
        var sensitivity: Double?

        @Option(
            name: .long, help: ArgumentHelp("Intensity breakpoints per second (default 80; sharpness gets three quarters).", valueName: "n")
        )
        var density: Double?

        @Option(name: .long, help: ArgumentHelp("Shortest time between two transients, in milliseconds (default 50).", valueName: "ms"))
        var minSpacingMs: Double?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "What the intensity follows: amplitude, or loudness (the K-weighting of loudness meters; loop and voice use it).",
                valueName: "envelope"))
        var envelope: EnvelopeWeighting?

        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp(
                "A floor in dB below the loudest moment (−120 to 0; 0 for none) under which the envelope fades out as noise (loop: −30).",
                valueName: "db"))
        var noiseFloor: Double?

        @Flag(name: .long, help: "Transients only.")
        var transientsOnly = false

        @Flag(name: .long, help: "Continuous events only.")
        var continuousOnly = false

        @Flag(name: .long, help: "Write two files, as Meta Haptics Studio and Lofelt Studio export: continuous events, and transients.")
        var split = false

        @Option(name: .long, help: ArgumentHelp("Gain on the amplitude, in dB, after normalising (−40 to 40).", valueName: "db"))
        var gain: Double = 0

        @Flag(name: .long, help: "Keep the sound's own level instead of scaling its peak to intensity 1.")
        var noNormalize = false

        @Flag(
            name: .long,
            help: "Add an AudioCustom event that plays the sound with the pattern (the sound must be in the AHAP file's folder or below).")
        var withAudio = false

        @Option(name: .long, help: ArgumentHelp("Also draw the pattern over the sound's envelope, as SVG.", valueName: "file.svg"))
        var plot: String?

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func validate() throws {
            try OptionBounds.check(sensitivity, in: 0...1, flag: "--sensitivity")
            try OptionBounds.check(density, in: 1...1000, flag: "--density", unit: "per second")
            try OptionBounds.check(minSpacingMs, in: 0...10_000, flag: "--min-spacing-ms", unit: "ms")
            try OptionBounds.check(gain, in: -40...40, flag: "--gain", unit: "dB")
            try OptionBounds.check(noiseFloor, in: -120...0, flag: "--noise-floor", unit: "dB")
            if transientsOnly && continuousOnly { throw ValidationError("--transients-only and --continuous-only exclude each other") }
            if split && (transientsOnly || continuousOnly) {
                throw ValidationError("--split writes both halves; drop --transients-only or --continuous-only")
            }
        }

        /// The user's settings over a preset's.
        func adjust(_ o: inout AudioToHapticsOptions) {
            if let sensitivity { o.transients.sensitivity = sensitivity }
            if let density {
                o.density = density
                o.sharpnessDensity = max(1, density * 0.75)
            }
            if let minSpacingMs { o.transients.minimumSpacing = minSpacingMs / 1000 }
            o.content = transientsOnly ? .transientsOnly : continuousOnly ? .continuousOnly : .both
            o.gainDecibels = gain
            o.normalize = !noNormalize
            o.split = split
            if let envelope { o.weighting = envelope }
            if let noiseFloor { o.noiseFloorDecibels = noiseFloor < 0 ? noiseFloor : nil }
        }

        var outputs: [String] {
            split ? SplitOutputs.paths(for: output) : [output]
        }

        func run() throws {
            try OutputGuard.check(outputs + [plot], against: [sound])
            let audioPath = try withAudio ? SoundPlacement.relativePath(of: sound, from: outputs[0]) : nil
            let progress = ProgressLine("analysing \(sound)")
            let conversion = try AudioToHaptics.convert(
                path: sound, preset: preset, adjust: adjust, limits: limitOptions.limits.audio, audioPath: audioPath,
                progress: progress.update)
            progress.finish()
            if let told = conversion.kind, told.descriptors.soundingDuration == 0 {
                Terminal.err(
                    "ahap-tool: note: \(sound): --preset auto: nothing sounds, so there is nothing to describe; took \(AudioToHapticsOptions.Preset.chosen(for: told.kind).rawValue)"
                )
            } else if let told = conversion.kind {
                let d = told.descriptors
                Terminal.err(
                    String(
                        format:
                            "ahap-tool: note: %@: --preset auto: told %@, took %@ (sounding %.2f s, sustain %.2f, %.1f onsets/s, centroid %.0f Hz, flatness %.3f, low-energy frames %.2f, periodicity %.2f)",
                        sound, told.kind.rawValue, AudioToHapticsOptions.Preset.chosen(for: told.kind).rawValue, d.soundingDuration,
                        d.sustain, d.onsetRate, d.centroid, d.flatness, d.lowEnergyShare, d.periodicity))
            }
            for note in conversion.notes { Terminal.err("ahap-tool: note: \(sound): \(note)") }
            let written: [(String, AHAPPattern)] =
                split
                ? [(outputs[0], conversion.continuous ?? AHAPPattern()), (outputs[1], conversion.transients ?? AHAPPattern())]
                : [(output, conversion.combined ?? AHAPPattern())]
            guard written.contains(where: { !$0.1.elements.isEmpty }) else {
                throw ToolFailure(
                    "\(sound): nothing written: \(conversion.notes.first ?? "no haptics found"); check the sound, or raise --gain or --sensitivity"
                )
            }
            // Every output fits what our own reader accepts, or nothing is written.
            let texts = written.map { AHAPFormatter.format($0.1.jsonValue) }
            for ((path, pattern), text) in zip(written, texts) {
                if let excess = AHAPOutputBound.excess(pattern, text: text, limits: limitOptions.limits) {
                    throw ToolFailure(
                        "\(path): nothing written: \(excess); lower --density, cut the sound into parts, or raise --max-events and --max-file-size (validate needs the same)"
                    )
                }
            }
            for ((path, pattern), text) in zip(written, texts) {
                // A half with nothing in it is not written: an empty pattern is one Core Haptics refuses.
                guard !pattern.elements.isEmpty else {
                    Terminal.err("ahap-tool: note: \(path) not written: that half of the pattern is empty")
                    continue
                }
                try Terminal.emit(text, to: path)
                let transients = pattern.events.filter { $0.eventType == .hapticTransient }.count
                let continuous = pattern.events.filter { $0.eventType == .hapticContinuous }.count
                Terminal.err(
                    String(
                        format: "ahap-tool: wrote %@: %d transient%@, %d continuous event%@, %.1f breakpoints per second", path, transients,
                        transients == 1 ? "" : "s", continuous, continuous == 1 ? "" : "s", conversion.breakpointsPerSecond(pattern)))
            }
            if let plot {
                let svg = AHAPPlot.svg(
                    pattern: split ? AHAPPattern(elements: written.flatMap(\.1.elements)) : written[0].1, title: sound,
                    options: RenderOptions(baseDirectory: SoundPlacement.folder(of: outputs[0])),
                    sound: SoundUnderlay(amplitude: conversion.amplitude, label: "sound: √amplitude"))
                try Terminal.emit(svg, to: plot)
            }
        }
    }
}

/// Where the sound sits relative to the AHAP file that plays it.
enum SoundPlacement {
    static func folder(of path: String) -> String {
        let d = (path as NSString).deletingLastPathComponent
        return d.isEmpty ? "." : d
    }

    /// The sound's path relative to the folder of `ahap`; refused when the sound is not in that folder or below it,
    /// where `validate` (and an app bundle) would not find it.
    static func relativePath(of sound: String, from ahap: String) throws(ToolFailure) -> String {
        let folder = URL(fileURLWithPath: folder(of: ahap)).standardizedFileURL.resolvingSymlinksInPath().path
        let file = URL(fileURLWithPath: sound).standardizedFileURL.resolvingSymlinksInPath().path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard file.hasPrefix(prefix) else {
            throw ToolFailure(
                "--with-audio: \(sound) is not in the folder of \(ahap) or below it, where Core Haptics resolves EventWaveformPath; write the AHAP file next to the sound (-o \((sound as NSString).deletingPathExtension).ahap)"
            )
        }
        return String(file.dropFirst(prefix.count))
    }
}
