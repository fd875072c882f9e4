#if Editor
    import AudioKitLinux
    import Foundation
    import Hummingbird

    /// The pattern audition's routes (`ahap-tool audition`), as Hummingbird's examples group routes in a controller:
    /// the view of an edit, its audio, and the save.
    struct PatternAuditionController {
        /// The pattern being auditioned, as last saved.
        let session: PatternAuditionServer.Session

        func addRoutes(to router: Router<BasicRequestContext>) {
            router.get("/api/view") { request, _ in try await view(request) }
            router.get("/api/audio") { request, _ in try await audio(request) }
            router.post("/api/save") { request, _ in try await save(request) }
        }

        /// `GET /api/view?EDIT&width=`: the timeline, the sync check and the findings of the pattern with the edit.
        func view(_ request: Request) async throws -> Response {
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

        /// `GET /api/audio?kind=sound|haptic|mix&EDIT`: what to hear, as WAV.
        func audio(_ request: Request) async throws -> Response {
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

        /// `POST /api/save?EDIT&base=`: the edit written into the pattern, only while the file is as the page opened it.
        func save(_ request: Request) async throws -> Response {
            let asked = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
            do throws(PatternAudition.Refusal) {
                let bases = asked.filter { $0.0 == "base" }
                guard bases.count <= 1 else { throw PatternAudition.Refusal(description: "base is given twice") }
                try await session.save(try PatternAudition.edit(asked, other: ["token", "base"]), base: bases.first?.1)
            } catch { return PageResponses.failure(.conflict, error.description) }
            return try PageResponses.json(["saved": (await session.audition).path])
        }
    }
#endif
