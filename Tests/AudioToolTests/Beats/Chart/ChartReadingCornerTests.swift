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
}
