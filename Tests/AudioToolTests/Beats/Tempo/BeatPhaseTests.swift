import Foundation
import Testing

@testable import AudioKitLinux

/// The beat told from the off-beat (`BeatPhase`), on made signals whose beats are known: each cue alone, and a song
/// whose eighths are all alike loud, whose chords change on its beats.
@Suite("Beat or off-beat")
struct BeatPhaseTests {
    static let fps = 100.0
    static let info = AudioFileInfo(
        path: "made.wav", sampleRate: 48_000, channels: 1, frames: 48_000 * 30, format: "WAV", encoding: "PCM_16", majorFormat: 0,
        subtypeFormat: 0)

    /// 30 s of onset strength at 120 BPM from 1 s: `beat` on every beat, `offBeat` half-way between; with `chords`,
    /// a pitch-class profile that is one chord (A, C♯, E) from each beat to the next and another (C, E, G) on the
    /// following beat, so it changes on the beats and never between them.
    static func made(beat: Float, offBeat: Float, chords: Bool) -> OnsetStrength {
        let frames = Int(30 * fps)
        var values = [Float](repeating: 0, count: frames)
        for k in 0..<58 {
            values[Int((1 + Double(k) * 0.5) * fps)] = beat
            values[Int((1.25 + Double(k) * 0.5) * fps)] = offBeat
        }
        var onset = OnsetStrength(values: values, framesPerSecond: fps, latency: 0, audio: info)
        if chords {
            onset.pitchClasses = (0..<frames).flatMap { f -> [Float] in
                let beat = Int(((Double(f) / fps - 1) / 0.5).rounded(.down))
                let notes = beat.isMultiple(of: 2) ? [0, 4, 7] : [3, 7, 10]
                return (0..<12).map { notes.contains($0) ? 1 : 0 }
            }
        }
        return onset
    }

    @Test("louder onsets on the lines: the evidence is the log of how much louder, for the grid and against it half a beat later")
    func onsetsAlone() throws {
        let onset = Self.made(beat: 1, offBeat: 0.5, chords: false)
        let onBeats = try #require(BeatPhase.evidence(onset, tempo: TempoMap(offset: 1, bpm: 120), from: 2, to: 28))
        let offBeats = try #require(BeatPhase.evidence(onset, tempo: TempoMap(offset: 1.25, bpm: 120), from: 2, to: 28))
        #expect(abs(onBeats - log(2)) < 1e-6, "\(onBeats)")
        #expect(abs(offBeats + log(2)) < 1e-6, "\(offBeats)")
    }

    @Test("eighths alike loud: the chords, which change on the beats only, name them")
    func chordsBreakATie() throws {
        let onset = Self.made(beat: 1, offBeat: 1, chords: true)
        let onBeats = try #require(BeatPhase.evidence(onset, tempo: TempoMap(offset: 1, bpm: 120), from: 2, to: 28))
        let offBeats = try #require(BeatPhase.evidence(onset, tempo: TempoMap(offset: 1.25, bpm: 120), from: 2, to: 28))
        #expect(onBeats > 1, "\(onBeats)")
        #expect(offBeats < -1, "\(offBeats)")
        // Without the chords it cannot tell: the onsets alone are even.
        let plain = Self.made(beat: 1, offBeat: 1, chords: false)
        #expect(BeatPhase.evidence(plain, tempo: TempoMap(offset: 1, bpm: 120), from: 2, to: 28).map { abs($0) < 1e-6 } == true)
        // Too few beats to tell: no evidence.
        #expect(BeatPhase.evidence(onset, tempo: TempoMap(offset: 1, bpm: 120), from: 2, to: 5) == nil)
    }

    /// A song in `dir`: 24 s at 120 BPM from 0.5 s, a click of noise on every eighth (all alike), under a triad held
    /// from each beat to the next, A major and C major in turn.
    static func eighthsAndChords(in dir: URL) throws -> String {
        let rate = 44_100
        var samples = [Float](repeating: 0, count: rate * 25)
        var noise = SystemRandomNumberGenerator()
        for k in 0..<96 {
            let start = Int((0.5 + Double(k) * 0.25) * Double(rate))
            for i in 0..<441 { samples[start + i] += Float.random(in: -0.4...0.4, using: &noise) * Float(1 - Double(i) / 441) }
        }
        let majors: [[Double]] = [[220, 277.18, 329.63], [261.63, 329.63, 392]]
        for beat in 0..<48 {
            let start = Int((0.5 + Double(beat) * 0.5) * Double(rate))
            for i in 0..<(rate / 2) {
                let t = Double(i) / Double(rate)
                let tone = majors[beat % 2].reduce(0) { $0 + sin(2 * Double.pi * $1 * t) }
                samples[start + i] += Float(0.08 * tone)
            }
        }
        let path = dir.appendingPathComponent("eighths.wav").path
        let writer = try SoundFileWriter(path: path, sampleRate: rate, channels: 1)
        try writer.write(samples)
        try writer.commit()
        return path
    }

    @Test("a song whose eighths are alike loud is drafted on the beats its chords change on, and its profile names A and C")
    func draftedOnTheChordChanges() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let onset = try DraftAnalysis.onset(path: try Self.eighthsAndChords(in: dir))
        let n = PitchClasses.count
        #expect(onset.pitchClasses.count == onset.values.count * n)
        // The loudest class in the middle of the first beat (A major: A = 0) and of the second (C major: C = 3), counting
        // from A; each triad's root, third and fifth are its three loudest.
        func loudest(at t: Double) -> [Int] {
            let f = Int(onset.frame(ofTime: t).rounded())
            return (0..<n).sorted { onset.pitchClasses[f * n + $0] > onset.pitchClasses[f * n + $1] }.prefix(3).sorted()
        }
        #expect(loudest(at: 10.6) == [0, 4, 7])
        #expect(loudest(at: 11.1) == [3, 7, 10])
        let map = try #require(DraftAnalysis.fittedTempoMap(onset))
        #expect(abs(map.bpm(atTime: 10) - 120) < 0.5, "\(map.bpm(atTime: 10))")
        // Beat lines at 0.5 + k/2 s: a whole number of beats from the first, not a half.
        let beat = map.beat(atTime: 10.5)
        #expect(abs(beat - beat.rounded()) < 0.05, "beat \(beat) at 10.5 s")
    }
}
