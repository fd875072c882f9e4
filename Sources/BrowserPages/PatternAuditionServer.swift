#if Editor
    import AudioKitLinux
    import Foundation
    import Hummingbird

    /// The pattern audition's web server (`ahap-tool audition`): its page, the timeline of the pattern against its
    /// sound, the audio (sound, haptic drive, mix) and the save of a timing fix, on 127.0.0.1 only, behind the editor's
    /// guard (token, Host, Origin). No request names a file: the server reads the pattern and the sound it was started
    /// with, and writes only that pattern.
    public enum PatternAuditionServer {
        /// The audition, replaced by one on the new file after each save.
        actor Session {
            var audition: PatternAudition
            init(_ audition: PatternAudition) { self.audition = audition }

            func save(_ edit: PatternAudition.Edit, base: String?) throws(PatternAudition.Refusal) {
                _ = try audition.save(edit, base: base)
                do { audition = try PatternAudition(path: audition.path, sound: audition.sound, options: audition.options) } catch {
                    throw PatternAudition.Refusal(description: error.description)
                }
            }
        }

        /// The application: routes behind the guard. `port` 0 takes any free port; `started` receives the page's URL.
        public static func application(
            audition: PatternAudition, token: String, port: Int, started: @escaping @Sendable (String) -> Void
        ) -> some ApplicationProtocol {
            let session = Session(audition)
            let server = LoopbackPageServer(page: PageAssets.haptics, token: token, port: port)
            let router = server.router
            PatternAuditionController(session: session).addRoutes(to: router)
            return server.application(started: started)
        }

        /// Runs the server until SIGINT, SIGTERM or SIGHUP, then returns.
        public static func run(audition: PatternAudition, token: String, port: Int, started: @escaping @Sendable (String) -> Void)
            async throws
        {
            try await application(audition: audition, token: token, port: port, started: started).runService(
                gracefulShutdownSignals: [.sigint, .sigterm, .sighup])
        }
    }
#endif
