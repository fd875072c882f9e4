import AudioKitLinux
import Foundation
import Testing

/// Rules 3 and 5 of `HitChecker` (`BetterPlace`): a hit with no onset moves only to a free line of a used
/// subdivision with a clear onset; on a snapped chart's line it is the author's choice (a "maybe"), and a motif the
/// chart repeats needs a far better place.
/// Each answer is known by construction (clicks under the notes, a hit moved by a known step).
@Suite("Rule: a better place")
struct BetterPlaceTests {
    /// A hit the author snapped to a grid line, with no onset, beside a free beat with a loud click: the audio alone
    /// disagrees with the chart, so the finding is a warning that offers the beat. The same hits tapped in (±4 ms, not
    /// snapped) have only the audio to go by: the finding is an error.
    @Test func aSnappedHitOnItsGridLineIsAWarningATappedOneAnError() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let beat = 60.0 / 120
        // Ten bars of a rhythm with gaps and a 1/4 pair (beats 0, 1, 1.5, 2, 2.25, 2.5, 3), each hit on a click; in bar 5
        // the off-beat at 1.5 moved onto the 1/4 line at 1.75, where nothing sounds, and beat 2 left out of the chart:
        // its click sounds, free.
        let bar = [0, 1, 1.5, 2, 2.25, 2.5, 3]
        var hits: [Double] = []
        for b in 0..<10 { hits += bar.map { 1 + (Double(b * 4) + $0) * beat } }
        let sounds = hits
        let k = 5 * bar.count + 2
        hits[k] += 0.25 * beat
        hits.remove(at: k + 1)
        let path = try ChartJudgementTests.clicks(sounds, gains: sounds.map { _ in 1 }, seconds: 22, in: dir)
        let onset = try SpectralFlux.analyze(path: path)

        let snapped = BeatChecker.check(map: BeatMap(times: hits, bpm: 120, offset: 1), onset: onset)
        #expect(snapped.beats.filter(\.flagged).map(\.index) == [k])
        #expect(snapped.beats[k].onSnappedGrid)
        #expect(abs((snapped.beats[k].suggestion ?? 0) - (1 + 22 * beat)) < 0.002, "\(snapped.beats[k])")
        let warning = snapped.diagnostics.first { $0.ruleID == BeatMapRules.misaligned }
        #expect(warning?.severity == .warning, "\(String(describing: warning))")

        var g = SplitMix(seed: 3)
        let tapped = hits.map { $0 + (g.uniform() - 0.5) * 0.008 }
        let loose = BeatChecker.check(map: BeatMap(times: tapped, bpm: 120, offset: 1), onset: onset)
        #expect(loose.beats[k].flagged && !loose.beats[k].onSnappedGrid)
        let error = loose.diagnostics.first { $0.ruleID == BeatMapRules.misaligned }
        #expect(error?.severity == .error, "\(String(describing: error))")
    }
    /// A syncopated motif played in every bar at 180 BPM: hits on beats 0, 0.75, 1.25, 2 and 3, none on beat 1, where
    /// the music has its loudest click; the two syncopated hits sit on quiet clicks. The chart repeats the motif, so
    /// neither is moved to the empty beat. A hit moved off its click to where the music is silent is still flagged.
    @Test func aRepeatedSyncopatedMotifIsNotMovedToTheEmptyBeat() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let beat = 60.0 / 180
        let motif = [0, 0.75, 1.25, 2, 3]
        var hits: [Double] = []
        var sounds: [Double] = []
        var gains: [Double] = []
        for bar in 0..<8 {
            let start = 1 + Double(bar * 4) * beat
            hits += motif.map { start + $0 * beat }
            for (b, gain) in [(0.0, 1.0), (0.75, 0.15), (1, 1.5), (1.25, 0.15), (2, 1), (3, 1)] {
                sounds.append(start + b * beat)
                gains.append(gain)
            }
        }
        let path = try ChartJudgementTests.clicks(sounds, gains: gains, seconds: hits.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        let report = BeatChecker.check(map: BeatMap(times: hits, bpm: 180, offset: 1), onset: onset)
        #expect(report.flaggedCount == 0, "flagged \(report.beats.filter(\.flagged).map(\.time))")
        var moved = hits
        let k = 5 * 5 + 4  // beat 3 of bar 5, moved 0.4 beat later, into silence
        moved[k] += 0.4 * beat
        let broken = BeatChecker.check(map: BeatMap(times: moved, bpm: 180, offset: 1), onset: onset)
        #expect(broken.beats.filter(\.flagged).map(\.time) == [moved[k]])
        #expect(abs((broken.beats[k].suggestion ?? 0) - hits[k]) < 0.020)
    }
}
