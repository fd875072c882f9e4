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
    ]

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
