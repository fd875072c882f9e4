import AudioKitLinux
import Foundation
import Testing

/// A chart's notes saved as a list of times (Save As `.json`, `.txt`, `.csv`, `.swift`) keep only the hits' times: an
/// export. Found by a designer: the session switched to the list, Save then wrote it, lint's "1 beat missing?" warnings
/// appeared, and a later Save As of a StepMania chart cycled its lanes 1-2-3-4.
@Suite("Save As a list of times from a chart")
struct SaveAsExportTests {
    /// A StepMania chart at 88 BPM from 0.25 s (the sample track's grid), a note a beat in the lanes `lanes`.
    static let lanes = [0, 3, 1, 1, 2, 0, 3, 2]
    static var chart: String {
        let rows = lanes.map { lane in (0..<4).map { $0 == lane ? "1" : "0" }.joined() }
        return "#TITLE:Lanes;\n#MUSIC:track.flac;\n#OFFSET:-0.250000;\n#BPMS:0.000=88.000;\n"
            + "#NOTES:\n     dance-single:\n     :\n     Hard:\n     5:\n     0,0,0,0,0:\n"
            + rows[0..<4].joined(separator: "\n") + "\n,\n" + rows[4..<8].joined(separator: "\n") + "\n;\n"
    }

    @Test func theSessionKeepsTheChartAndItsLanes() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("lanes.sm").path
        try Self.chart.write(toFile: path, atomically: true, encoding: .utf8)
        let session = try await EditorSession(
            track: EditorSessionTests.track, map: path, settings: EditorSession.Settings(saveAsFolder: dir.path))
        // The chart's beats: 0.25 s, then one each 60 / 88 s.
        let times = (0..<8).map { 0.25 + Double($0) * 60 / 88 }
        #expect(zip(await session.beats, times).allSatisfy { abs($0 - $1) < 1e-6 })
        try await session.saveAs(name: "times.json")
        let state = await session.state()
        #expect(state.map?.hasSuffix("lanes.sm") == true, "\(String(describing: state.map))")
        #expect(
            state.saveNote?.hasPrefix("exported as times.json") == true && state.saveNote?.contains("Save still writes lanes.sm") == true)
        let list = try BeatMapFile.open(path: dir.appendingPathComponent("times.json").path).get().map
        #expect(list.times.count == 8 && zip(list.times, times).allSatisfy { abs($0 - $1) < 1e-5 }, "\(list.times)")
        // A chart saved after it keeps the lanes the chart has (they cycled 0-1-2-3 once the session edited the list).
        try await session.saveAs(name: "copy.sm")
        let copy = try BeatMapFile.open(path: dir.appendingPathComponent("copy.sm").path).get().map
        #expect(copy.notes.sorted { $0.time < $1.time }.map(\.lane) == Self.lanes, "\(copy.notes)")
    }
}
