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
        version: VersionText.full,
        subcommands: [
            Lint.self, Check.self, Convert.self, BPM.self, Detect.self, Draft.self, Grid.self, Fit.self, CI.self, Timer.self,
            Crossfade.self,
            Audition.self,
            Preview.self,
            AudioInfo.self, Rules.self, Schema.self, Edit.self,
        ])

    static func main() async { await ToolMain.run(Beatmap.self, name: "beatmap") }
}

extension Beatmap {
    struct AudioInfo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "audio-info",
            abstract: "Show what the readers get from audio files: rate, channels, frames, duration and format.",
            discussion: """
                AAC and ALAC (.m4a) are decoded by the ffmpeg program; for them the line also gives the encoder's \
                priming and padding and where they come from (the iTunSMPB tag or the edit list), as Apple's players \
                remove them; or, for AAC that declares neither, the priming assumed (which beatmap check corrects, \
                --decoder-delay-ms overriding it).
                """)

        @Argument(help: ArgumentHelp("Audio files.", valueName: "file"))
        var files: [String]

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func run() throws {
            var failed = false
            for file in files {
                do {
                    let i = try AudioFile.info(file, limits: limitOptions.limits.audio)
                    var line =
                        "\(file): \(i.format), \(i.encoding), \(i.sampleRate) Hz, \(i.channels) ch, \(i.frames) frames, \(String(format: "%.3f", i.duration)) s"
                    if let g = i.gapless, g.source != .none {
                        line +=
                            ", priming \(g.priming), padding \(g.padding.map(String.init) ?? "the rest of the last packet") (from the \(g.source.rawValue))"
                        if g.sourcesDisagree { line += "; the edit list says otherwise" }
                    } else if let assumed = i.assumedDecoderDelay {
                        line += ", no gapless information: \(assumed) frames of priming assumed"
                    } else if i.codec != nil {
                        line += ", no priming"
                    }
                    Terminal.out(line + "\n")
                } catch {
                    Terminal.fail("beatmap", error.description)
                    failed = true
                }
            }
            if failed { throw ToolExit.toolFailure }
        }
    }
}
