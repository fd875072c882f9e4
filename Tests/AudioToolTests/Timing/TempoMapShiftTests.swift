import Testing

@testable import AudioKitLinux

/// Moving a tempo map in time moves every beat by exactly that much, and keeps what the map holds.
@Suite("TempoMap shifted")
struct TempoMapShiftTests {
    @Test func timingPointsKeepTheirOwnTimes() throws {
        // A second timing point at 30.3 s, 40.6 beats after the first at 120 BPM: its section starts on beat 41, at the
        // time given (30.3 s), not at 10 + 41 × 0.5 = 30.5 s. Shifted by 50 ms, both starts move by 50 ms.
        let map = try #require(TempoMap(timingPoints: [(10, 120), (30.3, 140)]))
        let moved = map.shifted(by: 0.05)
        #expect(moved.sections.map(\.time) == map.sections.map { $0.time + 0.05 })
        #expect(moved.sections.map(\.beat) == map.sections.map(\.beat))
        for beat in stride(from: -2.0, through: 60, by: 0.25) {
            #expect(abs(moved.time(ofBeat: beat) - (map.time(ofBeat: beat) + 0.05)) < 1e-9, "beat \(beat)")
        }
    }

    @Test func stopsAndWarpsStayOnTheirBeats() throws {
        // 120 BPM from 0, a half-second stop on beat 4, a warp over beats 8-10.
        let base = try #require(TempoMap(offset: 0, changes: [(0, 120)], stops: [TempoMap.Stop(beat: 4, seconds: 0.5)]))
        let map = base.warped(by: [TempoMap.Warp(beat: 8, length: 2, bpm: nil)], beatsPerBar: 4)
        let moved = map.shifted(by: -0.2)
        #expect(moved.stops == map.stops && moved.warps == map.warps)
        for beat in [0.0, 4, 5, 8, 9, 10, 12] {
            #expect(abs(moved.time(ofBeat: beat) - (map.time(ofBeat: beat) - 0.2)) < 1e-9, "beat \(beat)")
        }
    }
}
