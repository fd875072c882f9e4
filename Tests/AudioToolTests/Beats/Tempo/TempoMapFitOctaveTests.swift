import Foundation
import Testing

@testable import AudioKitLinux

/// The octave of a fitted tempo map's sections: two songs joined, each charted in steady eighths (which any grouping
/// fits, so the audio's tempo picks the octave), 150 BPM for 30 s then 210 BPM. The whole track's one tempo (105, the
/// second song's half) sets both sections at the octave nearest it, 75 and 105; each section's own audio tempo sets
/// each right.
@Suite("Fitted tempo map: each section's octave")
struct TempoMapFitOctaveTests {
    /// Eighths at 150 BPM from 10 s to 40 s, then at 210 BPM to 70 s.
    static let hits: [Double] = {
        let first = (0..<150).map { 10 + Double($0) * 0.2 }
        let second = (0..<210).map { 40 + Double($0) * 60 / 420 }
        return first + second
    }()

    @Test("each section takes the octave of its own stretch of the audio; the whole track's tempo where it gives none")
    func eachSectionItsOwnOctave() throws {
        func bpms(_ t: TempoMap) -> [Double] { t.sections.map { ($0.bpm * 10).rounded() / 10 } }
        let whole = try #require(TempoMapFit.fit(Self.hits, audioBPM: 105))
        #expect(bpms(whole) == [75, 105], "\(whole.sections)")
        var asked: [(Double, Double)] = []
        let own = try #require(
            TempoMapFit.fit(Self.hits, audioBPM: 105) { from, to in
                asked.append((from, to))
                return from < 40 ? 150 : 210
            })
        #expect(bpms(own) == [150, 210], "\(own.sections)")
        // Asked once per section, over that section's hits.
        #expect(asked.count == 2 && abs(asked[0].0 - 10) < 1e-9 && abs(asked[1].0 - 40) < 1e-9 && abs(asked[1].1 - 69.857) < 0.001)
        // A section whose audio gives no tempo falls back to the whole track's.
        let partly = try #require(TempoMapFit.fit(Self.hits, audioBPM: 105) { from, _ in from < 40 ? nil : 210 })
        #expect(bpms(partly) == [75, 210], "\(partly.sections)")
        // One tempo throughout: the whole track's tempo decides, and the stretch is not asked.
        var askedOnce = false
        let one = try #require(
            TempoMapFit.fit(Array(Self.hits.prefix(150)), audioBPM: 140) { _, _ in
                askedOnce = true
                return 75
            })
        #expect(bpms(one) == [150] && !askedOnce, "\(one.sections)")
    }
}
