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

        @Argument(
            help: ArgumentHelp(
                "The sound; with --out-dir, any number of sounds and folders (searched for sound files).", valueName: "sound"))
        var sounds: [String]

        @Option(
            name: [.short, .long],
            help: ArgumentHelp(
                "The AHAP file to write (atomically); with --split, NAME_continuous.ahap and NAME_transients.ahap.", valueName: "file"))
        var output: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Convert every sound into this existing folder, each as NAME.ahap (a sound found in a folder keeps its place below it); all files are written together, or none.",
                valueName: "folder"))
        var outDir: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Starting point: general (the default: Meta Haptics Studio's envelope and emphasis, the level normalised, and a transient at every onset our picker finds), impact and ui (general), music, loop and voice (our own envelope, each transient ducked under), auto (tell the kind of sound first and take its preset), or studio (Meta Haptics Studio's analysis throughout: its emphasis alone, its sharpness, the sound's own level); the options below override it.",
                valueName: "preset"))
        var preset: AudioToHapticsOptions.Preset = .general

        @Option(
            name: .long,
            help: ArgumentHelp(
                "0–1: higher finds more, softer onsets (default 0.9, Studio's emphasis threshold moving in proportion; loop 0.7, voice 0.5, music 0.35, studio 0.5, where 0 keeps none but a lone peak).",
                valueName: "x"))
        var sensitivity: Double?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Intensity breakpoints per second (default and studio 40, loop and voice 80, music 15; sharpness gets three quarters).",
                valueName: "n")
        )
        var density: Double?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Shortest time between two transients, in milliseconds (default 50 between onsets, an onset that near an emphasis standing for it, and 20 between Studio's emphasis; studio 20).",
                valueName: "ms"))
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

        @Option(
            name: .long,
            help: ArgumentHelp(
                "How far the continuous intensity dips while a transient plays: 0 keeps it, 1 silences it (default 0.5 at Studio's emphasis, as Studio ducks, and 0 under the picker's other onsets, as designers' clips do; music, loop and voice 0.5 under every transient; this option sets both).",
                valueName: "x"))
        var ducking: Double?

        @Flag(name: .long, help: "Transients only.")
        var transientsOnly = false

        @Flag(name: .long, help: "Continuous events only.")
        var continuousOnly = false

        @Flag(name: .long, help: "Write two files, as Meta Haptics Studio and Lofelt Studio export: continuous events, and transients.")
        var split = false

        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp(
                "Gain on the amplitude, in dB, after normalising (−40 to 40; studio, or with --no-normalize: before Studio's analysis).",
                valueName: "db")
        )
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
            try OptionBounds.check(ducking, in: 0...1, flag: "--ducking")
            if transientsOnly && continuousOnly { throw ValidationError("--transients-only and --continuous-only exclude each other") }
            if split && (transientsOnly || continuousOnly) {
                throw ValidationError("--split writes both halves; drop --transients-only or --continuous-only")
            }
            if sounds.isEmpty { throw ValidationError("give the sound to convert") }
            switch (output, outDir) {
            case (nil, nil): throw ValidationError("give -o FILE.ahap for one sound, or --out-dir FOLDER for any number")
            case (.some, .some): throw ValidationError("-o and --out-dir exclude each other: -o names one sound's file, --out-dir a folder")
            case (.some, nil) where sounds.count > 1:
                throw ValidationError("-o names one file, and \(sounds.count) sounds were given; write them into a folder with --out-dir")
            case (nil, .some) where plot != nil:
                throw ValidationError("--plot draws one sound; give one sound with -o to draw it")
            default: break
            }
        }

        var settings: FromAudioSettings {
            FromAudioSettings(
                preset: preset, sensitivity: sensitivity, density: density, minSpacingMs: minSpacingMs, envelope: envelope,
                noiseFloor: noiseFloor, ducking: ducking, transientsOnly: transientsOnly, continuousOnly: continuousOnly, split: split,
                gain: gain,
                noNormalize: noNormalize, limits: limitOptions.limits)
        }

        func run() throws {
            guard let output else { return try FromAudioBatch(settings: settings, withAudio: withAudio).run(sounds, into: outDir ?? ".") }
            let sound = sounds[0]
            let outputs = split ? SplitOutputs.paths(for: output) : [output]
            try OutputGuard.check(outputs + [plot], against: [sound])
            let audioPath = try withAudio ? SoundPlacement.relativePath(of: sound, from: outputs[0]) : nil
            let progress = ProgressLine("analysing \(sound)")
            let outcome = settings.convert(
                .init(sound: sound, outputs: outputs, audioPath: audioPath), plot: plot, progress: progress.update)
            progress.finish()
            for line in outcome.notes + outcome.wrote { Terminal.err(line) }
            if let failure = outcome.failure { throw failure }
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
