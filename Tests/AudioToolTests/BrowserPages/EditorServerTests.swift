#if Editor
    import AudioKitLinux
    import BrowserPages
    import Foundation
    import Testing

    /// The editor's server on loopback, driven through a raw socket (so Host and Origin can be anything).
    @Suite("Editor server", .serialized)
    struct EditorServerTests {
        typealias Exchange = (status: Int, headers: [String: String], body: [UInt8])

        /// One HTTP/1.1 exchange, on a Dispatch thread: a blocking socket on Swift's cooperative pool would starve the
        /// server's actor on a 2-core machine.
        static func http(
            _ port: Int, _ method: String, _ path: String, host: String? = nil, headers: [String: String] = [:], body: [UInt8] = []
        ) async throws -> Exchange {
            let result: Result<Exchange, any Error> = await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(
                        returning: Result { try blockingHTTP(port, method, path, host: host, headers: headers, body: body) })
                }
            }
            return try result.get()
        }

        /// One HTTP/1.1 exchange on 127.0.0.1:`port`; the status, the headers (lower-cased names) and the body.
        static func blockingHTTP(
            _ port: Int, _ method: String, _ path: String, host: String? = nil, headers: [String: String] = [:], body: [UInt8] = []
        )
            throws -> Exchange
        {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw InputError(.unreadable, path: "127.0.0.1:\(port)", reason: "cannot connect") }
            var request = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
            for (k, v) in headers { request += "\(k): \(v)\r\n" }
            request += "Content-Length: \(body.count)\r\n\r\n"
            let bytes = Array(request.utf8) + body
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            var response: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                response += chunk[0..<n]
            }
            guard let split = response.firstRange(of: Array("\r\n\r\n".utf8)) else {
                throw InputError(.corrupt, path: "127.0.0.1:\(port)", reason: "no HTTP response")
            }
            let head = String(decoding: response[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            let status = Int(head[0].split(separator: " ")[1]) ?? 0
            var fields: [String: String] = [:]
            for line in head.dropFirst() {
                if let colon = line.firstIndex(of: ":") {
                    fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
            var payload = Array(response[split.upperBound...])
            if fields["transfer-encoding"] == "chunked" { payload = dechunk(payload) }
            return (status, fields, payload)
        }

        static func dechunk(_ data: [UInt8]) -> [UInt8] {
            var out: [UInt8] = []
            var i = 0
            while i < data.count, let lineEnd = data[i...].firstRange(of: Array("\r\n".utf8)) {
                let size = Int(String(decoding: data[i..<lineEnd.lowerBound], as: UTF8.self), radix: 16) ?? 0
                if size == 0 { break }
                out += data[lineEnd.upperBound..<min(data.count, lineEnd.upperBound + size)]
                i = lineEnd.upperBound + size + 2
            }
            return out
        }

        /// A running server on a free port over a click track and a copy of `map`; `body` gets the port and token.
        static func withServer(
            map: String = "samples/beatmaps/GameConstants.swift", _ body: (Int, String, URL) async throws -> Void
        ) async throws {
            let dir = TestPaths.scratch()
            defer { try? FileManager.default.removeItem(at: dir) }
            let track = dir.appendingPathComponent("track.flac")
            try FileManager.default.copyItem(
                at: TestPaths.packageRoot.appendingPathComponent("samples/audio/world1-track-a-88bpm.flac"), to: track)
            let copy = dir.appendingPathComponent((map as NSString).lastPathComponent)
            try FileManager.default.copyItem(at: TestPaths.packageRoot.appendingPathComponent(map), to: copy)
            let session = try await EditorSession(track: track.path, map: copy.path)
            let token = EditorServer.makeToken()
            let (urls, continuation) = AsyncStream.makeStream(of: String.self)
            let server = Task {
                try await EditorServer.application(session: session, token: token, port: 0) { continuation.yield($0) }.runService(
                    gracefulShutdownSignals: [])
            }
            defer { server.cancel() }
            var iterator = urls.makeAsyncIterator()
            let url = try #require(await iterator.next())
            let port = try #require(Int(url.split(separator: ":")[2].split(separator: "/")[0]))
            #expect(url.hasPrefix("http://127.0.0.1:") && url.contains("token=\(token)"))
            try await body(port, token, copy)
        }

        @Test func everyRequestNeedsTheTokenALoopbackHostAndItsOwnOrigin() async throws {
            try await Self.withServer { port, token, _ in
                #expect(try await Self.http(port, "GET", "/api/state").status == 403)
                #expect(try await Self.http(port, "GET", "/api/state?token=0000").status == 403)
                #expect(try await Self.http(port, "GET", "/?token=\(token)").status == 200)
                let ok = try await Self.http(port, "GET", "/api/state?token=\(token)")
                #expect(ok.status == 200)
                let state = try JSONSerialization.jsonObject(with: Data(ok.body)) as? [String: Any]
                #expect((state?["beats"] as? [Any])?.count == 18)
                #expect(try await Self.http(port, "GET", "/api/state?token=\(token)", host: "evil.example:\(port)").status == 403)
                // A second Host header, after this server's or before it, is refused.
                #expect(try await Self.http(port, "GET", "/api/state?token=\(token)", headers: ["Host": "evil.example"]).status == 403)
                #expect(try await Self.http(port, "GET", "/api/state?token=\(token)", host: "127.0.0.1:1").status == 403)
                #expect(try await Self.http(port, "GET", "/api/state?token=\(token)", host: "localhost:\(port)").status == 200)
                let foreign = ["Origin": "http://evil.example"]
                #expect(
                    try await Self.http(port, "PUT", "/api/beats?token=\(token)", headers: foreign, body: Array("[1,2]".utf8)).status == 403
                )
                let own = ["Origin": "http://127.0.0.1:\(port)"]
                #expect(try await Self.http(port, "GET", "/api/state?token=\(token)", headers: own).status == 200)
            }
        }

        @Test func editingReChecksAndSavingChangesOnlyTheSwiftLiteral() async throws {
            try await Self.withServer { port, token, map in
                let before = try String(contentsOf: map, encoding: .utf8)
                let state =
                    try JSONSerialization.jsonObject(with: Data(await Self.http(port, "GET", "/api/state?token=\(token)").body))
                    as? [String: Any]
                #expect(state?["flagged"] as? Int == 1)  // the sample's late beat 6
                // Its fix is where the track's click is (4.340 s, where the sample's other map has it).
                let fix = ((state?["beats"] as? [[String: Any]])?[6]["fix"] as? Double) ?? 0
                #expect(abs(fix - 4.340) < 0.005, "fix \(fix)")
                var times = try #require(BeatMapReader.read(bytes: Array(before.utf8), file: nil, format: .swift).map?.times)
                times[6] = 4.340
                let put = try await Self.http(port, "PUT", "/api/beats?token=\(token)", body: Array("\(times)".utf8))
                #expect(put.status == 200)
                let after = try JSONSerialization.jsonObject(with: Data(put.body)) as? [String: Any]
                #expect(after?["flagged"] as? Int == 0)
                #expect(after?["dirty"] as? Bool == true)
                #expect(try await Self.http(port, "POST", "/api/save?token=\(token)").status == 200)
                let saved = try String(contentsOf: map, encoding: .utf8)
                #expect(saved == before.replacingOccurrences(of: "4.406", with: "4.340"))
                // Changed on disk since: the save is refused and the file is left as the other program wrote it.
                try Data("let beatMap: [Double] = [1, 2, 3, 4]\n".utf8).write(to: map)
                let refused = try await Self.http(port, "POST", "/api/save?token=\(token)")
                #expect(refused.status == 409)
                #expect(String(decoding: refused.body, as: UTF8.self).contains("changed on disk"))
                #expect(try String(contentsOf: map, encoding: .utf8) == "let beatMap: [Double] = [1, 2, 3, 4]\n")
                #expect(try await Self.http(port, "PUT", "/api/beats?token=\(token)", body: Array("not json".utf8)).status == 400)
                // An empty array is one whatever JSON whitespace it holds.
                for empty in ["[]", "[ ]", "[\n]", "[\r\n\t]"] {
                    let answer = try await Self.http(port, "PUT", "/api/beats?token=\(token)", body: Array(empty.utf8))
                    #expect(answer.status == 200, "\(empty.debugDescription): \(String(decoding: answer.body, as: UTF8.self))")
                }
                #expect(try await Self.http(port, "PUT", "/api/beats?token=\(token)", body: Array("\(times)".utf8)).status == 200)
                // The author's grid: refused unless a tempo and an offset; then the beats are judged on it, and a Swift
                // map (which cannot keep it) says so.
                for bad in [
                    "not json", "{\"bpm\": 0, \"offset\": 0}", "{\"bpm\": 120}", "{\"bpm\": 1e9, \"offset\": 0}",
                    "{\"bpm\": 120, \"offset\": 0, \"bmp\": 1}", "{\"bpm\": \"120\", \"offset\": 0}",
                    "{\"bpm\": 120, \"offset\": 0, \"sections\": [{\"time\": 5, \"bpm\": 90, \"x\": 1}]}",
                    "{\"bpm\": 120, \"offset\": 0, \"sections\": [{\"time\": 5}]}",
                    "{\"bpm\": 120, \"offset\": 0, \"sections\": [{\"time\": 5, \"bpm\": 90}, {\"time\": 4, \"bpm\": 80}]}",
                    "{\"bpm\": 120, \"offset\": 0, \"sections\": null}", "{\"bpm\": 120, \"offset\": 0, \"stops\": [{\"time\": 5}]}",
                    "{\"bpm\": 120, \"offset\": 0, \"stops\": [{\"time\": 5, \"seconds\": 0.1, \"x\": 1}]}",
                    "{\"bpm\": 120, \"offset\": 0, \"stops\": [{\"time\": 5, \"seconds\": 0.1, \"delay\": 1}]}",
                ] {
                    #expect(try await Self.http(port, "PUT", "/api/grid?token=\(token)", body: Array(bad.utf8)).status == 400, "\(bad)")
                }
                // A grid read but out of bounds: the reason names the value and the bound, not the body's shape.
                for (bad, says) in [
                    ("{\"bpm\": 120, \"offset\": 1e12}", "an offset of 1000000000000 s is more than a minute outside the track"),
                    ("{\"bpm\": 0.5, \"offset\": 0}", "a tempo of 0.5 BPM is outside 1–10000 BPM"),
                    (
                        "{\"bpm\": 120, \"offset\": 0, \"sections\": [{\"time\": 1e6, \"bpm\": 90}]}",
                        "section 2 starts at 1000000 s, after 86400 s"
                    ),
                ] {
                    let answer = try await Self.http(port, "PUT", "/api/grid?token=\(token)", body: Array(bad.utf8))
                    let text = String(decoding: answer.body, as: UTF8.self)
                    #expect(answer.status == 400 && text.contains(says), "\(bad): \(text)")
                }
                let grid = try await Self.http(port, "PUT", "/api/grid?token=\(token)", body: Array("{\"bpm\": 88, \"offset\": 0.25}".utf8))
                #expect(grid.status == 200)
                let judged = try JSONSerialization.jsonObject(with: Data(grid.body)) as? [String: Any]
                #expect((judged?["declared_grid"] as? [String: Any])?["bpm"] as? Double == 88)
                #expect(judged?["keeps_grid"] as? Bool == false)
                // A grid in sections: each section's start and tempo come back in the state.
                let sections = try await Self.http(
                    port, "PUT", "/api/grid?token=\(token)",
                    body: Array("{\"bpm\": 88, \"offset\": 0.25, \"sections\": [{\"time\": 6.1, \"bpm\": 96}]}".utf8))
                #expect(sections.status == 200)
                let sectioned = try JSONSerialization.jsonObject(with: Data(sections.body)) as? [String: Any]
                let declared = (sectioned?["declared_grid"] as? [String: Any])?["sections"] as? [[String: Double]]
                #expect(declared == [["time": 6.1, "bpm": 96]], "\(String(describing: declared))")
                // A chart's stops and delays go with the grid, each where it was.
                let paused = try await Self.http(
                    port, "PUT", "/api/grid?token=\(token)",
                    body: Array("{\"bpm\": 88, \"offset\": 0.25, \"stops\": [{\"time\": 3.5, \"seconds\": 0.2}]}".utf8))
                let stops =
                    ((try JSONSerialization.jsonObject(with: Data(paused.body)) as? [String: Any])?["declared_grid"] as? [String: Any])?[
                        "stops"]
                #expect(
                    (stops as? [[String: Any]])?.map { [$0["time"] as? Double, $0["seconds"] as? Double] } == [[3.5, 0.2]],
                    "\(String(describing: stops))")
                // Markers: refused unless each is exactly a name and a range; then in the state. A Swift map keeps them
                // only beside it, and only when asked.
                for bad in [
                    "not json", "{}", "[{\"name\": \"a\", \"from\": 2, \"to\": 1}]",
                    "[{\"name\": \"a\", \"from\": 1, \"to\": 2, \"x\": 1}]",
                    "[{\"name\": \"\", \"from\": 1, \"to\": 2}]", "[{\"name\": \"a\", \"from\": \"1\", \"to\": 2}]",
                ] {
                    #expect(try await Self.http(port, "PUT", "/api/markers?token=\(token)", body: Array(bad.utf8)).status == 400, "\(bad)")
                }
                let marked = try await Self.http(
                    port, "PUT", "/api/markers?token=\(token)", body: Array("[{\"name\": \"verse\", \"from\": 1, \"to\": 3}]".utf8))
                #expect(marked.status == 200)
                let withMarkers = try JSONSerialization.jsonObject(with: Data(marked.body)) as? [String: Any]
                #expect((withMarkers?["markers"] as? [[String: Any]])?.first?["name"] as? String == "verse")
                #expect(withMarkers?["keeps_markers"] as? Bool == false && withMarkers?["sidecar_possible"] as? Bool == true)
                for bad in ["{\"keep\": \"yes\"}", "{\"keep\": true, \"x\": 1}", "true"] {
                    #expect(try await Self.http(port, "PUT", "/api/sidecar?token=\(token)", body: Array(bad.utf8)).status == 400, "\(bad)")
                }
                let kept = try await Self.http(port, "PUT", "/api/sidecar?token=\(token)", body: Array("{\"keep\": true}".utf8))
                let keeping = try JSONSerialization.jsonObject(with: Data(kept.body)) as? [String: Any]
                #expect(kept.status == 200 && (keeping?["sidecar"] as? String)?.hasSuffix(".sidecar.json") == true)
                // Save As takes a file name, never a path: refused, and nothing is written.
                let escape = try await Self.http(port, "POST", "/api/save-as?token=\(token)&name=..%2Fescape.json")
                #expect(escape.status == 400)
                #expect(try await Self.http(port, "POST", "/api/save-as?token=\(token)").status == 400)
            }
        }

        @Test func theTrackIsServedAsWAVWithRanges() async throws {
            try await Self.withServer { port, token, _ in
                let whole = try await Self.http(port, "GET", "/audio?token=\(token)")
                #expect(whole.status == 200)
                #expect(Array(whole.body.prefix(4)) == Array("RIFF".utf8))
                let info = try AudioFile.info(TestPaths.packageRoot.appendingPathComponent("samples/audio/world1-track-a-88bpm.flac").path)
                #expect(whole.body.count == 44 + Int(info.frames) * info.channels * 2)
                let part = try await Self.http(port, "GET", "/audio?token=\(token)", headers: ["Range": "bytes=1000-1999"])
                #expect(part.status == 206)
                #expect(part.headers["content-range"] == "bytes 1000-1999/\(whole.body.count)")
                #expect(part.body == Array(whole.body[1000..<2000]))
                #expect(try await Self.http(port, "GET", "/audio?token=\(token)", headers: ["Range": "bytes=999999999-"]).status == 416)
            }
        }

        /// Every file of `Sources/BrowserPages/Page` is served byte for byte as it is on disk (a stale or missing embedded
        /// copy fails here), under a policy with no inline script or style, and the page has none to need it.
        @Test func thePageIsServedFromItsFilesUnderAStrictPolicy() async throws {
            try await Self.withServer { port, token, _ in
                let folder = TestPaths.packageRoot.appendingPathComponent("Sources/BrowserPages/Page")
                let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
                    .filter { $0.hasSuffix(".js") || $0.hasSuffix(".css") || $0.hasSuffix(".html") }
                #expect(files.count >= 8)
                // The auditions' pages are served at `/` by their own servers (CrossfadeAuditionServerTests).
                for file in files where file != "audition.html" && file != "haptics.html" {
                    let name = (file as NSString).lastPathComponent
                    let disk = try Array(Data(contentsOf: folder.appendingPathComponent(file)))
                    let served =
                        name == "index.html"
                        ? try await Self.http(port, "GET", "/?token=\(token)") : try await Self.http(port, "GET", "/assets/\(name)")
                    #expect(served.status == 200, "\(file)")
                    #expect(served.body == disk, "\(file): the embedded copy differs from the file; rebuild")
                    let policy = served.headers["content-security-policy"] ?? ""
                    #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe"), "\(file): \(policy)")
                }
                let html = String(decoding: try Data(contentsOf: folder.appendingPathComponent("index.html")), as: UTF8.self)
                #expect(!html.contains("<style") && !html.contains(" style=") && !html.contains(" onclick="))
                let scripts = html.components(separatedBy: "<script").count - 1
                #expect(scripts == 1 && html.contains("<script type=\"module\" src=\"/assets/editor.js\"></script>"))
                #expect(try await Self.http(port, "GET", "/assets/nothing.js").status == 404)
                #expect(try await Self.http(port, "GET", "/assets/editor.js", host: "evil.example:\(port)").status == 403)
            }
        }

        /// The state is a typed value with every key (absent values as null), and "too close" is the lint rule's
        /// 60 ms, not twice the hit window: a 1/4 note at 120 BPM (125 ms) is a normal chart, not a warning.
        @Test func theStateMarksTooCloseByTheLintRuleAndKeepsEveryKey() async throws {
            try await Self.withServer { port, token, _ in
                let put = try await Self.http(port, "PUT", "/api/beats?token=\(token)", body: Array("[1.0, 1.03, 1.5, 1.625, 2.0]".utf8))
                #expect(put.status == 200)
                let state = try #require(try JSONSerialization.jsonObject(with: Data(put.body)) as? [String: Any])
                let beats = try #require(state["beats"] as? [[String: Any]])
                #expect(beats.map { $0["too_close"] as? Bool } == [true, true, false, false, false])
                let keys = [
                    "track", "duration", "sample_rate", "channels", "map", "dirty", "can_save", "beats", "offset", "drift",
                    "map_bpm", "audio_bpm", "grid", "declared_grid", "keeps_grid", "chart_in_place", "retime_refusal", "flagged",
                    "tolerance", "hit_window",
                    "findings",
                    "markers", "keeps_markers", "sidecar", "sidecar_possible", "save_note", "save_refusal", "octave", "grid_phases",
                    "track_tempo", "hits_on_grid", "chart",
                ]
                #expect(Set(state.keys) == Set(keys))
                // Hits tapped in, with no tempo map of their own: tempo edits leave them at their times by default.
                #expect(state["hits_on_grid"] as? Bool == false)
                #expect(
                    beats.allSatisfy {
                        Set($0.keys) == ["time", "error", "audio_time", "flagged", "too_close", "fix", "maybe", "maybe_place", "waits_for"]
                    })
                #expect(state["dirty"] as? Bool == true && state["hit_window"] as? Double == 0.150)
            }
        }

        /// The track's tempo candidates: the sample is 88 BPM, then its half and double.
        @Test func theTempoCandidatesAreTheTracksTempoAndItsOctaves() async throws {
            try await Self.withServer { port, token, _ in
                let answer = try await Self.http(port, "GET", "/api/tempo?token=\(token)")
                #expect(answer.status == 200)
                let candidates = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [[String: Double]])
                let bpms = candidates.compactMap { $0["bpm"] }
                #expect(bpms.count == 3)
                #expect(zip(bpms, [88.0, 44, 176]).allSatisfy { abs($0 / $1 - 1) < 0.01 }, "\(bpms)")
                #expect(candidates.allSatisfy { ($0["strength"] ?? -1) >= 0 })
            }
        }

        /// A stretch's tempo candidates (a tempo section's audio alone): the sample's 88 BPM from 8 s of it; a stretch
        /// under 5 s has none; a request that does not name a stretch inside the track is refused with the reason.
        @Test func aStretchHasItsOwnTempoCandidates() async throws {
            try await Self.withServer { port, token, _ in
                let answer = try await Self.http(port, "GET", "/api/tempo?from=2&to=10&token=\(token)")
                #expect(answer.status == 200)
                let candidates = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [[String: Double]])
                let bpms = candidates.compactMap { $0["bpm"] }
                #expect(bpms.count == 3 && zip(bpms, [88.0, 44, 176]).allSatisfy { abs($0 - $1) < 0.05 }, "\(bpms)")
                let short = try await Self.http(port, "GET", "/api/tempo?from=2&to=6&token=\(token)")
                #expect(short.status == 200 && String(decoding: short.body, as: UTF8.self) == "[]")
                for query in ["from=2", "to=6", "from=6&to=2", "from=-1&to=6", "from=2&to=99", "from=nan&to=6", "from=a&to=6"] {
                    let refused = try await Self.http(port, "GET", "/api/tempo?\(query)&token=\(token)")
                    #expect(refused.status == 400, "\(query)")
                    #expect(String(decoding: refused.body, as: UTF8.self).contains("from"), "\(query)")
                }
            }
        }

        /// The track is sent a block at a time (#24): a whole response and a range across a block boundary still hold
        /// exactly the samples libsndfile reads, converted to 16 bits here independently.
        @Test func aStreamedTrackHoldsEverySampleAcrossBlocks() async throws {
            try await Self.withServer { port, token, _ in
                let path = TestPaths.packageRoot.appendingPathComponent("samples/audio/world1-track-a-88bpm.flac").path
                let (_, samples) = try AudioFile.read(path)
                var pcm: [UInt8] = []
                for x in samples {
                    let v = Int16(max(-1, min(1, x)) * 32767)
                    pcm += [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)]
                }
                #expect(pcm.count > 2 * EditorServer.audioBlockBytes + 200, "the track must span several blocks for this test to mean it")
                let whole = try await Self.http(port, "GET", "/audio?token=\(token)")
                #expect(whole.status == 200 && whole.headers["content-length"] == "\(44 + pcm.count)")
                #expect(Array(whole.body.dropFirst(44)) == pcm)
                let a = EditorServer.audioBlockBytes - 100, b = 2 * EditorServer.audioBlockBytes + 100
                let part = try await Self.http(port, "GET", "/audio?token=\(token)", headers: ["Range": "bytes=\(a)-\(b)"])
                #expect(part.status == 206 && part.body == Array(pcm[(a - 44)...(b - 44)]))
            }
        }

        /// An edit past the editor's bound is refused with a message and leaves the beats as they were (#24).
        @Test func anEditPastTheBeatBoundIsRefusedAndChangesNothing() async throws {
            try await Self.withServer { port, token, _ in
                let many = (0...EditorSession.maxBeats).map { String(Double($0) * 0.001) }.joined(separator: ",")
                let put = try await Self.http(port, "PUT", "/api/beats?token=\(token)", body: Array("[\(many)]".utf8))
                #expect(put.status == 413)
                #expect(String(decoding: put.body, as: UTF8.self).contains("more than the editor holds (\(EditorSession.maxBeats))"))
                let state =
                    try JSONSerialization.jsonObject(with: Data(await Self.http(port, "GET", "/api/state?token=\(token)").body))
                    as? [String: Any]
                #expect((state?["beats"] as? [Any])?.count == 18)
            }
        }

        /// A map larger than the editor holds is refused when the session opens, naming the count and the bound.
        @Test func aMapPastTheBeatBoundIsRefusedAtTheStart() async throws {
            let dir = TestPaths.scratch()
            defer { try? FileManager.default.removeItem(at: dir) }
            let map = dir.appendingPathComponent("big.json")
            let times = (0...EditorSession.maxBeats).map { String(Double($0) * 0.001) }.joined(separator: ",")
            try "{\"beats\": [\(times)]}".write(to: map, atomically: true, encoding: .utf8)
            let track = TestPaths.packageRoot.appendingPathComponent("samples/audio/world1-track-a-88bpm.flac").path
            do {
                _ = try await EditorSession(track: track, map: map.path)
                Issue.record("a map of \(EditorSession.maxBeats + 1) beats was opened")
            } catch let error as InputError {
                #expect(error.kind == .limitExceeded && error.reason.contains("\(EditorSession.maxBeats + 1) beats"))
            }
        }
    }
#endif
