import AudioKitLinux
import Foundation
import Testing

/// A chart's first tempo stays its first tempo: the declared BPM and offset of a chart with tempo changes are its first
/// section's, in the JSON written from it (read back with Foundation's own JSON parser) and in the editor's grid.
@Suite("a chart's first tempo")
struct FirstTempoTests {
    /// 120 BPM for 8 beats from 0.1 s (4 s), then 150 BPM; more hits at 150 than at 120, so 150 holds longest.
    static let sm = """
        #TITLE:t;
        #OFFSET:-0.100000;
        #BPMS:0.000000=120.000000,8.000000=150.000000;
        #STOPS:;
        #NOTES:
             dance-single:
             :
             Hard:
             1:
             0,0,0,0,0:
        1000
        0000
        0000
        0000
        ,
        0000
        0000
        0000
        0000
        ,
        1000
        1000
        1000
        1000
        ,
        1000
        1000
        1000
        1000
        ;
        """

    @Test("convert .sm to JSON keeps 120 BPM first and the change to 150 at 4.1 s")
    func jsonKeepsTheFirstTempo() throws {
        let read = BeatMapReader.read(bytes: Array(Self.sm.utf8), file: "c.sm", format: .stepmania)
        let map = try #require(read.map)
        #expect(map.declaredBPM == 120)
        let text = BeatMapWriter.string(map, format: .json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["bpm"] as? Double == 120)
        #expect(abs((object["offset"] as? Double ?? .nan) - 0.1) < 1e-9)
        let changes = try #require(object["tempo_changes"] as? [[String: Double]])
        #expect(changes.count == 1)
        // Beat 8 at 120 BPM from 0.1 s: 0.1 + 8 · 0.5 = 4.1 s.
        #expect(abs((changes.first?["time"] ?? .nan) - 4.1) < 1e-9)
        #expect(changes.first?["bpm"] == 150)
        // Read back, the hits are where the chart put them: beat 12 is 4.1 + 4 · 0.4 = 5.7 s.
        let again = try #require(BeatMapReader.read(bytes: Array(text.utf8), file: "c.json", format: .json).map)
        #expect(again.tempoMap.map { abs($0.time(ofBeat: 12) - 5.7) < 1e-6 } == true)
        #expect(zip(again.times, [0.1, 4.1, 4.5, 4.9, 5.3, 5.7, 6.1, 6.5, 6.9]).allSatisfy { abs($0 - $1) < 1e-6 })
    }

    @Test("the editor's declared grid of the chart starts at 120 BPM")
    func editorGridKeepsTheFirstTempo() throws {
        let map = try #require(BeatMapReader.read(bytes: Array(Self.sm.utf8), file: "c.sm", format: .stepmania).map)
        let grid = try #require(EditorState.declaredGrid(of: map))
        #expect(grid.sections.map(\.bpm) == [120, 150])
        #expect(abs(grid.sections[1].time - 4.1) < 1e-9)
    }

    @Test("a written JSON offset of −0 is 0")
    func noNegativeZero() {
        let map = BeatMap(times: [0, 0.5], bpm: 120, offset: -0.0)
        let text = BeatMapWriter.string(map, format: .json)
        #expect(text.contains("\"offset\"") && !text.contains("-0"))
    }

    @Test("a tempo of 0 is refused at its place, not dropped; a day-long stop is refused as too long, not as negative")
    func zeroTempoAndHugeStop() {
        let zero = BeatMapReader.read(
            bytes: Array(Self.sm.replacingOccurrences(of: "8.000000=150.000000", with: "8.000=0.000").utf8), file: "z.sm",
            format: .stepmania)
        #expect(zero.map == nil)
        #expect(zero.diagnostics.contains { $0.severity == .error && $0.message.contains("tempo of 0 at beat 8") && $0.location.line == 3 })
        let stop = BeatMapReader.read(
            bytes: Array(Self.sm.replacingOccurrences(of: "#STOPS:;", with: "#STOPS:4=1e9;").utf8), file: "s.sm", format: .stepmania)
        #expect(stop.map == nil)
        #expect(stop.diagnostics.contains { $0.message.contains("shorter than a day") && !$0.message.contains("negative") })
    }
}
