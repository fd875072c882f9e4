import ArgumentParser
import AudioKitLinux
import BrowserPages
import Foundation
import ToolSupport

extension Beatmap {
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Edit a beat map by eye and ear in the browser: waveform, onsets, clicks, the checker's verdict live, and save.",
            discussion: """
                Starts a web server on 127.0.0.1 only and prints its URL (with a random token that every request must carry). \
                Takes its arguments as check does, the map then --audio TRACK (beatmap edit MAP --audio TRACK), or the \
                track then the map (beatmap edit TRACK [MAP]). Without a map, starts from a draft (beatmap detect); \
                --save-as names the file it is saved to. Ctrl-C stops the server; unsaved edits are reported.
                """)

        @Argument(
            help: ArgumentHelp(
                "The beat map to edit with --audio (any format beatmap reads; saved in its own format); without --audio, the track.",
                valueName: "map-or-track"))
        var first: String

        @Argument(help: ArgumentHelp("Without --audio: the beat map to edit.", valueName: "map"))
        var second: String?

        @Option(name: .long, help: ArgumentHelp("The music track, when the map comes first (as in beatmap check).", valueName: "audio"))
        var audio: String?

        /// The track and the map, in either order the command takes.
        var track: String { audio ?? first }
        var map: String? { audio == nil ? second : first }

        @Option(name: .long, help: ArgumentHelp("Port to listen on (default: any free port).", valueName: "port"))
        var port: Int = 0

        @Flag(name: .long, help: "Do not open a browser.")
        var noOpen = false

        @Option(name: .long, help: ArgumentHelp("Where to save a draft made without MAP (a new file).", valueName: "file"))
        var saveAs: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "In a chart file with several charts, the one to edit: its name, difficulty or description, or its number. Default: the hardest. A save rewrites only this chart's notes.",
                valueName: "name"))
        var chart: String?

        @Option(name: .long, help: ArgumentHelp("Flag beats further than this from their onset, in milliseconds.", valueName: "ms"))
        var toleranceMs: Double = BeatCheckTuning.defaultTolerance * 1000

        @Option(name: .long, help: ArgumentHelp("The game's hit window, ± seconds.", valueName: "seconds"))
        var hitWindow: Double = 0.150

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
            try OptionBounds.check(toleranceMs, in: 1...999, flag: "--tolerance-ms", unit: "ms")
            try OptionBounds.check(hitWindow, in: 0.001...5, flag: "--hit-window", unit: "seconds")
            if audio != nil, let second {
                throw ValidationError("with --audio, give one map: beatmap edit MAP --audio TRACK (got \(first) and \(second))")
            }
            // The old order with its arguments swapped: say so, before the map is read as sound.
            if audio == nil, BeatMapFormat.detect(path: first, bytes: []) != nil {
                let track = second ?? "TRACK"
                throw ValidationError(
                    "\(first) is a beat map, not a track: beatmap edit \(first) --audio \(track) (or beatmap edit \(track) \(first))")
            }
            if map != nil && saveAs != nil { throw ValidationError("--save-as is for a draft; a map is saved in place") }
        }

        func run() async throws {
            // The editor saves while it runs: each save goes into place at once.
            AtomicFile.deferCommits(false)
            try OutputGuard.check([saveAs], against: [track] + (map.map { [$0] } ?? []))
            // Refused now, not after the author has worked: the editor never replaces a file it did not open.
            if let saveAs, FileManager.default.fileExists(atPath: saveAs) {
                throw ToolFailure(
                    "--save-as \(saveAs) already exists; the editor does not replace it: give a new name, or open it with beatmap edit \(track) \(saveAs)"
                )
            }
            #if Editor
                let settings = EditorSession.Settings(
                    tolerance: toleranceMs / 1000, hitWindow: hitWindow, saveAs: saveAs, limits: limitOptions.limits,
                    saveAsFolder: EditorSession.Settings.saveAsFolder(map: map, startedIn: FileManager.default.currentDirectoryPath),
                    chart: chart)
                let session: EditorSession
                // The track is read and analysed before the page can open: seconds for a song, said so nobody waits on
                // a silent terminal.
                Terminal.err("beatmap: reading \(track) and checking \(map ?? "the draft") against it…")
                do {
                    session = try await EditorSession(track: track, map: map, settings: settings)
                } catch let findings as BeatMapFindings {
                    try FindingsOutput.stop(tool: "beatmap", file: map ?? track, diagnostics: findings.diagnostics)
                }
                let open = !noOpen
                let what = map ?? "a draft of \(track)"
                try await LoopbackServing.run(port: port) {
                    try await EditorServer.run(session: session, token: EditorServer.makeToken(), port: port) { url in
                        Terminal.err("beatmap: editing \(what) at \(url)\nbeatmap: press Ctrl-C to stop")
                        if open { Browser.open(url) }
                    }
                }
                if await session.isEdited {
                    Terminal.err("beatmap: warning: the edits were not saved (\(await session.beats.count) beats in the editor)")
                } else if await session.isDirty {
                    Terminal.err("beatmap: the draft was not saved (it was not changed either)")
                }
            #else
                throw ToolFailure("this build has no editor (built without the Editor trait)")
            #endif
        }
    }
}
