import AudioKitLinux
import Foundation
import Testing

/// The editor's track tempi (`GET /api/track-tempi`), on samples whose tempi are known: drum loops made at exactly
/// their named tempo, the first beat 0.25 s in (scripts/make-sample-audio.py).
@Suite("Editor track tempi")
struct TrackTempiTests {
    @Test("two songs joined give each its tempo, the second from its first beat; one song gives one")
    func twoSongsJoined() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, join) = try StretchTempoTests.joined(in: dir)
        let map = dir.appendingPathComponent("chart.json").path
        try "{\"bpm\": 88, \"beats\": [0.25, 0.932, 1.614, 2.295]}\n".write(toFile: map, atomically: true, encoding: .utf8)
        let tempi = try await EditorSession(track: path, map: map).trackTempi()
        #expect(tempi.count == 2, "\(tempi)")
        guard tempi.count == 2 else { return }
        #expect(tempi[0].time == 0 && abs(tempi[0].bpm - 88) < 0.05, "\(tempi)")
        #expect(abs(tempi[1].bpm - 95) < 0.05, "\(tempi)")
        // Within half a beat of the second song's first beat (the fold may take its off-beat for its beat).
        #expect(abs(tempi[1].time - (join + 0.25)) <= 60 / 95 / 2 + 0.01, "\(tempi[1].time) for \(join + 0.25)")

        let one = TestPaths.packageRoot.appendingPathComponent("samples/audio/world1-track-a-88bpm.flac").path
        let steady = try await EditorSession(track: one, map: map).trackTempi()
        // One stretch, at the whole track's reading (`TempoEstimator`, unrefined: the page says the candidates then).
        #expect(steady.count == 1 && abs((steady.first?.bpm ?? 0) - 88) < 0.2, "\(steady)")
    }
}
