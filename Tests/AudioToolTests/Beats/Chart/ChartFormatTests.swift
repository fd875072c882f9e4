import AudioKitLinux
import Foundation
import Testing

/// The chart readers and the tempo map, against times worked out by hand from the formats' rules
/// (../shared/reference/CHART-FORMATS.md), and against the hit times an independent parser read from real charts.
@Suite("chart formats and tempo maps")
struct ChartFormatTests {
    static func read(_ text: String, _ format: BeatMapFormat, chart: String? = nil, file: String = "c") -> BeatMapReadResult {
        BeatMapReader.read(bytes: Array(text.utf8), file: file, format: format, chart: chart)
    }

    static func close(_ a: [Double]?, _ b: [Double], within: Double = 1e-6) -> Bool {
        guard let a, a.count == b.count else { return false }
        return zip(a, b).allSatisfy { abs($0 - $1) <= within }
    }

    @Test("a tempo map with a change and a stop: seconds and beats by hand")
    func tempoMapByHand() throws {
        // Beat 0 at 1.0 s, 120 BPM (0.5 s a beat) to beat 4, then 60 BPM; a 0.5 s stop after beat 2.
        let t = try #require(TempoMap(offset: 1.0, changes: [(0, 120), (4, 60)], stops: [.init(beat: 2, seconds: 0.5)]))
        #expect(t.time(ofBeat: 2) == 2.0)  // a note on the stop's row is hit before the pause
        #expect(t.time(ofBeat: 3) == 3.0)
        #expect(t.time(ofBeat: 4) == 3.5)
        #expect(t.time(ofBeat: 5) == 4.5)
        #expect(t.time(ofBeat: -1) == 0.5)
        #expect(t.beat(atTime: 2.25) == 2)  // inside the stop
        #expect(abs(t.beat(atTime: 4.0) - 4.5) < 1e-12)
        #expect(t.subdivision(of: 3.0 + 0.125, tolerance: 0.002)?.level == 4)
        #expect(t.subdivision(of: 4.5 + 1.0 / 3, tolerance: 0.002)?.level == 3)
        #expect(t.subdivision(of: 1.0 + 0.5 * 0.3, tolerance: 0.002) == nil)
        #expect(t.mainBPM(from: 1.0, to: 10) == 60)
    }

    static let sm = """
        #TITLE:Example;
        #MUSIC:song.ogg;
        #OFFSET:-0.100000;
        #BPMS:0.000000=120.000000;
        #STOPS:;
        #NOTES:
             dance-single:
             :
             Easy:
             1:
             0,0,0,0,0:
        1000
        0100
        0010
        0001
        ,  // measure 2
        1001
        0000
        2000
        3000
        ;
        """

    @Test("StepMania: offset sign, rows, chords, holds at their start (the reference's own example)")
    func stepMania() {
        let r = Self.read(Self.sm, .stepmania)
        #expect(Self.close(r.map?.times, [0.1, 0.6, 1.1, 1.6, 2.1, 3.1]), "\(r)")
        #expect(r.map?.declaredBPM == 120)
        #expect(r.map?.locations[4].line == 17)
        // CRLF, as StepMania writes: the same hits.
        let crlf = Self.read(Self.sm.replacingOccurrences(of: "\n", with: "\r\n"), .stepmania)
        #expect(Self.close(crlf.map?.times, [0.1, 0.6, 1.1, 1.6, 2.1, 3.1]))
        // A head with no tail is dropped, as StepMania drops it.
        let open = Self.read(Self.sm.replacingOccurrences(of: "3000\n;", with: "0000\n;"), .stepmania)
        #expect(Self.close(open.map?.times, [0.1, 0.6, 1.1, 1.6, 2.1]))
    }

    @Test("StepMania: a tempo change and a stop move the later rows; 8-row measures; .ssc picks the hardest chart")
    func stepManiaTiming() {
        // 120 BPM, then 60 BPM from beat 4; a 1 s stop after beat 1. Rows: beats 0, 1, 2 (measure 1, 8 rows: 0, 1,
        // 2, 3.5) and 4, 5 (measure 2).
        let text = """
            #VERSION:0.83;
            #OFFSET:0;
            #BPMS:0=120,4=60;
            #STOPS:1=1;
            #NOTEDATA:;
            #STEPSTYPE:dance-single;
            #DIFFICULTY:Easy;
            #METER:2;
            #NOTES:
            1000
            0000
            1000
            0000
            ;
            #NOTEDATA:;
            #STEPSTYPE:dance-single;
            #DIFFICULTY:Challenge;
            #METER:9;
            #NOTES:
            1000
            0000
            0100
            0000
            0010
            0000
            0000
            0001
            ,
            1000
            0000
            0100
            0000
            ;
            """
        let r = Self.read(text, .stepmania)
        // beat 0: 0; beat 1: 0.5 (hit before the stop); beat 2: 0.5 + 1 + 0.5 = 2.0; beat 3.5: 2.75; beat 4: 3.0; beat 6: 5.0.
        #expect(Self.close(r.map?.times, [0, 0.5, 2.0, 2.75, 3.0, 5.0]), "\(r)")
        #expect(r.map?.chart == "dance-single Challenge")
        #expect(Self.close(Self.read(text, .stepmania, chart: "easy").map?.times, [0, 2.0]))
        let missing = Self.read(text, .stepmania, chart: "Expert")
        #expect(missing.map == nil && missing.diagnostics.first?.message.contains("dance-single Challenge") == true)
        #expect(Self.read("#OFFSET:0;\n#BPMS:0=-120;\n#NOTES:a:b:c:1:0:\n1000\n;", .stepmania).map == nil)
        #expect(Self.read("#BPMS:0=x;\n#NOTES:a:b:c:1:0:\n1000\n;", .stepmania).diagnostics.first?.location.line == 1)
    }

    @Test("osu!: milliseconds, chords, holds at their start, +24 ms before format v5")
    func osu() {
        let text = """
            osu file format v14

            [General]
            AudioFilename: song.mp3
            AudioLeadIn: 500
            Mode: 3

            [TimingPoints]
            100,500,4,1,0,100,1,0
            600,-100,4,1,0,100,0,0

            [HitObjects]
            64,192,100,1,0,0:0:0:0:
            448,192,100,1,0,0:0:0:0:
            192,192,600,128,0,1100:0:0:0:0:
            """
        let r = Self.read(text, .osu)
        #expect(Self.close(r.map?.times, [0.1, 0.6]), "\(r)")
        #expect(r.map?.declaredBPM == 120)
        #expect(r.map?.locations[1].line == 15)
        let old = Self.read(text.replacingOccurrences(of: "v14", with: "v4"), .osu)
        #expect(Self.close(old.map?.times, [0.124, 0.624]))
        #expect(Self.read("osu file format v14\n[HitObjects]\n64,192,abc,1\n", .osu).diagnostics.first?.location.line == 3)
    }

    @Test("Quaver: missing numbers are 0, mines are not hits, a timing point restarts the grid")
    func quaver() {
        let text = """
            AudioFile: song.mp3
            Mode: Keys4
            TimingPoints:
            - Bpm: 120
            - StartTime: 1100
              Bpm: 60
            HitObjects:
            - Lane: 1
            - StartTime: 600
              Lane: 2
              EndTime: 900
            - StartTime: 700
              Lane: 3
              Type: Mine
            - StartTime: 2100
              Lane: 4
            """
        let r = Self.read(text, .quaver)
        #expect(Self.close(r.map?.times, [0, 0.6, 2.1]), "\(r)")
        #expect(r.map?.tempoMap?.sections.count == 2)
        #expect(r.map?.tempoMap?.subdivision(of: 2.1, tolerance: 0.001)?.level == 1)
        #expect(Self.read("HitObjects:\n- StartTime: soon\n", .quaver).diagnostics.first?.location.line == 2)
    }

    @Test("Beat Saber: beats at the song BPM with Info.dat, official tempo events, no bombs, v2 and v3")
    func beatSaber() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let info = """
            {"_version": "2.0.0", "_beatsPerMinute": 120, "_songTimeOffset": 0, "_songFilename": "song.ogg",
             "_difficultyBeatmapSets": [{"_beatmapCharacteristicName": "Standard", "_difficultyBeatmaps": [
               {"_difficulty": "Easy", "_beatmapFilename": "Easy.dat"}, {"_difficulty": "Expert", "_beatmapFilename": "Expert.dat"}]}]}
            """
        try Data(info.utf8).write(to: dir.appendingPathComponent("Info.dat"))
        // v2: notes at beats 1 and 2 (and a bomb at 3); tempo halves at beat 2: beat 4 at 1.0 + 2 × 1 s = 3.0 s.
        let v2 = """
            {"_version": "2.0.0", "_notes": [{"_time": 1, "_type": 0}, {"_time": 2, "_type": 1}, {"_time": 3, "_type": 3},
             {"_time": 4, "_type": 0}], "_events": [{"_time": 2, "_type": 100, "_floatValue": 60}]}
            """
        try Data(v2.utf8).write(to: dir.appendingPathComponent("Easy.dat"))
        let v3 = """
            {"version": "3.3.0", "bpmEvents": [{"b": 2, "m": 240}], "colorNotes": [{"b": 1}, {"b": 2, "x": 1}, {"b": 4}], "bombNotes": [{"b": 3}]}
            """
        try Data(v3.utf8).write(to: dir.appendingPathComponent("Expert.dat"))
        let easy = try BeatMapReader.read(path: dir.appendingPathComponent("Easy.dat").path)
        #expect(Self.close(easy.map?.times, [0.5, 1.0, 3.0]), "\(easy)")
        let expert = try BeatMapReader.read(path: dir.appendingPathComponent("Expert.dat").path)
        #expect(Self.close(expert.map?.times, [0.5, 1.0, 1.5]), "\(expert)")
        // Through Info.dat: the hardest, or the one named.
        #expect(Self.close(try BeatMapReader.read(path: dir.appendingPathComponent("Info.dat").path).map?.times, [0.5, 1.0, 1.5]))
        #expect(
            Self.close(
                try BeatMapReader.read(path: dir.appendingPathComponent("Info.dat").path, chart: "Easy").map?.times, [0.5, 1.0, 3.0]))
        // The written v3 difficulty reads back through an Info.dat at its BPM.
        let map = BeatMap(times: [0.5, 1.25, 2.0], bpm: 120, offset: 0)
        try Data(BeatMapWriter.string(map, format: .beatsaber).utf8).write(to: dir.appendingPathComponent("Expert.dat"))
        #expect(Self.close(try BeatMapReader.read(path: dir.appendingPathComponent("Expert.dat").path).map?.times, [0.5, 1.25, 2.0]))
    }

    @Test("a chart with a tempo change and a stop survives .sm, .osu and .qua")
    func writersKeepTempoChanges() throws {
        let sm = Self.read(Self.sm.replacingOccurrences(of: "#BPMS:0.000000=120.000000;", with: "#BPMS:0=120,4=180;"), .stepmania)
        let map = try #require(sm.map)
        for format in [BeatMapFormat.stepmania, .osu, .quaver] {
            let back = Self.read(BeatMapWriter.string(map, format: format), format).map
            #expect(Self.close(back?.times, map.times, within: 0.0006), "\(format): \(back?.times ?? [])")
            #expect(back?.tempoMap?.sections.map(\.bpm) == [120, 180], "\(format)")
        }
    }

    @Test(
        "the real charts read as the independent parser reads them, each hit within 1 ms",
        .enabled(if: TestPaths.chartsAvailable, TestPaths.chartsMissing))
    func corpusHits() throws {
        let root = TestPaths.chartsCorpus
        for id in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() where !id.contains(".") {
            let folder = root.appendingPathComponent(id)
            // StepMania, Quaver, osu! and Friday Night Funkin' chart JSON (the player's notes, as hits.txt holds them).
            guard
                let chart = try FileManager.default.contentsOfDirectory(atPath: folder.path).first(where: { name in
                    [".ssc", ".sm", ".qua", ".osu", ".json"].contains { name.hasSuffix($0) }
                })
            else {
                Issue.record("\(id): no chart file the readers take")
                continue
            }
            let expected = try String(contentsOf: folder.appendingPathComponent("hits.txt"), encoding: .utf8).split(separator: "\n")
                .compactMap {
                    Double($0)
                }
            // The independent parser merges notes "closer than ~1 ms" in floating point, so of two pairs of Quaver notes
            // 1 ms apart it merges one (46.125 − 46.124 < 0.001) and not the other (26.125 − 26.124 > 0.001). Our rule is
            // the same merge made exact (within 1 ms in whole microseconds): applied to its list, the two agree.
            var chords: [Double] = []
            for t in expected where chords.last.map({ ((t - $0) * 1e6).rounded() > 1000 }) ?? true { chords.append(t) }
            let read = try BeatMapReader.read(path: folder.appendingPathComponent(chart).path)
            #expect(Self.close(read.map?.times, chords, within: 0.001), "\(id): \(read.map?.count ?? 0) hits for \(chords.count)")
        }
    }

    @Test("a fitted tempo map finds the beat, not the finest subdivision, and a tempo change")
    func fittedTempoMap() throws {
        // 150 BPM for 24 beats (eighths and quarters), then 97 BPM (no grid holds both): hits on 1/2 and 1/1 lines.
        var hits: [Double] = []
        for b in Swift.stride(from: 0.0, to: 24, by: 1) {
            hits.append(1 + b * 0.4)
            if Int(b) % 2 == 0 { hits.append(1 + b * 0.4 + 0.2) }
        }
        let change = 1 + 24 * 0.4
        for b in Swift.stride(from: 0.0, to: 24, by: 1) {
            hits.append(change + b * 60 / 97)
            if Int(b) % 3 == 0 { hits.append(change + (b + 0.5) * 60 / 97) }
        }
        let t = try #require(TempoMapFit.fit(hits))
        let bpms = t.sections.map { ($0.bpm * 100).rounded() / 100 }
        #expect(bpms.count == 2 && abs(bpms[0] - 150) < 0.5 && abs(bpms[1] - 97) < 0.5, "\(t.sections)")
        #expect(t.sections.first.map { abs($0.time - 1) < 0.01 } == true, "\(t.sections)")
    }
}
