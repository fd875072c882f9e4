import AudioKitLinux
import Foundation
import Testing

/// A grid in tempo sections: set from the editor's page, judged on, kept by a JSON map as `"tempo_changes"` (read back
/// as the same tempo map), written into a chart, and refused when it is not one. The answers are known by construction.
@Suite("Tempo sections")
struct TempoSectionTests {
    /// Hits of a chart at 150 BPM from 1 s for 16 beats (beats and off-beats), then at 110 BPM from 7.4 s for 6 beats.
    static let change = 1 + 16 * 0.4
    static let hits: [Double] = {
        var t: [Double] = []
        for k in 0..<16 { t += [1 + Double(k) * 0.4, 1 + Double(k) * 0.4 + 0.2] }
        let beat = 60.0 / 110
        for k in 0..<6 { t += [change + Double(k) * beat, change + (Double(k) + 0.5) * beat] }
        return t
    }()
    /// A hit after the change that is a soft sound (no click under it): only the tempo map places it.
    static let soft = 32 + 5

    /// A StepMania chart of one note at beat 0 on `#OFFSET:offset;` and `#BPMS:bpms;`, as our reader reads it.
    static func oneNoteChart(offset: String, bpms: String) throws -> BeatMap {
        let text = "#OFFSET:\(offset);\n#BPMS:\(bpms);\n#NOTES:\n     dance-single:\n     :\n     Hard:\n     1:\n     0,0,0,0,0:\n"
        return try #require(
            BeatMapReader.read(bytes: Array((text + "1000\n0000\n0000\n0000\n;\n").utf8), file: "d.sm", format: .stepmania).map)
    }

    @Test func aStepManiaBridgeIsNotASectionOfTheEditorsGrid() throws {
        // As `beatmap draft` wrote a change from 90 to 125 BPM between two rows: a 1/48-beat bridge at 2096.98 BPM
        // (0.6 ms). The page refused every tempo edit on that map (sections under 1 ms apart) until the designer found
        // and removed a section they never made.
        let map = try Self.oneNoteChart(offset: "0.000000", bpms: "0.000000=90.000000,30.083333=2096.977330,30.104167=125.000000")
        let read = try #require(map.tempoMap)
        #expect(read.timingPoints.count == 3, "the reader keeps what StepMania plays: \(read.timingPoints)")
        let grid = try #require(EditorState.declaredGrid(of: map))
        let points = grid.timingPoints
        // The change at the bridge's end, where the 125 BPM section starts (30.104167 beats of 90 BPM, plus the
        // bridge's 1/48 beat at 2096.98 BPM), the 90 BPM section running on to it.
        let change = 30.083333 * 60 / 90 + (30.104167 - 30.083333) * 60 / 2096.97733
        #expect(points.count == 2 && points[0].bpm == 90 && points[1].bpm == 125, "\(points)")
        #expect(abs(points[1].time - change) < 1e-6, "\(points)")
        // Every later time where StepMania plays it.
        for t in [change + 0.48, change + 4.8] {
            let played: Double = read.beat(atTime: t) - read.beat(atTime: change)
            let drawn: Double = grid.beat(atTime: t) - grid.beat(atTime: change)
            #expect(abs(played - drawn) < 1e-6, "\(t): \(played) vs \(drawn)")
        }
        let sections: [(time: Double, bpm: Double)] = points.dropFirst().map { ($0.time, $0.bpm) }
        #expect(EditorSession.gridRefusal(bpm: 90, offset: 0, sections: sections, duration: 40) == nil)
    }

    @Test func aBridgeOfARowIsNoSectionHoweverLong() throws {
        // As `beatmap draft` wrote two songs joined (179.95 BPM, then 125 from 20.1345 s): a 1/48-beat bridge at 498.86
        // BPM, 2.5 ms, over the 1 ms the page took for one. The page drew it as a section ("bar 17" and "bar 18",
        // "498.86" and "125.00" over each other) and `beatmap check` said "map 125.00–498.86 BPM".
        let map = try Self.oneNoteChart(offset: "1.137962", bpms: "0.000000=179.948651,63.791667=498.864850,63.812500=125.000000")
        let read = try #require(map.tempoMap)
        #expect(read.sections.count == 3 && read.isBridge(1) && !read.isBridge(0) && !read.isBridge(2), "\(read.sections)")
        #expect(read.authoredSections.map(\.bpm) == [179.948651, 125], "\(read.authoredSections)")
        let points = try #require(EditorState.declaredGrid(of: map)).timingPoints
        let change = -1.137962 + 63.791667 * 60 / 179.948651 + (63.8125 - 63.791667) * 60 / 498.86485
        #expect(points.count == 2 && points[1].bpm == 125 && abs(points[1].time - change) < 1e-6, "\(points)")
        let line = TempoMapOutput.line(read, from: 0, to: 40)
        #expect(line.hasPrefix("2 tempos, 125–179.949 BPM"), "\(line)")
    }

    @Test func aChangeBetweenTwoBeatsGoesToStepManiaOnTheBeatBeforeAfterADelay() throws {
        // 120 BPM from 0.1 s, 150 from 3.337 s: 6.474 beats of 0.5 s, between two beats (and two rows). The hits of 120
        // stop at beat 5 (2.6 s); 150's start on the change. StepMania counts beats through the whole file: a section
        // from beat 6.474 put every later note on a fraction of a beat (shown as a 16th). Written by hand: the change
        // on beat 6, after a delay of the other 0.474 beat (0.237 s), and each 150 BPM note on a whole beat.
        let before: [Double] = (0..<6).map { 0.1 + 0.5 * Double($0) }
        let hits: [Double] = before + (0..<8).map { 3.337 + 0.4 * Double($0) }
        func written(_ hits: [Double]) throws -> String {
            let json = "{\"bpm\": 120, \"offset\": 0.1, \"tempo_changes\": [{\"time\": 3.337, \"bpm\": 150}], \"beats\": \(hits)}"
            return BeatMapWriter.string(
                try #require(BeatMapReader.read(bytes: Array(json.utf8), file: "m.json", format: .json).map), format: .stepmania)
        }
        let sm = try written(hits)
        #expect(sm.contains("#BPMS:0.000000=120.000000,6.000000=150.000000;") && sm.contains("#DELAYS:6.000000=0.237000;"), "\(sm)")
        let back = try #require(BeatMapReader.read(bytes: Array(sm.utf8), file: "m.sm", format: .stepmania).map)
        #expect(zip(back.times, hits).allSatisfy { abs($0 - $1) < 1e-6 } && back.times.count == hits.count, "\(back.times)")
        // The delay only brings the section to its whole beat: read back, it is no pause of the grid, in the editor, in
        // a JSON map, in osu!'s timing points or in the tempo line.
        let tempo = try #require(back.tempoMap)
        #expect(tempo.stops.count == 1 && tempo.isBridgePause(0) && tempo.pauses.isEmpty)
        let grid = try #require(EditorState.declaredGrid(of: back))
        #expect(grid.stops.isEmpty && grid.sections.count == 2 && abs(grid.sections[1].time - 3.337) < 1e-6, "\(grid.sections)")
        #expect(!BeatMapWriter.string(back, format: .json).contains("stops"))
        let osu = BeatMapWriter.string(back, format: .osu)
        #expect(
            osu.contains("\n100,500,4,1,0,") && osu.contains("\n3337,400,4,1,0,") && osu.components(separatedBy: ",4,1,0,").count == 3,
            "\(osu)")
        #expect(!TempoMapOutput.line(tempo, from: 0, to: 8).contains("stop"))

        // A hit on beat 6 (3.1 s) would follow the delay: the change keeps the row's way, a one-row section.
        let rows = try written(before + [3.1] + hits[6...])
        #expect(rows.contains("#BPMS:0.000000=120.000000,6.458333=") && !rows.contains("#DELAYS"), "\(rows)")
    }

    @Test func aJSONMapKeepsItsTempoChanges() throws {
        let text = """
            {"bpm": 150, "offset": 1, "tempo_changes": [{"time": 7.4, "bpm": 110}], "beats": [1, 1.4, 7.4]}
            """
        let map = try #require(BeatMapReader.read(bytes: Array(text.utf8), file: "m.json", format: .json).map)
        let tempo = try #require(map.tempoMap)
        #expect(tempo.sections.count == 2 && tempo.sections[1].time == 7.4 && tempo.sections[1].bpm == 110)
        // Each section restarts the grid at its time: a beat of 60/110 s after 7.4 s is a grid line.
        #expect(abs(tempo.time(ofBeat: tempo.beat(atTime: 7.4 + 60.0 / 110)) - (7.4 + 60.0 / 110)) < 1e-9)
        #expect(abs(tempo.bpm(atTime: 8) - 110) < 1e-9 && abs(tempo.bpm(atTime: 2) - 150) < 1e-9)

        // Written by the writer and read back: the same sections.
        let written = BeatMapWriter.string(map, format: .json)
        let back = try #require(BeatMapReader.read(bytes: Array(written.utf8), file: nil, format: .json).map)
        #expect(back.tempoMap?.sections.map(\.time) == [1, 7.4] && back.tempoMap?.sections.map(\.bpm) == [150, 110], "\(written)")

        // Not a tempo map: each refused where it is, saying what a tempo change is.
        let bad = [
            ("{\"bpm\": 150, \"offset\": 1, \"tempo_changes\": 3, \"beats\": [1]}", "not an array"),
            ("{\"tempo_changes\": [{\"time\": 7.4, \"bpm\": 110}], \"beats\": [1]}", "needs the map's \"bpm\""),
            ("{\"bpm\": 150, \"offset\": 1, \"tempo_changes\": [{\"time\": 0.5, \"bpm\": 110}], \"beats\": [1]}", "does not come after"),
            ("{\"bpm\": 150, \"offset\": 1, \"tempo_changes\": [{\"time\": 9, \"bpm\": 0}], \"beats\": [1]}", "entry 0 is not"),
            ("{\"bpm\": 150, \"offset\": 1, \"tempo_changes\": [{\"time\": 9, \"bpm\": 90, \"x\": 1}], \"beats\": [1]}", "entry 0 is not"),
        ]
        for (json, reason) in bad {
            let r = BeatMapReader.read(bytes: Array(json.utf8), file: "m.json", format: .json)
            let d = r.diagnostics.first
            #expect(r.map == nil && d?.message.contains(reason) == true && d?.location.line == 1, "\(json): \(String(describing: d))")
            #expect(d.map { $0.location.column ?? 0 > 1 } == true, "\(json): the key's column, not the file's start")
        }
    }

    /// A tempo map with a stop is written whole (its changes and its stops) and reads back as the same grid: every 1/4
    /// line of the original, computed here (120 BPM from 1 s, a 0.5 s pause after beat 4, 90 BPM from beat 8), is a
    /// line of the map read back, and a hit on the stop's beat stays before the pause.
    @Test func aTempoMapWithStopsIsWrittenWhole() throws {
        let map = BeatMap(
            times: [1, 3, 3.5, 5.5],
            tempoMap: TempoMap(offset: 1, changes: [(0, 120), (8, 90)], stops: [TempoMap.Stop(beat: 4, seconds: 0.5)]))
        let written = BeatMapWriter.string(map, format: .json)
        #expect(written.contains("\"tempo_changes\"") && written.contains("\"stops\""), "\(written)")
        let back = try #require(BeatMapReader.read(bytes: Array(written.utf8), file: "m.json", format: .json).map?.tempoMap)
        for quarter in 0..<48 {
            let beat = Double(quarter) / 4
            let time = beat <= 4 ? 1 + beat * 0.5 : beat <= 8 ? 1.5 + beat * 0.5 : 5.5 + (beat - 8) * 2.0 / 3
            let line = back.nearestLine(to: time, level: 4)
            #expect(abs(line.time - time) < 1e-6, "beat \(beat): \(time) s, the read-back map's nearest line \(line.time) s")
        }
        #expect(abs(back.time(ofBeat: back.beat(atTime: 3.0)) - 3.0) < 1e-6)
        #expect(back.stops.count == 1 && back.stops[0].seconds == 0.5)
    }

    @Test func theSaverSetsReplacesAndKeepsEveryOtherByte() throws {
        let original = "{\n  \"title\": \"t\",\n  \"beats\": [1, 2]\n}\n"
        let once = try BeatMapSaver.json(
            original, settingGrid: try #require(TempoMap(timingPoints: [(1, 150), (7.4, 110)])), path: "m.json")
        #expect(
            once
                == "{\n  \"bpm\": 150.000,\n  \"offset\": 1.000,\n  \"tempo_changes\": [{\"time\": 7.400, \"bpm\": 110.000}],\n  \"title\": \"t\",\n  \"beats\": [1, 2]\n}\n",
            "\(once)")
        // A second save replaces the array where it is (nested brackets and all), and an empty one empties it.
        let twice = try BeatMapSaver.json(
            once, settingGrid: try #require(TempoMap(timingPoints: [(1, 150), (7.4, 110), (9, 90)])), path: "m.json")
        #expect(twice == once.replacingOccurrences(of: "110.000}]", with: "110.000}, {\"time\": 9.000, \"bpm\": 90.000}]"))
        let none = try BeatMapSaver.json(twice, settingGrid: try #require(TempoMap(timingPoints: [(1, 150)])), path: "m.json")
        #expect(none.contains("\"tempo_changes\": [],") && none.hasSuffix("\"title\": \"t\",\n  \"beats\": [1, 2]\n}\n"))
        // A map without changes gets no key for them.
        #expect(
            !(try BeatMapSaver.json(original, settingGrid: try #require(TempoMap(timingPoints: [(1, 150)])), path: "m.json")).contains(
                "tempo_changes"))
    }

    @Test func aSectionedGridIsJudgedOnSavedAndReopened() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sounds = Self.hits.enumerated().filter { $0.offset != Self.soft }.map(\.element)
        let track = try ChartJudgementTests.clicks(sounds, gains: sounds.map { _ in 1 }, seconds: 12, in: dir)
        let path = dir.appendingPathComponent("chart.json").path
        let numbers = Self.hits.map { String(format: "%.6f", $0) }.joined(separator: ", ")
        try "{\"beats\": [\(numbers)]}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let session = try await EditorSession(track: track, map: path)
        // Before the author sets one, the page starts from the tempo map fitted to the hits: the change where the new
        // tempo is first heard (halving the list alone put it at 5.39 s, between two hits of the first tempo, and fitted
        // 147.9 BPM after it), each section at its tempo or a grouping of it (a steady stream of eighths is heard in twos
        // or threes alike).
        let fitted = try #require(await session.state().grid)
        #expect(fitted.sections.count == 2, "\(fitted)")
        if let change = fitted.sections.dropFirst().first {
            let groupings = [0.5, 2.0 / 3, 1, 1.5, 2]
            #expect(abs(change.time - Self.change) < 0.01, "\(fitted)")
            #expect(groupings.contains { abs(change.bpm / (110 * $0) - 1) < 0.01 }, "\(fitted)")
            #expect(groupings.contains { abs(fitted.sections[0].bpm / (150 * $0) - 1) < 0.01 }, "\(fitted)")
        }
        // Out of order, before the offset, or at a tempo of 0: refused, the grid unchanged.
        for sections in [[(8.0, 110.0), (7.4, 90.0)], [(0.5, 110)], [(7.4, 0)]] {
            #expect(await session.setGrid(bpm: 150, offset: 1, sections: sections.map { ($0.0, $0.1) }) == false, "\(sections)")
        }
        #expect(await session.state().declaredGrid == nil)
        // A tempo map that runs past the audio (a chart's last sections after the song ends, issue #39) is taken and
        // kept; a section past a day (what the chart writers hold) is not.
        #expect(await session.setGrid(bpm: 150, offset: 1, sections: [(Self.change, 110), (600, 90)]))
        #expect(await session.state().declaredGrid?.sections.last?.time == 600)
        #expect(await session.setGrid(bpm: 150, offset: 1, sections: [(1e6, 90)]) == false)
        // With the change declared, every hit is on a click and on the grid: nothing is flagged.
        #expect(await session.setGrid(bpm: 150, offset: 1, sections: [(Self.change, 110)]))
        let judged = await session.state()
        #expect(!judged.beats.contains { $0.flagged } && !judged.findings.contains { $0.rule == "beatmap.off_grid" }, "\(judged.findings)")
        // The soft hit after the change moved 35 ms (nothing sounds at either place): on a grid that holds there, it is
        // a lone slip and flagged as placed by no snap; on one steady 150 BPM grid its neighbours are off the grid too (a tempo
        // change the grid does not declare), and it is not.
        let k = Self.soft
        var moved = Self.hits
        moved[k] += 0.035
        try await session.setBeats(moved)
        // (35 ms is 0.9 ms from a 1/16 line at 110 BPM, a subdivision the chart does not use: "moved, not snapped".)
        let offGrid = { (s: EditorState) in
            s.findings.contains {
                $0.message.contains("hit \(k + 1) ")
                    && ($0.message.contains("off every grid line") || $0.message.contains("looks moved, not snapped"))
            }
        }
        let onSections = await session.state()
        #expect(onSections.beats[k].flagged && offGrid(onSections), "on the sectioned grid: \(onSections.findings)")
        #expect(await session.setGrid(bpm: 150, offset: 1))
        let onOne = await session.state()
        #expect(!onOne.beats[k].flagged && !offGrid(onOne), "on one steady grid: \(onOne.findings)")
        try await session.setBeats(Self.hits)
        #expect(await session.setGrid(bpm: 150, offset: 1, sections: [(Self.change, 110)]))
        try await session.save()
        let reopened = try await EditorSession(
            track: track, map: path, settings: EditorSession.Settings(saveAsFolder: dir.path))
        let reread = try #require(await reopened.state().declaredGrid)
        #expect(reread.sections[0].bpm == 150 && reread.offset == 1 && reread.sections.count == 2)
        #expect(abs(reread.sections[1].time - Self.change) < 1e-9 && reread.sections[1].bpm == 110)
        // As a chart: StepMania's #BPMS holds both tempi, and the hits come back.
        try await reopened.saveAs(name: "chart.sm")
        let sm = try String(contentsOfFile: dir.appendingPathComponent("chart.sm").path, encoding: .utf8)
        let chart = try #require(BeatMapReader.read(bytes: Array(sm.utf8), file: "chart.sm", format: .stepmania).map)
        #expect(chart.tempoMap?.sections.map { ($0.bpm * 1000).rounded() / 1000 } == [150, 110], "\(sm.prefix(300))")
        #expect(zip(chart.times, Self.hits).allSatisfy { abs($0 - $1) < 0.002 } && chart.times.count == Self.hits.count)
    }
}
