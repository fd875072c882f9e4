import AudioKitLinux
import Foundation
import Testing

/// `beatmap draft` on songs made here, whose every drum hit is known exactly: a kick on each beat, a hat on each
/// off-beat (the eighth between beats), and nothing else.
@Suite("chart drafts")
struct ChartDraftTests {
    static let rate = 22_050

    /// A song at `bpm` from `start` for `beats` beats: kicks (a 60 Hz thump and a 1.2 kHz beater click: low and mid bands, nothing high) on the beats, hats (8 ms
    /// of high noise) on the off-beats; the kicks' and hats' times.
    struct Song {
        let path: String
        let kicks: [Double]
        let hats: [Double]
    }

    static func song(bpm: Double, start: Double, beats: Int, in dir: URL, name: String) throws -> Song {
        var g = SplitMix(seed: 11)
        let period = 60 / bpm
        let seconds = start + Double(beats) * period + 1
        var x = [Float](repeating: 0, count: Int(seconds * Double(rate)))
        let kicks = (0..<beats).map { start + Double($0) * period }
        let hats = kicks.map { $0 + period / 2 }
        for t in kicks {
            let s = Int((t * Double(rate)).rounded())
            for i in 0..<Int(0.15 * Double(rate)) where s + i < x.count {
                let u = Double(i) / Double(rate)
                x[s + i] += Float(
                    0.8 * sin(2 * Double.pi * 60 * u) * exp(-u / 0.05) + 0.4 * sin(2 * Double.pi * 1200 * u) * exp(-u / 0.004))
            }
        }
        var previous = 0.0
        for t in hats {
            let s = Int((t * Double(rate)).rounded())
            for i in 0..<Int(0.008 * Double(rate)) where s + i < x.count {
                // First difference of noise: most of its energy is high.
                let n = g.normal()
                x[s + i] += Float(0.25 * (n - previous) * exp(-Double(i) / (0.003 * Double(rate))))
                previous = n
            }
        }
        let path = dir.appendingPathComponent("\(name).wav").path
        try AudioFile.write(x, to: path, sampleRate: rate, channels: 1)
        return Song(path: path, kicks: kicks, hats: hats)
    }

    /// True when every time of `a` is within `tolerance` of a time of `b` and the counts are equal.
    static func same(_ a: [Double], _ b: [Double], within tolerance: Double = 0.002) -> Bool {
        a.count == b.count && zip(a.sorted(), b.sorted()).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test("the fitted tempo map is the song's: 128 BPM, its lines on every kick and hat within 3 ms")
    func fittedTempoMap() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try Self.song(bpm: 128, start: 0.731, beats: 64, in: dir, name: "fit")
        let onset = try DraftAnalysis.onset(path: s.path)
        let tempo = try #require(DraftAnalysis.fittedTempoMap(onset))
        #expect(tempo.sections.count == 1)
        #expect(abs(tempo.sections[0].bpm - 128) < 0.02)
        for t in s.kicks + s.hats {
            #expect(abs(tempo.nearestLine(to: t, level: 2).time - t) < 0.003, "a drum hit at \(t) s is off the fitted grid")
        }
    }

    @Test("on the song's tempo map: as many hits as drums puts one on each; as many as kicks puts them on the kicks")
    func choosesTheDrums() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try Self.song(bpm: 120, start: 1.0, beats: 48, in: dir, name: "drums")
        let onset = try DraftAnalysis.onset(path: s.path)
        let drafter = ChartDrafter(onset: onset, tempoMap: TempoMap(offset: 1.0, bpm: 120), style: .standard)
        let range = (start: 0.9, end: s.hats.last! + 0.1)
        let all = try drafter.draft(
            levels: [.init(name: "Hard", count: s.kicks.count + s.hats.count)], from: range.start, to: range.end, minGap: 0.06)
        #expect(Self.same(all[0].times, s.kicks + s.hats))
        let kicks = try drafter.draft(levels: [.init(name: "Easy", count: s.kicks.count)], from: range.start, to: range.end, minGap: 0.06)
        #expect(Self.same(kicks[0].times, s.kicks))
        // Positions are the lines' beats: beat 0 at 1.0 s, the hats on the halves.
        #expect(all[0].beats.allSatisfy { abs($0 * 2 - ($0 * 2).rounded()) < 1e-9 })
    }

    @Test("easier levels are subsets of harder ones and keep the beats; each has its exact count")
    func levelsAreSubsets() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try Self.song(bpm: 120, start: 1.0, beats: 32, in: dir, name: "levels")
        let onset = try DraftAnalysis.onset(path: s.path)
        let drafter = ChartDrafter(onset: onset, tempoMap: TempoMap(offset: 1.0, bpm: 120), style: .standard)
        let drafts = try drafter.draft(
            levels: [.init(name: "Easy", count: 16), .init(name: "Hard", count: 64), .init(name: "Medium", count: 32)], from: 0.9,
            to: 17.1, minGap: 0.06)
        // In the order asked for.
        #expect(drafts.map(\.name) == ["Easy", "Hard", "Medium"])
        #expect(drafts.map(\.times.count) == [16, 64, 32])
        #expect(Set(drafts[0].times).isSubset(of: Set(drafts[2].times)))
        #expect(Set(drafts[2].times).isSubset(of: Set(drafts[1].times)))
        // Medium: one hit a beat, on the kicks.
        #expect(drafts[2].times.allSatisfy { t in s.kicks.contains { abs($0 - t) < 0.002 } })
    }

    @Test("no two hits closer than the minimum gap; a count that cannot fit is refused with the way out")
    func minimumGap() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try Self.song(bpm: 120, start: 1.0, beats: 32, in: dir, name: "gap")
        let onset = try DraftAnalysis.onset(path: s.path)
        let drafter = ChartDrafter(onset: onset, tempoMap: TempoMap(offset: 1.0, bpm: 120), style: .standard)
        let d = try drafter.draft(levels: [.init(name: "Hard", count: 20)], from: 0.9, to: 17.1, minGap: 0.3)
        #expect(zip(d[0].times, d[0].times.dropFirst()).allSatisfy { $1 - $0 >= 0.3 - 1e-9 })
        #expect(throws: ChartDrafter.Failure.self) {
            try drafter.draft(levels: [.init(name: "Hard", count: 40)], from: 0.9, to: 17.1, minGap: 0.3)
        }
        let range = try drafter.draft(levels: [.init(name: "Hard", count: 8)], from: 5.0, to: 9.0, minGap: 0.06)
        #expect(range[0].times.allSatisfy { $0 >= 5.0 && $0 <= 9.0 })
    }

    @Test("a style learned from a chart of the hats alone drafts the hats of another song, and finds the chart's offset")
    func learnsFromATeamsChart() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try Self.song(bpm: 120, start: 1.0, beats: 48, in: dir, name: "team")
        // The team's chart: every hat, 30 ms before the sound (its game's calibration), on its own tempo map.
        let chart = BeatMap(times: a.hats.map { $0 - 0.030 }, tempoMap: TempoMap(offset: 0.970, bpm: 120))
        let style = try DraftStyle.learn(from: [.init(map: chart, onset: try DraftAnalysis.onset(path: a.path), name: "team")])
        #expect(style.weight(ofLevel: 1) == 0.1)  // unused: a tenth of its built-in weight
        #expect(style.weight(ofLevel: 2) == 1)
        #expect(style.weight(ofBand: 2) > style.weight(ofBand: 0))
        #expect(abs(style.offsetMs - -30) < 5)
        #expect(style.learnedFrom == ["team"])

        let b = try Self.song(bpm: 100, start: 0.5, beats: 40, in: dir, name: "new")
        let onset = try DraftAnalysis.onset(path: b.path)
        let tempo = try #require(DraftAnalysis.fittedTempoMap(onset, style: style)).shifted(by: style.offsetMs / 1000)
        let d = try ChartDrafter(onset: onset, tempoMap: tempo, style: style).draft(
            levels: [.init(name: "Hard", count: b.hats.count)], from: 0.4, to: b.hats.last! + 0.1, minGap: 0.06)
        // The hats, moved by the learned offset.
        #expect(Self.same(d[0].times, b.hats.map { $0 + style.offsetMs / 1000 }, within: 0.004))
    }

    @Test("a saved style reads back the same; a style file with an unknown key or a weight out of range is refused")
    func styleFile() throws {
        var style = DraftStyle.standard
        style.offsetMs = -12.5
        style.density = 3.25
        style.learnedFrom = ["a.sm"]
        let again = try DraftStyle.read(Array(style.json().utf8), file: "s.json")
        #expect(again == style)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(style.json().utf8)) as? [String: Any])
        #expect((object["subdivisions"] as? [String: Double])?["1/2"] == 0.8)
        #expect(style.json().contains("\"1/2\""))  // readable: the slash is not escaped
        #expect(throws: InputError.self) {
            try DraftStyle.read(Array(#"{"subdivisions": {"1/1": 1}, "bands": {"low": 1}, "tempo": 1}"#.utf8), file: "s")
        }
        #expect(throws: InputError.self) {
            try DraftStyle.read(Array(#"{"subdivisions": {"1/1": 2}, "bands": {"low": 1}}"#.utf8), file: "s")
        }
        #expect(throws: InputError.self) {
            try DraftStyle.read(Array(#"{"subdivisions": {"1/5": 1}, "bands": {"low": 1}}"#.utf8), file: "s")
        }
        #expect(throws: InputError.self) {
            try DraftStyle.read(Array(#"{"subdivisions": {"1/1": 0}, "bands": {"low": 1}}"#.utf8), file: "s")
        }
    }

    @Test("where the music repeats, the draft repeats its rhythm: eight bars of one pattern, hits struck unevenly")
    func repeatedBarsChartedAlike() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 120 BPM from 1 s, 8 bars of 4 beats; in each bar the same 10 sixteenths sound (noise bursts), each struck
        // between 0.5 and 1.0 of full scale at random, so bar by bar a different 6 of them are the loudest.
        let pattern = [0, 2, 3, 6, 8, 10, 11, 12, 14, 15]
        var g = SplitMix(seed: 3)
        var x = [Float](repeating: 0, count: 19 * Self.rate)
        for bar in 0..<8 {
            for sixteenth in pattern {
                let t = 1.0 + Double(bar) * 2 + Double(sixteenth) * 0.125
                let gain = 0.5 + 0.5 * abs(g.normal()).truncatingRemainder(dividingBy: 1)
                let s = Int(t * Double(Self.rate))
                for i in 0..<Int(0.02 * Double(Self.rate)) {
                    x[s + i] += Float(gain * 0.5 * g.normal() * exp(-Double(i) / (0.004 * Double(Self.rate))))
                }
            }
        }
        let path = dir.appendingPathComponent("repeat.wav").path
        try AudioFile.write(x, to: path, sampleRate: Self.rate, channels: 1)
        let onset = try DraftAnalysis.onset(path: path)
        var style = DraftStyle.standard
        style.subdivisions["1/4"] = 1
        style.subdivisions["1/2"] = 1
        style.repetition = 1
        func rhythms(_ s: DraftStyle) throws -> Set<[Int]> {
            let d = try ChartDrafter(onset: onset, tempoMap: TempoMap(offset: 1.0, bpm: 120), style: s).draft(
                levels: [.init(name: "Hard", count: 48)], from: 0.9, to: 17.0, minGap: 0.06)
            let bars = Dictionary(grouping: d[0].beats) { Int(($0 / 4).rounded(.down)) }
            return Set(bars.values.map { beats in beats.map { Int((($0 * 4).rounded())) % 16 }.sorted() })
        }
        // With the bars' saliences replaced by their mean over the bars alike, every bar gets the same six sixteenths;
        // without repetition, the loudest six of each bar differ.
        #expect(try rhythms(style).count == 1)
        style.repetition = 0
        #expect(try rhythms(style).count > 1)
    }
}
