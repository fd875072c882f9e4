import AudioKitLinux
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `beatmap` as users and CI run it: every subcommand's help, the documented exit codes, and every report
/// format of the commands that report findings.
@Suite("beatmap command line")
struct BeatmapCLITests {
    static let tool = TestPaths.binary("beatmap")
    static let subcommands = [
        "lint", "check", "bpm", "detect", "grid", "fit", "ci", "timer", "crossfade", "preview", "audio-info", "rules",
    ]

    @Test("help works everywhere", arguments: [[String]]([["--help"]]) + subcommands.map { [$0, "--help"] })
    func help(_ args: [String]) throws {
        let r = try run(Self.tool, args)
        #expect(r.status == 0, "\(args): \(r.stderr)")
        #expect(r.stdout.contains("USAGE: beatmap"))
        if args.count == 1 {
            for name in Self.subcommands { #expect(r.stdout.contains("  \(name) "), "--help does not list \(name)") }
        }
    }

    /// A map with one beat out of order (line 3) and its track, in a fresh folder.
    static func workspace() throws -> (dir: URL, bad: String, good: String) {
        let dir = TestPaths.scratch()
        let good = dir.appendingPathComponent("good.txt").path
        let bad = dir.appendingPathComponent("bad.txt").path
        try Data((0..<16).map { "\(0.5 + Double($0) * 0.6818)\n" }.joined().utf8).write(to: URL(fileURLWithPath: good))
        try Data("0.5\n1.5\n1.0\n2.0\n".utf8).write(to: URL(fileURLWithPath: bad))
        return (dir, bad, good)
    }

    @Test func exitCodes() throws {
        let (dir, bad, good) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try run(Self.tool, ["lint", good]).status == 0)
        let r = try run(Self.tool, ["lint", bad])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("\(bad):3:1: error: [beatmap.not_increasing] "), "\(r.stdout)")
        #expect(r.stderr.contains("checked 1 file: 1 error"))
        #expect(try run(Self.tool, ["lint", dir.appendingPathComponent("nope.txt").path]).status == 2)
        #expect(try run(Self.tool, ["lint", "--hit-window", "-1", good]).status == 64)
        #expect(try run(Self.tool, ["lint", "--format", "yaml", good]).status == 64)
        #expect(try run(Self.tool, ["nonsense"]).status == 64)
        let track = "samples/audio/world1-track-a-88bpm.flac"
        #expect(try run(Self.tool, ["check", "samples/beatmaps/world1-a.json", "--audio", track]).status == 0)
        #expect(try run(Self.tool, ["check", "samples/beatmaps/GameConstants.swift", "--audio", track]).status == 1)
        #expect(try run(Self.tool, ["bpm", track, "--expect", "88"]).status == 0)
        #expect(try run(Self.tool, ["bpm", track, "--expect", "95"]).status == 1)
        // Half and double time are those of the tempo as shown: 88.00 BPM gives 44.00 and 176.00 (it said 175.99).
        let said = try run(Self.tool, ["bpm", track]).stdout
        let shown = try #require(said.firstMatch(of: #/^([0-9.]+) BPM .*half time ([0-9.]+) .*double time ([0-9.]+) /#))
        let bpm = try #require(Double(shown.1))
        #expect(shown.2 == String(format: "%.2f", bpm / 2) && shown.3 == String(format: "%.2f", bpm * 2), "\(said)")
        #expect(try run(Self.tool, ["ci", "samples/game.json", "-q"]).status == 0)
    }

    static let reporting: [[String]] = [
        ["lint", "BAD"], ["check", "samples/beatmaps/GameConstants.swift", "--audio", "samples/audio/world1-track-a-88bpm.flac"],
    ]

    @Test("every report format of lint and check", arguments: ["text", "json", "sarif", "junit", "github"])
    func formats(_ format: String) throws {
        let (dir, bad, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        for command in Self.reporting {
            let out = dir.appendingPathComponent("report.\(format)").path
            let args = command.map { $0 == "BAD" ? bad : $0 } + ["--format", format, "-o", out]
            let r = try run(Self.tool, args)
            #expect(r.status == 1, "\(args): \(r.stderr)")
            let text = try String(contentsOfFile: out, encoding: .utf8)
            let rule = command[0] == "lint" ? "beatmap.not_increasing" : "beatmap.misaligned"
            #expect(text.contains(rule), "\(format) of \(command[0]) does not name \(rule)")
            switch format {
            case "json", "sarif":
                let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
                if format == "sarif" {
                    // The SARIF rule table comes from the registry: the rule is described, not only named.
                    let runs = (object as? [String: Any])?["runs"] as? [[String: Any]]
                    let driver = (runs?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any]
                    let rules = driver?["rules"] as? [[String: Any]] ?? []
                    let described = rules.first { $0["id"] as? String == rule }
                    #expect(described != nil, "SARIF has no rule entry for \(rule)")
                    let summary = (described?["shortDescription"] as? [String: Any])?["text"] as? String
                    #expect(summary == BeatMapRules.description(for: rule)?.summary)
                }
            case "junit":
                let parser = XMLParser(data: Data(text.utf8))
                #expect(parser.parse(), "JUnit output is not well-formed XML")
                #expect(text.contains("<failure"))
            case "github":
                #expect(text.split(separator: "\n").contains { $0.hasPrefix("::error file=") })
            default:
                #expect(text.split(separator: "\n").contains { $0.contains(": error: [\(rule)]") })
            }
        }
    }

    @Test func dataCommandsPrintJSON() throws {
        let bpm = try run(Self.tool, ["bpm", "samples/audio/world1-track-a-88bpm.flac", "--format", "json"])
        let tempo = try JSONSerialization.jsonObject(with: Data(bpm.stdout.utf8)) as? [String: Any]
        #expect(tempo != nil, "\(bpm.stdout)")
        let timer = try run(Self.tool, ["timer", "--bpm", "88", "--format", "json", "--minutes", "1"])
        #expect((try? JSONSerialization.jsonObject(with: Data(timer.stdout.utf8))) != nil)
    }
}
