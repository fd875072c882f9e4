import AudioKitLinux
import Foundation
import Testing

/// A track that changes tempo under a map of one tempo (`beatmap.track_tempo_change`): two songs joined, charted at the
/// first one's tempo throughout. The hits may keep their times and pass every other check; only the grid is wrong.
@Suite("A track's tempo change the map does not make")
struct TrackTempoChangeTests {
    /// 180 BPM from 0.2 s to 20 s, then 125 BPM from 20.2 s to 40 s: a loud click on each beat, a soft one between.
    static let joined =
        GridPhaseTests.song(bpm: 180, seconds: 20).filter { $0.time < 20 }
        + GridPhaseTests.song(bpm: 125, seconds: 20).map { (time: $0.time + 20, amplitude: $0.amplitude) }.filter { $0.time < 39.5 }

    /// The hits: every beat of either song (its loud clicks), as the game plays them.
    static let hits = joined.filter { $0.amplitude > 0.3 }.map { ($0.time * 10_000).rounded() / 10_000 }

    static func messages(_ json: String, clicks: [(time: Double, amplitude: Double)] = joined) throws -> [String] {
        try GridPhaseTests.check(json, name: "map.json", clicks: clicks, seconds: 40).messages.filter {
            $0.contains("the track changes tempo")
        }
    }

    @Test func aMapOfOneTempoOverTwoSongsIsSaid() throws {
        let said = try Self.messages("{\"bpm\": 180, \"offset\": 0.2, \"beats\": \(Self.hits)}")
        #expect(said.count == 1, "\(said)")
        // On the 125 BPM song's first beat (20.2 s, a beat of the 180 BPM grid too: its first off-beat tells them
        // apart), its tempo, and the map's.
        let at = try #require(
            said.first.flatMap { $0.firstMatch(of: /at ([0-9.]+) s, its first beat at the new tempo \(([0-9.]+) → ([0-9.]+) BPM/) })
        #expect(abs(Double(at.1)! - 20.2) < 0.015 && abs(Double(at.2)! - 180) < 1 && abs(Double(at.3)! - 125) < 1, "\(said)")
        #expect(said.first?.contains("keeps 180.00 BPM after it") == true)
    }

    @Test func aMapThatMakesTheChangeOrAnOctaveOfItIsNot() throws {
        for bpm in [125.0, 62.5, 250] {
            let json = "{\"bpm\": 180, \"offset\": 0.2, \"tempo_changes\": [{\"time\": 20.2, \"bpm\": \(bpm)}], \"beats\": \(Self.hits)}"
            #expect(try Self.messages(json).isEmpty, "\(bpm) BPM after the change")
        }
        // A track of one tempo under a map of one tempo: nothing to say.
        let steady = GridPhaseTests.song(bpm: 180, seconds: 40).filter { $0.time < 39.5 }
        let beats = steady.filter { $0.amplitude > 0.3 }.map { ($0.time * 10_000).rounded() / 10_000 }
        #expect(try Self.messages("{\"bpm\": 180, \"offset\": 0.2, \"beats\": \(beats)}", clicks: steady).isEmpty)
    }
}
