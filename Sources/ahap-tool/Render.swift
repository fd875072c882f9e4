import ArgumentParser
import AudioKitLinux
import ToolSupport

extension AHAPTool {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "render",
            abstract: "Render a pattern to audio: the haptic drive, plus the audio events left and right.",
            discussion:
                "The actuator model is documented in docs/haptic-model.md. The format follows the extension of -o (wav, flac, aiff, caf, ogg, …)."
        )

        @Argument(help: ArgumentHelp("The AHAP file, or a .haptic clip (converted as `convert` does).", valueName: "file"))
        var file: String

        @Option(name: [.short, .long], help: ArgumentHelp("The audio file to write (atomically).", valueName: "file"))
        var output: String

        @Option(name: .long, help: ArgumentHelp("Sample rate in Hz.", valueName: "hz"))
        var rate: Int = 48_000

        @Option(
            name: .long, help: "Channels: 3 = haptic, audio left, audio right; 2 = stereo with the haptic drive mixed in; 1 = haptic only.")
        var channels: RenderChannels = .hapticAndStereo

        @Flag(name: .long, help: "Render a pattern even when it has errors CoreHaptics would reject.")
        var force = false

        @OptionGroup var model: ModelOptions
        @OptionGroup var parsing: AHAPParsingOptions

        func validate() throws {
            guard (8_000...384_000).contains(rate) else { throw ValidationError("--rate must be between 8000 and 384000 Hz") }
        }

        func run() throws {
            try OutputGuard.check([output], against: [file])
            let document = try PatternInput.load(file, parsing: parsing, force: force)
            let options = RenderOptions(
                sampleRate: rate, channels: channels, model: model.model,
                baseDirectory: document.baseDirectory ?? ".", allowPathsOutsideBase: parsing.allowOutsidePaths,
                audioLimits: parsing.limitOptions.limits.audio)
            let renderer = PatternRenderer(pattern: document.pattern, options: options)
            for w in renderer.warnings { Terminal.err("ahap-tool: warning: \(file): \(w)") }
            let progress = ProgressLine("rendering \(output)")
            try renderer.write(to: output, progress: progress.update)
            progress.finish()
            if renderer.clippedSamples > 0 {
                Terminal.err("ahap-tool: warning: \(renderer.clippedSamples) samples clipped where events overlap")
            }
            Terminal.err(
                String(format: "ahap-tool: wrote %@: %.3f s, %d Hz, %d channels", output, renderer.duration, rate, channels.rawValue))
        }
    }

    struct Plot: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plot",
            abstract: "Draw a pattern as SVG: intensity and sharpness timelines, curves and dynamic parameters, and the rendered envelope.")

        @Argument(help: ArgumentHelp("The AHAP file, or a .haptic clip (converted as `convert` does).", valueName: "file"))
        var file: String

        @Option(name: [.short, .long], help: ArgumentHelp("The SVG file to write (atomically).", valueName: "file"))
        var output: String

        @Flag(name: .long, help: "Render a pattern even when it has errors CoreHaptics would reject.")
        var force = false

        @OptionGroup var model: ModelOptions
        @OptionGroup var parsing: AHAPParsingOptions

        func run() throws {
            try OutputGuard.check([output], against: [file])
            let document = try PatternInput.load(file, parsing: parsing, force: force)
            let options = RenderOptions(
                model: model.model, baseDirectory: document.baseDirectory ?? ".", allowPathsOutsideBase: parsing.allowOutsidePaths,
                audioLimits: parsing.limitOptions.limits.audio)
            let svg = AHAPPlot.svg(pattern: document.pattern, title: file, options: options)
            try Terminal.emit(svg, to: output)
        }
    }
}
