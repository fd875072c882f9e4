import AudioKitLinux
import Foundation
import Testing

/// Reading charts as the games do (issue #38): StepMania's difficulty order, an ambiguous chart name refused with the
/// candidates and a chart taken by its number, StepMania 5's `{1|h|0|0}` notes, lines ending in CR alone, and a Quaver
/// long note that ends before it starts refused as Quaver refuses it.
@Suite("Chart reading corners")
struct ChartReadingCornerTests {
    /// A dance-single chart of `beats` (one note each, at 120 BPM from 0 s), with `difficulty` and `description`.
    static func chart(_ difficulty: String, _ description: String, beats: [Double], note: String = "1000") -> String {
        var rows = [String](repeating: "0000", count: 16)
        for b in beats { rows[Int(b * 4)] = note }
        return "#NOTES:\n     dance-single:\n     \(description):\n     \(difficulty):\n     5:\n     0,0,0,0,0:\n"
            + rows.joined(separator: "\n") + "\n;\n"
    }

    static let header = "#TITLE:t;\n#MUSIC:a.ogg;\n#OFFSET:0;\n#BPMS:0=120;\n"

    static func read(_ text: String, chart: String? = nil) -> BeatMapReadResult {
        BeatMapReader.read(bytes: Array(text.utf8), file: "t.sm", format: .stepmania, chart: chart)
    }

    @Test func theHardestIsStepManiasOrderWithEditLast() throws {
        let text = Self.header + Self.chart("Beginner", "", beats: [0, 1]) + Self.chart("Edit", "mine", beats: [0, 0.5, 1, 1.5, 2, 2.5])
        let map = try #require(Self.read(text).map)
        #expect(map.times.count == 6 && map.chart == "dance-single Edit mine", "\(map.chart ?? "")")
    }

    @Test func anAmbiguousNameIsRefusedWithTheCandidatesAndANumberChooses() throws {
        let text =
            Self.header + Self.chart("Hard", "", beats: [0]) + Self.chart("Edit", "same", beats: [0, 1])
            + Self.chart("Edit", "same", beats: [0, 1, 2])
        let refused = Self.read(text, chart: "Edit")
        let message = refused.diagnostics.first?.message ?? ""
        #expect(
            refused.map == nil && message.contains("matches 2 charts") && message.contains("2. ") && message.contains("3. "), "\(message)")
        #expect(try #require(Self.read(text, chart: "3").map).times.count == 3)
        #expect(try #require(Self.read(text, chart: "2").map).times.count == 2)
        #expect(Self.read(text, chart: "9").map == nil)
    }

    @Test func aStepMania5NoteWithAttributesIsANoteInItsColumn() throws {
        // Beat 1 holds `{1|h|0|0}` in the first column and a tap in the fourth: one hit (a chord), and the row keeps four
        // columns, so the hold head at beat 2 in column 2 is closed by its tail at beat 3.
        var rows = [String](repeating: "0000", count: 16)
        rows[0] = "1000"
        rows[4] = "{1|h|0|0}001"
        rows[8] = "0200"
        rows[12] = "0300"
        let text = Self.header + "#NOTES:\n dance-single:\n :\n Hard:\n 5:\n 0,0,0,0,0:\n" + rows.joined(separator: "\n") + "\n;\n"
        let map = try #require(Self.read(text).map)
        #expect(map.times == [0, 0.5, 1.0], "\(map.times)")
    }

    @Test func linesEndingInCRAloneReadAsLines() throws {
        let lf = Self.header + Self.chart("Hard", "", beats: [0, 0.5, 1, 2, 3])
        let cr = lf.replacingOccurrences(of: "\n", with: "\r")
        let a = try #require(Self.read(lf).map)
        let b = try #require(Self.read(cr).map, "\(Self.read(cr).diagnostics)")
        #expect(a.times == [0, 0.25, 0.5, 1, 1.5] && b.times == a.times)
    }

    /// A chart whose beat 0 is at 0 s is written with `#OFFSET:0.000000;`, not `-0.000000` (the offset is −(time of beat 0)).
    @Test func anOffsetOfZeroIsWrittenWithoutASign() throws {
        let map = try #require(Self.read(Self.header + Self.chart("Hard", "", beats: [0, 1, 2])).map)
        let text = BeatMapWriter.string(map, format: .stepmania)
        #expect(text.contains("#OFFSET:0.000000;"), "\(text.prefix(120))")
        #expect(!text.contains("-0.000000"))
    }

    /// A timing entry that is not beat=value is refused with an example of that tag's own entry: a stop is seconds.
    @Test func aBrokenEntryIsShownAsItsOwnTagWritesIt() throws {
        let stops = Self.read(Self.header + "#STOPS:4=nan;\n" + Self.chart("Hard", "", beats: [0, 1]))
        #expect(stops.map == nil)
        #expect(stops.diagnostics.contains { $0.message.contains("4.000=0.100 (beat=seconds)") }, "\(stops.diagnostics)")
        let bpms = Self.read(Self.header.replacingOccurrences(of: "0=120", with: "0=fast") + Self.chart("Hard", "", beats: [0]))
        #expect(bpms.diagnostics.contains { $0.message.contains("0.000=120.000 (beat=BPM)") }, "\(bpms.diagnostics)")
    }

    @Test func aQuaverLongNoteEndingBeforeItStartsIsRefused() throws {
        let qua = """
            AudioFile: a.ogg
            Mode: Keys4
            TimingPoints:
            - StartTime: 0
              Bpm: 120
            HitObjects:
            - StartTime: 500
              Lane: 1
            - StartTime: 1000
              Lane: 2
              EndTime: 800
            """
        let r = BeatMapReader.read(bytes: Array(qua.utf8), file: "m.qua", format: .quaver)
        #expect(r.map == nil && r.diagnostics.first?.message.contains("ends (800 ms) before it starts") == true, "\(r.diagnostics)")
        let fixed = qua.replacingOccurrences(of: "EndTime: 800", with: "EndTime: 1500")
        #expect(BeatMapReader.read(bytes: Array(fixed.utf8), file: "m.qua", format: .quaver).map?.times == [0.5, 1.0])
    }

    /// lazer's `TimingControlPoint` clamps a beat length to 6–60000 ms: a negative one is 10000 BPM, a huge one 1 BPM, and
    /// the hits (absolute milliseconds) do not move. Each clamped value is a warning at its field.
    @Test func anOsuBeatLengthOutsideWhatOsuPlaysIsClampedAsOsuClampsIt() throws {
        let text =
            "osu file format v14\n[General]\nMode: 3\n[TimingPoints]\n0,-500,4,1,0,100,1,0\n1000,100000,4,1,0,100,1,0\n"
            + "[HitObjects]\n64,192,500,1,0\n192,192,1500,1,0\n"
        let read = BeatMapReader.read(bytes: Array(text.utf8), file: "t.osu", format: .osu)
        let map = try #require(read.map)
        #expect(map.times == [0.5, 1.5])
        let tempo = try #require(map.tempoMap)
        #expect(tempo.sections.map(\.bpm) == [10_000, 1])
        #expect(abs(tempo.time(ofBeat: tempo.sections[1].beat) - 1.0) < 1e-9)
        #expect(read.diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0)" } == ["5:3", "6:6"])
        #expect(read.diagnostics.allSatisfy { $0.ruleID == BeatMapRules.clampedValue && $0.severity == .warning })
    }

    /// Every chart of a StepMania song into one `.sm`: the plan keeps both charts, in the file's order, each read back by
    /// its number with its own hits and steps type; into `.osu`, every chart gets a file named by its difficulty.
    @Test func aSongOfTwoChartsKeepsBoth() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let song = folder + "/song.sm"
        let text = Self.header + Self.chart("Easy", "", beats: [0, 1]) + Self.chart("Hard", "", beats: [0, 0.5, 1, 2.5])
        try text.write(toFile: song, atomically: true, encoding: .utf8)
        #expect(try ChartCatalog.charts(path: song).map(\.selector) == ["1", "2"])
        let plan = try ChartSetConversion.plan(
            path: song, format: nil, symbol: nil, chart: nil, to: .stepmania, output: folder + "/out.sm"
        ).get()
        #expect(plan.parts.count == 1 && plan.leftOut.isEmpty)
        let set = ChartFiles.stepMania(charts: plan.parts[0].maps, path: folder + "/out.sm", title: "t", audio: "a.ogg")
        #expect(set.readBack.isExact() && set.readBack.expected == 6)
        let written = try #require(set.files.first?.text)
        #expect(Self.read(written, chart: "1").map?.times == [0, 0.5])
        #expect(Self.read(written, chart: "2").map?.times == [0, 0.25, 0.5, 1.25])
        let single = try ChartSetConversion.plan(path: song, format: nil, symbol: nil, chart: nil, to: .osu, output: folder + "/o.osu")
            .get()
        #expect(single.parts.count == 1 && single.leftOut.map(\.chart.selector) == ["1"] && single.leftOut[0].why == .oneChartAFile)
        let every = try ChartSetConversion.plan(
            path: song, format: nil, symbol: nil, chart: "all", to: .osu, output: folder + "/o.osu"
        ).get()
        #expect(every.parts.map(\.path) == [folder + "/o.Easy.osu", folder + "/o.Hard.osu"])
    }
}
