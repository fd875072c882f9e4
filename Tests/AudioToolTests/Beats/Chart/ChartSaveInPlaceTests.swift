import Foundation
import Testing

@testable import AudioKitLinux

/// Saving an edited chart in place (issue #38): which old hit each new time takes the notes of, the byte offsets of a
/// CRLF file, and the refusals. The end-to-end check, read back by the games' own parsers, is
/// Tests/tools/chart_save_in_place_test.py.
@Suite("Chart save in place")
struct ChartSaveInPlaceTests {
    @Test func aKeptHitKeepsItsNotesAMovedOneItsOwnAndANewOneNone() {
        // Old hits 1, 2, 3, 4; new: 1 kept, 2.05 (moved from 2), 3 kept, 3.5 (new: 4 moved alone by 0.5 s is further
        // than a hit moved alone keeps its notes), 4 removed.
        let pairs = ChartHitEdit.pairing(old: [1, 2, 3, 4], new: [1, 2.05, 3, 3.5])
        #expect(pairs == [0, 1, 2, nil])
        // Two hits where one was: the one nearer takes its notes, the other is new.
        #expect(ChartHitEdit.pairing(old: [1, 2], new: [1, 2.1, 2.15]) == [0, 1, nil])
    }

    @Test func aChartMovedAsAWholeKeepsEveryHitsNotesHoweverFar() {
        // Hits 100 ms apart (a 16th at 150 BPM), irregularly: shifted 350 ms, each hit's nearest old hit is a neighbour's.
        let old: [Double] = (0..<200).map { (k: Int) -> Double in Double(k) * 0.1 + (k % 3 == 0 ? 0.05 : 0) }
        let every: [Int?] = Array(0..<200)
        let shifted: [Double] = old.map { $0 + 0.35 }
        #expect(ChartHitEdit.pairing(old: old, new: shifted) == every)
        // Re-timed 1 % slower with the hits keeping their beats (19.9 s × 1 %: the last moves 199 ms).
        let slower: [Double] = old.map { 1 + ($0 - 1) * 1.01 }
        #expect(ChartHitEdit.pairing(old: old, new: slower) == every)
        // A hit removed near the start and one added near the end, the rest unmoved: every other keeps its own.
        var edited = old
        edited.remove(at: 10)
        edited.append(20.5)
        let pairs = ChartHitEdit.pairing(old: old, new: edited)
        let kept: [Int?] = Array(0..<10) + Array(11..<200) + [nil]
        #expect(pairs == kept)
        // The first hit removed: not read as every hit moved onto its neighbour's place.
        #expect(ChartHitEdit.pairing(old: [1, 2, 3, 4], new: [2, 3, 4]) == [1, 2, 3])
    }

    @Test func notesFollowTheirHitsAndANewHitTakesTheNextLane() {
        let notes = [
            ChartNote(time: 1, lane: 2), ChartNote(time: 1, lane: 3), ChartNote(time: 2, lane: 0, kind: .hold, end: 2.5),
            ChartNote(time: 2.2, lane: 1, kind: .mine),
        ]
        let carried = ChartHitEdit.carry(
            notes, time: \.time, lane: \.lane, isHit: \.isHit, hits: [1, 2], to: [1, 2.1, 3], lanes: 4,
            shifted: { n, d in ChartNote(time: n.time + d, lane: n.lane, kind: n.kind, end: n.end.map { $0 + d }) },
            made: { ChartNote(time: $0, lane: $1) })
        let expected = [
            ChartNote(time: 1, lane: 2), ChartNote(time: 1, lane: 3), ChartNote(time: 2.1, lane: 0, kind: .hold, end: 2.6),
            ChartNote(time: 2.2, lane: 1, kind: .mine), ChartNote(time: 3, lane: 1),
        ]
        #expect(carried.count == expected.count)
        for (a, b) in zip(carried, expected) {
            #expect(abs(a.time - b.time) < 1e-12 && a.lane == b.lane && a.kind == b.kind, "\(a) vs \(b)")
            #expect(abs((a.end ?? 0) - (b.end ?? 0)) < 1e-12)
        }
    }

    @Test func offsetsInTheNormalizedTextMapBackToTheFilesOwn() {
        let bytes = Array("a\r\nb\rc\nd".utf8)  // normalized: "a\nb\nc\nd"
        #expect(BeatMapText.originalOffsets([0, 1, 2, 3, 4, 7], in: bytes) == [0, 1, 3, 4, 5, 8])
    }

    @Test func aNoteBeforeBeatZeroIsRefusedWithWhereBeatZeroIs() throws {
        let text = "#OFFSET:-1;\n#BPMS:0=120;\n#NOTES:\n dance-single:\n:\n Hard:\n 1:\n 0,0,0,0,0:\n1000\n0100\n0010\n0001\n;\n"
        let map = try #require(BeatMapReader.read(bytes: Array(text.utf8), file: "t.sm", format: .stepmania).map)
        #expect(map.times.count == 4)
        #expect(throws: InputError.self) {
            _ = try ChartInPlace.bytes(
                Array(text.utf8), format: .stepmania, chart: nil, read: map, times: [0.5] + map.times, path: "t.sm")
        }
        // A chart format that is not rewritten in place says so.
        #expect(throws: InputError.self) {
            _ = try ChartInPlace.bytes(Array(text.utf8), format: .clonehero, chart: nil, read: map, times: map.times, path: "t.chart")
        }
    }

    @Test func aChartWithNotesInsideAWarpIsNotRewrittenInPlace() throws {
        // Beat 2 lies in the warp over beats 2-3: it is no hit, and a rewrite from the hits would drop it.
        let warped =
            "#VERSION:0.83;\n#OFFSET:0;\n#BPMS:0=120;\n#WARPS:2=1;\n#NOTES:\n dance-single:\n:\n Hard:\n 1:\n 0,0,0,0,0:\n1000\n0100\n0010\n0001\n;\n"
        let map = try #require(BeatMapReader.read(bytes: Array(warped.utf8), file: "t.ssc", format: .stepmania).map)
        #expect(map.times == [0, 0.5, 1])
        let refused = #expect(throws: InputError.self) {
            _ = try ChartInPlace.bytes(Array(warped.utf8), format: .stepmania, chart: nil, read: map, times: map.times, path: "t.ssc")
        }
        #expect(refused?.reason.contains("inside warps") == true, "\(String(describing: refused))")
        // A warp with no note inside it leaves the chart free to be rewritten.
        let empty = warped.replacingOccurrences(of: "#WARPS:2=1;", with: "#WARPS:2.5=0.25;")
        let free = try #require(BeatMapReader.read(bytes: Array(empty.utf8), file: "t.ssc", format: .stepmania).map)
        #expect(throws: Never.self) {
            _ = try ChartInPlace.bytes(Array(empty.utf8), format: .stepmania, chart: nil, read: free, times: free.times, path: "t.ssc")
        }
    }

    @Test func aSaveThatChangesNothingLeavesTheFileAsItIs() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("akl-inplace-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/c.sm"
        // Rows in an unusual layout (8 rows where 4 would do, a comment): an unchanged save must not rewrite them.
        let text =
            "#OFFSET:0;\r\n#BPMS:0=120;\r\n#NOTES:\r\n dance-single:\r\n:\r\n Hard:\r\n 1:\r\n 0,0,0,0,0:\r\n"
            + "1000\r\n0000\r\n0100\r\n0000 // here\r\n0010\r\n0000\r\n0001\r\n0000\r\n;\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        guard case .success(let file) = try BeatMapFile.open(path: path) else { Issue.record("not read"); return }
        let saved = try file.save(file.map.times)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(text.utf8))
        // An edit rewrites the notes only, in the file's CRLF.
        let edited = try saved.save(Array(file.map.times.dropLast()))
        let after = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(after.hasPrefix("#OFFSET:0;\r\n#BPMS:0=120;\r\n#NOTES:\r\n dance-single:\r\n:\r\n Hard:\r\n 1:\r\n 0,0,0,0,0:\r\n"))
        #expect(!after.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(edited.map.times.count == 3)
    }

    @Test func measuresTheFileNumberedStayNumbered() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("akl-inplace-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/c.sm"
        // Three measures, their separators numbered as StepMania and `beatmap draft` write them.
        let measure = "1000\n0100\n0010\n0001\n"
        let text =
            "#OFFSET:0;\n#BPMS:0=120;\n#NOTES:\n dance-single:\n:\n Hard:\n 1:\n 0,0,0,0,0:\n"
            + measure + ",  // measure 1\n" + measure + ",  // measure 2\n" + measure + ";\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        guard case .success(let file) = try BeatMapFile.open(path: path) else { Issue.record("not read"); return }
        _ = try file.save(Array(file.map.times.dropFirst()))
        let after = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(after.contains(",  // measure 1\n") && after.contains(",  // measure 2\n"), "\(after)")
        #expect(!after.contains("measure 3"))
        guard case .success(let back) = try BeatMapFile.open(path: path) else { Issue.record("not read back"); return }
        #expect(back.map.times.count == 11)
    }

    @Test func aNewTempoMapIsWrittenIntoAnOldOsuFileItsOwnWayAndRefusedForStepManiaWarps() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("akl-retime-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // osu! format v3: the game plays every time 24 ms later than written, so a grid from 0.524 s is written at 500.
        let osu = dir + "/old.osu"
        let text = "osu file format v3\n\n[TimingPoints]\n500,500,4,1,0,100\n\n[HitObjects]\n256,192,500,1,0\n256,192,1000,1,0\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: osu))
        guard case .success(let file) = try BeatMapFile.open(path: osu) else { Issue.record("not read"); return }
        #expect(abs(file.map.times[0] - 0.524) < 1e-9)
        let grid = try #require(TempoMap(timingPoints: [(0.524, 240), (0.774, 60)]))
        _ = try file.save(file.map.times, grid: grid)
        let after = String(decoding: try Data(contentsOf: URL(fileURLWithPath: osu)), as: UTF8.self)
        #expect(
            after.contains("[TimingPoints]\n500,250,4,1,0,100,1,0\n750,1000,4,1,0,100,1,0\n\n[HitObjects]\n256,192,500,1,0\n"), "\(after)")
        // A StepMania file's warps are in beats, and a new tempo map would move them: the grid is refused, with where to
        // save it instead, and nothing is written.
        let sm = dir + "/c.ssc"
        let chart =
            "#VERSION:0.83;\n#OFFSET:0;\n#BPMS:0=120;\n#WARPS:4=0.5;\n#NOTES:\n dance-single:\n:\n Hard:\n 1:\n 0,0,0,0,0:\n1000\n0100\n0010\n0001\n;\n"
        try Data(chart.utf8).write(to: URL(fileURLWithPath: sm))
        guard case .success(let steps) = try BeatMapFile.open(path: sm) else { Issue.record("not read"); return }
        let refused = #expect(throws: InputError.self) { _ = try steps.save(steps.map.times, grid: grid) }
        #expect(refused?.fix?.contains("Save As") == true && refused?.reason.contains("#WARPS") == true, "\(String(describing: refused))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: sm)) == Data(chart.utf8))
    }

    @Test func aChartsOwnTimingAndPausesKeepTheirTempoMapWhileEventsKeepTheirTimes() {
        let own = "#VERSION:0.83;\n#OFFSET:0;\n#BPMS:0=120;\n#NOTEDATA:;\n#STEPSTYPE:dance-single;\n#BPMS:0=140;\n#NOTES:\n1000\n;\n"
        #expect(StepManiaRetime.refusal(Array(own.utf8), path: "c.ssc")?.reason.contains("timing of its own (#BPMS, line 6)") == true)
        // A chart's copy of the song's timing is no timing of its own.
        let copied = own.replacingOccurrences(of: "#BPMS:0=140;", with: "#BPMS:0.000=120.000;")
        #expect(StepManiaRetime.refusal(Array(copied.utf8), path: "c.ssc") == nil)
        let shared = own.replacingOccurrences(of: "#BPMS:0=140;\n", with: "")
        #expect(StepManiaRetime.refusal(Array(shared.utf8), path: "c.ssc") == nil)
        let sm = "#OFFSET:0;\n#BPMS:0=120;\n#WARPS:16=0.5;\n"
        #expect(StepManiaRetime.refusal(Array(sm.utf8), path: "c.sm")?.reason.contains("#WARPS") == true)
        // Stops and delays are rewritten; a chart's own stops that differ from the song's are its own timing.
        #expect(StepManiaRetime.refusal(Array("#OFFSET:0;\n#BPMS:0=120;\n#STOPS:4=0.5;\n#DELAYS:8=0.1;\n".utf8), path: "c.sm") == nil)
        let ownStops = copied.replacingOccurrences(of: "#NOTES:", with: "#STOPS:4=0.5;\n#NOTES:")
        #expect(StepManiaRetime.refusal(Array(ownStops.utf8), path: "c.ssc")?.reason.contains("(#STOPS, line 7)") == true)
        // An empty stop list, and events past beat 0 (they move with their times): nothing that cannot move.
        let plain = "#OFFSET:0;\n#BPMS:0=120;\n#STOPS:;\n#SPEEDS:0=1=0=0,16=2=4=0;\n#LABELS:0=Start,\n16=Verse;\n"
        #expect(StepManiaRetime.refusal(Array(plain.utf8), path: "c.sm") == nil)
        // A label keeps its time: beat 16 at 120 BPM (8 s) is beat 32 at 240; the one at beat 0 stays, and so does the
        // line break between them.
        #expect(StepManiaRetime.rekeyed("0.000=Start,\n16.000=Verse") { $0 * 2 } == "0.000=Start,\n32.000=Verse")
        // A speed change keeps its time and its length in beats (unit 0) ends at the same time; one in seconds (unit 1)
        // keeps its seconds. A fake region's length likewise.
        #expect(
            StepManiaRetime.rekeyed("0.000000=1.000000=0.000000=0\r\n,303.500000=0.250000=12.500000=0", length: 2) { $0 * 2 }
                == "0.000000=1.000000=0.000000=0\r\n,607.000000=0.250000=25.000000=0")
        #expect(StepManiaRetime.rekeyed("8=0.5=1.5=1", length: 2) { $0 * 2 } == "16.000=0.5=1.5=1")
        #expect(StepManiaRetime.rekeyed("8.000=2.000", length: 1) { $0 + 1 } == "9.000=2.000")
    }

    @Test func aDisplayBPMThatShowedTheOldTempoShowsTheNewOneAndAnyOtherIsKept() throws {
        // Four rows at 120 BPM (0, 0.5, 1 and 1.5 s) re-timed at 240, or at 240 then 300 from 1 s (beat 4).
        func retimed(_ display: String, _ points: [(Double, Double)] = [(0, 240)]) throws -> String {
            let chart =
                "#OFFSET:0;\n#BPMS:0=120;\n\(display)\n#NOTES:\n dance-single:\n:\n Hard:\n 1:\n 0,0,0,0,0:\n1000\n0100\n0010\n0001\n;\n"
            let grid = try #require(TempoMap(timingPoints: points))
            let out = try StepManiaRetime.bytes(Array(chart.utf8), tempo: grid, edited: nil, hits: [], path: "c.sm")
            return String(decoding: out, as: UTF8.self)
        }
        #expect(try retimed("#DISPLAYBPM:120;").contains("#DISPLAYBPM:240;"))
        // A range within half a BPM of the old tempo, in decimals, stays a range in decimals.
        #expect(try retimed("#DISPLAYBPM:119.6:120.4;").contains("#DISPLAYBPM:240.000:240.000;"))
        // One value becomes a range when the new map changes tempo.
        #expect(try retimed("#DISPLAYBPM:120;", [(0, 240), (1, 300)]).contains("#DISPLAYBPM:240:300;"))
        // What the author chose is kept: a random display, a tempo the old map never had, one with a comment.
        #expect(try retimed("#DISPLAYBPM:*;").contains("#DISPLAYBPM:*;"))
        #expect(try retimed("#DISPLAYBPM:150;").contains("#DISPLAYBPM:150;"))
        #expect(try retimed("#DISPLAYBPM:120 // shown\n;").contains("#DISPLAYBPM:120 // shown\n;"))
    }

    @Test func aRetimedCRLFFileKeepsCRLFInTheEventsItRewrites() throws {
        // Labels over two lines, as ArrowVortex writes them: re-timed at 240 BPM, their beats double and every line
        // break stays CRLF (the rewrite worked on the text with its line endings normalized, and wrote bare LFs).
        let chart = [
            "#OFFSET:0;", "#BPMS:0=120;", "#LABELS:0.000=Start,", "4.000=Verse;", "#NOTES:", " dance-single:", ":", " Hard:", " 1:",
            " 0,0,0,0,0:", "1000", "0100", "0010", "0001", ";", "",
        ].joined(separator: "\r\n")
        let grid = try #require(TempoMap(timingPoints: [(0, 240)]))
        let out = String(
            decoding: try StepManiaRetime.bytes(Array(chart.utf8), tempo: grid, edited: nil, hits: [], path: "c.sm"), as: UTF8.self)
        #expect(out.contains("#LABELS:0.000=Start,\r\n8.000=Verse;"), "\(out.debugDescription)")
        #expect(!out.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "a bare LF: \(out.debugDescription)")
    }

    @Test func eventsOnRowsStayOnTheirRowsThroughARetimeAndBack() throws {
        // A 180 BPM chart from 0.028 s re-timed from its downbeat at 5.361333… s (written to six decimals), then back:
        // the label at beat 16 and the speed change at beat 303.5 read 31.999999 and 303.499999 before.
        let chart = [
            "#OFFSET:-0.028000;", "#BPMS:0.000000=180.000000;", "#LABELS:16.000000=Verse 1A;", "#SPEEDS:0.000000=1.000000=0.000000=0,",
            "303.500000=0.250000=12.500000=0;", "#NOTES:", " dance-single:", ":", " Hard:", " 1:", " 0,0,0,0,0:", "1000", "0100", "0010",
            "0001", ";", "",
        ].joined(separator: "\n")
        let away = try #require(TempoMap(timingPoints: [(0.028 + 16.0 / 3, 180)]))
        let moved = try StepManiaRetime.bytes(Array(chart.utf8), tempo: away, edited: nil, hits: [], path: "c.sm")
        let back = try #require(TempoMap(timingPoints: [(0.028, 180)]))
        let again = String(decoding: try StepManiaRetime.bytes(moved, tempo: back, edited: nil, hits: [], path: "c.sm"), as: UTF8.self)
        #expect(again.contains("#SPEEDS:0.000000=1.000000=0.000000=0,\n303.500000=0.250000=12.500000=0;"), "\(again)")
        #expect(StepManiaRetime.onRow(31.999_999_3) == 32)
        #expect(StepManiaRetime.onRow(31.99) == 31.99)
    }

    @Test func aStopAndADelayKeepTheirTimesWhenTheMapIsRetimed() throws {
        // 120 BPM, a stop of 0.5 s on beat 2 (1.0 s) and a delay of 0.25 s before beat 4: rows on beats 0–5 are heard at
        // 0, 0.5, 1.0 (before the stop), 2.0, then 2.75 (after the delay) and 3.25 s. At 240 BPM every beat doubles and
        // each pause keeps its length, so every row keeps its time.
        let chart = [
            "#OFFSET:0;", "#BPMS:0=120;", "#STOPS:2=0.5;", "#DELAYS:4=0.25;", "#NOTES:", " dance-single:", ":", " Hard:", " 1:",
            " 0,0,0,0,0:", "1000", "0100", "0010", "0001", ",", "1000", "0100", "0000", "0000", ";", "",
        ].joined(separator: "\n")
        let read = try #require(BeatMapReader.read(bytes: Array(chart.utf8), file: "c.sm", format: .stepmania).map)
        #expect(zip(read.times, [0, 0.5, 1.0, 2.0, 2.75, 3.25]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(read.times)")
        // `check --json` gives each pause's beat (a delay's: the row it pauses before) and whether it is a delay.
        let stops = TempoMapOutput.json(try #require(read.tempoMap), source: "chart")["stops"]?.array ?? []
        #expect(stops.map { [$0["beat"]?.number, $0["seconds"]?.number] } == [[2, 0.5], [4, 0.25]], "\(stops)")
        #expect(stops.map { $0["delay"]?.bool } == [false, true], "\(stops)")
        let grid = EditorState.grid(of: try #require(read.tempoMap))
        let doubled = try #require(TempoMap(timingPoints: [(0, 240)], stops: grid.pauses))
        let out = try StepManiaRetime.bytes(Array(chart.utf8), tempo: doubled, edited: nil, hits: [], path: "c.sm")
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.contains("#STOPS:4.000000=0.500000;") && text.contains("#DELAYS:8.000000=0.250000;"), "\(text)")
        let back = try #require(BeatMapReader.read(bytes: out, file: "c.sm", format: .stepmania).map)
        #expect(back.times.count == 6 && zip(back.times, read.times).allSatisfy { abs($0 - $1) < 1e-6 }, "\(back.times)")
    }

    @Test func aDelayThatATypedTempoPutsBetweenRowsIsWrittenAsADelay() throws {
        // At 131 BPM the delay's time (1.0 s) is beat 2.183, between two rows. It stays a delay: the hit at its end
        // (1.25 s) is read back after the pause, within half a row (4.8 ms), and not 0.25 s early before it.
        let grid = try #require(TempoMap(timingPoints: [(0, 131)], stops: [(1.0, 0.25, true)]))
        #expect(grid.pauses.count == 1 && grid.pauses[0].delay && abs(grid.pauses[0].time - 1.0) < 1e-9, "\(grid.pauses)")
        let times = [0, 0.5, 1.25, 1.75]
        let text = ChartWriter.stepMania(BeatMap(times: times, tempoMap: grid), title: "t", music: "a.ogg")
        #expect(text.contains("#DELAYS:2.187500=0.250000;") && text.contains("#STOPS:;"), "\(text)")
        let back = try #require(BeatMapReader.read(bytes: Array(text.utf8), file: "c.sm", format: .stepmania).map)
        let row = 60.0 / 131 / 96
        #expect(back.times.count == 4 && zip(back.times, times).allSatisfy { abs($0 - $1) <= row + 1e-6 }, "\(back.times)")
    }

    @Test func aStopSetOnAChartWithoutStopsGoesOnTheLineAfterItsBPMS() throws {
        // 120 BPM, notes on beats 0–4 and 6–7 (0–2.0 s, 3.0 and 3.5 s) and no #STOPS: a grid with a stop of 0.5 s at
        // 2.0 s puts beats 6 and 7 on beats 5 and 6, and the file gets `#STOPS` after `#BPMS`, in its own line endings.
        let chart = [
            "#OFFSET:0;", "#BPMS:0=120;", "#NOTES:", " dance-single:", ":", " Hard:", " 1:", " 0,0,0,0,0:", "1000", "0100", "0010",
            "0001", ",", "1000", "0000", "0010", "0001", ";", "",
        ].joined(separator: "\r\n")
        let read = try #require(BeatMapReader.read(bytes: Array(chart.utf8), file: "c.sm", format: .stepmania).map)
        let grid = try #require(TempoMap(timingPoints: [(0, 120)], stops: [(2.0, 0.5, false)]))
        let out = try StepManiaRetime.bytes(Array(chart.utf8), tempo: grid, edited: nil, hits: [], path: "c.sm")
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.hasPrefix("#OFFSET:0.000000;\r\n#BPMS:0.000000=120.000000;\r\n#STOPS:4.000000=0.500000;\r\n#NOTES:"), "\(text)")
        // The save note names what changed: the stop, not the offset or tempo written again as they were.
        #expect(StepManiaRetime.changedTags(old: Array(chart.utf8), new: out) == ["STOPS"])
        let back = try #require(BeatMapReader.read(bytes: out, file: "c.sm", format: .stepmania).map)
        #expect(back.times.count == 7 && zip(back.times, read.times).allSatisfy { abs($0 - $1) < 1e-6 }, "\(back.times)")
    }
}
