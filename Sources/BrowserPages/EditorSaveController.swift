#if Editor
    import AudioKitLinux
    import Foundation
    import Hummingbird

    /// The editor's routes that write the map: Save, and Save As.
    struct EditorSaveController {
        /// The session the routes act on.
        let session: EditorSession

        /// The routes that write the map: Save, and Save As.
        func addRoutes(to router: Router<BasicRequestContext>) {
            // The page sends the beats it shows with the save, so what is written is what the author sees.
            router.post("/api/save") { request, _ in
                let sent = EditorBodies.SaveBody(Array(try await request.body.collect(upTo: EditorServer.maxBodyBytes).readableBytesView))
                if case .invalid = sent {
                    return PageResponses.failure(.badRequest, "the body must be a JSON array of beat times in seconds")
                }
                do throws(InputError) {
                    if case .beats(let times) = sent { try await session.setBeats(times) }
                    try await session.save()
                } catch { return PageResponses.failure(.conflict, error.description) }
                return try PageResponses.json(await session.state())
            }
            // Save As: a new file in the folder the editor was started in, named by `name` (a file name, never a path).
            router.post("/api/save-as") { request, _ in
                let sent = EditorBodies.SaveBody(Array(try await request.body.collect(upTo: EditorServer.maxBodyBytes).readableBytesView))
                if case .invalid = sent {
                    return PageResponses.failure(.badRequest, "the body must be a JSON array of beat times in seconds")
                }
                guard let name = request.uri.queryParameters.get("name") else {
                    return PageResponses.failure(.badRequest, "name= is missing")
                }
                do throws(InputError) {
                    if case .beats(let times) = sent { try await session.setBeats(times) }
                    try await session.saveAs(name: name)
                } catch { return PageResponses.failure(.badRequest, error.description) }
                return try PageResponses.json(await session.state())
            }
        }
    }
#endif
