import AudioKitLinux
import Foundation
import Testing

/// A chart with a stop the song does not have: every hit after the stop sits that much late against the track. The
/// check must fail it (before, those hits only went unchecked and `--werror` passed), name the stop, and pass the same
/// chart when the song does pause there, or when the chart has no stop.
@Suite("Stretch of hits off the track")
struct StretchOffsetTests {
    /// Hit positions in beats at 120 BPM, beat 0 at 0.2 s: 20 hits, 8 of them after beat 9.5.
    static let beats: [Double] = [0, 1, 2, 2.5, 3, 4, 5, 6, 6.5, 7, 8, 9, 10, 10.5, 11, 12, 13, 14, 14.5, 15]

    /// The chart as StepMania text with `stops` as its `#STOPS` value: four measures of 16 rows, lanes in turn.
    static func chart(stops: String) -> String {
        var rows = [String](repeating: "0000", count: 4 * 16)
        for (i, b) in beats.enumerated() {
            var lane = Array("0000")
            lane[i % 4] = "1"
            rows[Int((b * 4).rounded())] = String(lane)
        }
        let measures = stride(from: 0, to: rows.count, by: 16).map { rows[$0..<($0 + 16)].joined(separator: "\n") }
        var text = "#TITLE:Stop;\n#MUSIC:song.wav;\n#OFFSET:-0.200000;\n#BPMS:0.000=120.000;\n#STOPS:\(stops);\n"
        text += "#NOTES:\n     dance-single:\n     :\n     Hard:\n     9:\n     0,0,0,0,0:\n"
        return text + measures.joined(separator: "\n,\n") + "\n;\n"
    }

    /// 10 s at 22.05 kHz: a decaying 2 kHz click of 15 ms at each hit, the hits after beat `after` `pause` seconds later.
    static func clicks(pause: Double, after: Double = 9.5) -> [Float] {
        let rate = 22_050.0
        var x = [Float](repeating: 0, count: 10 * 22_050)
        for b in beats {
            let start = Int((0.2 + b * 0.5 + (b > after ? pause : 0)) * rate)
            for i in 0..<Int(0.015 * rate) {
                let t = Double(i) / rate
                x[start + i] += Float(0.8 * exp(-t / 0.004) * sin(2 * .pi * 2_000 * t))
            }
        }
        return x
    }

    /// Writes the song (with `pause` after beat `after`) and the chart (with `stops`) and runs `beatmap check` on them with
    /// `extra`.
    static func check(pause: Double, after: Double = 9.5, stops: String, _ extra: [String] = []) throws -> CommandResult {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = dir.appendingPathComponent("song.wav").path
        try AudioFile.write(clicks(pause: pause, after: after), to: song, sampleRate: 22_050, channels: 1)
        let chart = dir.appendingPathComponent("chart.sm")
        try Data(Self.chart(stops: stops).utf8).write(to: chart)
        return try run(TestPaths.binary("beatmap"), ["check", chart.path, "--audio", song] + extra)
    }

    @Test func aStopTheSongDoesNotHaveFailsTheCheckAndIsNamed() throws {
        let r = try Self.check(pause: 0, stops: "9.500=0.100", ["--werror"])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        // Hits 12 to 19 (the eight after the stop) are 100 ms late; the finding says so and names the stop.
        let line = r.stdout.split(separator: "\n").first { $0.contains("[beatmap.stretch_offset]") }.map(String.init) ?? ""
        #expect(line.contains("error:") && line.contains("hits 13 to 20") && line.contains("100 ms late"), "\(r.stdout)")
        #expect(line.contains("stop of 0.100 s at beat 9.500"), "\(line)")
        #expect(r.stderr.contains("8 flagged"), "\(r.stderr)")
    }

    @Test func theStretchIsInTheJSONWithTheFixForEachHit() throws {
        let r = try Self.check(pause: 0, stops: "9.500=0.100", ["--format", "json"])
        let root = try #require(JSONValue.parse(Array(r.stdout.utf8)))
        guard case .array(let stretches)? = root["stretches"], stretches.count == 1 else {
            Issue.record("no single stretch in \(r.stdout.prefix(2000))")
            return
        }
        #expect(stretches[0]["first_index"]?.number == 12 && stretches[0]["last_index"]?.number == 19)
        let shift = stretches[0]["shift_ms"]?.number ?? 0
        #expect(abs(shift - 100) <= 3, "shift \(shift) ms")
        // Each hit of the stretch is flagged with a fix that puts it back on its click (computed here: 0.2 + beat × 0.5).
        guard case .array(let beats)? = root["beats"] else { return }
        for (k, b) in Self.beats.enumerated() where b > 9.5 {
            let fix = beats[k]["suggestion"]?.number ?? -1
            #expect(abs(fix - (0.2 + b * 0.5)) <= 0.005, "hit \(k): fix \(fix)")
            #expect(beats[k]["flagged"]?.bool == true)
        }
    }

    @Test func theSameChartPassesWhenTheSongPausesOrTheChartHasNoStop() throws {
        let paused = try Self.check(pause: 0.1, stops: "9.500=0.100", ["--werror"])
        #expect(paused.status == 0 && !paused.stdout.contains("stretch_offset"), "\(paused.stdout)\(paused.stderr)")
        let plain = try Self.check(pause: 0, stops: "", ["--werror"])
        #expect(plain.status == 0 && !plain.stdout.contains("stretch_offset"), "\(plain.stdout)\(plain.stderr)")
    }

    /// A stop too near the end for a stretch of its own (3 hits after it), one so early that the hits after it are most
    /// of the chart (3 hits before it), and one longer than a beat (0.6 s at 120 BPM: as written the later hits sit
    /// 100 ms after the clicks a beat on). Each is judged on the hits either side of it: before, the first passed
    /// `--werror`, the second made the whole map "100 ms late" with its first hits "not checked", the third "100 ms late".
    @Test(arguments: [(13.5, 0.1, "hits 18 to 20"), (2.25, 0.1, "hits 4 to 20"), (9.5, 0.6, "hits 13 to 20")])
    func aStopIsJudgedOnTheHitsEitherSideOfIt(beat: Double, seconds: Double, hits: String) throws {
        let stop = String(format: "%.3f=%.3f", beat, seconds)
        let r = try Self.check(pause: 0, stops: stop, ["--werror"])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").filter { $0.contains("error:") }
        #expect(lines.count == 1, "\(r.stdout)")
        let line = lines.first.map(String.init) ?? ""
        #expect(line.contains("[beatmap.stretch_offset]") && line.contains(hits), "\(line)")
        let late = line.firstMatch(of: /sit (\d+) ms late/).flatMap { Double($0.1) } ?? 0
        #expect(abs(late - seconds * 1000) <= 5 && line.contains("the track does not pause there"), "\(line)")
        // The song that does pause there passes.
        let paused = try Self.check(pause: seconds, after: beat, stops: stop, ["--werror"])
        #expect(paused.status == 0, "\(paused.stdout)\(paused.stderr)")
    }

    /// Two stops the song does not have: the hits after the second sit both late, and its finding says so.
    @Test func twoStopsAddUp() throws {
        let r = try Self.check(pause: 0, stops: "4.500=0.100,9.500=0.050", ["--format", "json"])
        let root = try #require(JSONValue.parse(Array(r.stdout.utf8)))
        guard case .array(let stretches)? = root["stretches"], stretches.count == 2 else {
            Issue.record("not two stretches in \(r.stdout.prefix(2000))")
            return
        }
        #expect(abs((stretches[0]["shift_ms"]?.number ?? 0) - 100) <= 3 && abs((stretches[1]["shift_ms"]?.number ?? 0) - 150) <= 3)
        guard case .array(let beats)? = root["beats"] else { return }
        for (k, b) in Self.beats.enumerated() where b > 4.5 {
            #expect(abs((beats[k]["suggestion"]?.number ?? -1) - (0.2 + b * 0.5)) <= 0.005, "hit \(k)")
        }
    }

    @Test func aTempoChangeTheSongDoesNotHaveIsNamedToo() throws {
        // 120 → 240 BPM for half a beat at beat 9.5 (0.125 s instead of 0.25 s): the later hits come 125 ms early.
        let r = try Self.check(pause: 0, stops: "", [])
        #expect(!r.stdout.contains("stretch_offset"))
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = dir.appendingPathComponent("song.wav").path
        try AudioFile.write(Self.clicks(pause: 0), to: song, sampleRate: 22_050, channels: 1)
        let chart = dir.appendingPathComponent("chart.sm")
        let text = Self.chart(stops: "").replacingOccurrences(
            of: "#BPMS:0.000=120.000;", with: "#BPMS:0.000=120.000,9.500=240.000,10.000=120.000;")
        try Data(text.utf8).write(to: chart)
        let changed = try run(TestPaths.binary("beatmap"), ["check", chart.path, "--audio", song])
        let line = changed.stdout.split(separator: "\n").first { $0.contains("[beatmap.stretch_offset]") }.map(String.init) ?? ""
        #expect(line.contains("125 ms early") && line.contains("tempo change to 240.000 BPM at beat 9.500"), "\(changed.stdout)")
        #expect(changed.status == 1)
    }

    /// The editor on the chart with a stop of 0.1 s at beat 9.5, in `dir`, with the song pausing `pause` seconds there.
    static func editor(in dir: URL, pause: Double) async throws -> EditorSession {
        let song = dir.appendingPathComponent("song.wav").path
        try AudioFile.write(clicks(pause: pause), to: song, sampleRate: 22_050, channels: 1)
        let path = dir.appendingPathComponent("chart.sm")
        try Data(chart(stops: "9.500=0.100").utf8).write(to: path)
        return try await EditorSession(track: song, map: path.path)
    }

    /// While the editor's grid is the chart's own, the editor judges the hits on the chart's whole tempo map, as
    /// `beatmap check` does: its finding names the stop too. The page's grid carries the stop, at its time.
    @Test func theEditorNamesTheStopAsTheCheckDoes() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = await (try Self.editor(in: dir, pause: 0)).state()
        // Beat 9.5 of 120 BPM from 0.2 s: 4.95 s.
        let pauses = state.declaredGrid?.pauses ?? []
        #expect(pauses.count == 1 && abs(pauses[0].time - 4.95) < 1e-9 && pauses[0].seconds == 0.1 && !pauses[0].delay, "\(pauses)")
        let stretch = state.findings.first { $0.rule == BeatMapRules.stretchOffset }
        #expect(stretch?.message.contains("stop of 0.100 s at beat 9.500") == true, "\(state.findings)")
        #expect(state.beats.filter(\.flagged).count == 8)
    }

    /// A grid set on the page with the chart's stop keeps it, and in a song that does pause there no hit is flagged. A
    /// pause that overlaps another, or lasts less than nothing, is refused with why, the grid as it was.
    @Test func aGridSetWithAStopJudgesTheHitsOnIt() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let session = try await Self.editor(in: dir, pause: 0.1)
        #expect(await session.trySetGrid(bpm: 120, offset: 0.2, stops: [(4.95, 0.1, false)]) == nil)
        let state = await session.state()
        #expect(state.beats.filter(\.flagged).isEmpty, "\(state.beats.filter(\.flagged))")
        #expect(state.declaredGrid?.pauses.map(\.time) == [4.95])
        let why = await session.trySetGrid(bpm: 120, offset: 0.2, stops: [(4.95, 0.1, false), (5.0, 0.1, false)])
        #expect(why?.contains("starts inside another") == true, "\(String(describing: why))")
        #expect(await session.trySetGrid(bpm: 120, offset: 0.2, stops: [(4.95, -1, false)])?.contains("lasts -1 s") == true)
        #expect(await session.state().declaredGrid?.pauses.map(\.time) == [4.95])
    }
}

/// A stretch's own offset in a song with a sound on every half beat: half a beat away every hit meets a sound too, so
/// the piece's search must prefer the shift nearer the map's, as the whole map's does.
@Suite("Stretch offset on an even pulse")
struct StretchOnAnEvenPulseTests {
    @Test func aStretchTakesItsOwnShiftNotOneHalfABeatAway() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 120 BPM from 0.2 s: a click on every half beat for 30 s, those on the beats at 0.85 of the others' gain (the
        // search without the preference took the louder off-beats, 310 ms away).
        let rate = 22_050.0
        var x = [Float](repeating: 0, count: Int(31 * rate))
        for k in 0..<118 {
            let start = Int((0.2 + Double(k) * 0.25) * rate)
            for i in 0..<Int(0.015 * rate) {
                let t = Double(i) / rate
                x[start + i] += Float((k % 2 == 0 ? 0.85 : 1) * 0.8 * exp(-t / 0.004) * sin(2 * .pi * 2_000 * t))
            }
        }
        let song = dir.appendingPathComponent("song.wav").path
        try AudioFile.write(x, to: song, sampleRate: 22_050, channels: 1)
        // A chart's rhythm (beats and half beats, not one pulse), its first 16 hits written 60 ms early.
        let figure: [Double] = [0, 1, 2, 2.5, 3]
        let beats = (0..<12).flatMap { bar in figure.map { Double(bar) * 4 + $0 } }
        let times = beats.enumerated().map { k, b in 0.2 + b * 0.5 - (k < 16 ? 0.06 : 0) }
        let map = dir.appendingPathComponent("map.json")
        try Data("{\"bpm\": 120, \"offset\": 0.2, \"beats\": [\(times.map { String(format: "%.4f", $0) }.joined(separator: ", "))]}\n".utf8)
            .write(to: map)
        let r = try run(TestPaths.binary("beatmap"), ["check", map.path, "--audio", song, "--format", "json"])
        let root = try #require(JSONValue.parse(Array(r.stdout.utf8)))
        guard case .array(let stretches)? = root["stretches"], let first = stretches.first else {
            Issue.record("no stretch in \(r.stdout.prefix(1500))")
            return
        }
        // 60 ms (move them later), not 310 ms nor 190 ms, where every hit also meets a click.
        let shift = first["shift_ms"]?.number ?? 0
        #expect(abs(abs(shift) - 60) <= 5, "shift \(shift) ms")
    }
}
