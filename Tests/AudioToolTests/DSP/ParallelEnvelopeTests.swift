import AudioKitLinux
import Foundation
import Testing

@Suite("Envelope followed on two cores")
struct ParallelEnvelopeTests {
    /// A sound of `seconds` at `rate`: decaying tones struck every 0.3 s over low noise, with the stretches in `silent`
    /// (seconds) exactly zero.
    private func sound(seconds: Double, rate: Double, silent: [ClosedRange<Double>] = [], seed: UInt64) -> [Float] {
        var state = seed
        func noise() -> Float {
            // A 64-bit linear congruential generator (Knuth's MMIX constants): the same sound on every run.
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Double(state >> 11) / Double(1 << 53)) - 0.5
        }
        return (0..<Int(seconds * rate)).map { i in
            let t = Double(i) / rate
            if silent.contains(where: { $0.contains(t) }) { return 0 }
            let sinceStrike = t.truncatingRemainder(dividingBy: 0.3)
            return Float(0.8 * exp(-sinceStrike * 12) * sin(2 * .pi * 440 * t)) + 0.01 * noise()
        }
    }

    /// The envelope pushed in blocks on one core, and on two, finished.
    private func both(
        _ samples: [Float], rate: Double, clock: MillisecondEnvelope.Clock, offset: Float
    ) -> (serial: MillisecondEnvelope, parallel: MillisecondEnvelope) {
        var serial = MillisecondEnvelope(sampleRate: rate, clock: clock)
        samples.withUnsafeBufferPointer { all in
            for start in stride(from: 0, to: all.count, by: 4096) {
                serial.push(UnsafeBufferPointer(rebasing: all[start..<min(all.count, start + 4096)]), offset: offset)
            }
        }
        var parallel = MillisecondEnvelope(sampleRate: rate, clock: clock)
        parallel.followInParallel(samples, offset: offset)
        _ = serial.finish()
        _ = parallel.finish()
        return (serial, parallel)
    }

    @Test(
        "the same values, instants and times to the bit as one core, on either clock, with and without an offset",
        arguments: [(44_100.0, MillisecondEnvelope.Clock.studio), (48_000, .exact), (22_050, .studio)], [Float(0), 0.003])
    func sameToTheBit(setting: (rate: Double, clock: MillisecondEnvelope.Clock), offset: Float) {
        let samples = sound(seconds: 6, rate: setting.rate, seed: 7)
        let (serial, parallel) = both(samples, rate: setting.rate, clock: setting.clock, offset: offset)
        #expect(serial.values.count > 5_900)
        #expect(parallel.values == serial.values)
        #expect(parallel.instants == serial.instants)
        #expect(parallel.instantTimes == serial.instantTimes)
    }

    @Test("silence around the middle: the halves meet at the next strike; silence to the end: they never meet")
    func silenceAtTheSplit() {
        let rate = 44_100.0
        // Silent from 2.9 to 3.4 s, across the split (3 s): the guessed half starts at 0 while the truth still decays.
        let gap = sound(seconds: 6, rate: rate, silent: [2.9...3.4], seed: 3)
        // Silent from 1.9 s to the end (4 s): the guess stays at 0 while the truth decays, not to 0 in 2 s, so they never
        // meet and the first half is followed to the end.
        let tail = sound(seconds: 4, rate: rate, silent: [1.9...4], seed: 5)
        for samples in [gap, tail] {
            let (serial, parallel) = both(samples, rate: rate, clock: .studio, offset: 0)
            #expect(parallel.values == serial.values)
            #expect(parallel.instants == serial.instants)
            #expect(parallel.instantTimes == serial.instantTimes)
        }
    }

    @Test("a sound too short to split is followed as one core follows it")
    func short() {
        let samples = sound(seconds: 0.5, rate: 44_100, seed: 11)
        let (serial, parallel) = both(samples, rate: 44_100, clock: .studio, offset: 0.01)
        #expect(parallel.values == serial.values)
        #expect(parallel.instants == serial.instants)
    }
}
