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
            router.get("/api/view") { request, _ in
                let asked = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
                guard asked.filter({ $0.0 == "width" }).count <= 1 else {
                    return PageResponses.failure(.badRequest, "width is given twice")
                }
                let width = min(max(request.uri.queryParameters.get("width", as: Int.self) ?? 1000, 2), 8000)
                let current = await session.audition
                let view: PatternAuditionView
                do throws(PatternAudition.Refusal) {
                    view = try current.view(try PatternAudition.edit(asked, other: ["token", "width"]), width: width)
                } catch { return PageResponses.failure(.badRequest, error.description) }
                return try PageResponses.json(view)
            }
            router.get("/api/audio") { request, _ in
                let asked = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
                guard asked.filter({ $0.0 == "kind" }).count <= 1 else { return PageResponses.failure(.badRequest, "kind is given twice") }
                guard let kind = AuditionAudio(rawValue: request.uri.queryParameters.get("kind") ?? "mix") else {
                    return PageResponses.failure(.badRequest, "kind must be sound, haptic or mix")
                }
                let current = await session.audition
                let bytes: [UInt8]
                do throws(PatternAudition.Refusal) {
                    bytes = try current.audio(try PatternAudition.edit(asked, other: ["token", "kind"]), kind: kind)
                } catch { return PageResponses.failure(.badRequest, error.description) }
                return Response(
                    status: .ok, headers: [.contentType: "audio/wav", .cacheControl: "no-store"],
                    body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
            }
            router.post("/api/save") { request, _ in
                let asked = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
                do throws(PatternAudition.Refusal) {
                    let bases = asked.filter { $0.0 == "base" }
                    guard bases.count <= 1 else { throw PatternAudition.Refusal(description: "base is given twice") }
                    try await session.save(try PatternAudition.edit(asked, other: ["token", "base"]), base: bases.first?.1)
                } catch { return PageResponses.failure(.conflict, error.description) }
                return try PageResponses.json(["saved": (await session.audition).path])
            }
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
