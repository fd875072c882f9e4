#if Editor
    import AudioKitLinux
    import BrowserPages
    import Foundation
    import Hummingbird
    import Testing

    /// The crossfade audition's server on loopback, driven through the editor tests' raw socket.
    @Suite("Crossfade audition server", .serialized)
    struct CrossfadeAuditionServerTests {
        /// Runs the application `make` builds (given the callback that receives its URL) on a free port, and `body`
        /// with that port; the server stops when `body` returns.
        static func running<App: ApplicationProtocol>(
            _ make: @escaping @Sendable (@escaping @Sendable (String) -> Void) throws -> App, _ body: (Int) async throws -> Void
        ) async throws {
            let (urls, continuation) = AsyncStream.makeStream(of: String.self)
            let server = Task { try await make { continuation.yield($0) }.runService(gracefulShutdownSignals: []) }
            defer { server.cancel() }
            var iterator = urls.makeAsyncIterator()
            let url = try #require(await iterator.next())
            try await body(try #require(Int(url.split(separator: ":")[2].split(separator: "/")[0])))
        }

        /// A running audition of two noise tracks in a scratch folder; `body` gets the port, the token and the audition.
        static func withServer(_ body: (Int, String, CrossfadeAudition) async throws -> Void) async throws {
            let dir = TestPaths.scratch()
            defer { try? FileManager.default.removeItem(at: dir) }
            let audition = CrossfadeAudition(inputs: try CrossfadeAuditionTests.tracks(dir))
            let token = EditorServer.makeToken()
            let plan = CrossfadePlan(at: 5, duration: 2, curve: .linear)
            try await Self.running({
                try CrossfadeAuditionServer.application(audition: audition, plan: plan, token: token, port: 0, started: $0)
            }) {
                port in try await body(port, token, audition)
            }
        }

        @Test func theCommandLineIsQuotedForTheShell() {
            let inputs = CrossfadeInputs(outgoing: "my track's a.wav", incoming: "b.wav", sampleRate: 48_000)
            let line = CrossfadeCommand.line(inputs, plan: CrossfadePlan(at: 31.25, duration: 2, curve: .equalPower), output: "mix.wav")
            #expect(line.hasPrefix(#"beatmap crossfade 'my track'\''s a.wav' b.wav --at 31.25 --duration 2 --curve equal-power"#))
            #expect(line.hasSuffix("--rate 48000 -o mix.wav"))
        }

        /// Two tracks of the same file name are labelled with their folders; different names stand alone.
        @Test func twoTracksOfOneNameAreToldApartByTheirFolders() {
            #expect(CrossfadeAuditionServer.trackNames("/x/pico/audio.ogg", "/x/high/audio.ogg") == ("pico/audio.ogg", "high/audio.ogg"))
            #expect(CrossfadeAuditionServer.trackNames("/x/a.ogg", "/y/b.ogg") == ("a.ogg", "b.ogg"))
            #expect(CrossfadeAuditionServer.trackNames("/x/a/t.ogg", "/y/a/t.ogg") == ("/x/a/t.ogg", "/y/a/t.ogg"))
        }

        @Test func theAuditionIsGuardedLikeTheEditor() async throws {
            try await Self.withServer { port, token, _ in
                let http = EditorServerTests.http
                #expect(try await http(port, "GET", "/api/setup", nil, [:], []).status == 403)
                let wrong = (token.hasPrefix("0") ? "1" : "0") + token.dropFirst()
                #expect(try await http(port, "GET", "/api/setup?token=\(wrong)", nil, [:], []).status == 403)
                #expect(try await http(port, "GET", "/api/setup?token=\(token)", "evil.example:\(port)", [:], []).status == 403)
                #expect(
                    try await http(port, "GET", "/api/mix?token=\(token)", nil, ["Origin": "http://evil.example"], []).status == 403)
                let setup = try await http(port, "GET", "/api/setup?token=\(token)", nil, [:], [])
                #expect(setup.status == 200)
                let json = try #require(try JSONSerialization.jsonObject(with: Data(setup.body)) as? [String: Any])
                // File names only: no folder of this machine goes to the page.
                #expect(json["outgoing"] as? String == "a.wav" && json["incoming"] as? String == "b.wav")
                #expect((json["plan"] as? [String: String])?["at"] == "5.0")
                let page = try await http(port, "GET", "/?token=\(token)", nil, [:], [])
                let disk = try Array(
                    Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Sources/BrowserPages/Page/audition.html")))
                #expect(page.status == 200 && page.body == disk, "the embedded audition page differs from the file; rebuild")
                #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
            }
        }

        @Test func theMixIsTheAuditionsAndABadPlanIsRefusedWithItsReason() async throws {
            try await Self.withServer { port, token, audition in
                let http = EditorServerTests.http
                let mix = try await http(port, "GET", "/api/mix?token=\(token)&at=4.5&duration=1&curve=s-curve&gap=0.25", nil, [:], [])
                #expect(mix.status == 200 && mix.headers["content-type"] == "audio/wav")
                let body = mix.body
                let plan = CrossfadePlan(at: 4.5, duration: 1, curve: .sCurve, gap: 0.25)
                #expect(body == (try audition.wav(plan)))
                let refused = try await http(port, "GET", "/api/view?token=\(token)&at=4&path=/etc/passwd", nil, [:], [])
                #expect(refused.status == 400)
                #expect(String(decoding: refused.body, as: UTF8.self).contains("unknown parameter path"))
                let view = try await http(port, "GET", "/api/view?token=\(token)&at=4&width=100", nil, [:], [])
                let json = try #require(try JSONSerialization.jsonObject(with: Data(view.body)) as? [String: Any])
                #expect(json["fadeStart"] as? Double == 4 && (json["outgoingPeaks"] as? [Double])?.count == 100)
                // Each curve carries the command that writes its mix.
                let curves = try #require(json["curves"] as? [[String: Any]])
                for c in curves {
                    let name = try #require(c["curve"] as? String)
                    #expect((c["command"] as? String)?.contains("--curve \(name) ") == true, "\(c["command"] ?? "none")")
                }
            }
        }

        @Test func thePatternAuditionIsGuardedAndSavesOnlyItsOwnFile() async throws {
            let dir = try PatternAuditionTests.scene()
            defer { try? FileManager.default.removeItem(at: dir) }
            let path = dir.appendingPathComponent("p.ahap").path
            let token = EditorServer.makeToken()
            let audition = try PatternAudition(path: path, sound: .patternAudio)
            try await Self.running({ PatternAuditionServer.application(audition: audition, token: token, port: 0, started: $0) }) { port in
                let http = EditorServerTests.http
                #expect(try await http(port, "POST", "/api/save?shift=0.01", nil, [:], []).status == 403)
                #expect(try await http(port, "GET", "/api/view?token=\(token)", "evil.example:\(port)", [:], []).status == 403)
                let page = try await http(port, "GET", "/?token=\(token)", nil, [:], [])
                let disk = try Array(
                    Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Sources/BrowserPages/Page/haptics.html")))
                #expect(page.status == 200 && page.body == disk, "the embedded pattern audition page differs from the file; rebuild")
                let refused = try await http(port, "POST", "/api/save?token=\(token)&file=/tmp/x.ahap", nil, [:], [])
                #expect(refused.status == 409 && String(decoding: refused.body, as: UTF8.self).contains("unknown parameter file"))
                let before = try String(contentsOfFile: path, encoding: .utf8)
                func revision() async throws -> String {
                    let view = try await http(port, "GET", "/api/view?token=\(token)", nil, [:], [])
                    let json = try JSONSerialization.jsonObject(with: Data(view.body)) as? [String: Any]
                    return try #require(json?["revision"] as? String)
                }
                let opened = try await revision()
                // A save that names no revision is refused: nothing is written.
                #expect(try await http(port, "POST", "/api/save?token=\(token)&shift=0.01", nil, [:], []).status == 409)
                #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
                // Eight saves of one page's edit sent at once (a double submit, a second tab): one is taken, the others are
                // refused, and the pattern moves by one shift, not eight.
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<8 {
                        group.addTask {
                            try await http(port, "POST", "/api/save?token=\(token)&shift=0.01&base=\(opened)", nil, [:], []).status
                        }
                    }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
                #expect(statuses.filter { $0 == 200 }.count == 1 && statuses.filter { $0 == 409 }.count == 7, "\(statuses)")
                let after = try String(contentsOfFile: path, encoding: .utf8)
                #expect(after != before && after.contains("0.14") && !after.contains("0.15"))
                // The server goes on from the saved file: a save on its new revision is taken, not refused as stale.
                #expect(
                    try await http(port, "POST", "/api/save?token=\(token)&shift=0.01&base=\(try await revision())", nil, [:], []).status
                        == 200)
                #expect(try String(contentsOfFile: path, encoding: .utf8).contains("0.15"))
                let twice = try await http(port, "GET", "/api/audio?token=\(token)&kind=mix&kind=sound", nil, [:], [])
                #expect(twice.status == 400)
            }
        }
    }
#endif
