import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

@main
struct Beatmap: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beatmap",
        abstract: "Check beat maps and music tracks for rhythm games.",
        discussion: "Exit codes: 0 clean; 1 problems found; 2 the tool could not run; 64 bad command line.",
        version: AudioKitLinuxVersion.current,
        subcommands: [
            Lint.self, Check.self, BPM.self, Detect.self, Grid.self, Fit.self, CI.self, Timer.self, Crossfade.self, Preview.self,
            AudioInfo.self, Rules.self, Edit.self,
        ])

    static func main() async { await ToolMain.run(Beatmap.self, name: "beatmap") }
}

extension Beatmap {
    struct AudioInfo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "audio-info",
            abstract: "Show what libsndfile reads from audio files: rate, channels, frames, duration and format.")

        @Argument(help: ArgumentHelp("Audio files.", valueName: "file"))
        var files: [String]

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func run() throws {
            var failed = false
            for file in files {
                do {
                    let i = try AudioFile.info(file, limits: limitOptions.limits.audio)
                    Terminal.out(
                        "\(file): \(i.format), \(i.encoding), \(i.sampleRate) Hz, \(i.channels) ch, \(i.frames) frames, \(String(format: "%.3f", i.duration)) s\n"
                    )
                } catch {
                    Terminal.fail("beatmap", error.description)
                    failed = true
                }
            }
            if failed { throw ToolExit.toolFailure }
        }
    }
}
