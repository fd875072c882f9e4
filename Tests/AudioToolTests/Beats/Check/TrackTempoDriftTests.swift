import AudioKitLinux
import Foundation
import Testing

/// A chart whose one tempo is a little off the track's: its hits keep their beats, so they drift from the music, a
/// second by the end of a song at 1 %. The drift measured from the hits' errors could not see it on dense music (each
/// hit finds an onset near it, and the errors wrap): found by a designer, "map 181.80 BPM vs track 181.82 BPM" on a
/// 180 BPM song.
@Suite("A chart's tempo a little off the track's")
struct TrackTempoDriftTests {
    /// A click on every 16th at `bpm` for 40 s (loud on beats): music with an onset near any time.
    static func song(bpm: Double = 120) -> [(time: Double, amplitude: Double)] {
        (0..<Int(40 * bpm / 15)).map { (k: Int) -> (time: Double, amplitude: Double) in
            (time: 0.2 + Double(k) * 15 / bpm, amplitude: k % 4 == 0 ? 0.5 : 0.2)
        }
    }

    /// A StepMania chart at `bpm` from 0.2 s, a note on every beat for 36 s of the track's beats.
    static func chart(bpm: Double) -> String {
        let rows = (0..<72).map { $0 % 2 == 0 ? "1000" : "0100" }
        let measures = stride(from: 0, to: rows.count, by: 4).map { rows[$0..<($0 + 4)].joined(separator: "\n") }
        var text = "#TITLE:Drift;\n#MUSIC:song.wav;\n#OFFSET:-0.200000;\n#BPMS:0.000=\(String(format: "%.3f", bpm));\n"
        text += "#NOTES:\n     dance-single:\n     :\n     Hard:\n     9:\n     0,0,0,0,0:\n"
        return text + measures.joined(separator: "\n,\n") + "\n;\n"
    }

    /// The messages of `beatmap check` on the chart at `bpm` over the song at `track` BPM.
    static func messages(bpm: Double, track: Double = 120) throws -> [String] {
        try messages(of: chart(bpm: bpm), named: "chart.sm", track: track)
    }

    /// `beatmap check` (with `arguments`) on map `text`, written as `name`, over the song at `track` BPM.
    static func check(_ text: String, named name: String, track: Double, _ arguments: [String] = []) throws -> CommandResult {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = dir.appendingPathComponent("song.wav").path
        try AudioFile.write(ChartTempoOctaveTests.song(Self.song(bpm: track), seconds: 41), to: song, sampleRate: 22_050, channels: 1)
        let path = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: path)
        return try run(TestPaths.binary("beatmap"), ["check", path.path, "--audio", song] + arguments)
    }

    /// The messages of `rule` from `beatmap check` on map `text` (written as `name`) over the song at `track` BPM.
    static func messages(of text: String, named name: String, track: Double, rule: String = "beatmap.drift") throws -> [String] {
        let r = try check(text, named: name, track: track, ["--format", "json"])
        let root = try #require(JSONValue.parse(Array(r.stdout.utf8)), "\(r.stdout.prefix(500))\(r.stderr)")
        guard case .array(let findings)? = root["diagnostics"] else { return [] }
        return findings.filter { $0["rule"]?.string == rule || $0["rule_id"]?.string == rule }.compactMap { $0["message"]?.string }
    }

    @Test func theSummarySaysTheTracksTempoFromTheAudio() throws {
        // Through its hits the map agreed with the track ("map 121.20 BPM vs track 121.2x BPM"): the audio's own is said.
        let r = try Self.check(Self.chart(bpm: 121.2), named: "chart.sm", track: 120)
        let said = r.stderr.components(separatedBy: "vs track ").dropFirst().first?.split(separator: " ").first.flatMap { Double($0) }
        #expect(said.map { abs($0 - 120) < 0.1 } == true && r.stderr.contains("(from the audio over the hits)"), "\(r.stderr)")
        // Its offset is the drift's average (no finding says it): the summary says so; on the track's tempo it does not.
        #expect(r.stderr.contains("ms (the drift's average until the tempo is right)"), "\(r.stderr)")
        let right = try Self.check(Self.chart(bpm: 120), named: "chart.sm", track: 120)
        #expect(right.stderr.contains("offset ") && !right.stderr.contains("the drift's average"), "\(right.stderr)")
    }

    @Test func underATempoItsHitsDriftAtTheOffsetIsNotSaid() throws {
        // At 121.2 BPM the hits' median error is the drift's, not an offset: said once the tempo is right.
        #expect(try Self.messages(of: Self.chart(bpm: 121.2), named: "chart.sm", track: 120, rule: "beatmap.offset").isEmpty)
    }

    @Test func hitsOnTheMusicUnderATempoMapTypedWrongKeepTheirTimes() throws {
        // Hits on the track's beats and 8ths (from 0.2 s at 120 BPM, with gaps: not a steady pulse) in a JSON map declared
        // at 121.2 BPM: off the map's lines after the first few, on the music. The tempo map alone is to be set.
        var times: [Double] = []
        for k in 0..<72 where k % 8 != 6 {
            let beat = 0.2 + Double(k) * 0.5
            times += k % 4 == 1 ? [beat, beat + 0.25] : [beat]
        }
        let beats = times.map { String(format: "%.4f", $0) }.joined(separator: ", ")
        let text = "{\"bpm\": 121.2, \"offset\": 0.2, \"beats\": [\(beats)]}"
        let message = try #require(try Self.messages(of: text, named: "beats.json", track: 120).first)
        #expect(message.contains("its hits follow the music, not the grid"), "\(message)")
        #expect(message.contains("Set the tempo map to 120 BPM (the whole tempo nearest it), the hits keeping their times"), "\(message)")
    }

    @Test func aTempoOnePercentOffIsSaidWithTheTracksTempo() throws {
        // 121.2 BPM over 120: 71 beats later the grid is 35.5 − 35.15 = 0.35 s ahead of the music.
        let off = try Self.messages(bpm: 121.2)
        #expect(off.count == 1, "\(off)")
        let message = try #require(off.first)
        #expect(message.contains("121.20 BPM") && message.contains("the track's 120.0") && message.contains("ahead of"), "\(message)")
        let ms = try #require(message.split(separator: " ").firstIndex { $0 == "ms" }.map { message.split(separator: " ")[$0 - 1] })
        #expect(abs((Double(ms) ?? 0) - 351) < 15, "\(message)")
        // The fix offered is the whole tempo: within 0.05 % of the track's as measured.
        #expect(message.contains("Set the tempo to 120 BPM (the whole tempo nearest it)"), "\(message)")
    }

    @Test func aTrackOffAWholeTempoIsOfferedItsOwn() throws {
        // A song at 123.37 BPM charted at 125: the fix is the measured tempo to 0.01 BPM, not 123.
        let message = try #require(try Self.messages(bpm: 125, track: 123.37).first)
        let said = message.components(separatedBy: "Set the tempo to ").last?.split(separator: " ").first.flatMap { Double($0) }
        let fix = try #require(said, "\(message)")
        #expect(abs(fix - 123.37) < 0.03 && fix != fix.rounded(), "\(message)")
    }

    @Test func aTempoFivePercentOffIsSaidThoughNoOctaveOfTheTracks() throws {
        // 126 BPM over 120 (5 % off: no beat of the map's at any octave), every hit still within 63 ms of a 16th click:
        // before, "map 126.00 BPM vs track 126.00 BPM" and no drift. The map's beat gathers the clicks far less than
        // the track's, so its tempo is wrong.
        let message = try #require(try Self.messages(bpm: 126).first)
        #expect(message.contains("126.00 BPM") && message.contains("the track's 120.0"), "\(message)")
        #expect(message.contains("Set the tempo to 120 BPM"), "\(message)")
    }

    @Test func aMapAtThreeQuartersOfTheTracksBeatIsAnotherLevelOfTheMeter() throws {
        // 90 BPM over 120: dotted quarters of the music, a reading of its meter, not a tempo typed wrong.
        #expect(try Self.messages(bpm: 90).isEmpty)
    }

    @Test func aTempoUnderTwoTenthsOfAPercentOffIsSaidWhenTheHitsDriftTheSameWay() throws {
        // 120.15 BPM over 120 (0.125 %): 71 beats later the grid is 35.5 − 35.5 × 120 / 120.15 = 44 ms ahead, more than
        // half the 50 ms tolerance, and the hits' own errors drift the same way. The tempo is said with its fix, and
        // the offset, the drift's, is not (its apply would move every hit the wrong way for half of them).
        let said = try Self.messages(bpm: 120.15)
        #expect(said.count == 1 && said.first?.contains("Set the tempo to 120 BPM") == true, "\(said)")
        #expect(try Self.messages(of: Self.chart(bpm: 120.15), named: "chart.sm", track: 120, rule: "beatmap.offset").isEmpty)
        // 120.03 (0.025 %, 9 ms by the last hit): nothing.
        #expect(try Self.messages(bpm: 120.03).isEmpty)
    }

    @Test func theTracksOwnTempoSaysNothing() throws {
        #expect(try Self.messages(bpm: 120).isEmpty)
    }
}
