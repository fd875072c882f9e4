import AudioKitLinux
import Foundation
import Testing

/// Rule 8 of `HitChecker`: a hit moved by one line of a dense chart lands beside its neighbour, on the neighbour's line
/// and onset, where no other rule sees it; the gap it left (a free line with a sound) says where it came from.
@Suite("Rule: shares a line")
struct SharesALineTests {
    /// Clicks under every note of groups of four 1/4-beat notes at 185 BPM (a beat of rest after each, silent); the
    /// second note of group 20 moved one 1/4 step and 12 ms later: 12 ms past the third note, on its line and its click.
    /// Flagged, as an error, with its own line (free, with a click) as the fix and the third note named; the third note
    /// and every other hit are left alone. The unmoved chart, and the chart with the hit moved only 12 ms (no neighbour
    /// within 25 ms), are not flagged by this rule.
    @Test func theHitFurtherFromTheSharedLineIsFlaggedWithTheLineItLeft() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (times, step, onset) = try SnappedChartTests.clickedGroups(60, in: dir)
        let k = 20 * 4 + 1
        var moved = times
        moved[k] += step + 0.012

        let clean = BeatChecker.check(map: BeatMap(times: times, bpm: 185, offset: 1), onset: onset)
        #expect(clean.flaggedCount == 0, "flagged \(clean.beats.filter(\.flagged).map(\.time))")

        let report = BeatChecker.check(map: BeatMap(times: moved, bpm: 185, offset: 1), onset: onset)
        let flagged = report.beats.filter(\.flagged)
        #expect(flagged.map(\.index) == [k], "flagged \(flagged.map { ($0.index, $0.time) })")
        let b = report.beats[k]
        #expect(abs((b.suggestion ?? 0) - times[k]) < 0.002, "fix \(String(describing: b.suggestion)) for \(times[k])")
        #expect(abs((b.sharesLineWith ?? 0) - times[k + 1]) < 1e-9 && !b.isMaybe)
        let finding = report.diagnostics.first { $0.ruleID == BeatMapRules.misaligned }
        let message = finding?.message ?? ""
        #expect(finding?.severity == .error && message.contains("same grid line"), "\(message)")

        // Moved 12 ms only: no hit within 25 ms of it, so not this rule's (it may be another's).
        var nudged = times
        nudged[k] += 0.012
        let alone = BeatChecker.check(map: BeatMap(times: nudged, bpm: 185, offset: 1), onset: onset)
        #expect(alone.beats[k].sharesLineWith == nil)
    }

    /// The same move where the moved note's own place is silent (a quiet note the onset curve does not show): no free
    /// line has an onset, and the hit is still flagged, with the free line that gives back the chart's rhythm (its own)
    /// and a message that says no onset confirms it. With that note unmoved, nothing shares a line.
    @Test func withNoOnsetAtItsPlaceTheRhythmGivesTheLine() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (times, step) = SnappedChartTests.groups(60)
        let k = 20 * 4 + 1
        let gains = times.indices.map { $0 == k ? 0.0 : 1.0 }
        let path = try ChartJudgementTests.clicks(times, gains: gains, seconds: times.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        let clean = BeatChecker.check(map: BeatMap(times: times, bpm: 185, offset: 1), onset: onset)
        #expect(clean.beats.allSatisfy { $0.sharesLineWith == nil })
        var moved = times
        moved[k] += step + 0.012
        let report = BeatChecker.check(map: BeatMap(times: moved, bpm: 185, offset: 1), onset: onset)
        let b = report.beats[k]
        #expect(b.flagged && !b.isMaybe && b.audioTime == nil)
        #expect(abs((b.suggestion ?? 0) - times[k]) < 0.002, "fix \(String(describing: b.suggestion)) for \(times[k])")
        #expect(abs((b.sharesLineWith ?? 0) - times[k + 1]) < 1e-9)
        let message =
            report.diagnostics.first { $0.ruleID == BeatMapRules.misaligned && $0.message.contains("hit \(k + 1) ") }?.message ?? ""
        #expect(message.contains("same grid line") && message.contains("no clear onset there"), "\(message)")
        #expect(report.beats.filter { $0.index != k }.allSatisfy { $0.sharesLineWith == nil })
    }
}
