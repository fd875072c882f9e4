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
        // The change where the second loop starts (its first beat 0.25 s in), within a beat of it.
        #expect(abs((stretches.last?.time ?? 0) - 20.25) < 0.48, "\(stretches)")
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
