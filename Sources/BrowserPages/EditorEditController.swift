#if Editor
    import AudioKitLinux
    import Foundation
    import Hummingbird

    /// The editor's routes that change the session: its beats, grid, markers and whether a sidecar is kept.
    struct EditorEditController {
        /// The session the routes act on.
        let session: EditorSession

        /// The routes that change the session: its beats, grid, markers and whether a sidecar is kept.
        func addRoutes(to router: Router<BasicRequestContext>) {
            router.put("/api/beats") { request, _ in
                let body = try await request.body.collect(upTo: EditorServer.maxBodyBytes)
                guard let times = EditorBodies.beatTimes(Array(body.readableBytesView)) else {
                    return PageResponses.failure(.badRequest, "the body must be a JSON array of beat times in seconds")
                }
                do throws(InputError) { try await session.setBeats(times) } catch {
                    return PageResponses.failure(.contentTooLarge, error.description)
                }
                return try PageResponses.json(await session.state())
            }
            // The tempo grid the author set: {"bpm": …, "offset": …, "sections": [{"time": …, "bpm": …}, …], "stops":
            // [{"time": …, "seconds": …, "delay": …}, …]} (sections and stops optional); the beats are judged on it from
            // now on.
            router.put("/api/grid") { request, _ in
                let body = try await request.body.collect(upTo: EditorServer.maxBodyBytes)
                guard let grid = EditorBodies.GridBody.read(Array(body.readableBytesView)) else {
                    return PageResponses.failure(
                        .badRequest,
                        "the body must be {\"bpm\": a tempo within \(TempoMap.bpmRange.lowerBound)–\(TempoMap.bpmRange.upperBound), \"offset\": seconds, \"sections\": [{\"time\": seconds, \"bpm\": a tempo}, …] (optional, each at least 1 ms after the one before, at most \(EditorSession.maxSections)), \"stops\": [{\"time\": seconds, \"seconds\": a pause, \"delay\": true or false (optional)}, …] (optional)}"
                    )
                }
                // A grid read but not taken: the reason names the value and the bound it breaks.
                if let why = await session.trySetGrid(
                    bpm: grid.bpm, offset: grid.offset, sections: (grid.sections ?? []).map { ($0.time, $0.bpm) },
                    stops: (grid.stops ?? []).map { ($0.time, $0.seconds, $0.delay ?? false) })
                {
                    return PageResponses.failure(.badRequest, why)
                }
                return try PageResponses.json(await session.state())
            }
            // The author's named ranges: [{"name": …, "from": …, "to": …}, …] (every one, each time).
            router.put("/api/markers") { request, _ in
                let body = try await request.body.collect(upTo: EditorServer.maxBodyBytes)
                let bytes = Array(body.readableBytesView)
                guard let value = JSONValue.parse(bytes, maxDepth: 8) else {
                    return PageResponses.failure(.badRequest, "the body must be a JSON array of {\"name\", \"from\", \"to\"}")
                }
                switch EditorMarker.read(value) {
                case .failure(let e): return PageResponses.failure(.badRequest, e.reason)
                case .success(let markers):
                    if let problem = await session.setMarkers(markers) { return PageResponses.failure(.badRequest, problem) }
                }
                return try PageResponses.json(await session.state())
            }
            // Whether a save also keeps the grid and markers beside a map that holds beats only: {"keep": true|false}.
            router.put("/api/sidecar") { request, _ in
                let body = try await request.body.collect(upTo: EditorServer.maxBodyBytes)
                let bytes = Array(body.readableBytesView)
                guard case .object(let o) = JSONValue.parse(bytes, maxDepth: 4), o.keys == ["keep"],
                    case .bool(let keep) = o["keep"]
                else { return PageResponses.failure(.badRequest, "the body must be {\"keep\": true} or {\"keep\": false}") }
                guard await session.setKeepsBeside(keep) else {
                    return PageResponses.failure(.badRequest, "this map keeps its grid and markers itself, or has no file to save beside")
                }
                return try PageResponses.json(await session.state())
            }
        }
    }
#endif
