import Foundation
import Testing

@testable import AudioKitLinux

/// A draft that passes its own check (`DraftSettling`), on a real song whose draft did not: Goin' Under (StepMania 5),
/// drafted at two levels, had four hits the check said were moved out of a figure the draft repeats.
@Suite("A draft that passes its own check")
struct DraftSettlingTests {
    @Test(
        "the hits its check would move are moved, once each, onto rows; the easier level stays a subset; the check then passes",
        .enabled(if: TestPaths.chartsAvailable, TestPaths.chartsMissing))
    func goinUnder() throws {
        let audio = TestPaths.chartsCorpus.appendingPathComponent("sm-goin-under/audio.ogg").path
        let onset = try DraftAnalysis.onset(path: audio)
        let tempo = try #require(DraftAnalysis.fittedTempoMap(onset))
        let span = DraftAnalysis.soundingSpan(onset)
        let drafts = try ChartDrafter(onset: onset, tempoMap: tempo, style: .standard).draft(
            levels: [.init(name: "Hard", count: 300), .init(name: "Easy", count: 120)], from: span.start, to: span.end, minGap: 0.06)
        func errors(_ d: ChartDrafter.Draft) -> [BeatEvidence] {
            BeatChecker.check(map: BeatMap(times: d.times, tempoMap: tempo, origin: .chart), onset: onset).beats.filter {
                $0.flagged && !$0.isMaybe
            }
        }
        // Not a vacuous pass: the draft as made has hits its check says to move.
        #expect(!errors(drafts[0]).isEmpty)
        let outcome = DraftSettling.settle(drafts, tempo: tempo, onset: onset)
        let (settled, moved) = (outcome.drafts, outcome.moves.count)
        #expect(moved > 0 && moved <= errors(drafts[0]).count + 4, "moved \(moved)")
        #expect(errors(settled[0]).isEmpty, "\(errors(settled[0]).map(\.time))")
        // What it says is left is what an independent check finds; each move is from a drafted hit to a settled one.
        #expect(outcome.remaining == errors(settled[0]).count)
        #expect(
            outcome.moves.allSatisfy { m in
                drafts[0].times.contains { abs($0 - m.from) < 1e-9 } && settled[0].times.contains { abs($0 - m.to) < 1e-9 }
                    && m.from != m.to
            })
        #expect(settled.map(\.name) == ["Hard", "Easy"])
        #expect(settled.map(\.times.count) == [300, 120])
        // Every hit on a 1/48 row of the map, its time the map's time of its beat; no two on one row.
        for d in settled {
            #expect(d.beats.allSatisfy { abs($0 * 48 - ($0 * 48).rounded()) < 1e-9 })
            #expect(zip(d.beats, d.times).allSatisfy { abs(tempo.time(ofBeat: $0.0) - $0.1) < 1e-9 })
            #expect(Set(d.beats.map { ($0 * 48).rounded() }).count == d.beats.count)
        }
        // The easier level is a subset of the harder, as drafted; hits not moved stay where they were.
        #expect(Set(settled[1].beats).isSubset(of: Set(settled[0].beats)))
        let kept = Set(drafts[0].beats).intersection(Set(settled[0].beats))
        #expect(kept.count == 300 - moved)
    }

    @Test("what the draft says of the moves: each from and to, the rest counted, and the errors left or none")
    func theLineSaysWhatMoved() throws {
        let moves = (0..<8).map { (from: Double($0), to: Double($0) + 0.125) }
        let line = try #require(DraftOutput.settlingLine(DraftSettling.Outcome(drafts: [], moves: moves, remaining: 1)))
        #expect(line.contains("moved 8 drafted hits") && line.contains("5.000 → 5.125 s") && !line.contains("6.000 →"))
        #expect(line.contains("and 2 more") && line.contains("still finds 1 error:"))
        let one = try #require(DraftOutput.settlingLine(DraftSettling.Outcome(drafts: [], moves: [(1, 1.5)], remaining: 0)))
        #expect(one.contains("moved 1 drafted hit ") && one.hasSuffix("now finds no error\n"))
        #expect(DraftOutput.settlingLine(DraftSettling.Outcome(drafts: [], moves: [], remaining: 0)) == nil)
    }
}
