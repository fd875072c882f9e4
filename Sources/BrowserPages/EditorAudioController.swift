#if Editor
    import AudioKitLinux
    import Foundation
    import Hummingbird

    /// The editor's route for the track: `GET /audio`, the track as WAV, whole or by one byte range, streamed a block at
    /// a time.
    struct EditorAudioController {
        /// The session whose track is served.
        let session: EditorSession

        func addRoutes(to router: Router<BasicRequestContext>) {
            router.get("/audio") { request, _ in try await audio(request) }
        }

        /// The track as WAV, whole or by one byte range (`Range: bytes=a-b`, `a-` or `-n`).
        func audio(_ request: Request) async throws -> Response {
            let total = await session.audioByteCount
            var headers: HTTPFields = [.contentType: "audio/wav", .acceptRanges: "bytes", .cacheControl: "no-store"]
            var range = 0..<total
            var status = HTTPResponse.Status.ok
            if let spec = request.headers[.range], spec.hasPrefix("bytes="), !spec.contains(",") {
                guard let r = Self.byteRange(spec, total: total) else {
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
            let firstEnd = min(range.upperBound, range.lowerBound + EditorServer.audioBlockBytes)
            do { first = try await session.audioBytes(range.lowerBound..<firstEnd) } catch {
                return PageResponses.failure(.internalServerError, error.description)
            }
            let sent = range
            let body = ResponseBody(contentLength: sent.count) { writer in
                try await writer.write(ByteBuffer(bytes: first))
                var at = firstEnd
                while at < sent.upperBound {
                    let end = min(sent.upperBound, at + EditorServer.audioBlockBytes)
                    try await writer.write(ByteBuffer(bytes: try await session.audioBytes(at..<end)))
                    at = end
                }
                try await writer.finish(nil)
            }
            return Response(status: status, headers: headers, body: body)
        }

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
#endif
