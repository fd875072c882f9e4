import ArgumentParser
import AudioKitLinux
import ToolSupport

extension AHAPTool {
    struct Play: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "play",
            abstract:
                "Play a pattern with its sound through ALSA: the haptic drive mixed into the audio (use --audible on laptop speakers).",
            discussion: "Exit codes: 0 played; 3 no sound device (use --output FILE); 130 interrupted with Ctrl-C.")

        @Argument(help: ArgumentHelp("The AHAP file, or a .haptic clip (converted as `convert` does).", valueName: "file"))
        var file: String

        @Option(name: .long, help: ArgumentHelp("Sample rate in Hz.", valueName: "hz"))
        var rate: Int = 48_000

        @OptionGroup var playback: PlaybackOptions
        @Flag(name: .long, help: "Render a pattern even when it has errors CoreHaptics would reject.")
        var force = false

        @OptionGroup var model: ModelOptions
        @OptionGroup var parsing: AHAPParsingOptions

        func run() throws {
            if playback.listDevices {
                return try playback.run(BufferSource(samples: [], sampleRate: rate, channels: 2), tool: "ahap-tool", inputs: [])
            }
            let document = try PatternInput.load(file, parsing: parsing, force: force)
            let options = RenderOptions(
                sampleRate: rate, channels: .stereoMix, model: model.model, baseDirectory: document.baseDirectory ?? ".",
                allowPathsOutsideBase: parsing.allowOutsidePaths, blockFrames: 2048,
                audioLimits: parsing.limitOptions.limits.audio)
            let renderer = PatternRenderer(pattern: document.pattern, options: options)
            for w in renderer.warnings { Terminal.err("ahap-tool: warning: \(file): \(w)") }
            try playback.run(renderer, tool: "ahap-tool", inputs: [file])
        }
    }
}
