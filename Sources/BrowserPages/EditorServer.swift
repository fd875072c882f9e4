#if Editor
    import AudioKitLinux
    import Foundation
    import Hummingbird
    import Logging

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
            addReadRoutes(router, session: session)
            addEditRoutes(router, session: session)
            addSaveRoutes(router, session: session)
            router.get("/audio") { request, _ in try await audio(request, session: session) }
            return server.application(started: started)
        }

        /// The routes that read: the session's state, onsets, tempo candidates, a draft of a range and the envelope.
        static func addReadRoutes(_ router: Router<BasicRequestContext>, session: EditorSession) {
            router.get("/api/state") { _, _ in try json(await session.state()) }
            router.get("/api/onsets") { _, _ in try json(await session.onsetPeaks()) }
            router.get("/api/tempo") { _, _ in
                let candidates: [EditorTempoCandidate]
                do throws(InputError) { candidates = try await session.tempoCandidates() } catch {
                    return failure(.internalServerError, error.description)
                }
                return try json(candidates)
            }
            // Hits proposed for a range: ?from=&to= seconds inside the track, &density= hits per second (0, 50].
            router.get("/api/draft") { request, _ in
                let q = request.uri.queryParameters
                let duration = session.info.duration
                guard let from = q.get("from", as: Double.self), let to = q.get("to", as: Double.self),
                    let density = q.get("density", as: Double.self), from.isFinite, to.isFinite, density.isFinite, from >= 0,
                    to <= duration + 0.001, to > from, density > 0, density <= EditorSession.maxDraftDensity
                else {
                    return failure(
                        .badRequest,
                        "from and to must be seconds inside the track with from < to, and density hits per second above 0 and at most 50")
                }
                let proposal: EditorDraftProposal
                do throws(InputError) {
                    proposal = try await session.draftProposal(from: from, to: min(to, duration), density: density)
                } catch {
                    return failure(.unprocessableContent, error.description)
                }
                return try json(proposal)
            }
            router.get("/api/envelope") { request, _ in
                let q = request.uri.queryParameters
                let duration = session.info.duration
                guard let asked = q.get("from", as: Double.self), let until = q.get("to", as: Double.self), asked.isFinite, until.isFinite
                else { return failure(.badRequest, "from and to must be seconds with from < to") }
                // Clamped to the track (with a margin), so no request can make a frame number overflow.
                let from = max(-1, min(asked, duration + 1)), to = max(-1, min(until, duration + 1))
                guard to > from else { return failure(.badRequest, "from and to must be seconds with from < to") }
                let width = min(max(q.get("width", as: Int.self) ?? 1000, 1), 8192)
                return try json(await session.envelope(from: from, to: to, width: width))
            }
        }

        /// The routes that change the session: its beats, grid, markers and whether a sidecar is kept.
        static func addEditRoutes(_ router: Router<BasicRequestContext>, session: EditorSession) {
            router.put("/api/beats") { request, _ in
                let body = try await request.body.collect(upTo: maxBodyBytes)
                guard let times = beatTimes(Array(body.readableBytesView)) else {
                    return failure(.badRequest, "the body must be a JSON array of beat times in seconds")
                }
                do throws(InputError) { try await session.setBeats(times) } catch {
                    return failure(.contentTooLarge, error.description)
                }
                return try json(await session.state())
            }
            // The tempo grid the author set: {"bpm": …, "offset": …, "sections": [{"time": …, "bpm": …}, …]} (sections
            // optional); the beats are judged on it from now on.
            router.put("/api/grid") { request, _ in
                let body = try await request.body.collect(upTo: maxBodyBytes)
                guard let grid = GridBody.read(Array(body.readableBytesView)),
                    await session.setGrid(bpm: grid.bpm, offset: grid.offset, sections: (grid.sections ?? []).map { ($0.time, $0.bpm) })
                else {
                    return failure(
                        .badRequest,
                        "the body must be {\"bpm\": a tempo within \(TempoMap.bpmRange.lowerBound)–\(TempoMap.bpmRange.upperBound), \"offset\": seconds, \"sections\": [{\"time\": seconds, \"bpm\": a tempo}, …] (optional, each at least 1 ms after the one before, at most \(EditorSession.maxSections))}"
                    )
                }
                return try json(await session.state())
            }
            // The author's named ranges: [{"name": …, "from": …, "to": …}, …] (every one, each time).
            router.put("/api/markers") { request, _ in
                let body = try await request.body.collect(upTo: maxBodyBytes)
                let bytes = Array(body.readableBytesView)
                guard let value = JSONValue.parse(bytes, maxDepth: 8) else {
                    return failure(.badRequest, "the body must be a JSON array of {\"name\", \"from\", \"to\"}")
                }
                switch EditorMarker.read(value) {
                case .failure(let e): return failure(.badRequest, e.reason)
                case .success(let markers):
                    if let problem = await session.setMarkers(markers) { return failure(.badRequest, problem) }
                }
                return try json(await session.state())
            }
            // Whether a save also keeps the grid and markers beside a map that holds beats only: {"keep": true|false}.
            router.put("/api/sidecar") { request, _ in
                let body = try await request.body.collect(upTo: maxBodyBytes)
                let bytes = Array(body.readableBytesView)
                guard case .object(let o) = JSONValue.parse(bytes, maxDepth: 4), o.keys == ["keep"],
                    case .bool(let keep) = o["keep"]
                else { return failure(.badRequest, "the body must be {\"keep\": true} or {\"keep\": false}") }
                guard await session.setKeepsBeside(keep) else {
                    return failure(.badRequest, "this map keeps its grid and markers itself, or has no file to save beside")
                }
                return try json(await session.state())
            }
        }

        /// The routes that write the map: Save, and Save As.
        static func addSaveRoutes(_ router: Router<BasicRequestContext>, session: EditorSession) {
            // The page sends the beats it shows with the save, so what is written is what the author sees.
            router.post("/api/save") { request, _ in
                let sent = SaveBody(Array(try await request.body.collect(upTo: maxBodyBytes).readableBytesView))
                if case .invalid = sent { return failure(.badRequest, "the body must be a JSON array of beat times in seconds") }
                do throws(InputError) {
                    if case .beats(let times) = sent { try await session.setBeats(times) }
                    try await session.save()
                } catch { return failure(.conflict, error.description) }
                return try json(await session.state())
            }
            // Save As: a new file in the folder the editor was started in, named by `name` (a file name, never a path).
            router.post("/api/save-as") { request, _ in
                let sent = SaveBody(Array(try await request.body.collect(upTo: maxBodyBytes).readableBytesView))
                if case .invalid = sent { return failure(.badRequest, "the body must be a JSON array of beat times in seconds") }
                guard let name = request.uri.queryParameters.get("name") else { return failure(.badRequest, "name= is missing") }
                do throws(InputError) {
                    if case .beats(let times) = sent { try await session.setBeats(times) }
                    try await session.saveAs(name: name)
                } catch { return failure(.badRequest, error.description) }
                return try json(await session.state())
            }
        }

        /// Runs the server until SIGINT, SIGTERM or SIGHUP, then returns (connections drained).
        public static func run(session: EditorSession, token: String, port: Int, started: @escaping @Sendable (String) -> Void)
            async throws
        {
            let app = application(session: session, token: token, port: port, started: started)
            try await app.runService(gracefulShutdownSignals: [.sigint, .sigterm, .sighup])
        }

        /// The body of `PUT /api/grid`.
        struct GridBody: Decodable {
            struct Section: Decodable {
                let time: Double
                let bpm: Double
            }
            let bpm: Double
            let offset: Double
            let sections: [Section]?

            /// The grid in `bytes`: an object of `bpm` and `offset`, both numbers, and optionally `sections`, an array of
            /// objects of exactly `time` and `bpm`; nil otherwise (an unknown key is refused, not ignored).
            static func read(_ bytes: [UInt8]) -> GridBody? {
                let data = Data(bytes)
                guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                    Set(object.keys) == ["bpm", "offset"] || Set(object.keys) == ["bpm", "offset", "sections"]
                else { return nil }
                if let sections = object["sections"] {
                    guard let list = sections as? [[String: Any]], list.allSatisfy({ Set($0.keys) == ["time", "bpm"] }) else { return nil }
                }
                return try? JSONDecoder().decode(GridBody.self, from: data)
            }
        }

        /// The beats a save carries: none (an empty body: save what the session has), a beat list, or something else.
        enum SaveBody {
            case none, beats([Double]), invalid

            init(_ bytes: [UInt8]) {
                if bytes.isEmpty {
                    self = .none
                } else {
                    self = beatTimes(bytes).map(SaveBody.beats) ?? .invalid
                }
            }
        }

        /// A JSON array of finite numbers (empty allowed), or nil.
        static func beatTimes(_ bytes: [UInt8]) -> [Double]? {
            let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            // An empty array, with any JSON whitespace inside (the reader refuses a map with no beat).
            if String(String.UnicodeScalarView(text.unicodeScalars.filter { ![" ", "\t", "\r", "\n"].contains($0) })) == "[]" { return [] }
            guard text.hasPrefix("[") else { return nil }
            let read = BeatMapReader.read(bytes: bytes, file: nil, format: .json)
            guard let times = read.map?.times, times.allSatisfy(\.isFinite) else { return nil }
            return times
        }

        static func quietLogger() -> Logger {
            var logger = Logger(label: "beatmap-edit")
            logger.logLevel = .warning
            return logger
        }

        /// One file of the page, never cached (it changes with the binary), under the page's policy.
        static func page(_ file: PageAssets.File) -> Response {
            Response(
                status: .ok,
                headers: [
                    .contentType: file.contentType, .cacheControl: "no-store", .contentSecurityPolicy: PageAssets.policy,
                    .init("X-Content-Type-Options")!: "nosniff",
                ],
                body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
        }

        /// `value` as a JSON answer with `status`.
        static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
            Response(
                status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(value))))
        }

        /// `{"error": message}` with `status`.
        static func failure(_ status: HTTPResponse.Status, _ message: String) -> Response {
            // A dictionary of strings always encodes.
            (try? json(["error": message], status: status)) ?? Response(status: status)
        }

        /// The track as WAV, whole or by one byte range (`Range: bytes=a-b`, `a-` or `-n`).
        static func audio(_ request: Request, session: EditorSession) async throws -> Response {
            let total = await session.audioByteCount
            var headers: HTTPFields = [.contentType: "audio/wav", .acceptRanges: "bytes", .cacheControl: "no-store"]
            var range = 0..<total
            var status = HTTPResponse.Status.ok
            if let spec = request.headers[.range], spec.hasPrefix("bytes="), !spec.contains(",") {
                guard let r = byteRange(spec, total: total) else {
                    headers[.contentRange] = "bytes */\(total)"
                    return Response(status: .rangeNotSatisfiable, headers: headers)
                }
                range = r
                status = .partialContent
                headers[.contentRange] = "bytes \(r.lowerBound)-\(r.upperBound - 1)/\(total)"
            }
            // The body is made and sent a block at a time (each decoded on demand, the next only once the client has
            // taken the last), so no request, whole or ranged, holds more than one block of the track in memory.
            // The first block is read before the headers go out, so a track that cannot be decoded is a 500, not
            // a cut-off 200.
            let first: [UInt8]
            let firstEnd = min(range.upperBound, range.lowerBound + audioBlockBytes)
            do { first = try await session.audioBytes(range.lowerBound..<firstEnd) } catch {
                return failure(.internalServerError, error.description)
            }
            let sent = range
            let body = ResponseBody(contentLength: sent.count) { writer in
                try await writer.write(ByteBuffer(bytes: first))
                var at = firstEnd
                while at < sent.upperBound {
                    let end = min(sent.upperBound, at + audioBlockBytes)
                    try await writer.write(ByteBuffer(bytes: try await session.audioBytes(at..<end)))
                    at = end
                }
                try await writer.finish(nil)
            }
            return Response(status: status, headers: headers, body: body)
        }

        /// The most bytes of the track one step of a response decodes and holds (256 KiB: 1.5 s of 44.1 kHz stereo).
        public static let audioBlockBytes = 256 << 10

        /// The byte range a `Range` header asks for, within `total` bytes; nil when it cannot be satisfied. A header that
        /// is not one `bytes=` range is ignored by the caller (the whole file, 200).
        static func byteRange(_ spec: String, total: Int) -> Range<Int>? {
            guard spec.hasPrefix("bytes="), !spec.contains(",") else { return 0..<total }
            let parts = spec.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            if parts[0].isEmpty {
                guard let n = Int(parts[1]), n > 0, total > 0 else { return nil }
                return max(0, total - n)..<total
            }
            guard let start = Int(parts[0]), start >= 0, start < total else { return nil }
            let end = parts[1].isEmpty ? total - 1 : min(Int(parts[1]) ?? -1, total - 1)
            return end >= start ? start..<(end + 1) : nil
        }
    }

    /// Refuses (403) any request whose Host is not this server's loopback address or whose Origin is another site's,
    /// and any without the token but for the page's own files.
    struct LoopbackGuard<Context: RequestContext>: RouterMiddleware {
        let token: String
        let port: @Sendable () -> Int

        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            let port = port()
            let allowed = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
            // One Host only (the first becomes the authority; another left among the fields would name a second host).
            // An absolute URL as the target reaches here as its path with the Host header as authority (the HTTP/1
            // layer drops the URL's own host), so the Host checked is the one the request carries.
            let secondHost = request.headers.contains { $0.name.canonicalName == "host" }
            guard !secondHost, request.head.path?.hasPrefix("/") == true else {
                return EditorServer.failure(.forbidden, "this server answers only to http://127.0.0.1:\(port), by path and one Host")
            }
            guard let authority = request.head.authority, allowed.contains(authority.lowercased()) else {
                return EditorServer.failure(.forbidden, "this server answers only to http://127.0.0.1:\(port)")
            }
            if let origin = request.headers[.origin], !allowed.map({ "http://\($0)" }).contains(origin.lowercased()) {
                return EditorServer.failure(.forbidden, "cross-origin requests are refused")
            }
            // The page's stylesheet and modules hold nothing of the session: the browser fetches them without the token.
            if request.uri.path.hasPrefix("/assets/") { return try await next(request, context) }
            guard let supplied = request.uri.queryParameters.get("token"), constantTimeEqual(supplied, token) else {
                return EditorServer.failure(.forbidden, "a valid token is required: open the URL the editor printed")
            }
            return try await next(request, context)
        }

        func constantTimeEqual(_ a: String, _ b: String) -> Bool {
            let x = Array(a.utf8)
            let y = Array(b.utf8)
            guard x.count == y.count else { return false }
            return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
        }
    }
#endif
