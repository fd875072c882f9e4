import ArgumentParser
import AudioKitLinux
import BrowserPages
import Foundation
import ToolSupport

extension Beatmap {
    struct Audition: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "audition",
            abstract: "Hear a crossfade in the browser: loop the transition and switch curves while it plays.",
            discussion: """
                Starts a web server on 127.0.0.1 only and prints its URL (with a random token that every request must carry). \
                The page loops the transition (4 s before the fade to 4 s after it) and switches between linear \
                (AVAudioPlayer's fade), equal power, S-curve and a hard cut at the same samples of both tracks; it shows \
                both tracks, their beats, the gains and each curve's loudness dip (EBU R128), and gives the chosen settings \
                as Swift for the game and as the beatmap crossfade command that writes the same mix. The settings given \
                here are the page's first; the scenarios are one click each. A track without --bpm-a or --bpm-b is \
                analysed (its tempo map fitted as beatmap draft places it) for its tempo and first beat. On a Mac or another machine, forward the port \
                (ssh -L PORT:127.0.0.1:PORT host) and open the URL there. Ctrl-C stops the server.
                """)

        @OptionGroup var transition: CrossfadeOptions

        @Option(name: .long, help: ArgumentHelp("Port to listen on (default: any free port).", valueName: "port"))
        var port: Int = 0

        @Flag(name: .long, help: "Do not open a browser.")
        var noOpen = false

        @Flag(name: .long, help: "Do not analyse a track whose --bpm-a or --bpm-b is not given (no beats, no snapping for it).")
        var noAnalysis = false

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
            let most = CrossfadeAudition.maxSeconds
            if let duration = transition.duration, duration > most {
                throw ValidationError("--duration must be at most \(most) seconds in the audition")
            }
            if let gap = transition.gap, gap > most { throw ValidationError("--gap must be at most \(most) seconds in the audition") }
        }

        func run() async throws {
            #if Editor
                var inputs = try transition.inputs(limits: limitOptions.limits.audio)
                // Both tracks are opened now, so a file that cannot be read is said here, not on the page.
                _ = try inputs.open()
                if !noAnalysis {
                    let filled = try AuditionTempo.filled(inputs)
                    inputs = filled.inputs
                    for note in filled.notes { Terminal.err("beatmap: \(note)") }
                }
                let audition = CrossfadeAudition(inputs: inputs)
                let plan = transition.plan(tail: 5)
                let open = !noOpen
                let what = "\(transition.a) → \(transition.b)"
                try await LoopbackServing.run(port: port) {
                    try await CrossfadeAuditionServer.run(audition: audition, plan: plan, token: EditorServer.makeToken(), port: port) {
                        url in
                        Terminal.err("beatmap: auditioning \(what) at \(url)\nbeatmap: press Ctrl-C to stop")
                        if open { Browser.open(url) }
                    }
                }
            #else
                throw ToolFailure("this build has no audition page (built without the Editor trait)")
            #endif
        }
    }
}
