import AudioKitLinux
import Foundation
import Testing

/// The second fault probe's reproductions (issue #24), through the real binaries: each failed before its fix.
@Suite("Nothing lost, round two")
struct NothingLostRoundTwoTests {
    /// 20 s of float audio at 8 kHz with 39 clicks, one every 0.5 s from 0.25 s.
    static func clicks() -> [Float] {
        var x = [Float](repeating: 0, count: 20 * 8_000)
        for k in 0..<39 {
            let start = Int((0.25 + 0.5 * Double(k)) * 8_000)
            for i in 0..<40 { x[start + i] = (i % 2 == 0 ? 0.9 : -0.9) * Float(40 - i) / 40 }
        }
        return x
    }

    /// Writes `clicks()` as a float WAV named `name` in `dir`; returns its path.
    static func writeClicks(in dir: URL, _ name: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try AudioFile.write(clicks(), to: path, sampleRate: 8_000, channels: 1)
        return path
    }

    /// Every reader of samples refuses a NaN, an infinity or a sample past +120 dBFS (exit 2, naming its time),
    /// where before one NaN cut `from-audio` short (5 transients of 39, exit 0) and a 1e19 peak lost every transient.
    @Test(arguments: [("nan", Float.nan, "is NaN"), ("inf", -Float.infinity, "is infinite"), ("huge", 1.1e19, "past +120 dBFS")])
    func aNonFiniteOrAbsurdSampleIsRefusedByEveryCommand(_ name: String, _ bad: Float, _ words: String) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = try Self.writeClicks(in: dir, "good.wav")
        var samples = Self.clicks()
        samples[3 * 8_000] = bad
        let track = dir.appendingPathComponent("\(name).wav").path
        try AudioFile.write(samples, to: track, sampleRate: 8_000, channels: 1)
        let pattern = dir.appendingPathComponent("good.ahap").path
        let made = try run(TestPaths.binary("ahap-tool"), ["from-audio", good, "-o", pattern])
        #expect(made.status == 0, "\(made.stderr)")
        let map = dir.appendingPathComponent("m.txt").path
        try Data((0..<39).map { String(0.25 + 0.5 * Double($0)) }.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: map))
        let out = dir.appendingPathComponent("out.ahap").path
        for (tool, args) in [
            ("ahap-tool", ["from-audio", track, "-o", out]), ("ahap-tool", ["sync", pattern, "--audio", track]),
            ("beatmap", ["bpm", track]), ("beatmap", ["check", map, "--audio", track]), ("beatmap", ["detect", track]),
        ] {
            let r = try run(TestPaths.binary(tool), args)
            let label = "\(tool) \(args[0]) on \(name)"
            #expect(r.status == 2, "\(label): exit \(r.status)\n\(r.stdout.suffix(300))\(r.stderr.suffix(300))")
            #expect(r.stderr.contains("3.000000 s") && r.stderr.contains(words), "\(label): \(r.stderr.suffix(300))")
        }
        #expect(!FileManager.default.fileExists(atPath: out), "from-audio wrote a pattern from a damaged file")
    }

    /// `sync` of a pattern of clicks against a tone, noise or DC confirmed nothing and passed, even with `--werror`.
    @Test(arguments: ["tone", "noise", "dc"])
    func syncThatConfirmsNothingIsAFinding(_ kind: String) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = try Self.writeClicks(in: dir, "good.wav")
        let pattern = dir.appendingPathComponent("good.ahap").path
        #expect(try run(TestPaths.binary("ahap-tool"), ["from-audio", good, "-o", pattern]).status == 0)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let other: [Float] = (0..<(20 * 8_000)).map { i in
            switch kind {
            case "tone": return 0.5 * Float(sin(2 * Double.pi * 440 * Double(i) / 8_000))
            case "noise":
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Float(Int64(bitPattern: state >> 11) % 1_000) / 2_000
            default: return 0.3
            }
        }
        let track = dir.appendingPathComponent("\(kind).wav").path
        try AudioFile.write(other, to: track, sampleRate: 8_000, channels: 1)
        let r = try run(TestPaths.binary("ahap-tool"), ["sync", pattern, "--audio", track, "--werror"])
        #expect(r.status == 1, "\(kind): exit \(r.status)\n\(r.stdout.suffix(600))")
        #expect(r.stdout.contains("nothing confirms the haptics are in time"), "\(kind): \(r.stdout.suffix(600))")
        // The right sound still passes.
        let same = try run(TestPaths.binary("ahap-tool"), ["sync", pattern, "--audio", good, "--werror"])
        #expect(same.status == 0, "\(same.stdout.suffix(600))")
    }

    /// Manifests that said something the gate did not understand, and passed with nothing checked.
    static let badManifests: [(json: String, yaml: String, words: String, lines: [Int])] = [
        (
            #"{"tracks": [{"audio": "t.wav",\#n "beatmaps": "m.txt"}]}"#, "tracks:\n  - audio: t.wav\n    beatmaps: m.txt\n",
            "\"beatmaps\" must be a list", [2, 3]
        ),
        (#"{"tracks": [{"audio": "t.wav",\#n "BPM": 95}]}"#, "tracks:\n  - audio: t.wav\n    BPM: 95\n", "Did you mean \"bpm\"", [2, 3]),
        (
            #"{"tracks": [{"audio": "t.wav",\#n "beatmap": ["m.txt"]}]}"#, "tracks:\n  - audio: t.wav\n    beatmap: [m.txt]\n",
            "Did you mean \"beatmaps\"", [2, 3]
        ),
        (
            #"{"ahap": [],\#n "track": [{"audio": "t.wav", "bpm": 95}]}"#, "ahap: []\ntrack:\n  - {audio: t.wav, bpm: 95}\n",
            "Did you mean \"tracks\"", [2, 2]
        ),
        (#"{"tracks":\#n {"audio": "t.wav", "bpm": 95}}"#, "tracks:\n  audio: t.wav\n", "\"tracks\" must be a list", [2, 2]),
        (#"{"tracks": [],\#n "ahap": "x.ahap"}"#, "tracks: []\nahap: x.ahap\n", "\"ahap\" must be a list", [2, 2]),
        (#"{"tracks": [\#n {"audio": "t.wav"}]}"#, "tracks:\n  - audio: t.wav\n", "gives nothing to check", [2, 2]),
    ]

    @Test(arguments: 0..<badManifests.count)
    func aManifestKeyTheGateDoesNotKnowIsAnError(_ i: Int) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Self.writeClicks(in: dir, "t.wav")
        try Data("0.25\n0.75\n".utf8).write(to: dir.appendingPathComponent("m.txt"))
        try Data(#"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": []}}]}"#.utf8)
            .write(to: dir.appendingPathComponent("x.ahap"))
        let c = Self.badManifests[i]
        for (name, text, line) in [("game.json", c.json, c.lines[0]), ("game.yaml", c.yaml, c.lines[1])] {
            let manifest = dir.appendingPathComponent(name)
            try Data(text.utf8).write(to: manifest)
            let r = try run(TestPaths.binary("beatmap"), ["ci", manifest.path])
            #expect(r.status == 1, "\(name) #\(i): exit \(r.status)\n\(r.stdout.suffix(500))\(r.stderr.suffix(300))")
            let found = r.stdout.split(separator: "\n").first { $0.contains("manifest.invalid") && $0.contains(c.words) }
            #expect(found != nil, "\(name) #\(i): \(r.stdout.suffix(800))")
            #expect(found?.hasPrefix("\(manifest.path):\(line):") == true, "\(name) #\(i): \(found ?? "")")
        }
    }

    /// Two outputs of one command naming one file: one silently replaced the other, exit 0.
    static let clashes: [(tool: String, args: [String])] = [
        ("ahap-tool", ["from-audio", "c.wav", "-o", "x.ahap", "--plot", "x.ahap"]),
        ("ahap-tool", ["from-audio", "c.wav", "--split", "-o", "y.ahap", "--plot", "y_transients.ahap"]),
        ("ahap-tool", ["from-audio", "c.wav", "-o", "x.ahap", "--plot", "sub/../x.ahap"]),
        ("beatmap", ["crossfade", "c.wav", "d.wav", "-o", "m.wav", "--plot", "m.wav"]),
        ("beatmap", ["check", "m.txt", "--audio", "c.wav", "--format", "json", "-o", "r.json", "--plot", "r.json"]),
        ("beatmap", ["timer", "--bpm", "120", "--plot", "t.svg", "--pulse", "glow", "--pulse-output", "t.svg"]),
    ]

    @Test(arguments: 0..<clashes.count)
    func twoOutputsNamingOneFileAreAUsageError(_ i: Int) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        _ = try Self.writeClicks(in: dir, "c.wav")
        _ = try Self.writeClicks(in: dir, "d.wav")
        try Data("0.25\n0.75\n1.25\n".utf8).write(to: dir.appendingPathComponent("m.txt"))
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
        let c = Self.clashes[i]
        let args = c.args.map { $0.contains(".") ? dir.appendingPathComponent($0).path : $0 }
        let r = try run(TestPaths.binary(c.tool), args)
        #expect(r.status == 64, "\(c.args.joined(separator: " ")): exit \(r.status)\n\(r.stderr.suffix(400))")
        #expect(r.stderr.contains("one would replace the other"), "\(r.stderr.suffix(400))")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == before, "something was written")
    }

    /// `edit --save-as EXISTING` started, let the author work and refused at save; now it refuses at once.
    @Test func editSaveAsAnExistingFileIsRefusedAtStart() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let track = try Self.writeClicks(in: dir, "c.wav")
        let existing = dir.appendingPathComponent("taken.json")
        try Data("[0.5]".utf8).write(to: existing)
        let r = try run(TestPaths.binary("beatmap"), ["edit", track, "--save-as", existing.path, "--no-open", "--port", "0"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("already exists") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(try Data(contentsOf: existing) == Data("[0.5]".utf8))
    }

    /// A busy port gave exit 1 and NIO's `bind(descriptor:ptr:bytes:)` text; now exit 2, the port, and `--port 0`.
    @Test func aBusyPortIsOneLineNamingThePort() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let track = try Self.writeClicks(in: dir, "c.wav")
        // Hold a port on the loopback address.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        #expect(bound && listen(fd, 1) == 0)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let r = try run(TestPaths.binary("beatmap"), ["edit", track, "--no-open", "--port", String(port)])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("port \(port) on 127.0.0.1 is in use") && r.stderr.contains("--port 0"), "\(r.stderr)")
        #expect(!r.stderr.contains("bind(descriptor"), "\(r.stderr)")
    }

    /// Messages state what was done: no "or pass --force" when --force was given, and a faint sound's real level.
    @Test func messagesNeverSuggestWhatWasGiven() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("negtime.haptic")
        try Data(
            #"{"version":{"major":1,"minor":0,"patch":0},"signals":{"continuous":{"envelopes":{"amplitude":[{"time":-1,"amplitude":0.5},{"time":1,"amplitude":0.2}]}}}}"#
                .utf8
        ).write(to: clip)
        let forced = try run(
            TestPaths.binary("ahap-tool"), ["convert", clip.path, "-o", dir.appendingPathComponent("o.ahap").path, "--force"])
        #expect(forced.status != 0)
        #expect(!forced.stderr.contains("pass --force") && forced.stderr.contains("even with --force"), "\(forced.stderr)")
        let faint = dir.appendingPathComponent("faint.wav").path
        try AudioFile.write(Self.clicks().map { $0 * 1e-30 }, to: faint, sampleRate: 8_000, channels: 1)
        let r = try run(TestPaths.binary("ahap-tool"), ["from-audio", faint, "-o", dir.appendingPathComponent("f.ahap").path])
        // The clicks peak at 0.9: 20·log10(0.9e-30) = −600.9 dBFS.
        #expect(r.stderr.contains(String(format: "%.1f dBFS", 20 * log10(0.9e-30))) && !r.stderr.contains("∞"), "\(r.stderr)")
    }

    /// A command's outputs go into place together, at its end: one that fails to write its second output leaves
    /// neither (before, the first stayed).
    @Test func aCommandWhoseSecondOutputFailsLeavesNeither() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sound = try Self.writeClicks(in: dir, "c.wav")
        let pattern = dir.appendingPathComponent("o.ahap").path
        let r = try run(
            TestPaths.binary("ahap-tool"), ["from-audio", sound, "-o", pattern, "--plot", dir.appendingPathComponent("no/such/o.svg").path])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: pattern), "the first output stayed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["c.wav"])
        // The same command with both outputs writable writes both.
        let ok = try run(
            TestPaths.binary("ahap-tool"), ["from-audio", sound, "-o", pattern, "--plot", dir.appendingPathComponent("o.svg").path])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["c.wav", "o.ahap", "o.svg"])
    }

    /// No command writes an AHAP file our own reader refuses under the same limits (a 2-hour sound gave 114 MB, and
    /// a 40 MB clip 160,135 entries, past 64 MiB and 100,000): here the limits are lowered to meet a short sound.
    @Test func noOutputIsLargerThanTheReaderAccepts() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sound = try Self.writeClicks(in: dir, "c.wav")
        let full = dir.appendingPathComponent("full.ahap").path
        #expect(try run(TestPaths.binary("ahap-tool"), ["from-audio", sound, "-o", full]).status == 0)
        // The entries and bytes of the pattern written without a bound, counted with Foundation's parser.
        let data = try Data(contentsOf: URL(fileURLWithPath: full))
        let entries = ((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["Pattern"] as? [Any])?.count ?? 0
        #expect(entries > 39)
        let out = dir.appendingPathComponent("o.ahap").path
        for (flag, value, words) in [
            ("--max-events", entries - 1, "entries, more than the \(entries - 1)"),
            ("--max-file-size", data.count - 1, "bytes, more than the \(data.count - 1)"),
        ] {
            let r = try run(TestPaths.binary("ahap-tool"), ["from-audio", sound, "-o", out, flag, String(value)])
            #expect(r.status == 2 && r.stderr.contains(words), "\(flag): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
            // At the exact size, it is written, and validate accepts it under the same limit.
            let fits = try run(TestPaths.binary("ahap-tool"), ["from-audio", sound, "-o", out, flag, String(value + 1)])
            #expect(fits.status == 0, "\(fits.stderr)")
            #expect(try run(TestPaths.binary("ahap-tool"), ["validate", out, flag, String(value + 1)]).status != 2)
            try? FileManager.default.removeItem(atPath: out)
        }
    }
}
