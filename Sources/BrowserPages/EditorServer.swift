#if Editor
    import AudioKitLinux
    import Foundation
    import Hummingbird

    /// The editor's web server: the page, its JSON API and the track as WAV, on 127.0.0.1 only. Every request must
    /// carry the session's random token (`?token=`), name this machine's loopback
    /// in its Host header (against DNS rebinding), and come from the page's own origin if it names one. No request
    /// names a file: the server touches only the track and the map the session was opened with.
    public enum EditorServer {
        /// The largest request body accepted: `EditorSession.maxBeats` beats of up to 80 bytes each.
        public static let maxBodyBytes = EditorSession.maxBeats * 80

        /// A random token of 128 bits, as 32 hex digits.
        public static func makeToken() -> String {
            var g = SystemRandomNumberGenerator()
            return (0..<2).map { _ in
                let v = g.next() as UInt64
                return String(repeating: "0", count: 16 - String(v, radix: 16).count) + String(v, radix: 16)
            }.joined()
        }

        /// The application: routes behind the guard. `port` 0 takes any free port; `started` receives the page's
        /// URL (with the token) once the server listens.
        public static func application(
            session: EditorSession, token: String, port: Int, started: @escaping @Sendable (String) -> Void
        ) -> some ApplicationProtocol {
            let server = LoopbackPageServer(page: PageAssets.index, token: token, port: port)
            let router = server.router
            EditorReadController(session: session).addRoutes(to: router)
            EditorEditController(session: session).addRoutes(to: router)
            EditorSaveController(session: session).addRoutes(to: router)
            EditorAudioController(session: session).addRoutes(to: router)
            return server.application(started: started)
        }

        /// Runs the server until SIGINT, SIGTERM or SIGHUP, then returns (connections drained).
        public static func run(session: EditorSession, token: String, port: Int, started: @escaping @Sendable (String) -> Void)
            async throws
        {
            let app = application(session: session, token: token, port: port, started: started)
            try await app.runService(gracefulShutdownSignals: [.sigint, .sigterm, .sighup])
        }

        /// The most bytes of the track one step of a response decodes and holds (256 KiB: 1.5 s of 44.1 kHz stereo).
        public static let audioBlockBytes = 256 << 10
    }
#endif
