import AudioKitLinux
import Foundation
import Testing

@Suite("beatmap ci")
struct GameCheckTests {
    static let beatmap = TestPaths.binary("beatmap")

    @Test func theSampleManifestPasses() throws {
        let r = try run(Self.beatmap, ["ci", "samples/game.json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("samples/audio/world2-track-b-174bpm.flac"))
        #expect(!r.stderr.contains(TestPaths.packageRoot.path))  // paths as the manifest gives them
    }

    @Test func aWrongDeclaredTempoFailsAtItsLine() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let audio = TestPaths.packageRoot.appendingPathComponent("samples/audio/world2-track-b-174bpm.flac")
        try FileManager.default.copyItem(at: audio, to: dir.appendingPathComponent("b.flac"))
        let manifest = dir.appendingPathComponent("game.json").path
        try "{\n  \"tracks\": [\n    {\"audio\": \"b.flac\", \"bpm\": 172}\n  ],\n  \"ahap\": [\"missing.ahap\", \"../escape.ahap\"]\n}\n"
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let r = try run(Self.beatmap, ["ci", manifest, "--format", "json", "-q"])
        #expect(r.status == 1)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        let bpm = try #require(items.first { $0["rule_id"] as? String == "beatmap.bpm_mismatch" })
        #expect(bpm["line"] as? Int == 3)
        #expect(bpm["column"] as? Int == 32)  // `    {"audio": "b.flac", "bpm": ` is 31 characters
        #expect((bpm["message"] as? String)?.contains("not the declared 172") == true)
        #expect(items.contains { $0["rule_id"] as? String == "manifest.missing_file" && $0["line"] as? Int == 5 })
        #expect(items.contains { $0["rule_id"] as? String == "manifest.outside_base" })
    }

    @Test func shardsPartitionTheJobs() throws {
        let (m, findings) = try GameManifest.read("samples/game.json")
        #expect(findings.isEmpty)
        let all = GameCheck.jobs(try #require(m))
        let parts = (1...3).map { GameCheck.shard(all, index: $0, count: 3) }
        #expect(parts.map(\.count).reduce(0, +) == all.count)
        #expect(Set(parts.flatMap { $0.map(\.asset) }).count == Set(all.map(\.asset)).count)
        #expect(parts.allSatisfy { abs($0.count - all.count / 3) <= 1 })
    }
}

@Suite("Empty manifests")
struct EmptyManifestTests {
    @Test func aManifestThatListsNothingIsAnError() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, text) in [("a.json", #"{"tracks": [], "ahap": []}"#), ("b.yaml", "tracks: []\r\nahap: []\r\n")] {
            let path = dir.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let r = try run(TestPaths.binary("beatmap"), ["ci", path])
            #expect(r.status == 1, "\(name): \(r.stdout) \(r.stderr)")
            #expect(r.stdout.contains("[manifest.invalid]") && r.stdout.contains("nothing to check"), "\(name): \(r.stdout)")
        }
    }
}
