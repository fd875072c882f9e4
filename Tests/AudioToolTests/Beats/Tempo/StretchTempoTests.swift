import AudioKitLinux
import Foundation
import Testing

/// The tempo of one stretch of a track, on two of the samples joined: world1-track-a (88 BPM, 12 s) then world1-track-b
/// (95 BPM, 8 s), the tempi their names declare (`beatmap bpm` gives 88.0 and 95.0 on each file alone).
@Suite("Tempo of a stretch")
struct StretchTempoTests {
    /// The two samples, mixed to mono, one after the other in a WAV file in `dir`; and where the second begins.
    static func joined(in dir: URL) throws -> (path: String, join: Double) {
        let root = TestPaths.packageRoot.appendingPathComponent("samples/audio")
        let a = try AudioFile.readMono(root.appendingPathComponent("world1-track-a-88bpm.flac").path)
        let b = try AudioFile.readMono(root.appendingPathComponent("world1-track-b-95bpm.flac").path)
        #expect(a.info.sampleRate == b.info.sampleRate)
        let path = dir.appendingPathComponent("joined.wav").path
        let writer = try SoundFileWriter(path: path, sampleRate: a.info.sampleRate, channels: 1)
        try writer.write(a.samples + b.samples)
        try writer.commit()
        return (path, Double(a.samples.count) / Double(a.info.sampleRate))
    }

    @Test("each song's stretch gives its own tempo, where the whole track gives the first song's")
    func twoSongsJoined() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, join) = try Self.joined(in: dir)
        #expect(abs(join - 12) < 0.01)
        let onset = try TempoEstimator.onsetStrength(path: path)
        let end = onset.time(ofFrame: Double(onset.values.count))
        let first = try #require(StretchTempo.estimate(onset, from: 0, to: join))
        let second = try #require(StretchTempo.estimate(onset, from: join, to: end))
        #expect(abs(first.bpm - 88) < 0.05, "\(first.bpm)")
        #expect(abs(second.bpm - 95) < 0.05, "\(second.bpm)")
        // The whole track's estimate is the first song's: it cannot offer the second's tempo.
        let whole = try #require(TempoEstimator.estimate(onset))
        #expect(abs(whole.bpm - 88) < 0.5, "\(whole.bpm)")
        // 5 s of the second song are enough; a stretch started a little late too.
        #expect(StretchTempo.estimate(onset, from: join + 0.3, to: join + 5.4).map { abs($0.bpm - 95) < 0.1 } == true)
        // Under 5 s, outside the track or not a time: no estimate.
        #expect(StretchTempo.estimate(onset, from: join, to: join + 4.5) == nil)
        #expect(StretchTempo.estimate(onset, from: end + 1, to: end + 20) == nil)
        #expect(StretchTempo.estimate(onset, from: .nan, to: 10) == nil)
        #expect(StretchTempo.estimate(onset, from: 3, to: .infinity) == nil)
    }

    @Test("a stretch's tempo read 0.8 % off comes back to the song's: the fold searches ±1.5 % around it")
    func aSeedOffByMoreThanASongsSearch() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, join) = try Self.joined(in: dir)
        let onset = try TempoEstimator.onsetStrength(path: path)
        let frames = Int(onset.frame(ofTime: join).rounded(.up))..<onset.values.count
        // A seed 0.8 % under the second song's 95 BPM (as 20 s of a 125 BPM song read 124): the song's own search
        // (±0.4 %) cannot reach 95; the stretch's does.
        let seed = 95 * 0.992
        let narrow = GridRefine.refine(onset, frames: frames, seed: seed)
        let wide = GridRefine.refine(onset, frames: frames, seed: seed, width: StretchTempo.searchWidth)
        #expect(abs(narrow.bpm - 95) > 0.3, "\(narrow.bpm)")
        #expect(abs(wide.bpm - 95) < 0.05, "\(wide.bpm)")
    }
}
