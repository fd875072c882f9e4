#if Editor
    import AudioKitLinux
    import Foundation
    import Hummingbird

    /// The crossfade audition's routes (`beatmap audition`), as Hummingbird's examples group routes in a controller:
    /// the setup, the view of a plan, and a plan's mix as WAV.
    struct CrossfadeAuditionController {
        /// The two tracks and how they are mixed.
        let audition: CrossfadeAudition
        /// What the page starts from.
        let setup: CrossfadeAuditionServer.Setup

        func addRoutes(to router: Router<BasicRequestContext>) {
            router.get("/api/setup") { _, _ in try PageResponses.json(setup) }
            router.get("/api/view") { request, _ in try view(request) }
            router.get("/api/mix") { request, _ in try mix(request) }
        }

        /// `GET /api/view?PLAN&width=`: the transition drawn for the plan, each compared curve with its command line.
        func view(_ request: Request) throws -> Response {
            let asked = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
            let plan: CrossfadePlan
            do throws(CrossfadeAuditionQuery.Refusal) {
                plan = try CrossfadeAuditionQuery.plan(asked, for: audition, other: ["token", "width"])
            } catch { return PageResponses.failure(.badRequest, error.description) }
            let width = min(max(request.uri.queryParameters.get("width", as: Int.self) ?? 1000, 2), 4000)
            var view: CrossfadeAuditionView
            do throws(InputError) { view = try audition.view(plan, width: width) } catch {
                return PageResponses.failure(.internalServerError, error.description)
            }
            for i in view.curves.indices {
                var p = CrossfadeAudition.looped(plan)
                p.curve = CrossfadeCurve(rawValue: view.curves[i].curve) ?? plan.curve
                view.curves[i].command = CrossfadeCommand.line(audition.inputs, plan: p, output: "mix.wav")
            }
            return try PageResponses.json(view)
        }

        /// `GET /api/mix?PLAN`: the plan's loop as WAV, the samples `beatmap crossfade` writes.
        func mix(_ request: Request) throws -> Response {
            let asked = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
            let plan: CrossfadePlan
            do throws(CrossfadeAuditionQuery.Refusal) {
                plan = try CrossfadeAuditionQuery.plan(asked, for: audition, other: ["token"])
            } catch { return PageResponses.failure(.badRequest, error.description) }
            let bytes: [UInt8]
            do throws(InputError) { bytes = try audition.wav(plan) } catch {
                return PageResponses.failure(.internalServerError, error.description)
            }
            return Response(
                status: .ok, headers: [.contentType: "audio/wav", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }
#endif
