import Foundation
import Testing

@testable import AudioKitLinux

/// A chart's grid at the wrong octave where the onsets on and between its beats cannot tell: a song faster than 210 BPM
/// written at half its tempo (doubling was bounded at 210, so Goin' Under at 105 said nothing), and a song with loud
/// eighths written at double its tempo (every other beat of the grid has an onset of its own). The track's own tempo
/// reading and the hits on the grid's lines say it (`ChartOctaveEvidence`).
@Suite("A chart's grid at the wrong octave, said by the track's reading and the hits")
struct ChartOctaveByReadingTests {
    /// A reading of `bpm`, its half and double scoring `half` and `double`.
    static func reading(_ bpm: Double, half: Double = 0.5, double: Double = 0.5) -> TempoEstimate {
        TempoEstimate(
            bpm: bpm, confidence: 1, lagBPM: bpm, half: .init(bpm: bpm / 2, score: half), double: .init(bpm: bpm * 2, score: double),
            beats: [], periodicity: 0.8, prominence: 0.5, onBeat: 0.5)
    }

    /// Onset evidence that says nothing (`TempoOctave.onsetVerdict` nil) at `bpm`: middles at `ratio` in `share` of 100 gaps.
    static func onsets(bpm: Double, ratio: Double = 0.3, share: Double = 0.1) -> TempoOctave {
        TempoOctave(midpointRatio: ratio, midpointShare: share, alternationRatio: 0.9, gaps: 100, bpm: bpm, strongerFirst: 0)
    }

    /// Times on a grid at `bpm` from 1 s: `beats` beats, each followed by a hit on its 1/2 line where `halves` says and
    /// on its 1/4 and 3/4 lines where `quarters` says.
    static func hits(bpm: Double, beats: Int, halves: Bool, quarters: Bool) -> [Double] {
        let beat = 60 / bpm
        return (0..<beats).flatMap { k -> [Double] in
            let t = 1 + Double(k) * beat
            return [t] + (halves ? [t + beat / 2] : []) + (quarters ? [t + beat / 4, t + 3 * beat / 4] : [])
        }.sorted()
    }

    @Test func theHitsOnEachLineAreCounted() throws {
        let tempo = TempoMap(offset: 1, bpm: 110)
        let e = try #require(
            ChartOctaveEvidence(
                times: Self.hits(bpm: 110, beats: 40, halves: true, quarters: true), tempo: tempo, reading: Self.reading(220)))
        #expect((e.beats, e.halves, e.quarters) == (40, 40, 80))
        #expect(e.halfShare == 1 && e.quarterShare == 1)
        #expect(e.gridScore == 0.5)  // 110 is the reading's half
        // A grid of several sections, or no reading: no evidence.
        #expect(ChartOctaveEvidence(times: [1, 2], tempo: TempoMap(offset: 1, bpm: 110), reading: nil) == nil)
    }

    @Test func flatHitsUnderAReadingOfTwiceTheGridAreHalf() throws {
        let tempo = TempoMap(offset: 1, bpm: 110)
        let flat = Self.hits(bpm: 110, beats: 40, halves: true, quarters: true)
        let e = try #require(ChartOctaveEvidence(times: flat, tempo: tempo, reading: Self.reading(220)))
        #expect(e.verdict(bpm: 110, onsets: Self.onsets(bpm: 110)) == .half)
        // The same hits under a reading of the grid's own tempo, or of 3/2 of it: nothing.
        let own = try #require(ChartOctaveEvidence(times: flat, tempo: tempo, reading: Self.reading(110)))
        #expect(own.verdict(bpm: 110, onsets: Self.onsets(bpm: 110)) == nil)
        let other = try #require(ChartOctaveEvidence(times: flat, tempo: tempo, reading: Self.reading(165)))
        #expect(other.verdict(bpm: 110, onsets: Self.onsets(bpm: 110)) == nil)
        // Hits on the beats and 1/2 lines only (no 1/4) need the onsets between the beats to nearly say half.
        let plain = try #require(
            ChartOctaveEvidence(
                times: Self.hits(bpm: 110, beats: 40, halves: true, quarters: false), tempo: tempo, reading: Self.reading(220)))
        #expect(plain.verdict(bpm: 110, onsets: Self.onsets(bpm: 110)) == nil)
        #expect(plain.verdict(bpm: 110, onsets: Self.onsets(bpm: 110, ratio: 1.0, share: 0.7)) == .half)
    }

    @Test func emptyHalfLinesUnderAClearReadingOfHalfTheGridAreDouble() throws {
        let tempo = TempoMap(offset: 1, bpm: 240)
        let beatsOnly = Self.hits(bpm: 240, beats: 64, halves: false, quarters: false)
        let e = try #require(ChartOctaveEvidence(times: beatsOnly, tempo: tempo, reading: Self.reading(120, double: 0.5)))
        #expect(e.verdict(bpm: 240, onsets: Self.onsets(bpm: 240)) == .double)
        // A reading that scores the grid's tempo nearly as well is no evidence; nor are fewer than 32 hits on beats.
        let close = try #require(ChartOctaveEvidence(times: beatsOnly, tempo: tempo, reading: Self.reading(120, double: 0.8)))
        #expect(close.verdict(bpm: 240, onsets: Self.onsets(bpm: 240)) == nil)
        let few = try #require(
            ChartOctaveEvidence(
                times: Self.hits(bpm: 240, beats: 20, halves: false, quarters: false), tempo: tempo, reading: Self.reading(120)))
        #expect(few.verdict(bpm: 240, onsets: Self.onsets(bpm: 240)) == nil)
        // Half lines used as a chart at its song's tempo uses them: nothing.
        let used = try #require(
            ChartOctaveEvidence(
                times: Self.hits(bpm: 240, beats: 64, halves: true, quarters: false), tempo: tempo, reading: Self.reading(120)))
        #expect(used.verdict(bpm: 240, onsets: Self.onsets(bpm: 240)) == nil)
        // The beats kept by ÷2: those taken in turns that hold more hits (here the odd ones, counted from the first hit's:
        // every other even one is left out).
        let odd = beatsOnly.enumerated().filter { $0.offset % 4 != 2 }.map(\.element)
        let turns = try #require(ChartOctaveEvidence(times: odd, tempo: tempo, reading: Self.reading(120)))
        #expect(turns.strongerFirst == 1)
    }

    /// Goin' Under's hits (an independent parser's) on its own grid at 105 and at 420 BPM: the track reads 210.
    @Test(.enabled(if: TestPaths.chartsAvailable, TestPaths.chartsMissing), arguments: [(0.5, "half"), (2.0, "double"), (1.0, nil)])
    func goinUnderAtHalfAndDoubleItsTempo(scale: Double, verdict: String?) throws {
        let folder = TestPaths.chartsCorpus.appendingPathComponent("sm-goin-under")
        let number = { (name: String) in
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).split(separator: "\n").compactMap { Double($0) }
        }
        let hits = try number("hits.txt"), grid = try number("grid.txt")
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let map = dir.appendingPathComponent("goin.json")
        let json: [String: Any] = ["bpm": 60 / (grid[1] - grid[0]) * scale, "offset": grid[0], "beats": hits]
        try JSONSerialization.data(withJSONObject: json).write(to: map)
        let r = try run(
            TestPaths.binary("beatmap"),
            ["check", map.path, "--audio", folder.appendingPathComponent("audio.ogg").path, "--format", "json"])
        let root = try #require(JSONValue.parse(Array(r.stdout.utf8)), "\(r.stderr)")
        let octave = root["tempo_octave"]
        #expect(octave?["verdict"]?.string == verdict, "\(String(describing: octave))")
        #expect(abs((octave?["track_reading_bpm"]?.number ?? 0) - 210) < 1, "\(String(describing: octave))")
        let messages = root["diagnostics"]?.array?.compactMap { $0["message"]?.string } ?? []
        let said = messages.first { $0.contains("tempo map is at") }
        if verdict == "half" {
            #expect(said?.contains("so its beat is 210.00 BPM, not the map's 105.00") == true, "\(messages)")
        } else if verdict == "double" {
            #expect(said?.contains("so its beat is 210.00 BPM, not the map's 420.00") == true, "\(messages)")
            #expect(said?.contains("leave the grid's 1/2 lines almost empty") == true, "\(messages)")
        } else {
            #expect(said == nil, "\(messages)")
        }
    }
}
