import AudioKitLinux
import Foundation
import Testing

@Suite("Kinds of game sound (--preset auto)")
struct SoundClassifierTests {
    static let rate = HapticSignals.rate

    static func kind(_ samples: [Float]) -> (SoundKind, SoundDescriptors) {
        SoundClassifier.classify(SoundFeatures(mono: samples, sampleRate: rate))
    }

    /// A harmonic tone (120 Hz and its first 8 harmonics) in `seconds`, sounding in the spans given.
    static func tone(spans: [(Double, Double)], seconds: Double) -> [Float] {
        var samples = [Float](repeating: 0, count: Int(seconds * Double(rate)))
        for (from, to) in spans {
            let a = Int(from * Double(rate)), b = min(samples.count, Int(to * Double(rate)))
            for i in a..<b {
                let t = Double(i) / Double(rate)
                let edge: Double = min(1, min(t - from, to - t) / 0.02)
                var sum = 0.0
                for h in 1...8 { sum += 0.2 / Double(h) * sin(2 * Double.pi * 120 * Double(h) * t) }
                samples[i] = Float(edge * sum)
            }
        }
        return samples
    }

    @Test("clicks on a 120 BPM beat for 8 s are music")
    func beatIsMusic() {
        let (kind, d) = Self.kind(HapticSignals.clicks(at: stride(from: 0.1, to: 8, by: 0.5).map { $0 }, seconds: 8))
        #expect(kind == .music, "\(d)")
        #expect(d.periodicity > 0.5, "\(d)")
    }

    @Test("8 s of steady noise is a loop")
    func steadyNoiseIsALoop() {
        var random = SplitMix(seed: 11)
        let (kind, d) = Self.kind((0..<(8 * Self.rate)).map { _ in Float(0.3 * (random.uniform() * 2 - 1)) })
        #expect(kind == .loop, "\(d)")
        #expect(d.sustain > 0.95 && d.flatness > 0.3, "\(d)")
    }

    @Test("a short decaying noise burst is an impact; a short steady beep is ui")
    func shortSounds() {
        let hit = Self.kind(HapticSignals.noiseHit(at: 0.05, seconds: 0.4, decay: 0.05))
        #expect(hit.0 == .impact, "\(hit.1)")
        let beep = Self.kind(Self.tone(spans: [(0.02, 0.3)], seconds: 0.35))
        #expect(beep.0 == .ui, "\(beep.1)")
    }

    @Test("clicks at random times have no beat (periodicity under 0.15); the same number on a beat have one over 0.5")
    func periodicityTellsABeat() {
        var random = SplitMix(seed: 5)
        var times: [Double] = []
        var t = 0.1
        while t < 9.5 {
            times.append(t)
            t += 0.1 - 0.3 * log(max(1e-9, random.uniform()))  // exponential gaps: a Poisson process
        }
        let (_, scattered) = Self.kind(HapticSignals.clicks(at: times, seconds: 10))
        #expect(scattered.periodicity < 0.15, "\(times.count) clicks: \(scattered)")
        let step = 9.4 / Double(times.count)
        let (_, steady) = Self.kind(HapticSignals.clicks(at: times.indices.map { 0.1 + Double($0) * step }, seconds: 10))
        #expect(steady.periodicity > 0.5, "\(steady)")
    }

    @Test("the rules read the descriptors as documented")
    func rules() {
        let base = SoundDescriptors(
            soundingDuration: 0.3, sustain: 0.6, onsetRate: 3, centroid: 1000, flatness: 0.005, lowEnergyShare: -1, periodicity: 0)
        var d = base
        #expect(SoundClassifier.kind(of: d) == .ui)
        d.flatness = 0.05
        #expect(SoundClassifier.kind(of: d) == .impact)
        d = base
        d.sustain = 0.2
        #expect(SoundClassifier.kind(of: d) == .impact)
        d = base
        d.soundingDuration = 2
        d.sustain = 0.8
        #expect(SoundClassifier.kind(of: d) == .loop)
        d.soundingDuration = 10
        d.periodicity = 0.3
        #expect(SoundClassifier.kind(of: d) == .music)
        d.periodicity = 0.1
        d.lowEnergyShare = 0.35
        #expect(SoundClassifier.kind(of: d) == .voice)
        d.flatness = 0.2
        #expect(SoundClassifier.kind(of: d) == .loop)
    }

}

@Suite(
    "Kinds of game sound on the corpus",
    .enabled(if: TestPaths.beatsAvailable, "../shared/corpus/beats is absent: the speech and music clips are not checked"))
struct SoundClassifierCorpusTests {
    @Test("the corpus's three LibriSpeech clips are voices; of its GTZAN music, none is a voice and at least 80 % music")
    func corpus() throws {
        let root = TestPaths.beatsCorpus.path
        for name in ["198-209-0000.ogg", "3436-172162-0000.ogg", "5703-47212-0000.ogg"] {
            let kind = SoundClassifier.classify(try SoundFeatures.analyze(path: "\(root)/unannotated/\(name)")).kind
            #expect(kind == .voice, "\(name): \(kind)")
        }
        let music = try FileManager.default.contentsOfDirectory(atPath: "\(root)/audio").filter { $0.hasPrefix("gtzan_") }.sorted()
        #expect(music.count >= 20)
        let kinds = try music.map { SoundClassifier.classify(try SoundFeatures.analyze(path: "\(root)/audio/\($0)")).kind }
        #expect(!kinds.contains(.voice), "\(zip(music, kinds).filter { $0.1 == .voice })")
        #expect(kinds.filter { $0 == .music }.count * 10 >= kinds.count * 8, "\(zip(music, kinds).filter { $0.1 != .music })")
    }
}
