#if Editor
    import AudioKitLinux
    import Foundation
    import Hummingbird

    /// The editor's routes that read: the session's state, onsets, tempo candidates and changes, a draft of a range and
    /// the waveform's envelope (as Hummingbird's examples group routes in a controller).
    struct EditorReadController {
        /// The session the routes act on.
        let session: EditorSession

        /// The routes that read: the session's state, onsets, tempo candidates and changes, a draft of a range and the
        /// envelope.
        func addRoutes(to router: Router<BasicRequestContext>) {
            router.get("/api/state") { _, _ in try PageResponses.json(await session.state()) }
            router.get("/api/onsets") { _, _ in try PageResponses.json(await session.onsetPeaks()) }
            // The whole track's tempo candidates; with ?from=&to= (seconds inside the track), those of that stretch
            // alone (a tempo section), empty when it is under 5 s or has no pulse.
            router.get("/api/tempo") { request, _ in
                let q = request.uri.queryParameters
                let stretch: (from: Double, to: Double)?
                switch (q.get("from"), q.get("to")) {
                case (nil, nil): stretch = nil
                case (let a?, let b?):
                    let duration = session.info.duration
                    guard let from = Double(String(a)), let to = Double(String(b)), from.isFinite, to.isFinite, from >= 0,
                        to <= duration + 0.001, to > from
                    else {
                        return PageResponses.failure(.badRequest, "from and to must be seconds inside the track with from < to")
                    }
                    stretch = (from, min(to, duration))
                default:
                    return PageResponses.failure(
                        .badRequest, "give both from and to (a stretch of the track), or neither (the whole track)")
                }
                let candidates: [EditorTempoCandidate]
                do throws(InputError) {
                    if let stretch {
                        candidates = try await session.tempoCandidates(from: stretch.from, to: stretch.to)
                    } else {
                        candidates = try await session.tempoCandidates()
                    }
                } catch {
                    return PageResponses.failure(.internalServerError, error.description)
                }
                return try PageResponses.json(candidates)
            }
            // The track's stretches of one tempo (its tempo changes, found once when it opened).
            router.get("/api/track-tempi") { _, _ in try PageResponses.json(await session.trackTempi()) }
            // Hits proposed for a range: ?from=&to= seconds inside the track, &density= hits per second (0, 50].
            router.get("/api/draft") { request, _ in
                let q = request.uri.queryParameters
                let duration = session.info.duration
                guard let from = q.get("from", as: Double.self), let to = q.get("to", as: Double.self),
                    let density = q.get("density", as: Double.self), from.isFinite, to.isFinite, density.isFinite, from >= 0,
                    to <= duration + 0.001, to > from, density > 0, density <= EditorSession.maxDraftDensity
                else {
                    return PageResponses.failure(
                        .badRequest,
                        "from and to must be seconds inside the track with from < to, and density hits per second above 0 and at most 50")
                }
                let proposal: EditorDraftProposal
                do throws(InputError) {
                    proposal = try await session.draftProposal(from: from, to: min(to, duration), density: density)
                } catch {
                    return PageResponses.failure(.unprocessableContent, error.description)
                }
                return try PageResponses.json(proposal)
            }
            router.get("/api/envelope") { request, _ in
                let q = request.uri.queryParameters
                let duration = session.info.duration
                guard let asked = q.get("from", as: Double.self), let until = q.get("to", as: Double.self), asked.isFinite, until.isFinite
                else { return PageResponses.failure(.badRequest, "from and to must be seconds with from < to") }
                // Clamped to the track (with a margin), so no request can make a frame number overflow.
                let from = max(-1, min(asked, duration + 1)), to = max(-1, min(until, duration + 1))
                guard to > from else { return PageResponses.failure(.badRequest, "from and to must be seconds with from < to") }
                let width = min(max(q.get("width", as: Int.self) ?? 1000, 1), 8192)
                return try PageResponses.json(await session.envelope(from: from, to: to, width: width))
            }
        }
    }
#endif
