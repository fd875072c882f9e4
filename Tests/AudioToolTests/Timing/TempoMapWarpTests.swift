import AudioKitLinux
import Foundation
import Testing

/// Warps and fast spans, against times worked out by hand (120 BPM is 0.5 s a beat).
@Suite("TempoMap warps")
struct TempoMapWarpTests {
    @Test("a warp passes its beats in no time; its notes are not judged, but one on a stop's row is, and the stop pauses")
    func warpSkipsItsBeats() throws {
        let map = try #require(
            TempoMap(
                offset: 0.1, changes: [(0, 120)], stops: [TempoMap.Stop(beat: 5, seconds: 0.5)],
                warps: [TempoMap.Warp(beat: 4, length: 2)]))
        #expect(abs(map.time(ofBeat: 3) - 1.6) < 1e-12)
        #expect(abs(map.time(ofBeat: 4) - 2.1) < 1e-12)
        // Inside the warp: the warp's start, plus the stop passed before the beat (not the one on its own row).
        #expect(abs(map.time(ofBeat: 5) - 2.1) < 1e-12)
        #expect(abs(map.time(ofBeat: 5.5) - 2.6) < 1e-12)
        #expect(abs(map.time(ofBeat: 6) - 2.6) < 1e-12)
        #expect(abs(map.time(ofBeat: 7) - 3.1) < 1e-12)
        #expect(abs(map.beat(atTime: 2.6) - 6) < 1e-9 && abs(map.beat(atTime: 3.1) - 7) < 1e-9)
        #expect(map.judges(beat: 3.75) && !map.judges(beat: 4) && !map.judges(beat: 4.5) && map.judges(beat: 5) && map.judges(beat: 6))
        #expect(map.sections.map(\.beat) == [0, 6])
        #expect(map.warpedBeats(from: 0, to: 5) == 1 && map.warpedBeats(from: 0, to: 10) == 2)
    }

    @Test("a tempo above 10000 BPM is a span played at that tempo, its notes judged; every section stays within range")
    func fastTempoIsASpan() throws {
        let map = try #require(TempoMap(offset: 0, changes: [(0, 120), (8, 100_000_000), (9, 60)], warps: []))
        #expect(abs(map.time(ofBeat: 8) - 4) < 1e-12)
        #expect(abs(map.time(ofBeat: 8.5) - (4 + 0.5 * 60 / 1e8)) < 1e-12)
        #expect(abs(map.time(ofBeat: 9) - (4 + 60 / 1e8)) < 1e-12)
        #expect(abs(map.time(ofBeat: 10) - (5 + 60 / 1e8)) < 1e-12)
        #expect(map.judges(beat: 8.5))
        #expect(map.sections.allSatisfy { TempoMap.bpmRange.contains($0.bpm) })
        // The rest of a chart cannot pass in no time: a last tempo above the range is refused.
        #expect(TempoMap(offset: 0, changes: [(0, 120), (8, 50_000)], warps: []) == nil)
    }

    @Test("warps that overlap are one, as StepMania's engine joins them")
    func overlappingWarpsJoin() throws {
        let map = try #require(
            TempoMap(offset: 0, changes: [(0, 60)], warps: [TempoMap.Warp(beat: 6, length: 4), TempoMap.Warp(beat: 4, length: 4)]))
        #expect(map.warps == [TempoMap.Warp(beat: 4, length: 6)])
        #expect(abs(map.time(ofBeat: 10) - 4) < 1e-12 && abs(map.time(ofBeat: 11) - 5) < 1e-12)
    }
}

/// StepMania 4's warps as StepMania 5's `.sm` loader reads them (`NotesLoaderSM.cpp` `ProcessBPMs`, `ProcessStops`).
@Suite("StepMania old-style warps")
struct StepManiaOldWarpTests {
    /// A chart with a note on each of `beats` (rows of 1/4 beat, 4 measures).
    static func chart(_ timing: String, beats: [Double], ext: String = "sm") -> BeatMapReadResult {
        var rows = [String](repeating: "0000", count: 64)
        for b in beats { rows[Int(b * 4)] = "1000" }
        let text =
            "#TITLE:t;\n#MUSIC:a.ogg;\n#OFFSET:0;\n\(timing)\n#NOTES:\n dance-single:\n :\n Hard:\n 5:\n 0,0,0,0,0:\n"
            + stride(from: 0, to: 64, by: 16).map { rows[$0..<$0 + 16].joined(separator: "\n") }.joined(separator: "\n,\n") + "\n;\n"
        return BeatMapReader.read(bytes: Array(text.utf8), file: "t.\(ext)", format: .stepmania, chart: nil)
    }

    @Test("a negative tempo warps from its beat to b + (t/|negative|)(b − a), with a warning; notes inside are left out")
    func negativeTempo() throws {
        // −120 at beat 4, 120 again at beat 5: the warp runs to 5 + (120/120)(5 − 4) = 6.
        let read = Self.chart("#BPMS:0=120,4=-120,5=120;", beats: [3, 4, 5, 6, 7])
        let map = try #require(read.map)
        #expect(map.times.map { ($0 * 1e6).rounded() / 1e6 } == [1.5, 2, 2.5], "\(map.times)")
        #expect(read.diagnostics.contains { $0.severity == .warning && $0.message.contains("old-style warp") })
        #expect(read.diagnostics.contains { $0.severity == .note && $0.message.contains("2 notes lie inside warps") })
    }

    @Test("a negative stop warps s·BPM/60 beats; a tempo over 9999999 warps to the next tempo")
    func negativeStopAndFastTempo() throws {
        // −1 s at 120 BPM skips 2 beats from beat 4: beats 4 and 5 are not judged, 6 plays at 2 s.
        let stop = try #require(Self.chart("#BPMS:0=120;\n#STOPS:4=-1;", beats: [3, 4, 5, 6]).map)
        #expect(stop.times.map { ($0 * 1e6).rounded() / 1e6 } == [1.5, 2], "\(stop.times)")
        let fast = try #require(Self.chart("#BPMS:0=120,4=20000000,6=120;", beats: [3, 5, 6, 7]).map)
        #expect(fast.times.map { ($0 * 1e6).rounded() / 1e6 } == [1.5, 2, 2.5], "\(fast.times)")
        // Between 10000 and 9999999 it is a tempo: beats 5 and 6 are one and two beats at 20000 BPM (3 ms each) after beat 4.
        let quick = try #require(Self.chart("#BPMS:0=120,4=20000,6=120;", beats: [3, 5, 6, 7]).map)
        #expect(quick.times.count == 4 && abs(quick.times[1] - 2.003) < 1e-9 && abs(quick.times[3] - 2.506) < 1e-9, "\(quick.times)")
    }

    @Test("the warp lasts until its time is paid back: a stop inside pays too, and the tempo after it decides where it ends")
    func warpEndsWhereTheTimeIsPaidBack() throws {
        // −120 from 4 to 5 owes 0.5 s; the stop of 0.25 s at 4.5 pays half; 120 BPM pays the rest by beat 5.5.
        let paid = try #require(Self.chart("#BPMS:0=120,4=-120,5=120;\n#STOPS:4.5=0.25;", beats: [3, 5.25, 6]).map)
        #expect(paid.times.map { ($0 * 1e6).rounded() / 1e6 } == [1.5, 2.25], "\(paid.times)")
        // Owed 0.5 s at beat 5; 60 BPM pays 0.2 s by 5.2, then 240 BPM the other 0.3 s by beat 6.4, at 240 BPM after.
        let changed = try #require(Self.chart("#BPMS:0=120,4=-120,5=60,5.2=240;", beats: [3, 6.25, 7]).map)
        #expect(changed.times.map { ($0 * 1e6).rounded() / 1e6 } == [1.5, 2.15], "\(changed.times)")
        // A stop before beat 0 moves beat 0 later, as StepMania folds it into the offset.
        let early = try #require(Self.chart("#BPMS:0=120;\n#STOPS:-1=0.5;", beats: [0, 1]).map)
        #expect(early.times == [0.5, 1.0], "\(early.times)")
    }

    @Test("what StepMania would ignore is refused with its place: a negative tempo in .ssc, #WARPS in .sm, a trailing negative tempo")
    func refusals() {
        for (timing, ext, words) in [
            ("#BPMS:0=120,4=-120,5=120;", "ssc", "ignores in .ssc"), ("#BPMS:0=120;\n#WARPS:4=1;", "sm", "only in .ssc"),
            ("#BPMS:0=120,4=-120;", "sm", "never ends"), ("#BPMS:0=120;\n#DELAYS:4=-1;", "sm", "ignores"),
        ] {
            let read = Self.chart(timing, beats: [0], ext: ext)
            #expect(read.map == nil && read.diagnostics.first?.message.contains(words) == true, "\(timing): \(read.diagnostics)")
        }
    }
}
