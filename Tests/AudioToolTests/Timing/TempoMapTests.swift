import Testing

@testable import AudioKitLinux

/// The one tempo type, against times worked out by hand: a clock's tempo change, and the map as timing points.
@Suite("Tempo map")
struct TempoMapTests {
    @Test func aTempoChangeKeepsTheBeatAndDropsWhatFollows() throws {
        // 120 BPM from 1 s: beat 4 at 3 s. From 2.25 s (beat 2.5) on, 60 BPM: beat 4 at 2.25 + 1.5 = 3.75 s.
        let steady = TempoMap(offset: 1, bpm: 120)
        let changed = steady.changingTempo(to: 60, atTime: 2.25)
        #expect(changed.sections.map(\.beat) == [0, 2.5] && changed.sections.map(\.bpm) == [120, 60])
        #expect(abs(changed.time(ofBeat: 4) - 3.75) < 1e-12)
        #expect(abs(changed.beat(atTime: 2.25) - 2.5) < 1e-12)
        // A second change before the first drops it: 90 BPM from 1.5 s (beat 1).
        let again = changed.changingTempo(to: 90, atTime: 1.5)
        #expect(again.sections.map(\.bpm) == [120, 90] && again.sections.last?.beat == 1)
        // At or before the first section: its tempo replaced, beat 0 where it was.
        let first = changed.changingTempo(to: 100, atTime: 0.5)
        #expect(first.sections.count == 1 && first.sections[0].bpm == 100 && first.offset == 1 && first.time(ofBeat: 0) == 1)
    }

    @Test func theMapAsTimingPointsBuildsTheSameMap() throws {
        let map = try #require(TempoMap(timingPoints: [(0.5, 120), (4.5, 90), (10, 150)]))
        #expect(map.timingPoints.map(\.time) == [0.5, 4.5, 10] && map.timingPoints.map(\.bpm) == [120, 90, 150])
        #expect(TempoMap(timingPoints: map.timingPoints) == map)
        // 120 BPM from 0.5 s reaches beat 8 at 4.5 s; 90 BPM from there: beat 8 + 5.5·1.5 = 16.25 at 10 s, so the third
        // section starts on beat 17 (the next whole beat), at 10 s.
        #expect(map.sections.map(\.beat) == [0, 8, 17])
    }
}
