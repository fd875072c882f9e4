import AudioKitLinux
import Foundation
import Testing

/// Named ranges and the sidecar: a JSON map keeps its markers itself; a map that holds beats only keeps its grid and
/// markers beside it when the author asks, and loses nothing on reopening; a sidecar or markers it does not understand
/// are refused with the reason.
@Suite("Editor markers and sidecar")
struct EditorMarkerTests {
    static let track = EditorSessionTests.track
    static let hits = (0..<16).map { 0.25 + Double($0) * 60 / 88 }

    @Test func aJSONMapKeepsItsMarkers() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("map.json").path
        let numbers = Self.hits.map { String(format: "%.4f", $0) }.joined(separator: ", ")
        try "{\n  \"title\": \"w1\",\n  \"beats\": [\(numbers)]\n}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let session = try await EditorSession(track: Self.track, map: path)
        let opened = await session.state()
        #expect(opened.keepsMarkers && !opened.sidecarPossible)
        // Refused: an empty name, a reversed range, a range far past the 12 s track; nothing changes.
        for bad in [
            [EditorMarker(name: " ", from: 1, to: 2)], [EditorMarker(name: "a", from: 3, to: 2)],
            [EditorMarker(name: "a", from: 1, to: 200)],
            [EditorMarker(name: "a\u{7}", from: 1, to: 2)],
        ] {
            #expect(await session.setMarkers(bad) != nil, "\(bad)")
        }
        let unchanged = await session.markers
        #expect(unchanged.isEmpty)
        #expect(!(await session.isDirty))
        let marked = [EditorMarker(name: "chorus", from: 6, to: 10), EditorMarker(name: "intro \"A\"", from: 0, to: 4)]
        #expect(await session.setMarkers(marked) == nil)
        #expect(await session.isDirty)
        try await session.save()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"title\": \"w1\"") && text.contains("\"markers\": [{"), "\(text)")
        let reopened = try await EditorSession(track: Self.track, map: path)
        #expect(await reopened.markers == marked.sorted { $0.from < $1.from })
        #expect(!(await reopened.isDirty))
    }

    @Test func aTextMapKeepsItsGridAndMarkersBesideItWhenAsked() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("beats.txt").path
        let original = Self.hits.map { String(format: "%.4f", $0) }.joined(separator: "\n") + "\n"
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        let beside = EditorSidecar.path(for: path)
        let session = try await EditorSession(track: Self.track, map: path)
        let opened = await session.state()
        #expect(opened.sidecarPossible && !opened.keepsMarkers)
        #expect(await session.setGrid(bpm: 88, offset: 0.25, sections: [(5.7, 90)]))
        // The grid as set: 88 BPM from 0.25 s, 90 from 5.7 s (a timing point restarts the grid at its time).
        let grid = try #require(TempoMap(timingPoints: [(0.25, 88), (5.7, 90)]))
        #expect(await session.setMarkers([EditorMarker(name: "verse", from: 1, to: 5)]) == nil)
        // Not asked: nothing to save beyond the beats, and no sidecar is written.
        #expect(!(await session.isDirty))
        try await session.save()
        #expect(FileIdentity(path: beside) == nil)
        // Asked: the save writes it, the map's own text unchanged.
        #expect(await session.setKeepsBeside(true))
        #expect(await session.isDirty)
        let asked = await session.state()
        #expect(asked.sidecar == "beats.txt.sidecar.json")
        try await session.save()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
        let kept = try #require(try EditorSidecar.read(path: beside))
        #expect(kept.grid == grid && kept.markers == [EditorMarker(name: "verse", from: 1, to: 5)])
        let reopened = try await EditorSession(track: Self.track, map: path)
        let (declared, markers, keeps) = (await reopened.declared, await reopened.markers, await reopened.keepsBeside)
        #expect(declared == grid && markers.count == 1 && keeps)
        #expect(!(await reopened.isDirty))
        // No longer asked: the save removes it.
        #expect(await reopened.setKeepsBeside(false))
        try await reopened.save()
        #expect(FileIdentity(path: beside) == nil)
    }

    @Test func aSidecarItDoesNotUnderstandIsRefused() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("x.sidecar.json").path
        for (text, reason) in [
            ("{\"bpm\": 88, \"offset\": 0.25, \"colour\": 1}", "unknown key \"colour\""),
            ("{\"bpm\": 88}", "must be numbers, both present"),
            ("{\"markers\": [{\"name\": \"a\", \"from\": 1}]}", "marker 1 is not"),
            ("{\"bpm\": 88, \"offset\": 0.25, \"tempo_changes\": [{\"time\": 0.1, \"bpm\": 90}]}", "does not come after"),
            ("{\"bpm\": 88, \"offset\": 0.25, \"stops\": [{\"time\": 2, \"seconds\": -1}]}", "\"stops\" entry 0 is not"),
            ("[1, 2]", "not a JSON object"),
            ("{\"bpm\": 88,", "x.sidecar.json:1:"),
        ] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: InputError.self) { try EditorSidecar.read(path: path) }
            do { _ = try EditorSidecar.read(path: path) } catch { #expect(error.description.contains(reason), "\(text): \(error)") }
        }
        #expect(try EditorSidecar.read(path: dir.appendingPathComponent("none.json").path) == nil)
    }

    @Test func aSidecarKeepsTheGridsStopsAndDelays() throws {
        // 120 BPM from 0.5 s, a stop of 0.25 s at 2.5 s (beat 4) and a delay of 0.1 s before beat 8 (4.75 s): the pause
        // starts at 4.75 s and the beat is hit at 4.85 s.
        let grid = try #require(TempoMap(timingPoints: [(0.5, 120)], stops: [(2.5, 0.25, false), (4.75, 0.1, true)]))
        #expect(abs(grid.time(ofBeat: 8) - 4.85) < 1e-6)
        let text = EditorSidecar(grid: grid, markers: []).text
        #expect(
            text.contains(
                "\"stops\": [{\"time\": 2.500000, \"seconds\": 0.250000}, {\"time\": 4.750000, \"seconds\": 0.100000, \"delay\": true}]"),
            "\(text)")
        let back = try #require(try EditorSidecar.parse(Array(text.utf8), path: "x.sidecar.json").grid)
        #expect(back.pauses.map { [$0.time, $0.seconds] } == [[2.5, 0.25], [4.75, 0.1]] && back.pauses.map(\.delay) == [false, true])
        #expect(abs(back.time(ofBeat: 8) - 4.85) < 1e-6)
    }
}
