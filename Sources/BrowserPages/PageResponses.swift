#if Editor
    import Foundation
    import Hummingbird
    import Logging

    /// The answers the three pages' servers give: a page file under the page's policy, JSON, and `{"error": …}`.
    enum PageResponses {
        /// A logger that says only warnings and errors (the page's requests are not logged).
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
    }
#endif
