import AudioKitLinux
import Foundation
import Testing

/// One BPM for one map whichever command reports it, and the tolerance a manifest sets.
@Suite("Check settings")
struct CheckSettingsTests {
    @Test func checkAndFitReportTheSameBPM() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A hand-made map: a 96 BPM grid with human jitter of a few milliseconds and one missing beat.
        var g = SplitMix(seed: 11)
        var times = (0..<40).map { 0.4 + Double($0) * 0.625 + g.normal() * 0.004 }
        times.remove(at: 17)
        let path = try BeatCheckTests.clickTrack(times: times, rate: 22_050, seconds: 27, in: dir)
        let map = dir.appendingPathComponent("m.txt").path
        try Data(times.map { String(format: "%.4f\n", $0) }.joined().utf8).write(to: URL(fileURLWithPath: map))
        let read = try #require(try BeatMapReader.read(path: map).map)
        let check = BeatChecker.check(map: read, onset: try SpectralFlux.analyze(path: path))
        let fit = try #require(GridFit(times: read.times))
        #expect(check.mapBPM == fit.bpm)
        #expect(abs(fit.bpm - 96) < 0.05)
        let cli = try run(TestPaths.binary("beatmap"), ["fit", map])
        #expect(cli.stdout.hasPrefix(String(format: "%.3f BPM", try #require(check.mapBPM))), "\(cli.stdout)")
    }

    @Test func aManifestSetsTheTolerance() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clicks = (0..<20).map { 0.5 + Double($0) * 0.5 }
        _ = try BeatCheckTests.clickTrack(times: clicks, rate: 22_050, seconds: 11, in: dir)
        let track = try FileManager.default.contentsOfDirectory(atPath: dir.path).first { $0.hasSuffix(".wav") }
        // Beat 10 is 70 ms late: flagged at the default 50 ms, not at 100 ms.
        var late = clicks
        late[10] += 0.07
        try Data(late.map { "\($0)\n" }.joined().utf8).write(to: dir.appendingPathComponent("m.txt"))
        func flags(_ manifest: String) throws -> [Diagnostic] {
            let path = dir.appendingPathComponent("game.json").path
            try Data(manifest.utf8).write(to: URL(fileURLWithPath: path))
            let (m, findings) = try GameManifest.read(path)
            #expect(findings.isEmpty, "\(findings)")
            let manifest = try #require(m)
            return GameCheck.run(GameCheck.jobs(manifest), manifest: manifest).flatMap(\.diagnostics).filter {
                $0.ruleID == BeatMapRules.misaligned
            }
        }
        let audio = try #require(track)
        #expect(try flags(#"{"tracks": [{"audio": "\#(audio)", "beatmaps": ["m.txt"]}]}"#).count == 1)
        #expect(try flags(#"{"tolerance_ms": 100, "tracks": [{"audio": "\#(audio)", "beatmaps": ["m.txt"]}]}"#).isEmpty)
        #expect(try flags(#"{"tracks": [{"audio": "\#(audio)", "tolerance_ms": 100, "beatmaps": ["m.txt"]}]}"#).isEmpty)
        let bad = dir.appendingPathComponent("bad.json").path
        try Data(#"{"tolerance_ms": -1, "tracks": []}"#.utf8).write(to: URL(fileURLWithPath: bad))
        #expect(try GameManifest.read(bad).1.first?.ruleID == BeatMapRules.manifestInvalid)
    }
}
