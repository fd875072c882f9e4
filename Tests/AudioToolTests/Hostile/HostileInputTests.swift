import Foundation
import Testing

/// Every command that reads a file, fed hostile inputs: each must end with a
/// documented exit code (never a crash or a hang), and name the file.
@Suite("Hostile input")
struct HostileInputTests {
    static let inputs: [(name: String, bytes: [UInt8]?)] = {
        var g = SplitMix(seed: 42)
        let random = (0..<4096).map { _ in UInt8(truncatingIfNeeded: g.next()) }
        let json = #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#
        var utf16: [UInt8] = [0xFF, 0xFE]
        for u in json.utf16 { utf16 += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        return [
            ("random", random),
            ("truncated", Array(json.utf8.prefix(30))),
            ("empty", []),
            (
                "huge-numbers",
                Array(
                    #"{"Version": 1e308, "bpm": -0, "beats": [9223372036854775808, 1e308, -0], "Pattern": [{"Event": {"Time": 1e308, "EventType": "HapticContinuous", "EventDuration": 1e308}}]}"#
                        .utf8)
            ),
            ("nan", Array(#"{"Version": NaN, "beats": [NaN], "Pattern": []}"#.utf8)),
            ("utf16", utf16),
            ("bom", [0xEF, 0xBB, 0xBF] + Array(json.utf8)),
            ("crlf", Array("0.25\r\n0.931818\r\n1.613636\r\n2.295455\r\n".utf8)),
            ("decimal-comma", Array("time;label\r\n0,25;a\r\n0,931818;b\r\n".utf8)),
            ("no-beats", Array("# nothing here\n".utf8)),
            ("float-nan", floatWAV(nanAt: 500)),
            ("directory", nil),
        ]
    }()

    static let commands: [(tool: String, args: [String], ext: String)] = [
        ("ahap-tool", ["validate"], "ahap"), ("ahap-tool", ["info"], "ahap"), ("ahap-tool", ["format"], "ahap"),
        ("ahap-tool", ["render", "-o", "OUT.wav"], "ahap"), ("ahap-tool", ["plot", "-o", "OUT.svg"], "ahap"),
        ("ahap-tool", ["convert", "-o", "OUT.java"], "haptic"), ("ahap-tool", ["convert", "-o", "OUT.json"], "ahap"),
        ("beatmap", ["lint"], "json"), ("beatmap", ["lint"], "txt"), ("beatmap", ["lint"], "swift"), ("beatmap", ["fit"], "csv"),
        ("beatmap", ["ci"], "json"), ("beatmap", ["ci"], "yaml"), ("beatmap", ["bpm"], "wav"), ("beatmap", ["audio-info"], "flac"),
        ("beatmap", ["bpm"], "m4a"),
        ("beatmap", ["check", "samples/beatmaps/world1-a.json", "--audio"], "mp3"),
        // The chart readers (#23) and the commands of round two (#24).
        ("beatmap", ["lint"], "sm"), ("beatmap", ["lint"], "osu"), ("beatmap", ["lint"], "qua"), ("beatmap", ["lint"], "dat"),
        ("beatmap", ["convert", "-o", "OUT.sm"], "json"), ("beatmap", ["check", "samples/beatmaps/world1-a.json", "--audio"], "wav"),
        ("ahap-tool", ["from-audio", "-o", "OUT.ahap"], "wav"), ("ahap-tool", ["sync", "samples/ahap/thud.ahap", "--audio"], "wav"),
        ("ahap-tool", ["convert", "-o", "OUT.ahap"], "haptic"),
    ]

    /// A 32-bit float WAV of 1,000 quiet samples at 44.1 kHz with one NaN: a reader of samples must refuse it.
    static func floatWAV(nanAt index: Int) -> [UInt8] {
        var samples = (0..<1000).map { Float(sin(Double($0) * 0.05) * 0.1) }
        samples[index] = .nan
        var b: [UInt8] = []
        func u32(_ v: Int) { for k in 0..<4 { b.append(UInt8(truncatingIfNeeded: v >> (8 * k))) } }
        func u16(_ v: Int) { for k in 0..<2 { b.append(UInt8(truncatingIfNeeded: v >> (8 * k))) } }
        b += Array("RIFF".utf8)
        u32(36 + 4 * samples.count)
        b += Array("WAVEfmt ".utf8)
        u32(16)
        u16(3)  // IEEE float
        u16(1)
        u32(44100)
        u32(44100 * 4)
        u16(4)
        u16(32)
        b += Array("data".utf8)
        u32(4 * samples.count)
        for x in samples { u32(Int(x.bitPattern)) }
        return b
    }

    @Test("documented exit code and a message naming the file", arguments: 0..<commands.count)
    func hostile(_ c: Int) throws {
        let command = Self.commands[c]
        for input in Self.inputs {
            let dir = TestPaths.scratch()
            defer { try? FileManager.default.removeItem(at: dir) }
            let file = dir.appendingPathComponent("input.\(command.ext)").path
            if let bytes = input.bytes {
                try Data(bytes).write(to: URL(fileURLWithPath: file))
            } else {
                try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
            }
            let args = command.args.map { $0.replacingOccurrences(of: "OUT", with: dir.appendingPathComponent("out").path) } + [file]
            let r = try run(TestPaths.binary(command.tool), args)
            let label = "\(command.tool) \(command.args.first!) on \(input.name)"
            #expect([0, 1, 2].contains(r.status), "\(label): exit \(r.status)\n\(r.stderr.prefix(400))")
            // A sample that is not a number is never read as sound: no audio command passes on it.
            if input.name == "float-nan" && command.ext == "wav" {
                #expect(r.status == 2 && r.stderr.contains("NaN"), "\(label): exit \(r.status)\n\(r.stderr.prefix(400))")
            }
            if r.status != 0 {
                #expect(
                    (r.stdout + r.stderr).contains("input.\(command.ext)"),
                    "\(label) does not name the file:\n\(r.stdout.prefix(300))\(r.stderr.prefix(300))")
            }
            // Nothing half-written is left beside the input.
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
                $0.hasPrefix(".akl-") || $0.hasSuffix(".tmp")
            }
            #expect(left.isEmpty, "\(label) left \(left)")
        }
    }
}
