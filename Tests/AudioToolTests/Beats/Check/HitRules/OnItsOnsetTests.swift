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

    /// The off-beat at 10.5 (6.25 s) moved a quarter beat later onto the 1/4 line (6.375 s), which a chart of half beats
    /// never uses, with a clear onset 15 ms after it. While its own line (free) keeps its onset, that line sounds more
    /// than the hit's place: the hit was moved, and goes back (rule 6). With that line silent, the hit's own sound
    /// vouches for it, as for a real chart's one hit on a finer line on a strong onset.
    @Test("a lone hit on an unused subdivision is unsnapped only when its free line sounds more than its own place")
    func onAnUnusedLineBesideALouderOne() {
        var hits = Self.halfBeats.map(Self.time)
        let k = 21
        hits[k] = Self.time(10.75)
        let others = Self.halfBeats.map(Self.time).filter { abs($0 - Self.time(10.5)) > 1e-9 }
        let moved = HitJudgingTests.judging(hits, onsets: others + [Self.time(10.5), 6.39])
        let j = HitRules.judge(k, in: moved)
        #expect(j.flagged && j.unusedLevel == 4 && j.suggestion.map { abs($0 - Self.time(10.5)) < 1e-9 } == true, "\(j)")
        let placed = HitJudgingTests.judging(hits, onsets: others + [6.39])
        let p = HitRules.judge(k, in: placed)
        #expect(!p.flagged && p.suggestion == nil && p.match.map { abs($0.time - 6.39) < 0.005 } == true, "\(p)")
    }
}
