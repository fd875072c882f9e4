import AudioKitLinux
import Foundation
import Testing

/// A chart's tempo map half a beat off the track while its hits are right (`beatmap.grid_phase`): the grid's beats on
/// the track's off-beats. It has the track's beats between its own, as a map at half the tempo has, and was said to be
/// "at half the track's tempo" (a ×2 that made it worse); a tempo change placed on an off-beat was not said at all.
@Suite("A chart's tempo map half a beat off the track")
struct GridPhaseTests {
    /// `bpm` for `seconds`: a loud click on each beat (from 0.2 s), a soft one on each off-beat; before `intro` seconds
    /// the other way round (an intro whose off-beats are its loudest sounds).
    static func song(bpm: Double, seconds: Double, intro: Double = 0) -> [(time: Double, amplitude: Double)] {
        (0..<Int(seconds * bpm / 30)).map { (k: Int) -> (time: Double, amplitude: Double) in
            let time = 0.2 + Double(k) * 30 / bpm
            let amplitude: Double = (k % 2 == 0) == (time >= intro) ? 0.5 : 0.12
            return (time: time, amplitude: amplitude)
        }
    }

    /// `beatmap check --format json` of `text` (named `name`) on `clicks`: its `grid_phase` list, its `tempo_octave`, its
    /// findings' messages, its exit status and its summary line.
    static func check(_ text: String, name: String, bpm: Double, seconds: Double, intro: Double = 0) throws -> (
        phases: [JSONValue], octave: JSONValue?, messages: [String], status: Int32, summary: String
    ) {
        try check(text, name: name, clicks: song(bpm: bpm, seconds: seconds, intro: intro), seconds: seconds)
    }

    /// `beatmap check --format json` of `text` on a song of `clicks`, as `check(_:name:bpm:seconds:intro:)`.
    static func check(_ text: String, name: String, clicks: [(time: Double, amplitude: Double)], seconds: Double) throws -> (
        phases: [JSONValue], octave: JSONValue?, messages: [String], status: Int32, summary: String
    ) {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = dir.appendingPathComponent("song.wav").path
        try AudioFile.write(ChartTempoOctaveTests.song(clicks, seconds: seconds), to: song, sampleRate: 22_050, channels: 1)
        let path = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: path)
        let r = try run(TestPaths.binary("beatmap"), ["check", path.path, "--audio", song, "--format", "json"])
        let root = try #require(JSONValue.parse(Array(r.stdout.utf8)), "\(r.stdout.prefix(500))\(r.stderr)")
        guard case .array(let phases)? = root["grid_phase"], case .array(let findings)? = root["diagnostics"] else {
            Issue.record("no grid_phase or diagnostics: \(r.stdout.prefix(500))")
            return ([], nil, [], r.status, r.stderr)
        }
        return (phases, root["tempo_octave"], findings.compactMap { $0["message"]?.string }, r.status, r.stderr)
    }

    /// A StepMania chart at 80 BPM whose beat 0 is at `beatZero` seconds, a note on each of 50 1/2 rows from 0.2 s.
    static func chart(beatZero: Double) -> String {
        let first = Int(((0.2 - beatZero) / 0.375).rounded())
        var rows = [String](repeating: "0000", count: first) + (0..<50).map { $0 % 2 == 0 ? "1000" : "0100" }
        while rows.count % 8 != 0 { rows.append("0000") }
        let measures = stride(from: 0, to: rows.count, by: 8).map { rows[$0..<($0 + 8)].joined(separator: "\n") }
        var text = "#TITLE:Phase;\n#MUSIC:song.wav;\n#OFFSET:\(String(format: "%.6f", -beatZero));\n#BPMS:0.000=80.000;\n"
        text += "#NOTES:\n     dance-single:\n     :\n     Hard:\n     9:\n     0,0,0,0,0:\n"
        return text + measures.joined(separator: "\n,\n") + "\n;\n"
    }

    @Test func aGridHalfABeatOffIsSaidAsSuchNotAsHalfTheTempo() throws {
        // 80 BPM, beat 0 at −0.175 s: every beat of the grid falls on a soft off-beat click, every hit on a 1/2 row. At
        // 80 BPM (double it is 160) the loud clicks between the grid's beats were read as a map at half the tempo.
        let r = try Self.check(Self.chart(beatZero: -0.175), name: "chart.sm", bpm: 80, seconds: 22)
        #expect(r.phases.count == 1, "\(r.phases)")
        #expect(r.phases.first?["section"]?.number == 0)
        #expect(abs((r.phases.first?["track_bpm"]?.number ?? 0) - 80) < 1, "\(r.phases)")
        // The loud clicks are the middles: four times the soft ones on the beats, in every gap.
        #expect((r.phases.first?["midpoint_ratio"]?.number ?? 0) > 2, "\(r.phases)")
        #expect(r.octave?["verdict"] == .null, "\(String(describing: r.octave))")
        let said = r.messages.first { $0.contains("half a beat off") }
        #expect(said?.hasPrefix("the tempo map is half a beat off the track") == true, "\(r.messages)")
        #expect(said?.contains("move the map's offset half a beat, the hits staying where they are") == true, "\(r.messages)")
        #expect(!r.messages.contains { $0.contains("at half the track's tempo") }, "\(r.messages)")
        // A warning: the hits are right, the check passes, and the summary line says it.
        #expect(r.status == 0)
        #expect(r.summary.contains("the tempo map is half a beat off the track"), "\(r.summary)")
    }

    @Test func theSameHitsOnTheGridInPhaseSayNothing() throws {
        let r = try Self.check(Self.chart(beatZero: 0.2), name: "chart.sm", bpm: 80, seconds: 22)
        #expect(r.phases.isEmpty, "\(r.phases)")
        #expect(!r.messages.contains { $0.contains("half a beat off") }, "\(r.messages)")
    }

    @Test func aTempoChangePlacedOnAnOffBeatIsSaidWithItsSection() throws {
        // A declared grid at 120 BPM from 0.2 s whose second section starts at 10.45 s, a quarter of a second (half a
        // beat) after the beat at 10.2 s; the hits a chart's rhythm (beats and off-beats, not a pulse) on the clicks.
        let pattern: [Double] = [0, 1, 1.5, 2, 3, 3.5]
        var hits: [String] = []
        for bar in 0..<14 {
            for beat in pattern { hits.append(String(format: "%.3f", 0.2 + (Double(bar) * 4 + beat) * 0.5)) }
        }
        let head = #"{"bpm": 120, "offset": 0.2, "tempo_changes": [{"time": 10.45, "bpm": 120}], "beats": ["#
        let json: String = head + hits.joined(separator: ", ") + "]}"
        let r = try Self.check(json, name: "map.json", bpm: 120, seconds: 30)
        #expect(r.phases.count == 1, "\(r.phases)")
        #expect(r.phases.first?["section"]?.number == 1)
        #expect(r.phases.first?["start"]?.number == 10.45)
        let said = "tempo section 2 of the map (from 10.450 s, 120.00 BPM) is half a beat off"
        #expect(r.messages.contains { $0.hasPrefix(said) }, "\(r.messages)")
        #expect(r.summary.contains("tempo section 2 half a beat off the track"), "\(r.summary)")
        // The same map with its change on the beat says nothing.
        let onBeat = try Self.check(json.replacingOccurrences(of: "10.45", with: "10.2"), name: "map.json", bpm: 120, seconds: 30)
        #expect(onBeat.phases.isEmpty, "\(onBeat.phases)")
        // Nor does it when the song's first 10.2 s have off-beats louder than their beats: a change that carries the
        // grid on (the same tempo, on its beat) is no place to judge the grid from what comes before it alone (a real
        // chart's intro was said to be half a beat off once a same-tempo change on a beat was added after it).
        let intro = try Self.check(
            json.replacingOccurrences(of: "10.45", with: "10.2"), name: "map.json", bpm: 120, seconds: 30, intro: 10.2)
        #expect(intro.phases.isEmpty, "\(intro.phases)")
    }

    /// Two songs joined as a StepMania file writes them: 120 BPM from 0.2 s, then 100 BPM from 10.45 s, the change
    /// between two of the file's beats (beat 20.5), as a chart's second song rarely starts on the first's grid. The
    /// second section's lines are its own beats from there (20.5, 21.5, …): they fall on the loud clicks and nothing is
    /// said. Measured on the file's whole beats (21, 22, …, the soft clicks between), it was said half a beat off, and
    /// its ½ beat fix would have put the second song on its off-beats. The same file with the second song's clicks half
    /// a beat later is said, as section 2.
    @Test func aSectionFromBetweenTwoBeatsIsMeasuredOnItsOwnBeats() throws {
        func clicks(secondAt: Double) -> [(time: Double, amplitude: Double)] {
            var out: [(time: Double, amplitude: Double)] = []
            for k in 0..<40 { out.append((0.2 + Double(k) * 0.25, k % 2 == 0 ? 0.5 : 0.12)) }
            for k in 0..<48 { out.append((secondAt + Double(k) * 0.3, k % 2 == 0 ? 0.5 : 0.12)) }
            return out
        }
        // A note on each beat of both songs: beats 0…19 at 120 BPM, then 20.5, 21.5, … at 100 BPM (1/2 rows).
        var rows = [String](repeating: "0000", count: 20 * 2 + 24 * 2 + 8)
        for b in 0..<20 { rows[2 * b] = "1000" }
        for b in 0..<24 { rows[41 + 2 * b] = "0100" }
        let measures = stride(from: 0, to: rows.count, by: 8).map { rows[$0..<($0 + 8)].joined(separator: "\n") }
        var text = "#TITLE:Joined;\n#MUSIC:song.wav;\n#OFFSET:-0.200000;\n#BPMS:0.000=120.000,20.500=100.000;\n"
        text += "#NOTES:\n     dance-single:\n     :\n     Hard:\n     9:\n     0,0,0,0,0:\n"
        text += measures.joined(separator: "\n,\n") + "\n;\n"
        let right = try Self.check(text, name: "joined.sm", clicks: clicks(secondAt: 10.45), seconds: 25)
        #expect(right.phases.isEmpty, "\(right.phases)")
        #expect(!right.messages.contains { $0.contains("half a beat off") }, "\(right.messages)")
        let off = try Self.check(text, name: "joined.sm", clicks: clicks(secondAt: 10.75), seconds: 25.3)
        #expect(off.phases.count == 1, "\(off.phases)")
        #expect(off.phases.first?["section"]?.number == 1, "\(off.phases)")
    }

    /// A song whose eighths are alike loud, whose chords change on its beats (`BeatPhaseTests.eighthsAndChords`: 120 BPM
    /// from 0.5 s): the onsets cannot tell its beats from its off-beats, the harmony can. A map with its beats on the
    /// off-beats is said, with the harmony in the message; the same hits on the map in phase say nothing.
    @Test func eighthsAlikeLoudAreToldByTheirChords() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = try BeatPhaseTests.eighthsAndChords(in: dir)
        // A chart's rhythm on the clicks: in each two-beat bar, the beat, the off-beat after it and the next beat.
        var hits: [String] = []
        for bar in 0..<22 {
            for beat: Double in [0, 0.5, 1] { hits.append(String(format: "%.3f", 0.5 + (Double(bar) * 2 + beat) * 0.5)) }
        }
        func check(offset: Double) throws -> (phases: [JSONValue], messages: [String]) {
            let path = dir.appendingPathComponent("map.json")
            try Data(#"{"bpm": 120, "offset": \#(offset), "beats": [\#(hits.joined(separator: ", "))]}"#.utf8).write(to: path)
            let r = try run(TestPaths.binary("beatmap"), ["check", path.path, "--audio", song, "--format", "json"])
            let root = try #require(JSONValue.parse(Array(r.stdout.utf8)), "\(r.stdout.prefix(500))\(r.stderr)")
            guard case .array(let phases)? = root["grid_phase"], case .array(let findings)? = root["diagnostics"] else {
                Issue.record("no grid_phase or diagnostics: \(r.stdout.prefix(500))")
                return ([], [])
            }
            return (phases, findings.compactMap { $0["message"]?.string })
        }
        let off = try check(offset: 0.75)
        #expect(off.phases.count == 1, "\(off.phases)")
        let said = off.messages.first { $0.contains("half a beat off") }
        #expect(said?.contains("the harmony changes") == true, "\(off.messages)")
        let inPhase = try check(offset: 0.5)
        #expect(inPhase.phases.isEmpty, "\(inPhase.phases)")
    }

    /// A real chart whose offset is typed half a beat out, its notes moving with it (Mecha-Tribe Assault, whose off-beats
    /// sound as loud as its beats, so the hits still meet sounds and no offset is said): the hits sit on the grid's beats,
    /// so the fix moves the map and every hit together, the way that puts the chart back (its bar lines where the
    /// harmony changes): earlier for an offset half a beat late, later for one half a beat early.
    @Test(
        "a chart half a beat out, notes and all, goes back with its notes, the right way",
        .enabled(if: TestPaths.chartsAvailable, TestPaths.chartsMissing),
        arguments: [("-0.194667", "earlier"), ("0.138667", "later")])
    func aWholeChartHalfABeatOutGoesBackWithItsNotes(offset: String, way: String) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = TestPaths.chartsCorpus.appendingPathComponent("sm-mechatribe")
        let text = try String(contentsOf: folder.appendingPathComponent("Mecha-Tribe Assault.ssc"), encoding: .utf8)
        let path = dir.appendingPathComponent("chart.ssc")
        try Data(text.replacingOccurrences(of: "#OFFSET:-0.028000;", with: "#OFFSET:\(offset);").utf8).write(to: path)
        let r = try run(
            TestPaths.binary("beatmap"),
            ["check", path.path, "--audio", folder.appendingPathComponent("audio.ogg").path, "--format", "json"])
        let root = try #require(JSONValue.parse(Array(r.stdout.utf8)), "\(r.stderr)")
        guard case .array(let findings)? = root["diagnostics"] else {
            Issue.record("no diagnostics")
            return
        }
        let said = findings.compactMap { $0["message"]?.string }.first { $0.contains("half a beat off") }
        #expect(
            said?.contains("move the map's offset and every hit half a beat \(way), each hit keeping its beat") == true,
            "\(String(describing: said))")
    }

    /// Goin' Under's 628 hits (the independent parser's `hits.txt`) on a 210 BPM grid a quarter beat (71.4 ms) early, as
    /// "Beat 1 here" on a 16th leaves it: the hits sit on the grid's 1/4 and 3/4 lines, 3 on its beats. It was said to be
    /// half a beat off with "the hits sit on its beats", and the fix moved every hit 143 ms; a quarter beat is not this
    /// finding's to say.
    @Test(
        "a grid a quarter beat from its hits is not said to be half a beat off",
        .enabled(if: TestPaths.chartsAvailable, TestPaths.chartsMissing))
    func aGridAQuarterBeatFromItsHitsIsNotHalfABeatOff() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = TestPaths.chartsCorpus.appendingPathComponent("sm-goin-under")
        let hits = try String(contentsOf: folder.appendingPathComponent("hits.txt"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).compactMap { Double($0.split(separator: " ").first ?? "") }
        #expect(hits.count == 628)
        let path = dir.appendingPathComponent("map.json")
        let beats = hits.map { String(format: "%.6f", $0) }.joined(separator: ", ")
        try Data(#"{"bpm": 210, "offset": -0.071429, "beats": [\#(beats)]}"#.utf8).write(to: path)
        let r = try run(
            TestPaths.binary("beatmap"),
            ["check", path.path, "--audio", folder.appendingPathComponent("audio.ogg").path, "--format", "json"])
        let root = try #require(JSONValue.parse(Array(r.stdout.utf8)), "\(r.stderr)")
        guard case .array(let findings)? = root["diagnostics"], case .array(let phases)? = root["grid_phase"] else {
            Issue.record("no diagnostics")
            return
        }
        #expect(phases.isEmpty, "\(phases)")
        #expect(!findings.contains { $0["message"]?.string?.contains("half a beat off") == true }, "\(findings)")
    }
}
