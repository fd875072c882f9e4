import AudioKitLinux
import Foundation
import Testing

/// The third fault probe's reproductions (issue #41) that go through the command line: each failed before its fix.
@Suite("Nothing lost, round three")
struct NothingLostRoundThreeTests {
    static func list(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("hits.json").path
        try "[0.5, 1.0, 1.25, 1.5, 2.0]\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("an output extension no format has is a usage error and nothing is written (it was written as text)")
    func unknownExtensionIsRefused() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let map = try Self.list(in: dir)
        let out = dir.appendingPathComponent("x.unknown").path
        let r = try run(TestPaths.binary("beatmap"), ["convert", map, "-o", out])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("--to"))
        #expect(!FileManager.default.fileExists(atPath: out))
        // Named with --to, it is written.
        #expect(try run(TestPaths.binary("beatmap"), ["convert", map, "-o", out, "--to", "json"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test("a list with no tempo converted to a chart says it is written on 60 BPM, for every chart format")
    func noTempoIsSaid() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let map = try Self.list(in: dir)
        for ext in ["sm", "osu", "qua"] {
            let r = try run(TestPaths.binary("beatmap"), ["convert", map, "-o", dir.appendingPathComponent("c.\(ext)").path])
            #expect(r.status == 0 && r.stderr.contains("declares no tempo") && r.stderr.contains("--bpm"), "\(ext): \(r.stderr)")
        }
    }

    @Test("no map is written larger than the readers accept under the same limit")
    func noMapLargerThanTheReaderAccepts() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let map = try Self.list(in: dir)
        let out = dir.appendingPathComponent("c.osu").path
        let r = try run(TestPaths.binary("beatmap"), ["convert", map, "-o", out, "--bpm", "120", "--max-file-size", "200"])
        #expect(r.status == 2 && r.stderr.contains("more than the 200"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
