import AudioKitLinux
import Foundation
import Testing

/// Tempo changes found in the audio, on signals whose tempi are known: the samples are drum loops made at exactly
/// their named tempo with the first beat 0.25 s in (scripts/make-sample-audio.py).
@Suite("Tempo changes")
struct TempoChangesTests {
    @Test("two songs joined: 88 BPM, then 95 BPM from the second song's first beat (12.25 s)")
    func twoSongsJoined() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, join) = try StretchTempoTests.joined(in: dir)
        let stretches = TempoChanges.stretches(try TempoEstimator.onsetStrength(path: path))
        #expect(stretches.count == 2, "\(stretches)")
        guard stretches.count == 2 else { return }
        #expect(abs(stretches[0].bpm - 88) < 0.05 && abs(stretches[1].bpm - 95) < 0.05, "\(stretches)")
        // On the onset of the second song's first beat, within the onset curve's 10 ms frames.
        #expect(abs(stretches[1].time - (join + 0.25)) < 0.01, "\(stretches[1].time)")

        // The draft's tempo map follows: a section at 95 from there, and every beat of either song on a line.
        let map = try #require(DraftAnalysis.fittedTempoMap(try DraftAnalysis.onset(path: path)))
        #expect(map.sections.count == 2, "\(map.sections)")
        guard map.sections.count == 2 else { return }
        #expect(abs(map.sections[0].bpm - 88) < 0.01 && abs(map.sections[1].bpm - 95) < 0.01, "\(map.sections)")
        // …and the first song's beats up to the change on its lines.
        for k in 0..<18 {
            let beat = 0.25 + Double(k) * 60 / 88
            let onLine = map.time(ofBeat: map.beat(atTime: beat).rounded())
            #expect(abs(onLine - beat) < 0.01, "beat \(k) of the first song at \(beat) s: the nearest line is at \(onLine) s")
        }
        for k in 0..<12 {
            let beat = join + 0.25 + Double(k) * 60 / 95
            let onLine = map.time(ofBeat: map.beat(atTime: beat).rounded())
            #expect(abs(onLine - beat) < 0.01, "beat \(k) of the second song at \(beat) s: the nearest line is at \(onLine) s")
        }
    }

    @Test("a song that keeps its tempo is one stretch")
    func steady() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for bpm in [96.0, 128.0, 174.0] {
            let path = try TempoTests.drumLoop(bpm: bpm, seconds: 40, in: dir)
            let stretches = TempoChanges.stretches(try TempoEstimator.onsetStrength(path: path))
            #expect(stretches.count == 1, "\(bpm): \(stretches)")
        }
    }

    @Test("a change of under 2 % is no change")
    func smallChange() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 120 BPM for 20 s, then 121.5 BPM (1.25 % faster) for 20 s.
        let a = try AudioFile.readMono(try TempoTests.drumLoop(bpm: 120, seconds: 20, in: dir))
        let b = try AudioFile.readMono(try TempoTests.drumLoop(bpm: 121.5, seconds: 20, in: dir))
        let path = dir.appendingPathComponent("both.wav").path
        try AudioFile.write(a.samples + b.samples, to: path, sampleRate: a.info.sampleRate, channels: 1)
        #expect(TempoChanges.stretches(try TempoEstimator.onsetStrength(path: path)).count == 1)
        // …and 3 % is one.
        let c = try AudioFile.readMono(try TempoTests.drumLoop(bpm: 123.6, seconds: 20, in: dir))
        let changed = dir.appendingPathComponent("changed.wav").path
        try AudioFile.write(a.samples + c.samples, to: changed, sampleRate: a.info.sampleRate, channels: 1)
        let stretches = TempoChanges.stretches(try TempoEstimator.onsetStrength(path: changed))
        #expect(stretches.count == 2 && abs((stretches.last?.bpm ?? 0) - 123.6) < 0.1, "\(stretches)")
    }

    @Test("two songs at 180 and 125 BPM: each stretch in its own octave, not the whole song's (the first was found at 90)")
    func eachStretchInItsOwnOctave() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let stretches = try Self.stretches(ofLoopsAt: 180, then: 125, in: dir)
        #expect(stretches.count == 2, "\(stretches)")
        #expect(abs((stretches.first?.bpm ?? 0) - 180) < 0.5 && abs((stretches.last?.bpm ?? 0) - 125) < 0.5, "\(stretches)")
        // The change on the second loop's first beat (0.25 s in), within the onset curve's 10 ms frames.
        #expect(abs((stretches.last?.time ?? 0) - 20.25) < 0.015, "\(stretches)")
    }

    @Test(
        "the change on the new song's first beat: after a silence, and when either song's beat falls on the other's grid",
        arguments: [(88.0, 95.0), (125.0, 180.0), (100.0, 140.0), (96.0, 128.0), (150.0, 110.0)])
    func onTheNewSongsFirstBeat(first: Double, second: Double) throws {
        // 88 then 95 BPM: the first loop's last beat is 0.9 s before the second's first, and every line of the new grid
        // between them explains the onsets as well (the change was put a beat early, at 19.62 s). 125 then 180: the
        // first loop's last beat (19.93 s) falls 12 ms from a line of the new grid. 100 then 140, 96 then 128: the
        // slower grid's line 30 ms after the second loop's first beat caught its first eighths (a beat late).
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let stretches = try Self.stretches(ofLoopsAt: first, then: second, in: dir)
        #expect(stretches.count == 2 && abs((stretches.last?.bpm ?? 0) - second) < 0.5, "\(stretches)")
        #expect(abs((stretches.last?.time ?? 0) - 20.25) < 0.015, "\(first) then \(second): \(stretches)")
    }

    /// Mecha-Tribe Assault (180 BPM) from 0 to 20 s, then FNF's High (125 BPM) from 10 s, in the check's and the
    /// editor's onset analysis: the change on High's beat, not its off-beat (the fold's phase put it half a beat early,
    /// at 19.89 s, where `BeatPhase`'s onsets and chord changes find the off-beats).
    @Test(.enabled(if: TestPaths.chartsAvailable, TestPaths.chartsMissing))
    func twoRealSongsJoinedChangeOnTheSecondSongsBeat() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mecha = try AudioFile.readMono(TestPaths.chartsCorpus.appendingPathComponent("sm-mechatribe/audio.ogg").path)
        let high = try AudioFile.readMono(TestPaths.chartsCorpus.appendingPathComponent("fnf-high/audio.ogg").path)
        let rate = mecha.info.sampleRate
        #expect(high.info.sampleRate == rate)
        let path = dir.appendingPathComponent("joined.wav").path
        try AudioFile.write(
            Array(mecha.samples[0..<(20 * rate)] + high.samples[(10 * rate)..<(30 * rate)]), to: path, sampleRate: rate, channels: 1)
        // High's first beat after 10 s as its chart declares them (grid.txt, from its first note on), on the joined timeline.
        let grid = try String(contentsOf: TestPaths.chartsCorpus.appendingPathComponent("fnf-high/grid.txt"), encoding: .utf8)
            .split(separator: "\n").compactMap { Double($0) }
        #expect(grid.count > 2 && abs(grid[1] - grid[0] - 0.48) < 1e-6, "\(grid.prefix(2))")
        let first = try #require(grid.first.map { $0 - (($0 - 10) / 0.48).rounded(.down) * 0.48 + 10 })
        let stretches = TempoChanges.stretches(try SpectralFlux.analyze(path: path, pitchClasses: true))
        #expect(stretches.count == 2 && abs((stretches.last?.bpm ?? 0) - 125) < 0.5, "\(stretches)")
        // Within 0.15 of a beat (72 ms) of High's first beat after the join (its audible beat is some 47 ms after the
        // chart's), half a beat (240 ms) from its off-beats.
        #expect(abs((stretches.last?.time ?? 0) - first) < 0.15 * 0.48, "\(stretches), High's first beat at \(first) s")
    }

    /// The stretches of two drum loops of 20 s each, at `first` then `second` BPM, joined in a file in `dir`.
    static func stretches(ofLoopsAt first: Double, then second: Double, in dir: URL) throws -> [(time: Double, bpm: Double)] {
        let a = try AudioFile.readMono(try TempoTests.drumLoop(bpm: first, seconds: 20, in: dir))
        let b = try AudioFile.readMono(try TempoTests.drumLoop(bpm: second, seconds: 20, in: dir))
        let path = dir.appendingPathComponent("joined-\(first)-\(second).wav").path
        try AudioFile.write(a.samples + b.samples, to: path, sampleRate: a.info.sampleRate, channels: 1)
        return TempoChanges.stretches(try TempoEstimator.onsetStrength(path: path))
    }
}
