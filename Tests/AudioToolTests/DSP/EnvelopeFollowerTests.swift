import AudioKitLinux
import Foundation
import Testing

@Suite("Envelope follower")
struct EnvelopeFollowerTests {
    @Test("the RMS is over a moving window of the last samples: a step in and out of a 4-sample window, worked by hand")
    func movingWindow() {
        // A window of 4 samples, an instant attack and release, no hold: the output is the RMS of the last four samples,
        // √(k/4) while k of them are 1. A one-pole smoother with the same settling time would give 0.83 for the first.
        var f = EnvelopeFollower(settings: .init(rmsWindow: 4, attack: 0, hold: 0, release: 0), sampleRate: 1)
        let input: [Float] = [1, 1, 1, 1, 0, 0, 0, 0]
        let expected = [0.5, 0.5.squareRoot(), 0.75.squareRoot(), 1, 0.75.squareRoot(), 0.5.squareRoot(), 0.5, 0]
        for (x, e) in zip(input, expected) {
            let level = Double(f.process(x))
            #expect(abs(level - e) < 1e-6, "\(level), expected \(e)")
        }
    }

    @Test("the follower releases by 99 % in its release time, after its hold")
    func release() {
        let rate = 48_000.0
        var f = EnvelopeFollower(settings: .studio, sampleRate: rate)
        var level: Float = 0
        // A rise to 1: the hold counts from the last sample that raised the level (in a steady sound it has run out).
        for k in 1...4800 { level = f.process(Float(k) / 4800) }
        #expect(abs(level - 1) < 1e-3)
        // Silence: the window empties within 5 samples, the level holds 1.5 ms, then falls as 0.01^(t / 0.1 s).
        var out: [Float] = []
        for _ in 0..<Int(0.3 * rate) { out.append(f.process(0)) }
        let at = { (t: Double) in Double(out[Int(t * rate)]) }
        #expect(abs(at(0.001) - 1) < 0.02)
        #expect(abs(at(0.0015 + 0.05) - 0.1) < 0.005, "\(at(0.0515))")
        #expect(abs(at(0.0015 + 0.1) - 0.01) < 0.001, "\(at(0.1015))")
    }

    @Test("over a quieter sound the follower releases towards its amplitude, as Studio's does, not towards its power")
    func releasesTowardsTheAmplitude() {
        // A one-sample window, an instant attack, no hold and a release of 1 s at 4 samples a second (coefficient
        // c = 0.01^(1/4)): after a 1 the level falls towards the 0.5 that follows as 0.5 + 0.5·cⁿ, worked by hand. A
        // detector on the mean square would give √(0.25 + 0.75·c²ⁿ): 0.507 at n = 2, not 0.55.
        var f = EnvelopeFollower(settings: .init(rmsWindow: 0, attack: 0, hold: 0, release: 1), sampleRate: 4)
        #expect(f.process(1) == 1)
        for n in 1...4 {
            let expected = 0.5 + 0.5 * pow(0.01, Double(n) / 4)
            let level = Double(f.process(0.5))
            #expect(abs(level - expected) < 1e-5, "sample \(n): \(level), expected \(expected)")
        }
        // A louder input attacks at once (attack 0), and a negative sample counts by its size.
        #expect(abs(f.process(-0.9) - 0.9) < 1e-6)
    }

    @Test("value k of the millisecond envelope is the millisecond that ends at k ms, never one before the sound")
    func millisecondTiming() {
        // 8 samples a millisecond, a follower that passes |x| through: one sample of 1 at sample 20, 2.5 ms in, lies in
        // the millisecond from 2 to 3 ms, so only the value at 3 ms shows it (at 2 ms it would come before the sound).
        let settings = EnvelopeFollower.Settings(rmsWindow: 0, attack: 0, hold: 0, release: 0)
        var envelope = MillisecondEnvelope(settings: settings, sampleRate: 8000)
        var samples = [Float](repeating: 0, count: 44)
        samples[20] = 1
        envelope.push(samples)
        // Values at 0…5 ms, and one at 5.5 ms closing the partial millisecond.
        #expect(envelope.finish() == [0, 0, 0, 1, 0, 0, 0])
        var empty = MillisecondEnvelope(settings: settings, sampleRate: 8000)
        #expect(empty.finish().isEmpty)
    }

    @Test("on Studio's clock an update is due at the first sample whose time reaches it, and the last is completed with silence")
    func studioClock() {
        // At 44.1 kHz, 1, 2 and 3 ms are 44.1, 88.2 and 132.3 samples: updates after 45, 89 and 133 samples, at those
        // samples' times (Studio exports 0.0010204081 = 45/44100 s). 100 samples of a follower that passes |x| through:
        // the third update reads the 33 samples of silence after the sound, so its level is 0, at 133/44100 s.
        let settings = EnvelopeFollower.Settings(rmsWindow: 0, attack: 0, hold: 0, release: 0)
        var envelope = MillisecondEnvelope(settings: settings, sampleRate: 44100, clock: .studio)
        var samples = [Float](repeating: 0.5, count: 100)
        samples[88] = 1
        envelope.push(samples)
        _ = envelope.finish()
        #expect(envelope.instantTimes == [0, 45, 89, 133].map { Double(Float($0) * (1 / Float(44100))) })
        #expect(envelope.instants == [0, 0.5, 1, 0])
        #expect(abs(envelope.instantTimes[1] - 0.0010204081) < 1e-9)
        // The exact clock instead closes the partial millisecond with the sound's last sample and keeps no times.
        var exact = MillisecondEnvelope(settings: settings, sampleRate: 44100)
        exact.push(samples)
        #expect(exact.finish().count == 4 && exact.instants == [0, 0.5, 1, 0.5] && exact.instantTimes.isEmpty)
    }
}

@Suite("Envelope follower against Meta Haptics Studio", .enabled(if: TestPaths.sfxAvailable, TestPaths.sfxMissing))
struct EnvelopeFollowerStudioTests {
    @Test("our envelope agrees with the amplitude Studio exported for the same sounds")
    func agreesWithStudio() throws {
        // Meta Haptics Studio's .haptic exports of the corpus sounds (../shared/corpus/sfx/meta-studio) carry its
        // follower's value at each kept breakpoint, unnormalised; an emphasis point is ducked, so those are left out, as
        // are points under 0.01. Our follower, run on the same sounds, should give the same values at the same times.
        // (The follower before this one, a one-pole mean square read a millisecond early, failed both checks below.)
        let studio = TestPaths.sfxCorpus.appendingPathComponent("meta-studio")
        let names = try FileManager.default.contentsOfDirectory(atPath: studio.path).filter { $0.hasSuffix(".haptic") }.sorted()
        #expect(names.count >= 50)
        var ratios: [Double] = []
        var tenths: [Double] = []
        var exactSounds = 0
        for name in names {
            let stem = String(name.dropLast(".haptic".count))
            guard
                let sound = ["wav", "ogg", "mp3", "flac"].map({ TestPaths.sfxCorpus.appendingPathComponent("\(stem).\($0)") })
                    .first(where: { FileManager.default.fileExists(atPath: $0.path) })
            else { continue }
            let features = try SoundFeatures.analyze(path: sound.path)
            // Studio samples its follower at each millisecond's last sample: `instants`.
            let envelope = features.instants
            #expect(envelope.count == features.envelope.count)
            var ours: [Double] = []
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: studio.appendingPathComponent(name))) as? [String: Any]
            let signals = json?["signals"] as? [String: Any]
            let continuous = signals?["continuous"] as? [String: Any]
            let points = (continuous?["envelopes"] as? [String: Any])?["amplitude"] as? [[String: Any]] ?? []
            for point in points where point["emphasis"] == nil {
                guard let time = point["time"] as? Double, let amplitude = point["amplitude"] as? Double, amplitude > 0.01 else {
                    continue
                }
                let k = Int((time * 1000).rounded())
                guard k > 0, k < envelope.count else { continue }
                ratios.append(amplitude / Double(envelope[k]))
                ours.append(amplitude / Double(envelope[k]))
            }
            // The same value to 0.1 % at four points in five: the same follower read at the same instants.
            if ours.count >= 10 && ours.filter({ abs($0 - 1) < 0.001 }).count * 5 >= ours.count * 4 { exactSounds += 1 }
            ours.sort()
            if !ours.isEmpty { tenths.append(ours[ours.count / 10]) }
        }
        ratios.sort()
        #expect(ratios.count > 1000)
        let median = ratios[ratios.count / 2]
        #expect(median > 0.96 && median < 1.02, "median ratio \(median)")
        // In most sounds, nine points in ten are within 10 % under Studio's (the old follower: 14 sounds of 52). The rest
        // are noise read at a different instant (a rain loop), a DC offset Studio removes, a decoder's delay.
        // Measured when written: 22 of the WAV sounds (the rest are other decoders, or rates Studio read otherwise). Each
        // millisecond's largest level, read instead, matched to 0.1 % in none.
        #expect(exactSounds >= 20, "\(exactSounds) sounds match Studio's values to 0.1 % at four points in five")
        let close = tenths.filter { $0 > 0.9 }.count
        #expect(close >= tenths.count - 5, "\(close) of \(tenths.count) sounds have nine points in ten within 10 %")
    }
}
