import Foundation
import Testing

@testable import AudioKitLinux

/// The hit checker's rules one at a time, on a hand-built `HitJudging`: a chart at 120 BPM from 1 s with a hit on
/// every half beat, and an onset curve with one clean peak (strength 1, the track's typical peak) under each place
/// given. No audio is decoded, so each rule's answer is known by construction, and a changed constant of the
/// `BeatCheckTuning` value the judging carries turns the rule.
@Suite("Rules on a hand-built judging")
struct HitJudgingTests {
    static let tempo = TempoMap(offset: 1, bpm: 120)
    /// Half-beat positions 0, 0.5, … 23.5.
    static let halfBeats = (0..<48).map { Double($0) / 2 }

    static func time(_ beat: Double) -> Double { tempo.time(ofBeat: beat) }

    /// The judging of `hits` (seconds) with an onset peak at each of `onsets` (seconds, on 10 ms frames).
    static func judging(
        _ hits: [Double], onsets: [Double], hitWindow: Double = 0.150, tuning: BeatCheckTuning = .standard
    ) -> HitJudging {
        let fps = 100.0
        var values = [Float](repeating: 0, count: 1500)
        for t in onsets {
            let f = Int((t * fps).rounded())
            values[f] = 1
            values[f - 1] = max(values[f - 1], 0.5)
            values[f + 1] = max(values[f + 1], 0.5)
        }
        let info = AudioFileInfo(
            path: "clicks.wav", sampleRate: 48_000, channels: 1, frames: 720_000, format: "WAV", encoding: "PCM_16", majorFormat: 0,
            subtypeFormat: 0)
        let onset = OnsetStrength(values: values, framesPerSecond: fps, latency: 0, audio: info)
        let odf = OnsetCurve(onset, delay: 0, tuning: tuning)
        return HitJudging(
            times: hits, chart: ChartRhythm(hits, tempo: tempo, tuning: tuning), odf: odf, peaks: HitChecker.Peaks(odf),
            tempo: tempo, offset: 0, tolerance: 0.050, hitWindow: hitWindow, tuning: tuning)
    }

    @Test("the curve's peaks are where the onsets were put, at the typical strength")
    func peaksAreWherePut() {
        let c = Self.judging([1, 2], onsets: [1.0, 2.5])
        #expect(c.peaks.times.count == 2 && abs(c.peaks.times[0] - 1.0) < 1e-9 && abs(c.peaks.times[1] - 2.5) < 1e-9)
        #expect(c.peaks.strengths.allSatisfy { abs($0 - 1) < 1e-6 })
    }

    /// The off-beat at beat 10.5 moved a quarter beat later (125 ms) onto a line with no sound; its own line keeps its
    /// onset and is free. `BetterPlace` offers that line; with `betterBy` beyond any evidence it offers nothing.
    @Test("BetterPlace offers the free line with the onset, and its betterBy decides")
    func betterPlace() throws {
        var hits = Self.halfBeats.map(Self.time)
        let k = 21
        hits[k] = Self.time(10.75)
        let onsets = Self.halfBeats.map(Self.time)
        for tuning in [
            BeatCheckTuning.standard,
            {
                var t = BeatCheckTuning.standard; t.betterBy = 1e9; return t
            }(),
        ] {
            let c = Self.judging(hits, onsets: onsets, tuning: tuning)
            var j = HitChecker.Judgement(level: c.chart.levels[k])
            let found = BetterPlace.apply(&j, k, own: c.evidence(at: hits[k]), lines: c.freeLines(around: hits[k]), in: c)
            if tuning.betterBy == BeatCheckTuning.standard.betterBy {
                #expect(found && j.flagged && j.suggestion.map { abs($0 - Self.time(10.5)) < 1e-9 } == true, "\(j)")
                // A lone hit on the 1/4 line a chart of half beats never uses was moved: `Unsnapped`'s, asked first.
                #expect(HitRules.judge(k, in: c).unusedLevel == 4)
            } else {
                #expect(!found && !j.flagged && j.suggestion == nil)
            }
        }
    }

    @Test("KeepsSpacing holds for a hit half a beat from each neighbour, and not within a spacing no pair can meet")
    func keepsSpacing() {
        let hits = Self.halfBeats.map(Self.time)
        #expect(KeepsSpacing.holds(21, in: Self.judging(hits, onsets: [])))
        var strict = BeatCheckTuning.standard
        strict.equalSpacingWithin = -1
        #expect(!KeepsSpacing.holds(21, in: Self.judging(hits, onsets: [], tuning: strict)))
        // The first hit has no neighbour before it.
        #expect(!KeepsSpacing.holds(0, in: Self.judging(hits, onsets: [])))
    }

    /// The off-beat at 10.5 moved 12 ms before beat 11, onto beat 11's line: the further of the two from that line was
    /// moved there, and goes back to the free line with the onset (10.5), within a hit window wide enough to reach it.
    @Test("SharesALine flags the hit moved onto another's line, with the free line; not when freeWindow is narrower")
    func sharesALine() {
        var hits = Self.halfBeats.map(Self.time)
        let k = 21
        hits[k] = Self.time(11) - 0.012
        let onsets = Self.halfBeats.map(Self.time)
        let c = Self.judging(hits, onsets: onsets, hitWindow: 0.3)
        var j = HitChecker.Judgement(level: c.chart.levels[k])
        #expect(SharesALine.apply(&j, k, in: c))
        #expect(j.flagged && j.suggestion.map { abs($0 - Self.time(10.5)) < 1e-9 } == true && j.sharesLineWith == Self.time(11), "\(j)")
        // The hit on the line is never the one moved.
        var other = HitChecker.Judgement(level: c.chart.levels[k + 1])
        #expect(!SharesALine.apply(&other, k + 1, in: c) && !other.flagged)
        var narrow = BeatCheckTuning.standard
        narrow.freeWindow = 0.005
        let apart = Self.judging(hits, onsets: onsets, hitWindow: 0.3, tuning: narrow)
        var n = HitChecker.Judgement(level: apart.chart.levels[k])
        #expect(!SharesALine.apply(&n, k, in: apart))
    }

    /// The off-beat at 10.5 moved to 0.3 ms before beat 11: it now sits about as near the line as beat 11's own hit
    /// (within the chart's `sharedLineMargin`, 0.5 ms in a chart snapped exactly), so nearness cannot tell which was moved. Only it has a free line on its outer side (10.5;
    /// beyond beat 11 the hit of 11.5 stays), so it is the one flagged. With 11.5 taken out too, either could have come
    /// from either side, and neither is flagged.
    @Test("SharesALine, when two hits are about as near one line, flags the one with a free line on its outer side only")
    func sharesALineAboutAsNear() {
        let onsets = Self.halfBeats.map(Self.time)
        var hits = Self.halfBeats.map(Self.time)
        let k = 21
        hits[k] = Self.time(11) - 0.0003
        let c = Self.judging(hits, onsets: onsets, hitWindow: 0.3)
        var moved = HitChecker.Judgement(level: c.chart.levels[k])
        #expect(SharesALine.apply(&moved, k, in: c))
        #expect(moved.suggestion.map { abs($0 - Self.time(10.5)) < 1e-9 } == true, "\(moved)")
        var placed = HitChecker.Judgement(level: c.chart.levels[k + 1])
        #expect(!SharesALine.apply(&placed, k + 1, in: c) && !placed.flagged)
        hits.remove(at: 23)  // beat 11.5
        let open = Self.judging(hits, onsets: onsets, hitWindow: 0.3)
        for i in [k, k + 1] {
            var j = HitChecker.Judgement(level: open.chart.levels[i])
            #expect(!SharesALine.apply(&j, i, in: open), "hit \(i): \(j)")
        }
    }

    /// The off-beat at 10.5 moved to 1.6 ms before beat 11, and the hit of 11.5 taken out, so both hits have a free line
    /// on their outer side. In a chart snapped exactly (StepMania's rows) a hit 1.6 ms off its line was not placed by
    /// the snap: it is the one moved, and goes back to 10.5, however near it sits. In a chart of whole milliseconds
    /// (each hit up to 0.5 ms off its line, as osu! and Quaver write them), 1.6 ms is within three times the chart's
    /// precision of the other hit's 0.5 ms: nearness cannot tell, and neither is flagged. A chart not snapped at all
    /// keeps the 3 ms margin.
    @Test("SharesALine's margin is the chart's own precision: 1.6 ms off a StepMania row is moved, in whole ms it is not")
    func sharesALineMarginFollowsPrecision() {
        let onsets = Self.halfBeats.map(Self.time)
        let k = 21
        func hits(jitter: Double) -> [Double] {
            var h = Self.halfBeats.map(Self.time).enumerated().map { $0.element + ($0.offset % 2 == 0 ? jitter : -0.8 * jitter) }
            h[k] = Self.time(11) - 0.0016
            h.remove(at: 23)  // beat 11.5
            return h
        }
        let exact = Self.judging(hits(jitter: 0), onsets: onsets, hitWindow: 0.3)
        #expect(abs(exact.chart.sharedLineMargin - 0.0005) < 1e-9)
        var moved = HitChecker.Judgement(level: exact.chart.levels[k])
        #expect(SharesALine.apply(&moved, k, in: exact) && moved.suggestion.map { abs($0 - Self.time(10.5)) < 1e-9 } == true, "\(moved)")
        var placed = HitChecker.Judgement(level: exact.chart.levels[k + 1])
        #expect(!SharesALine.apply(&placed, k + 1, in: exact))
        let wholeMs = Self.judging(hits(jitter: 0.0005), onsets: onsets, hitWindow: 0.3)
        #expect(abs(wholeMs.chart.sharedLineMargin - 0.0015) < 1e-6, "\(wholeMs.chart.sharedLineMargin)")
        for i in [k, k + 1] {
            var j = HitChecker.Judgement(level: wholeMs.chart.levels[i])
            #expect(!SharesALine.apply(&j, i, in: wholeMs), "hit \(i): \(j)")
        }
        #expect(Self.judging(hits(jitter: 0.005), onsets: onsets).chart.sharedLineMargin == BeatCheckTuning.standard.sharedLineMargin)
    }

    /// The hit of beat 10.5 moved onto beat 11's line, and the hit of beat 11.5 taken out: two free half-beat lines,
    /// each with a like onset and a rhythm the chart plays nowhere else, either side of the shared line. The nearer is
    /// offered, on whichever side the hit sits (so neither the lines' order nor a tie decides).
    @Test("between two free lines of like evidence and rhythm, SharesALine offers the nearer")
    func theNearerOfTwoLikeLines() {
        let onsets = Self.halfBeats.map(Self.time)
        for (moved, nearer) in [(-0.012, 10.5), (0.012, 11.5)] {
            var hits = Self.halfBeats.map(Self.time)
            hits.remove(at: 23)  // beat 11.5
            let k = 21
            hits[k] = Self.time(11) + moved
            let c = Self.judging(hits, onsets: onsets, hitWindow: 0.3)
            var j = HitChecker.Judgement(level: c.chart.levels[k])
            #expect(SharesALine.apply(&j, k, in: c))
            #expect(j.suggestion.map { abs($0 - Self.time(nearer)) < 1e-9 } == true, "moved by \(moved): \(j)")
        }
        // The weight itself: 1 on the hit, exp(−½) at a hit window's distance, either side.
        let c = Self.judging([1], onsets: [], hitWindow: 0.2)
        #expect(c.nearness(1, to: 1) == 1)
        #expect(abs(c.nearness(1.2, to: 1) - exp(-0.5)) < 1e-12 && abs(c.nearness(0.8, to: 1) - exp(-0.5)) < 1e-12)
    }

    /// Two hits offered the same line: the one whose own place is worse against it (the higher ratio) keeps it; the
    /// other, on a used line of a snapped chart (not unsnapped), is no longer flagged. A hit moved onto another's line
    /// (wrong wherever its neighbours are) keeps the line against any ratio.
    @Test("SharedLines gives a line to one hit: one on another's line first, then the higher ratio")
    func sharedLines() {
        let hits = Self.halfBeats.map(Self.time)
        let c = Self.judging(hits, onsets: hits)
        let line = Self.time(10.25)
        var judged = hits.indices.map { HitChecker.Judgement(level: c.chart.levels[$0]) }
        for (i, ratio) in [(20, 5.0), (21, 8.0)] {
            judged[i].flagged = true
            judged[i].suggestion = line
            judged[i].ratio = ratio
        }
        let resolved = SharedLines.resolve(judged, in: c)
        #expect(resolved[21].flagged && resolved[21].suggestion == line && resolved[21].ratio == 8)
        #expect(!resolved[20].flagged && resolved[20].suggestion == nil && resolved[20].ratio == 0)
        #expect(resolved.indices.filter { $0 != 20 && $0 != 21 }.allSatisfy { !resolved[$0].flagged })
        judged[20].sharesLineWith = hits[19]
        let surely = SharedLines.resolve(judged, in: c)
        #expect(surely[20].flagged && surely[20].suggestion == line, "\(surely[20])")
        #expect(!surely[21].flagged && surely[21].suggestion == nil, "\(surely[21])")
    }

    /// Judgements set by hand on the half-beat chart: a hit flagged only for its rhythm waits for the clearest flagged
    /// hit within a beat (the highest ratio, then the earlier), and nothing else waits: not a hit whose flagged
    /// neighbours are further than a beat or less clear, not a hit off the grid, not for a neighbour that is only a
    /// "maybe", and nothing in a list tapped in. Waiting makes the hit's evidence a "maybe".
    @Test("NeighbourFirst: a hit flagged for its rhythm waits for the clearest flagged hit within a beat, and only then")
    func neighbourFirst() {
        let hits = Self.halfBeats.map(Self.time)
        let c = Self.judging(hits, onsets: hits)
        var judged = hits.indices.map { HitChecker.Judgement(level: c.chart.levels[$0]) }
        func flag(_ i: Int, ratio: Double, _ set: (inout HitChecker.Judgement) -> Void = { $0.unusedLevel = 4 }) {
            judged[i].flagged = true
            judged[i].suggestion = hits[i] + 0.125
            judged[i].ratio = ratio
            set(&judged[i])
        }
        flag(10, ratio: 0)  // beat 5: waits for 11 (ratio 500, half a beat on), not for 15 (2.5 beats on)
        flag(11, ratio: 500)
        flag(15, ratio: 900)
        flag(20, ratio: 5)  // two like cases: the later waits for the earlier
        flag(21, ratio: 5)
        flag(30, ratio: 0) { $0.offGrid = 0.01 }  // off every line: wrong whatever its neighbours do
        flag(31, ratio: 50)
        flag(40, ratio: 0)  // its neighbour is only a "maybe" of a snapped hit
        flag(41, ratio: 50) { $0.onSnappedGrid = true }
        let out = NeighbourFirst.resolve(judged, in: c)
        let waiting = out.indices.filter { out[$0].waitsFor != nil }
        #expect(waiting == [10, 21], "\(waiting)")
        #expect(out[10].waitsFor == hits[11] && out[21].waitsFor == hits[20])
        // A list tapped in (each hit 4 or 6 ms off its line, so not snapped) has no lines its author chose: nothing waits.
        let tapped = Self.judging(hits.indices.map { hits[$0] + ($0 % 2 == 0 ? 0.004 : -0.006) }, onsets: hits)
        #expect(tapped.chart.offGridLimit == nil)
        #expect(NeighbourFirst.resolve(judged, in: tapped).allSatisfy { $0.waitsFor == nil })
        // The public evidence: a waiting hit is a "maybe", its own flags kept.
        var b = BeatEvidence(index: 10, time: hits[10], audioTime: nil, error: nil, strength: 0, flagged: true, fromGrid: false)
        b.unusedSubdivision = 4
        b.suggestion = judged[10].suggestion
        #expect(!b.isMaybe)
        b.waitsFor = hits[11]
        #expect(b.isMaybe)
    }

    /// The off-beat at 10.5 moved 35 ms late: 3.75 ms from the nearest 1/16 line, off every line of a chart snapped to
    /// the microsecond (3 ms is off). `Unsnapped` flags it, off the grid by that distance, with its free line (the onset
    /// there); a line another hit takes is not offered; and a chart of fewer hits than `snappedMinimumHits` is not
    /// judged snapped, so nothing is unsnapped.
    @Test("Unsnapped flags a lone hit off every line with its free line, never a taken one; snappedMinimumHits decides")
    func unsnapped() {
        var hits = Self.halfBeats.map(Self.time)
        let k = 21
        hits[k] = Self.time(10.5) + 0.035
        let onsets = Self.halfBeats.map(Self.time)
        let c = Self.judging(hits, onsets: onsets)
        let lines = c.freeLines(around: hits[k])
        var j = HitChecker.Judgement(level: c.chart.levels[k])
        #expect(Unsnapped.apply(&j, k, lines: lines, in: c))
        #expect(j.flagged && j.offGrid.map { abs($0 - 0.00375) < 1e-6 } == true, "\(j)")
        #expect(j.suggestion.map { abs($0 - Self.time(10.5)) < 1e-9 } == true, "\(j)")
        var other = HitChecker.Judgement(level: c.chart.levels[k])
        #expect(Unsnapped.apply(&other, k, lines: lines, taken: [Self.time(10.5)], in: c))
        #expect(other.suggestion.map { abs($0 - Self.time(10.5)) > 1e-6 } ?? true, "\(other)")
        // A hit on its line is never unsnapped.
        var placed = HitChecker.Judgement(level: c.chart.levels[k + 1])
        #expect(!Unsnapped.apply(&placed, k + 1, lines: c.freeLines(around: hits[k + 1]), in: c) && !placed.flagged)
        var loose = BeatCheckTuning.standard
        loose.snappedMinimumHits = 1000
        let coarse = Self.judging(hits, onsets: onsets, tuning: loose)
        var n = HitChecker.Judgement(level: coarse.chart.levels[k])
        #expect(!Unsnapped.apply(&n, k, lines: coarse.freeLines(around: hits[k]), in: coarse))
    }

    /// The off-beat at 10.5 moved onto the 1/4 line at 10.75, a rhythm the chart plays nowhere else; its own line has a
    /// clear onset and puts it back in the figure of every other bar. `LeftItsFigure` flags it with that line and how
    /// often the chart plays the figure; asked for a figure played a thousand times, it finds none.
    @Test("LeftItsFigure sends a hit moved out of a repeated figure back to it; figureRepeats decides")
    func leftItsFigure() {
        var hits = Self.halfBeats.map(Self.time)
        let k = 21
        hits[k] = Self.time(10.75)
        let onsets = Self.halfBeats.map(Self.time)
        let c = Self.judging(hits, onsets: onsets)
        var j = HitChecker.Judgement(level: c.chart.levels[k])
        LeftItsFigure.apply(&j, k, in: c)
        #expect(j.flagged && j.suggestion.map { abs($0 - Self.time(10.5)) < 1e-9 } == true, "\(j)")
        #expect((j.figurePlays ?? 0) >= BeatCheckTuning.standard.figureRepeats, "\(j)")
        // A hit in the chart's own figure is left alone.
        var kept = HitChecker.Judgement(level: c.chart.levels[k + 2])
        LeftItsFigure.apply(&kept, k + 2, in: c)
        #expect(!kept.flagged)
        var rare = BeatCheckTuning.standard
        rare.figureRepeats = 1000
        let strict = Self.judging(hits, onsets: onsets, tuning: rare)
        var n = HitChecker.Judgement(level: strict.chart.levels[k])
        LeftItsFigure.apply(&n, k, in: strict)
        #expect(!n.flagged)
    }
}
