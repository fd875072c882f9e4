#if Editor
    import Foundation
    import Hummingbird

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
                return PageResponses.failure(.forbidden, "this server answers only to http://127.0.0.1:\(port), by path and one Host")
            }
            guard let authority = request.head.authority, allowed.contains(authority.lowercased()) else {
                return PageResponses.failure(.forbidden, "this server answers only to http://127.0.0.1:\(port)")
            }
            if let origin = request.headers[.origin], !allowed.map({ "http://\($0)" }).contains(origin.lowercased()) {
                return PageResponses.failure(.forbidden, "cross-origin requests are refused")
            }
            // The page's stylesheet and modules hold nothing of the session: the browser fetches them without the token.
            if request.uri.path.hasPrefix("/assets/") { return try await next(request, context) }
            guard let supplied = request.uri.queryParameters.get("token"), constantTimeEqual(supplied, token) else {
                return PageResponses.failure(.forbidden, "a valid token is required: open the URL the editor printed")
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
