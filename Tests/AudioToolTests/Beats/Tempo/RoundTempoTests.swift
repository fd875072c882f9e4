import AudioKitLinux
import Foundation
import Testing

/// The refined tempo of a stretch (`GridRefine.refine`) on click tracks whose tempo is known exactly: a whole or half
/// BPM is taken when its grid parts from the clicks' by no more than `beatmap check` accepts over the stretch (half its
/// 50 ms default tolerance), and never when the clicks are further off it than that.
@Suite("Round tempo")
struct RoundTempoTests {
    @Test(
        "a whole or half BPM is taken only when its grid stays within the check's drift over the stretch",
        arguments: [
            // 20 ms apart over 100 s (Mecha-Tribe Assault's case): the check accepts 180, so the draft writes it.
            (179.965, 100.0, 180.0),
            // 16 ms apart over 20 s: a section's stretch.
            (124.9, 20.0, 125.0),
            // 0.12 % off, 24 ms apart over 20 s (the second of two songs joined read 124.87).
            (124.85, 20.0, 125.0),
            // 36 ms apart over 100 s: more than the check accepts; the clicks' own tempo stays (nil).
            (179.935, 100.0, nil),
            // 32 ms apart over 20 s.
            (124.8, 20.0, nil),
            // 0.24 % off 125 and 0.16 % off 124.5: no round tempo is that near, however short the stretch.
            (124.7, 8.0, nil),
        ] as [(Double, Double, Double?)])
    func roundTempo(_ bpm: Double, _ seconds: Double, _ round: Double?) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let times = stride(from: 0.5, to: seconds - 0.5, by: 60 / bpm).map { $0 }
        let path = try BeatCheckTests.clickTrack(times: times, rate: 22_050, seconds: seconds, in: dir)
        let onset = try TempoEstimator.onsetStrength(path: path)
        let refined = GridRefine.refine(onset, frames: 0..<onset.values.count, seed: bpm)
        if let round {
            #expect(refined.bpm == round, "clicks at \(bpm) BPM over \(seconds) s: refined to \(refined.bpm)")
        } else {
            // The clicks' own tempo, to the fold's precision over the stretch (a millisecond over 8 s is 0.0125 %).
            #expect(abs(refined.bpm / bpm - 1) < 0.0002, "clicks at \(bpm) BPM over \(seconds) s: refined to \(refined.bpm)")
        }
    }
}
