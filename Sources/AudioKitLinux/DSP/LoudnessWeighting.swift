import Foundation

/// The K-weighting of ITU-R BS.1770 (the frequency weighting of loudness meters, LUFS): a high shelf of +4 dB above
/// about 1.5 kHz (the head's effect) and a high-pass at 38 Hz (the revised low-frequency B-curve, RLB), so that a
/// level follows how loud a sound is heard rather than its raw amplitude.
///
/// Method: ITU-R BS.1770-4 (2015), Annex 1, §2, whose two biquads are given for 48 kHz. For any rate they are made
/// from the analogue prototypes that reproduce those coefficients (shelf 1681.97 Hz, +4.0 dB, Q 0.7072; high-pass
/// 38.14 Hz, Q 0.5003) by the bilinear transform with K = tan(π f₀ / fs), as libebur128 does for any rate (its
/// `ebur128_init_filter`; method read, not copied); the high-pass keeps the standard's unnormalised numerator 1, −2, 1.
public struct LoudnessWeighting: Sendable {
    private var shelf: Biquad
    private var highPass: Biquad

    /// The weighting for audio at `sampleRate` Hz.
    public init(sampleRate: Double) {
        var k = tan(Double.pi * min(1681.974450955533, 0.45 * sampleRate) / sampleRate)
        var q = 0.7071752369554196
        let vh = pow(10, 3.999843853973347 / 20), vb = pow(vh, 0.4996667741545416)
        var a0 = 1 + k / q + k * k
        shelf = Biquad(
            b: ((vh + vb * k / q + k * k) / a0, 2 * (k * k - vh) / a0, (vh - vb * k / q + k * k) / a0),
            a: (1, 2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0))
        k = tan(Double.pi * 38.13547087602444 / sampleRate)
        q = 0.5003270373238773
        a0 = 1 + k / q + k * k
        highPass = Biquad(b: (1, -2, 1), a: (1, 2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0))
    }

    /// Weights one sample.
    @inline(__always)
    public mutating func process(_ x: Float) -> Float { highPass.process(shelf.process(x)) }

    /// The weighting's gain at `frequency` Hz, in dB.
    public func gainDecibels(at frequency: Double, sampleRate: Double) -> Double {
        shelf.gainDecibels(at: frequency, sampleRate: sampleRate) + highPass.gainDecibels(at: frequency, sampleRate: sampleRate)
    }
}
