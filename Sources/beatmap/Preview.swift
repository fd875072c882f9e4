import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension Beatmap {
    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "preview",
            abstract: "Play a track with a click on every beat of its map, to hear a late beat at once.",
            discussion: "Exit codes: 0 played; 2 unreadable input; 3 no sound device (use --output FILE); 130 interrupted with Ctrl-C.")

        @Argument(help: ArgumentHelp("The music track.", valueName: "track"))
        var track: String

        @Option(name: .long, help: ArgumentHelp("The beat map to click.", valueName: "map"))
        var beats: String

        @Option(name: .long, help: ArgumentHelp("Click level in dB relative to full scale, e.g. -6 or -6dB.", valueName: "dB"))
        var clickGain = Decibels(dB: -6)

        @Option(name: .long, help: "Start of the section to play, seconds.")
        var from: Double = 0

        @Option(name: .long, help: "End of the section to play, seconds.")
        var to: Double?

        @Flag(name: .long, help: "Repeat the section until Ctrl-C.")
        var loop = false

        @OptionGroup var mapOptions: MapOptions
        @OptionGroup var playback: PlaybackOptions

        func validate() throws {
            if let to, to <= from { throw ValidationError("--to must be after --from") }
            try OptionBounds.check(from, in: 0...36_000, flag: "--from", unit: "seconds")
            try OptionBounds.check(to, in: 0...36_000, flag: "--to", unit: "seconds")
            if loop && playback.output != nil { throw ValidationError("--loop plays forever; it cannot go with --output") }
        }

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func run() throws {
            let (map, findings) = try mapOptions.read(beats, limits: limitOptions.limits)
            guard let map else {
                try FindingsOutput.stop(tool: "beatmap", file: beats, diagnostics: findings)
            }
            let source = try BeatPreviewSource(
                track: track, beats: map.times, clickGain: clickGain.value, from: from, to: to, loops: loop,
                limits: limitOptions.limits.audio)
            try playback.run(source, tool: "beatmap", inputs: [track, beats])
        }
    }
}
