import AudioKitLinux
import Foundation
import Testing

@Suite("ahap-tool from-audio --out-dir: many sounds in one process")
struct FromAudioBatchTests {
    static let tool = TestPaths.binary("ahap-tool")

    /// The transients' times in an AHAP file, read with Foundation's JSON parser.
    static func transientTimes(_ path: String) throws -> [Double] {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let pattern = root?["Pattern"] as? [[String: Any]] ?? []
        return pattern.compactMap { $0["Event"] as? [String: Any] }.filter { $0["EventType"] as? String == "HapticTransient" }
            .compactMap { $0["Time"] as? Double }.sorted()
    }

    static func write(_ times: [Double], to path: String) throws {
        try AudioFile.write(HapticSignals.clicks(at: times, seconds: 1.4), to: path, sampleRate: HapticSignals.rate, channels: 1)
    }

    @Test("a folder (searched below) and a file: each sound's pattern in its place, transients at its own clicks, clean")
    func convertsEverySoundInPlace() throws {
        let root = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let sounds = root.appendingPathComponent("sounds")
        try FileManager.default.createDirectory(at: sounds.appendingPathComponent("ui"), withIntermediateDirectories: true)
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let clicks: [(String, [Double])] = [
            ("sounds/a.wav", [0.2, 0.6, 1.0]), ("sounds/ui/b.flac", [0.3, 0.9]), ("c.wav", [0.5]),
        ]
        for (name, times) in clicks { try Self.write(times, to: root.appendingPathComponent(name).path) }
        try "not a sound".write(to: sounds.appendingPathComponent("readme.txt"), atomically: true, encoding: .utf8)
        let r = try run(Self.tool, ["from-audio", sounds.path, root.appendingPathComponent("c.wav").path, "--out-dir", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("converted 3 sounds"), "\(r.stderr)")
        for (name, ahap) in [("sounds/a.wav", "a.ahap"), ("sounds/ui/b.flac", "ui/b.ahap"), ("c.wav", "c.ahap")] {
            let path = out.appendingPathComponent(ahap).path
            let expected = clicks.first { $0.0 == name }!.1
            let found = try Self.transientTimes(path)
            #expect(found.count == expected.count, "\(ahap): \(found)")
            for (f, e) in zip(found, expected) { #expect(abs(f - e) < 0.01, "\(ahap): a transient at \(f) s for the click at \(e) s") }
            #expect(try run(Self.tool, ["validate", "--werror", path]).status == 0, "\(ahap)")
            #expect(try run(Self.tool, ["format", "--check", path]).status == 0, "\(ahap) is not in canonical form")
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("readme.ahap").path))
        // The same settings reach every sound: --split writes both halves for each.
        let halves = root.appendingPathComponent("halves")
        try FileManager.default.createDirectory(at: halves, withIntermediateDirectories: true)
        let s = try run(Self.tool, ["from-audio", sounds.path, "--out-dir", halves.path, "--split"])
        #expect(s.status == 0, "\(s.stderr)")
        #expect(try Self.transientTimes(halves.appendingPathComponent("ui/b_transients.ahap").path).count == 2)
        #expect(FileManager.default.fileExists(atPath: halves.appendingPathComponent("a_continuous.ahap").path))
    }

    @Test("one sound that fails writes nothing at all, and every failure is told")
    func oneFailureWritesNothing() throws {
        let root = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write([0.2, 0.6], to: root.appendingPathComponent("good.wav").path)
        for name in ["quiet.wav", "still.wav"] {
            try AudioFile.write(
                [Float](repeating: 0, count: 44_100), to: root.appendingPathComponent(name).path, sampleRate: 44_100, channels: 1)
        }
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let r = try run(Self.tool, ["from-audio", root.path, "--out-dir", out.path])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("quiet.wav") && r.stderr.contains("still.wav"), "\(r.stderr)")
        #expect(r.stderr.contains("2 of 3 sounds"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty, "good.ahap must not be written alone")
    }

    @Test("refused before any work: two sounds for one name, -o with several, a missing folder, --plot")
    func refusals() throws {
        let root = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let wav = root.appendingPathComponent("x.wav").path
        let flac = root.appendingPathComponent("x.flac").path
        try Self.write([0.2], to: wav)
        try Self.write([0.4], to: flac)
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let clash = try run(Self.tool, ["from-audio", wav, flac, "--out-dir", out.path])
        #expect(clash.status == 2 && clash.stderr.contains("x.ahap"), "\(clash.stderr)")
        let one = try run(Self.tool, ["from-audio", wav, flac, "-o", root.appendingPathComponent("y.ahap").path])
        #expect(one.status == 64 && one.stderr.contains("--out-dir"), "\(one.stderr)")
        let missing = try run(Self.tool, ["from-audio", wav, "--out-dir", root.appendingPathComponent("nope").path])
        #expect(missing.status == 2 && missing.stderr.contains("mkdir"), "\(missing.stderr)")
        let plot = try run(Self.tool, ["from-audio", wav, "--out-dir", out.path, "--plot", root.appendingPathComponent("p.svg").path])
        #expect(plot.status == 64, "\(plot.stderr)")
        let neither = try run(Self.tool, ["from-audio", wav])
        #expect(neither.status == 64 && neither.stderr.contains("--out-dir"), "\(neither.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }
}

@Suite("BatchOutputs: where each of many inputs writes")
struct BatchOutputsTests {
    @Test("a file keeps its name, a file found in a folder its place below it; the extension is replaced")
    func placesOutputs() throws {
        let root = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("in/deep"), withIntermediateDirectories: true)
        for name in ["in/a.wav", "in/deep/b.OGG", "in/skip.txt", "loose.mp3"] {
            try Data().write(to: root.appendingPathComponent(name))
        }
        let plan = try BatchOutputs.plan(
            [root.appendingPathComponent("in").path, root.appendingPathComponent("loose.mp3").path], into: "/o",
            extensions: ["wav", "ogg", "mp3"], newExtension: "ahap")
        #expect(plan.map(\.output) == ["/o/a.ahap", "/o/deep/b.ahap", "/o/loose.ahap"])
        #expect(plan.map { ($0.input as NSString).lastPathComponent } == ["a.wav", "b.OGG", "loose.mp3"])
        #expect(throws: InputError.self) {
            try BatchOutputs.plan([root.appendingPathComponent("nothing-here").path], into: "/o", extensions: ["wav"], newExtension: "ahap")
        }
        try Data().write(to: root.appendingPathComponent("in/a.ogg"))
        #expect(throws: InputError.self) {
            try BatchOutputs.plan([root.appendingPathComponent("in").path], into: "/o", extensions: ["wav", "ogg"], newExtension: "ahap")
        }
    }
}
