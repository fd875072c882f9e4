import AudioKitLinux
import Foundation
import Testing

/// A JSON map's `"bpm"` and `"offset"` are its tempo map (one home for tempo): read as one steady section, written back
/// from it, and a half or unusable declaration is a finding at its key, never a grid used or dropped in silence.
@Suite("a list's declared tempo")
struct DeclaredTempoTests {
    static func read(_ text: String) -> BeatMapReadResult {
        BeatMapReader.read(bytes: Array(text.utf8), file: "m.json", format: .json)
    }

    @Test("bpm and offset are one steady section of the map's tempo map, declared, not a chart's")
    func bpmAndOffsetAreTheTempoMap() throws {
        let r = Self.read(#"{"bpm": 96, "offset": 0.25, "beats": [0.25, 0.875]}"#)
        let map = try #require(r.map)
        let tempo = try #require(map.tempoMap)
        #expect(r.diagnostics.isEmpty)
        #expect(tempo.sections.count == 1 && tempo.sections[0].bpm == 96 && tempo.offset == 0.25)
        // 60 / 96 = 0.625 s a beat: beat 1 is at 0.875 s.
        #expect(abs(tempo.time(ofBeat: 1) - 0.875) < 1e-12)
        #expect(map.tempoOrigin == .declared && map.writtenTempoMap == nil)
    }

    @Test("tempo changes make a tempo map the hits are judged on as written")
    func tempoChangesAreWritten() throws {
        let r = Self.read(#"{"bpm": 120, "offset": 0, "tempo_changes": [{"time": 2, "bpm": 60}], "beats": [0, 2, 3]}"#)
        let map = try #require(r.map)
        #expect(map.tempoOrigin == .chart && map.writtenTempoMap?.sections.map(\.bpm) == [120, 60])
    }

    @Test(
        "half a grid, or a value that is no tempo or time, is a warning at its key and no tempo",
        arguments: [
            ("{\"beats\": [0.5, 1.0],\n \"bpm\": 120}", 2, 2, "without \"offset\""),
            ("{\"offset\": 0.5, \"beats\": [0.5, 1.0]}", 1, 2, "without \"bpm\""),
            ("{\"bpm\": 0, \"offset\": 0.5, \"beats\": [0.5, 1.0]}", 1, 2, "is 0, not a tempo"),
            ("{\"bpm\": 120,\n  \"offset\": \"0.5\", \"beats\": [0.5, 1.0]}", 2, 3, "is a string, not a time"),
        ])
    func halfOrUnusable(text: String, line: Int, column: Int, says: String) throws {
        let r = Self.read(text)
        let map = try #require(r.map)
        #expect(map.tempoMap == nil && map.times == [0.5, 1.0])
        let d = try #require(r.diagnostics.first { $0.ruleID == BeatMapRules.declaredTempo })
        #expect(d.severity == .warning && d.location.line == line && d.location.column == column)
        #expect(d.message.contains(says), "\(d.message)")
    }

    @Test("written back from its tempo map: JSON keeps bpm and offset, read by Foundation; no tempo writes a bare array")
    func writtenFromTheTempoMap() throws {
        let steady = BeatMap(times: [0.5, 1], bpm: 120, offset: 0.5)
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(BeatMapWriter.string(steady, format: .json).utf8)) as? [String: Any])
        #expect(json["bpm"] as? Double == 120 && json["offset"] as? Double == 0.5 && json["tempo_changes"] == nil)
        let none = BeatMap(times: [0.5, 1], bpm: 0, offset: 0.5)
        #expect(none.tempoMap == nil)
        #expect(
            try JSONSerialization.jsonObject(with: Data(BeatMapWriter.string(none, format: .json).utf8)) as? [Double] == [0.5, 1])
    }
}
