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

    @Test("an output that is a folder, or in a folder that does not exist, is refused before any work; no extension is said")
    func outputPlacesAreCheckedFirst() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let map = try Self.list(in: dir)
        let folder = dir.appendingPathComponent("d").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let cases: [(String, String)] = [
            (folder, "names a folder"), (dir.appendingPathComponent("nodir/x.sm").path, "does not exist; create it first"),
            (dir.appendingPathComponent("hits.json/x.sm").path, "is a file, not a folder"),
        ]
        for (out, says) in cases {
            let r = try run(TestPaths.binary("beatmap"), ["convert", map, "-o", out, "--bpm", "120"])
            #expect(r.status == 2 && r.stderr.contains(says) && !r.stderr.contains("is replaced"), "\(out): \(r.stderr)")
        }
        // The folder is untouched (before, "d exists and is replaced", then "cannot replace the file: Is a directory").
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        // A path without an extension is a text list, and the note says so; "-" is standard output, not a file named "-".
        let plain = dir.appendingPathComponent("song").path
        let r = try run(TestPaths.binary("beatmap"), ["convert", map, "-o", plain])
        #expect(r.status == 0 && r.stderr.contains("has no extension: written as a text list"), "\(r.stderr)")
        #expect(try String(contentsOfFile: plain, encoding: .utf8).split(separator: "\n").count == 5)
        let dash = try run(TestPaths.binary("beatmap"), ["convert", map, "-o", "-"], in: dir)
        #expect(dash.status == 0 && dash.stdout.split(separator: "\n").count == 5, "\(dash.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))
    }

    @Test("a Beat Saber difficulty is not listed twice in one Info.dat: a second Expert under another name is refused")
    func infoDatListsEachDifficultyOnce() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let map = try Self.list(in: dir)
        func convert(_ name: String) throws -> (status: Int32, stderr: String) {
            let r = try run(TestPaths.binary("beatmap"), ["convert", map, "--bpm", "120", "-o", dir.appendingPathComponent(name).path])
            return (r.status, r.stderr)
        }
        #expect(try convert("x.dat").status == 0)
        let second = try convert("l.dat")
        #expect(second.status == 2 && second.stderr.contains("already lists the Standard Expert difficulty as x.dat"), "\(second.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("l.dat").path))
        #expect(try convert("Hard.dat").status == 0)
        #expect(try convert("x.dat").status == 0)  // onto its own file: replaced, listed once
        let info = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("Info.dat"))) as? [String: Any]
        let sets = info?["_difficultyBeatmapSets"] as? [[String: Any]]
        let listed = (sets?.first?["_difficultyBeatmaps"] as? [[String: Any]])?.map {
            "\($0["_difficulty"] ?? "")=\($0["_beatmapFilename"] ?? "")"
        }
        #expect(listed == ["Hard=Hard.dat", "Expert=x.dat"], "\(String(describing: listed))")
    }

    @Test("hits microseconds apart get no tempo figures: no \"60000000 BPM\", no track at twice its tempo")
    func noTempoFromHitsMicrosecondsApart() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let hits = (0..<2_000).map { String(format: "%.6f", 0.25 + Double($0) * 1e-6) }.joined(separator: ", ")
        let track = TestPaths.packageRoot.appendingPathComponent("samples/audio/world4-track-a-132bpm.flac").path
        for declared in ["\"bpm\": 132, \"offset\": 0.25, ", ""] {
            let path = dir.appendingPathComponent("dense.json").path
            try "{\(declared)\"beats\": [\(hits)]}\n".write(toFile: path, atomically: true, encoding: .utf8)
            let r = try run(TestPaths.binary("beatmap"), ["check", path, "--audio", track])
            let summary = r.stderr.split(separator: "\n").first { $0.hasPrefix("beatmap:") && $0.contains("matched") } ?? ""
            // The track is 132 BPM: any tempo the summary gives must be a tempo a chart holds, and the track's its own.
            let tempos = summary.matches(of: /([0-9.]+) BPM/).compactMap { Double($0.1) }
            #expect(tempos.allSatisfy { $0 <= 10_000 }, "\(summary)")
            #expect(!summary.contains("track 264"), "\(summary)")
        }
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

    @Test("a track that as 16-bit PCM is more than a WAV file holds is refused, not served with a wrapped size")
    func aTrackOverFourGiBIsRefused() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // An 8-bit, 8-channel WAV of 3 GB (sparse on disk): 6 GB as the page's 16-bit PCM.
        let path = dir.appendingPathComponent("long.wav").path
        let data = 3_000_000_000
        var header: [UInt8] = []
        func u32(_ v: Int) { for s in [0, 8, 16, 24] { header.append(UInt8(truncatingIfNeeded: v >> s)) } }
        func u16(_ v: Int) { for s in [0, 8] { header.append(UInt8(truncatingIfNeeded: v >> s)) } }
        header += Array("RIFF".utf8)
        u32(36 + data)
        header += Array("WAVEfmt ".utf8)
        u32(16)
        u16(1)
        u16(8)
        u32(192_000)
        u32(192_000 * 8)
        u16(8)
        u16(8)
        header += Array("data".utf8)
        u32(data)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(header)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(44 + data))
        try handle.close()
        do {
            _ = try WAVStream(path: path)
            Issue.record("a 6 GB stream was opened")
        } catch {
            #expect(error.kind == .limitExceeded && error.description.contains("more than a WAV file holds"), "\(error)")
        }
        // Within the bound, the header's sizes are the stream's own.
        let small = dir.appendingPathComponent("s.wav").path
        try AudioFile.write([Float](repeating: 0.1, count: 4_410), to: small, sampleRate: 44_100, channels: 1)
        let stream = try WAVStream(path: small)
        let head = try stream.bytes(0..<44)
        let dataSize = Int(head[40]) | Int(head[41]) << 8 | Int(head[42]) << 16 | Int(head[43]) << 24
        #expect(dataSize == 4_410 * 2 && stream.byteCount == 44 + 4_410 * 2)
    }

    @Test("a reason that ends its sentence is not followed by \".;\"")
    func noFullStopBeforeASemicolon() {
        #expect(InputError(.corrupt, path: "m.json", reason: "bad value.", fix: "fix it").description == "m.json: bad value; fix it")
        #expect(InputError(.corrupt, path: "m.json", reason: "bad value.").description == "m.json: bad value.")
    }

    @Test("from-audio on a sound a few samples long says once why the pattern is empty; auto on silence prints no -1")
    func tinyAndSilentSoundsSayWhy() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Too quiet for Studio's emphasis (a rise of 0.05) and too short for the picker or a continuous event.
        let tiny = dir.appendingPathComponent("tiny.wav").path
        try AudioFile.write([0.02, -0.02, 0.016, -0.016, 0.012], to: tiny, sampleRate: 44_100, channels: 1)
        let r = try run(TestPaths.binary("ahap-tool"), ["from-audio", tiny, "-o", dir.appendingPathComponent("t.ahap").path])
        #expect(!r.stderr.contains("continuous events only"), "\(r.stderr)")
        #expect(r.stderr.contains("nothing sounding long enough"), "\(r.stderr)")
        // Loud, the same five samples are a click: one transient at its start, and no note that says the pattern is empty.
        let click = dir.appendingPathComponent("click.wav").path
        try AudioFile.write([0.5, -0.5, 0.4, -0.4, 0.3], to: click, sampleRate: 44_100, channels: 1)
        let c = try run(TestPaths.binary("ahap-tool"), ["from-audio", click, "-o", dir.appendingPathComponent("c.ahap").path])
        #expect(c.stderr.contains("1 transient, 0 continuous events") && !c.stderr.contains("empty"), "\(c.stderr)")
        let silent = dir.appendingPathComponent("silent.wav").path
        try AudioFile.write([Float](repeating: 0, count: 44_100), to: silent, sampleRate: 44_100, channels: 1)
        let s = try run(
            TestPaths.binary("ahap-tool"), ["from-audio", silent, "--preset", "auto", "-o", dir.appendingPathComponent("s.ahap").path])
        #expect(!s.stderr.contains("-1.00"), "\(s.stderr)")
        #expect(s.stderr.contains("nothing sounds"), "\(s.stderr)")
    }
}
