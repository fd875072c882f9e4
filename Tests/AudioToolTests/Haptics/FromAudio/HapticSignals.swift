import Foundation

/// Known test signals for the audio-to-haptics analysis, at 44.1 kHz mono.
enum HapticSignals {
    static let rate = 44_100

    /// Silence with a 2 ms white-noise click (decaying over 2 ms) at each of `times`.
    static func clicks(at times: [Double], seconds: Double, seed: UInt64 = 7) -> [Float] {
        var samples = [Float](repeating: 0, count: Int(seconds * Double(rate)))
        var random = SplitMix(seed: seed)
        for t in times {
            let start = Int((t * Double(rate)).rounded())
            for i in 0..<88 where start + i < samples.count {
                samples[start + i] = Float(random.uniform() * 2 - 1) * Float(exp(-Double(i) / 30))
            }
        }
        return samples
    }

    /// A sine of `hz` whose amplitude rises linearly from 0 to 0.8 over `seconds`.
    static func swell(hz: Double = 220, seconds: Double = 1.5) -> [Float] {
        let n = Int(seconds * Double(rate))
        return (0..<n).map { i in Float(0.8 * Double(i) / Double(n) * sin(2 * .pi * hz * Double(i) / Double(rate))) }
    }

    /// A decaying sine burst of `hz` starting at `at` seconds: a thud at 60 Hz.
    static func burst(hz: Double, at: Double = 0.1, seconds: Double = 0.6, decay: Double = 0.08) -> [Float] {
        let n = Int(seconds * Double(rate))
        let start = Int(at * Double(rate))
        return (0..<n).map { i in
            guard i >= start else { return 0 }
            let t = Double(i - start) / Double(rate)
            return Float(0.9 * exp(-t / decay) * sin(2 * .pi * hz * t))
        }
    }

    /// White noise decaying over `decay` seconds from `at`: a bright hit.
    static func noiseHit(at: Double = 0.1, seconds: Double = 0.6, decay: Double = 0.03, seed: UInt64 = 3) -> [Float] {
        var random = SplitMix(seed: seed)
        let n = Int(seconds * Double(rate))
        let start = Int(at * Double(rate))
        return (0..<n).map { i in
            guard i >= start else { return 0 }
            let t = Double(i - start) / Double(rate)
            return Float(0.9 * exp(-t / decay) * (random.uniform() * 2 - 1))
        }
    }
}
