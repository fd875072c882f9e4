import Foundation
import Testing

@testable import AudioKitLinux

/// Rule 2 (`OnItsOnset`) on the hand-built judging of `HitJudgingTests`: a hit on a clear onset is matched to it and
/// decided there, checked only for leaving its figure; a lone hit off the grid of a snapped chart is not, sound or not.
@Suite("Rule: on its onset")
struct OnItsOnsetTests {
    static let halfBeats = HitJudgingTests.halfBeats
    static func time(_ beat: Double) -> Double { HitJudgingTests.time(beat) }

    @Test("a hit on its line and a clear onset is matched to the onset and decided, not flagged; clearOnset decides")
    func onItsOnset() {
        let hits = Self.halfBeats.map(Self.time)
        let c = HitJudgingTests.judging(hits, onsets: hits)
        var hit = HitUnderJudgement(21, in: c)
        #expect(OnItsOnset.decide(&hit, in: c))
        #expect(!hit.judgement.flagged && hit.judgement.match.map { abs($0.time - hits[21]) < 1e-9 } == true)
        // An onset must be at least `clearOnset` strong to decide: with the bar above the track's typical peak, the hit is
        // matched but passed on.
        var strict = BeatCheckTuning.standard
        strict.clearOnset = 2
        let weak = HitJudgingTests.judging(hits, onsets: hits, tuning: strict)
        var passed = HitUnderJudgement(21, in: weak)
        #expect(!OnItsOnset.decide(&passed, in: weak) && passed.judgement.match != nil)
    }

    /// The off-beat at 10.5 moved 90 ms early onto a sound of its own, 3.75 ms from the nearest 1/16 line: a chart
    /// snapped to the microsecond does not put a hit there, sound or not. The pipeline flags it as unsnapped with the
    /// line it left (free, its onset still sounding); the same hit on that sound but on a line is the onset's.
    @Test("a lone hit off the grid of a snapped chart is unsnapped even on a clear onset, and goes back to its line")
    func offTheGridOnASound() {
        var hits = Self.halfBeats.map(Self.time)
        let k = 21
        hits[k] = Self.time(10.5) - 0.090
        let c = HitJudgingTests.judging(hits, onsets: Self.halfBeats.map(Self.time) + [hits[k]])
        let j = HitRules.judge(k, in: c)
        #expect(j.flagged && j.offGrid.map { abs($0 - 0.00375) < 1e-6 } == true, "\(j)")
        #expect(j.suggestion.map { abs($0 - Self.time(10.5)) < 1e-9 } == true, "\(j)")
        #expect(hits.indices.filter { $0 != k }.allSatisfy { !HitRules.judge($0, in: c).flagged })
    }
}
