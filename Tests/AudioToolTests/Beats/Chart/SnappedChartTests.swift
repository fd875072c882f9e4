import AudioKitLinux
import Foundation
import Testing

/// A chart placed with an editor's snap sits exactly on its grid: a hit off every grid line was typed or moved, and a
/// few such hits must not bend the tempo map fitted to the others. Each answer is known by construction.
@Suite("Snapped charts")
struct SnappedChartTests {
    /// `count` groups of four 1/4-beat notes at 185 BPM with a beat of rest, from 1 s, and the 1/4-beat step.
    static func groups(_ count: Int) -> (times: [Double], step: Double) {
        let step = 60.0 / 185 / 4
        var times: [Double] = []
        for g in 0..<count {
            for j in 0..<4 { times.append(1 + Double(g * 8 + j) * step) }
        }
        return (times, step)
    }

    /// `groups(count)` with a click under every note, written in `dir`, and the clicks' onset strength.
    static func clickedGroups(_ count: Int, in dir: URL) throws -> (times: [Double], step: Double, onset: OnsetStrength) {
        let (times, step) = groups(count)
        let path = try ChartJudgementTests.clicks(times, gains: times.map { _ in 1 }, seconds: times.last! + 1, in: dir)
        return (times, step, try SpectralFlux.analyze(path: path))
    }

    /// A correct chart with off-beats, 1/4 bursts and gaps at 150 BPM, then a tempo change to 110 BPM for its last
    /// two beats, each hit on a click but the late off-beats (soft sounds). Given with its own tempo map (both sections) it passes; given as a list declaring only
    /// the first tempo, the hits after the change run off that grid together: a tempo map that does not hold there,
    /// not misplaced hits, so none is flagged as off the grid.
    @Test func aTempoChangeTheListDoesNotDeclareIsNotOffGridHitByHit() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var hits: [Double] = []
        for k in 0..<32 where (k / 4) % 4 != 3 {
            let t = 1 + Double(k) * 0.4
            hits.append(t)
            if k % 2 == 1 { hits.append(t + 0.2) }  // off-beats
            if k % 8 == 4 { hits += [t + 0.1, t + 0.3] }  // a 1/4 burst
        }
        let change = 1 + 32 * 0.4
        let beat = 60.0 / 110
        let late: [Double] = (0..<2).flatMap { k -> [Double] in [change + Double(k) * beat, change + (Double(k) + 0.5) * beat] }
        // The late off-beats are soft sounds (no click): nothing in the audio confirms them, only the tempo map places them.
        let sounds = hits + late.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        hits = (hits + late).sorted()
        let path = try ChartJudgementTests.clicks(sounds, gains: sounds.map { _ in 1 }, seconds: hits.last! + 1, in: dir)
        let onset = try SpectralFlux.analyze(path: path)
        var chart = BeatMap(times: hits)
        chart.tempoMap = TempoMap(offset: 1, changes: [(0, 150), (32, 110)])
        let own = BeatChecker.check(map: chart, onset: onset)
        #expect(own.flaggedCount == 0, "flagged \(own.beats.filter(\.flagged).map(\.time))")
        let declared = BeatChecker.check(map: BeatMap(times: hits, bpm: 150, offset: 1), onset: onset)
        #expect(
            declared.beats.filter { $0.offGrid != nil }.isEmpty, "off the grid: \(declared.beats.filter { $0.offGrid != nil }.map(\.time))")
    }

    /// 5 % of a 1/4-beat chart's hits moved 80–150 ms either way (seeded): the fitted tempo map is still one section
    /// at 185 BPM whose beat lines pass within 1 ms of the chart's, and the moved hits are the ones off it.
    @Test func misplacedHitsDoNotBendAFittedTempoMap() throws {
        let times = Self.groups(100).times
        var g = SplitMix(seed: 9)
        var moved = times
        var picked: Set<Int> = []
        while picked.count < times.count / 20 {
            let k = Int(g.uniform() * Double(times.count))
            guard !picked.contains(k) else { continue }
            picked.insert(k)
            moved[k] += (g.uniform() < 0.5 ? -1 : 1) * (0.080 + 0.070 * g.uniform())
        }
        let map = try #require(TempoMapFit.fit(moved))
        #expect(map.sections.count == 1, "\(map.sections)")
        let bpm = map.bpm(atTime: 10)
        #expect([185.0, 92.5].contains { abs(bpm - $0) < 0.01 }, "fitted \(bpm) BPM")
        // Every unmoved hit lies on a line of a 185 BPM quarter-beat: 1/4 of the fitted beat, or 1/8 of its half.
        let level = bpm < 100 ? 8 : 4
        let worst = times.indices.filter { !picked.contains($0) }.map { abs(map.nearestLine(to: times[$0], level: level).time - times[$0]) }
            .max()
        #expect((worst ?? 1) < 0.001, "an unmoved hit is \(String(describing: worst)) s off the fitted grid")
    }
}
