import Testing

@testable import AudioKitLinux

/// The tempo a track changes from, said at the map's octave when it is one of it: two songs at 180 and 125 BPM joined,
/// the first read at 90 by its own stretch, charted at 180. "90 → 125" beside a map at 180 read a slow-down as a speed-up.
@Suite("A track's tempo change said at the map's octave")
struct TrackTempoChangeOctaveTests {
    @Test func theTempoBeforeTheChangeIsSaidAtTheMapsOctave() throws {
        let times = stride(from: 1.0, to: 40, by: 0.5).map { $0 }
        let stretches: [(time: Double, bpm: Double)] = [(0, 90), (20, 125)]
        let change = try #require(TrackTempoChange.find(tempo: TempoMap(offset: 1, bpm: 180), times: times, stretches: stretches).first)
        #expect(change.from == 180 && change.to == 125 && change.map == 180)
        // A map at no octave of the first stretch's reading keeps the reading.
        let other = try #require(TrackTempoChange.find(tempo: TempoMap(offset: 1, bpm: 150), times: times, stretches: stretches).first)
        #expect(other.from == 90)
        #expect(TrackTempoChange.atOctave(62.5, of: 125) == 125 && TrackTempoChange.atOctave(130, of: 125) == 130)
    }
}
