import AudioKitLinux
import Foundation
import Testing

/// Every beatmap rule's own examples are its tests, as for the AHAP rules: a passing example produces no finding
/// of the rule, a failing one produces findings at exactly the expected `line:col` positions.
@Suite("beatmap rule examples")
struct BeatmapRuleExampleTests {
    /// Rules whose example needs an encoded file, a whole tempo analysis or a track length: covered by
    /// `BeatCheckTests` (MP3), `GameCheckTests` (declared tempo), `BeatRuleTests.pastEndNeedsTheTrackLength` and
    /// `GridPhaseTests` (a chart's tempo map).
    static let coveredElsewhere: Set<String> = [
        BeatMapRules.mp3DecoderDelay, BeatMapRules.aacDecoderDelay, BeatMapRules.bpmMismatch, "beatmap.past_end",
        BeatMapRules.gridPhase, BeatMapRules.trackTempoChange,
    ]

    @Test("every rule has a failing example", arguments: BeatMapRules.all.filter { !coveredElsewhere.contains($0.id) })
    func hasFailingExample(_ rule: RuleDescription) {
        #expect(!rule.failing.isEmpty, "\(rule.id) has no failing example")
    }

    @Test("rule ids are unique, namespaced and registered once")
    func uniqueIDs() {
        let ids = BeatMapRules.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { ($0.hasPrefix("beatmap.") || $0.hasPrefix("manifest.")) && $0 == $0.lowercased() })
    }

    static func key(_ d: Diagnostic) -> String { "\(d.location.line ?? 0):\(d.location.column ?? 0)" }

    /// A click track: a 10 ms decaying noise burst at each time, at 22.05 kHz, `duration` seconds long.
    static func clickTrack(_ times: [Double], duration: Double, to path: String) throws {
        let rate = 22_050
        var samples = [Float](repeating: 0, count: Int(duration * Double(rate)))
        var g = SplitMix(seed: 7)
        for t in times {
            let start = Int(t * Double(rate))
            for i in 0..<220 where start + i < samples.count {
                samples[start + i] = Float(g.normal()) * 0.5 * Float(exp(-Double(i) / 60))
            }
        }
        try AudioFile.write(samples, to: path, sampleRate: rate, channels: 1)
    }

    /// Every finding the example produces, as the command that owns the rule would make it.
    static func findings(_ rule: RuleDescription, _ example: RuleExample) throws -> [Diagnostic] {
        if BeatMapRules.manifest.contains(where: { $0.id == rule.id }) {
            let dir = TestPaths.scratch()
            defer { try? FileManager.default.removeItem(at: dir) }
            try AudioFile.write(
                [Float](repeating: 0, count: 800), to: dir.appendingPathComponent("t.wav").path, sampleRate: 8_000, channels: 1)
            try Data("0.5\n1.0\n".utf8).write(to: dir.appendingPathComponent("m.txt"))
            let path = dir.appendingPathComponent("game.json").path
            try Data(example.input.utf8).write(to: URL(fileURLWithPath: path))
            return try GameManifest.read(path).1
        }
        let format: BeatMapFormat =
            example.input.hasPrefix("osu file format") ? .osu : example.input.hasPrefix("[") || example.input.hasPrefix("{") ? .json : .text
        let read = BeatMapReader.read(bytes: Array(example.input.utf8), file: "m.txt", format: format)
        guard let map = read.map else { return read.diagnostics }
        guard BeatMapRules.checking.contains(where: { $0.id == rule.id }) else {
            return read.diagnostics + BeatRuleRegistry.lint(map)
        }
        let firstLine = example.input.split(separator: "\n").first ?? ""
        let clicks = firstLine.replacingOccurrences(of: "# clicks:", with: "").split(separator: " ").compactMap { Double($0) }
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let track = dir.appendingPathComponent("t.wav").path
        try clickTrack(clicks, duration: max(clicks.last ?? 0, map.times.last ?? 0) + 1, to: track)
        return BeatChecker.check(map: map, onset: try SpectralFlux.analyze(path: track)).diagnostics
    }

    @Test("passing examples are not flagged", arguments: BeatMapRules.all)
    func passing(_ rule: RuleDescription) throws {
        for example in rule.passing {
            let found = try Self.findings(rule, example).filter { $0.ruleID == rule.id }
            #expect(found.isEmpty, "\(rule.id) flagged its passing example at \(example.file):\(example.line): \(found.map(\.message))")
        }
    }

    @Test("failing examples are flagged exactly where expected", arguments: BeatMapRules.all)
    func failing(_ rule: RuleDescription) throws {
        for example in rule.failing {
            let all = try Self.findings(rule, example)
            let found = all.filter { $0.ruleID == rule.id }
            #expect(
                found.map(Self.key).sorted() == example.expected.sorted(), "\(rule.id) example at \(example.file):\(example.line): \(all)")
            for d in found {
                #expect(d.severity == rule.defaultSeverity || rule.id == BeatMapRules.offset || rule.id == BeatMapRules.drift)
                #expect(!d.message.isEmpty)
            }
        }
    }
}
