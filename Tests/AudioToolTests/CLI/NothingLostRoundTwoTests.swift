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

    /// Every reader of samples refuses a NaN, an infinity or a sample past +120 dBFS (exit 2, naming its time),
    /// where before one NaN cut `from-audio` short (5 transients of 39, exit 0) and a 1e19 peak lost every transient.
    @Test(arguments: [("nan", Float.nan, "is NaN"), ("inf", -Float.infinity, "is infinite"), ("huge", 1.1e19, "past +120 dBFS")])
    func aNonFiniteOrAbsurdSampleIsRefusedByEveryCommand(_ name: String, _ bad: Float, _ words: String) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("good.wav").path
        try AudioFile.write(Self.clicks(), to: good, sampleRate: 8_000, channels: 1)
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
        let good = dir.appendingPathComponent("good.wav").path
        try AudioFile.write(Self.clicks(), to: good, sampleRate: 8_000, channels: 1)
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
        try AudioFile.write(Self.clicks(), to: dir.appendingPathComponent("t.wav").path, sampleRate: 8_000, channels: 1)
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
}
