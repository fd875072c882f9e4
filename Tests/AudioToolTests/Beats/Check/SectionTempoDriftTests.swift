import AudioKitLinux
import Foundation
import Testing

/// A tempo section of a chart at a tempo the track does not have there: typed wrong in an editor whose hits keep their
/// beats, it moves every hit after it off the music, yet on dense music each still meets an onset. Found by a designer:
/// 200 BPM typed into section 2 of a 210 BPM song moved 308 hits by up to 2.9 s and the check said "0 flagged".
@Suite("A tempo section off the track's tempo")
struct SectionTempoDriftTests {
    /// A StepMania chart on the 16th-click song of `TrackTempoDriftTests` (120 BPM from 0.2 s): 120 BPM to beat 20, then
    /// `second` BPM, a note on every beat to beat 71.
    static func chart(second: Double) -> String {
        let rows = (0..<72).map { $0 % 2 == 0 ? "1000" : "0100" }
        let measures = stride(from: 0, to: rows.count, by: 4).map { rows[$0..<($0 + 4)].joined(separator: "\n") }
        var text = "#TITLE:Sections;\n#MUSIC:song.wav;\n#OFFSET:-0.200000;\n"
        text += "#BPMS:0.000=120.000,20.000=\(String(format: "%.3f", second));\n"
        text += "#NOTES:\n     dance-single:\n     :\n     Hard:\n     9:\n     0,0,0,0,0:\n"
        return text + measures.joined(separator: "\n,\n") + "\n;\n"
    }

    @Test func aSectionFivePercentOffIsSaidWithItsNumberAndTheTracksTempo() throws {
        let r = try TrackTempoDriftTests.check(Self.chart(second: 126), named: "chart.sm", track: 120, ["--format", "json"])
        let root = try #require(JSONValue.parse(Array(r.stdout.utf8)), "\(r.stdout.prefix(500))\(r.stderr)")
        guard case .array(let findings)? = root["diagnostics"] else { Issue.record("no diagnostics: \(r.stdout.prefix(500))"); return }
        let drift = findings.filter { $0["rule_id"]?.string == "beatmap.drift" }
        #expect(drift.count == 1, "\(drift)")
        let message = try #require(drift.first?["message"]?.string)
        // Section 2 starts on beat 20, 0.2 + 20 × 0.5 = 10.2 s; its hits, beats 20 to 71 at 126 BPM, end 51 × 60 / 126 s
        // later, where the track's beats at 120 would take 51 × 0.5 s: the grid is 25.5 − 24.29 = 1.21 s ahead.
        #expect(message.hasPrefix("tempo section 2 of the map (from 10.200 s) is at 126.00 BPM and the track at 120.0"), "\(message)")
        let ahead = 51 * 0.5 - 51 * 60 / 126.0
        let ms = message.components(separatedBy: "its grid is ").last?.split(separator: " ").first.flatMap { Double($0) }
        #expect(ms.map { abs($0 - ahead * 1000) < 30 } == true && message.contains("ahead of the music"), "\(message)")
        #expect(
            message.contains("Set section 2's tempo to 120 BPM (the whole tempo nearest it), the notes keeping their beats"), "\(message)")
        #expect(drift.first?["severity"]?.string == "error")
        // At the section's first hit: beat 20, the first row of measure 5 (10 header lines, then 4 rows and a comma a
        // measure: line 11 + 5 × 5).
        #expect(drift.first?["line"]?.number == 36, "\(String(describing: drift.first))")
        // The one-line summary names the section, not a track tempo measured through the hits.
        let plain = try TrackTempoDriftTests.check(Self.chart(second: 126), named: "chart.sm", track: 120)
        #expect(plain.stderr.contains("tempo section 2 at 126.00 BPM where the track is at 120.0"), "\(plain.stderr)")
    }

    @Test func aSectionAtAnOctaveOfTheTracksTempoSaysNothing() throws {
        // 240 BPM from beat 20: its beats are the track's 8ths, on the music.
        let r = try TrackTempoDriftTests.check(Self.chart(second: 240), named: "chart.sm", track: 120, ["--format", "json"])
        #expect(!r.stdout.contains("beatmap.drift"), "\(r.stdout.prefix(2000))")
    }
}
