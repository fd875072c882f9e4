import Foundation
import Testing

@testable import AudioKitLinux

/// A triplet's notes fall on more than one triplet subdivision by where they sit in the beat: a triplet of half beats
/// puts one note on a 1/6 line and the next on a 1/3 line. A chart that plays such figures uses triplets, however its
/// figures split between the two lines; a moved hit on a triplet line of a chart with none is still a moved hit.
@Suite("Rule: triplets are one family")
struct TripletFamilyTests {
    static let tempo = TempoMap(offset: 1, bpm: 120)

    /// Half beats over 154 beats (308 hits), and at four beats, each at another place in its bar so that no figure
    /// repeats, a triplet of half beats (beat, +1/6, +1/3, +1/2): four hits on 1/6 lines and four on 1/3 lines, each
    /// fewer than 2 % of the hits, the eight together more.
    static func chart(figures: [Int]) -> [Double] {
        var beats = (0..<308).map { Double($0) / 2 }
        for b in figures { beats += [Double(b) + 1.0 / 6, Double(b) + 1.0 / 3] }
        return beats.sorted().map(tempo.time(ofBeat:))
    }

    @Test func aChartsTripletsSplitOverTwoLinesAreUsed() {
        let times = Self.chart(figures: [40, 81, 122, 143])
        let rhythm = ChartRhythm(times, tempo: Self.tempo)
        let own = { (level: Int) in rhythm.levels.filter { $0 == level }.count }
        #expect(own(6) == 4 && own(3) == 4)
        #expect(Double(own(6)) < 0.02 * Double(times.count) && Double(own(6) + own(3)) >= 0.02 * Double(times.count))
        #expect(rhythm.used == [1, 2, 3, 6], "used \(rhythm.used)")
        let triplets = times.indices.filter { rhythm.sortedLevels[$0].map { $0 % 3 == 0 } == true }
        #expect(triplets.count == 8)
        for k in triplets { #expect(!rhythm.loneOnUnusedLevel(k, limit: 0.001), "hit \(k + 1) at \(times[k]) s") }
    }

    /// One figure only: two triplet hits are under 2 % as a family too, and each is a lone hit on a line the chart does
    /// not use. A chart with no triplets and one half beat moved a sixth of a beat onto a 1/3 line: the same.
    @Test func aLoneTripletLineIsStillUnused() {
        let one = Self.chart(figures: [81])
        let rhythm = ChartRhythm(one, tempo: Self.tempo)
        #expect(rhythm.used == [1, 2], "used \(rhythm.used)")
        var moved = (0..<308).map { Self.tempo.time(ofBeat: Double($0) / 2) }
        moved[101] = Self.tempo.time(ofBeat: 50.5 - 1.0 / 6)
        let slipped = ChartRhythm(moved, tempo: Self.tempo)
        #expect(slipped.used == [1, 2] && slipped.sortedLevels[101] == 3)
        #expect(slipped.loneOnUnusedLevel(101, limit: 0.001))
    }

    /// Half beats at 120 BPM with a quarter-note triplet at three beats, each at the same place in its 8-beat phrase
    /// but with another hit left out a beat before or 2 beats after it, read on a grid at 60 BPM (÷2): there a beat
    /// spans two of the song's, so the three figures' rhythms within a beat differ, and only within half a beat (the
    /// song's beat) are they the same figure. The chart plays it three times: none of its hits is lone.
    @Test func aFigureSeenAtHalfTheTempoStillRepeats() {
        var beats = (0..<308).map { Double($0) / 2 }
        for (b, left) in [(42.0, [-1.0]), (82.0, [2.0]), (122.0, [-1.0, 2.0])] {
            beats.removeAll { $0 == b + 0.5 || left.contains($0 - b) }
            beats += [b + 1.0 / 3, b + 2.0 / 3]
        }
        let times = beats.sorted().map(Self.tempo.time(ofBeat:))
        let half = TempoMap(offset: 1, bpm: 60)
        let rhythm = ChartRhythm(times, tempo: half)
        let triplets = times.indices.filter { rhythm.sortedLevels[$0].map { $0 % 3 == 0 } == true }
        #expect(triplets.count == 6 && !rhythm.used.contains(3) && !rhythm.used.contains(6), "used \(rhythm.used)")
        for k in triplets {
            #expect(rhythm.plays(rank: k) == 1 && rhythm.playsWithinHalfABeat(rank: k) == 3, "hit \(k + 1) at \(times[k]) s")
            #expect(!rhythm.loneOnUnusedLevel(k, limit: 0.001), "hit \(k + 1) at \(times[k]) s")
        }
    }
}
