#if Editor
    import AudioKitLinux
    import Foundation
    import Hummingbird

    /// The crossfade audition's web server (`beatmap audition`): its page, the transition's view as JSON and the mix of
    /// each curve as WAV, on 127.0.0.1 only, behind the same guard as the editor (token, Host, Origin). No request
    /// names a file: the server reads only the two tracks it was started with, and only the stretch around the fade.
    public enum CrossfadeAuditionServer {
        /// The page's first settings and what it may offer: the tracks' names and lengths, tempi, curves, scenarios.
        public struct Setup: Encodable, Sendable {
            /// One of the game's transitions, as a button.
            public struct Scenario: Encodable, Sendable {
                /// Its name, as `--scenario` takes it.
                public let name: String
                /// Fade length, seconds.
                public let duration: Double
                /// Its curve.
                public let curve: String
                /// Silence between A's cut and B, seconds.
                public let gap: Double
            }
            /// A's file name (no folder).
            public let outgoing: String
            /// B's file name.
            public let incoming: String
            /// A's length in seconds.
            public let outgoingDuration: Double
            /// B's length in seconds.
            public let incomingDuration: Double
            /// The mix's rate in Hz.
            public let sampleRate: Int
            /// A's tempo, when given.
            public let outgoingBPM: Double?
            /// B's tempo, when given.
            public let incomingBPM: Double?
            /// The settings the command was started with, as query keys and values.
            public let plan: [String: String]
            /// Every curve, by name.
            public let curves: [String]
            /// The curves the page compares.
            public let compared: [String]
            /// The game's transitions.
            public let scenarios: [Scenario]
            /// The longest fade and gap, seconds.
            public let maxSeconds: Double
        }

        /// The settings `plan` as the query keys the page sends.
        public static func query(of plan: CrossfadePlan) -> [String: String] {
            [
                "at": "\(plan.at)", "duration": "\(plan.duration)", "curve": plan.curve.rawValue, "quantize": plan.quantize.rawValue,
                "gap": "\(plan.gap)", "from": "\(plan.incomingFrom)", "phase": plan.phaseAlign ? "1" : "0",
            ]
        }

        /// The tracks' names as the page labels them: their file names, or with their folders when the file names are the
        /// same ("a/audio.ogg" and "b/audio.ogg", not "audio.ogg" twice).
        public static func trackNames(_ outgoing: String, _ incoming: String) -> (outgoing: String, incoming: String) {
            let (a, b) = ((outgoing as NSString).lastPathComponent, (incoming as NSString).lastPathComponent)
            guard a == b else { return (a, b) }
            func withFolder(_ path: String) -> String {
                let folder = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
                return folder.isEmpty || folder == "/" ? path : "\(folder)/\((path as NSString).lastPathComponent)"
            }
            let (c, d) = (withFolder(outgoing), withFolder(incoming))
            return c == d ? (outgoing, incoming) : (c, d)
        }

        /// The application: routes behind the guard. `port` 0 takes any free port; `started` receives the page's URL.
        public static func application(
            audition: CrossfadeAudition, plan: CrossfadePlan, token: String, port: Int, started: @escaping @Sendable (String) -> Void
        ) throws(InputError) -> some ApplicationProtocol {
            let a = try AudioFile.info(audition.inputs.outgoing, limits: audition.inputs.limits)
            let b = try AudioFile.info(audition.inputs.incoming, limits: audition.inputs.limits)
            let names = Self.trackNames(audition.inputs.outgoing, audition.inputs.incoming)
            let setup = Setup(
                outgoing: names.outgoing, incoming: names.incoming, outgoingDuration: a.duration,
                incomingDuration: b.duration, sampleRate: audition.inputs.sampleRate,
                outgoingBPM: audition.inputs.outgoingTempo?.sections[0].bpm,
                incomingBPM: audition.inputs.incomingTempo?.sections[0].bpm, plan: query(of: plan),
                curves: CrossfadeCurve.allCases.map(\.rawValue),
                compared: CrossfadeAudition.compared.map(\.rawValue),
                scenarios: CrossfadeScenario.allCases.map { s in
                    let p = s.apply(to: plan, curve: nil, gap: nil)
                    return Setup.Scenario(name: s.rawValue, duration: p.duration, curve: p.curve.rawValue, gap: p.gap)
                }, maxSeconds: CrossfadeAudition.maxSeconds)
            let server = LoopbackPageServer(page: PageAssets.audition, token: token, port: port)
            let router = server.router
            CrossfadeAuditionController(audition: audition, setup: setup).addRoutes(to: router)
            return server.application(started: started)
        }

        /// Runs the server until SIGINT, SIGTERM or SIGHUP, then returns.
        public static func run(
            audition: CrossfadeAudition, plan: CrossfadePlan, token: String, port: Int, started: @escaping @Sendable (String) -> Void
        ) async throws {
            let app = try application(audition: audition, plan: plan, token: token, port: port, started: started)
            try await app.runService(gracefulShutdownSignals: [.sigint, .sigterm, .sighup])
        }
    }
#endif
