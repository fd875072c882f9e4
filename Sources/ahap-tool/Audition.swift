import ArgumentParser
import AudioKitLinux
import BrowserPages
import Foundation
import ToolSupport

extension AHAPTool {
    struct Audition: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "audition",
            abstract: "Hear and see a pattern against its sound in the browser, fix its timing, and save.",
            discussion: """
                Starts a web server on 127.0.0.1 only and prints its URL (with a random token that every request must carry). \
                The page draws the pattern's events, the drive's intensity after curves and dynamic parameters, the sound's \
                envelope under them, the sync check (lag, each transient against its onset, haptics in silence) and the \
                validator's findings with their line and column. It plays the sound, the haptic drive in its audible band, \
                or both, at 1× or 0.5×, looping a range. Shift the whole pattern (its sound stays), or one event, against \
                the sound, watch the check run again, and save: the file is written formatted and atomically, and never \
                when it changed on disk since it was opened. Without --audio, the pattern's AudioCustom events are the \
                sound. A .haptic clip is heard and checked as ahap-tool convert makes it a pattern; to save a fix, convert \
                it first. Ctrl-C stops the server.
                """)

        @Argument(help: ArgumentHelp("The AHAP file, or a .haptic clip (heard and checked; saved once converted).", valueName: "pattern"))
        var file: String

        @Option(name: .long, help: ArgumentHelp("The sound the pattern plays with.", valueName: "sound"))
        var audio: String?

        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp("When the sound starts, in seconds of the pattern (default 0; negative: before it).", valueName: "s"))
        var offset: Double = 0

        @Option(name: .long, help: ArgumentHelp("Port to listen on (default: any free port).", valueName: "port"))
        var port: Int = 0

        @Flag(name: .long, help: "Do not open a browser.")
        var noOpen = false

        @OptionGroup var parsing: AHAPParsingOptions

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
            try OptionBounds.check(offset, in: -3600...3600, flag: "--offset", unit: "s")
        }

        func run() async throws {
            #if Editor
                AtomicFile.deferCommits(false)
                let options = parsing.validationOptions
                if let audio { _ = try AudioFile.info(audio, limits: options.limits.audio) }
                let sound: SyncSound = audio.map { .file(path: $0, offset: offset) } ?? .patternAudio
                let audition = try PatternAudition(path: file, sound: sound, options: options)
                // The first view is made now, so a pattern or a sound that cannot be used is said here, not on the page.
                do { _ = try audition.view(PatternAudition.Edit(), width: 10) } catch { throw ToolFailure("\(file): \(error.description)") }
                let open = !noOpen
                let what = file
                try await LoopbackServing.run(port: port) {
                    try await PatternAuditionServer.run(audition: audition, token: EditorServer.makeToken(), port: port) { url in
                        Terminal.err("ahap-tool: auditioning \(what) at \(url)\nahap-tool: press Ctrl-C to stop")
                        if open { Browser.open(url) }
                    }
                }
            #else
                throw ToolFailure("this build has no audition page (built without the Editor trait)")
            #endif
        }
    }
}
