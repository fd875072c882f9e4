import AudioKitLinux
import Foundation
import Testing

@Suite("K-weighting and the loudness envelope")
struct LoudnessWeightingTests {
    /// The gain in dB at `f` Hz of a biquad given by its coefficients, computed here from the transfer function.
    static func gain(_ b: [Double], _ a: [Double], at f: Double, rate: Double) -> Double {
        let w = 2 * Double.pi * f / rate
        func magnitude(_ c: [Double]) -> Double {
            let re = c[0] + c[1] * cos(w) + c[2] * cos(2 * w), im = -(c[1] * sin(w) + c[2] * sin(2 * w))
            return (re * re + im * im).squareRoot()
        }
        return 20 * log10(magnitude(b) / magnitude(a))
    }

    @Test("at 48 kHz the weighting is ITU-R BS.1770's two filters, within 0.02 dB from 20 Hz to 20 kHz")
    func matchesTheStandardsCoefficients() {
        // ITU-R BS.1770-4, Annex 1, Tables 1 and 2 (the pre-filter and the RLB high-pass at 48 kHz).
        let shelfB = [1.53512485958697, -2.69169618940638, 1.19839281085285], shelfA = [1.0, -1.69065929318241, 0.73248077421585]
        let passB = [1.0, -2.0, 1.0], passA = [1.0, -1.99004745483398, 0.99007225036621]
        let weighting = LoudnessWeighting(sampleRate: 48_000)
        for f in [20.0, 38, 60, 100, 500, 997, 1500, 3000, 8000, 16_000, 20_000] {
            let standard = Self.gain(shelfB, shelfA, at: f, rate: 48_000) + Self.gain(passB, passA, at: f, rate: 48_000)
            let ours = weighting.gainDecibels(at: f, sampleRate: 48_000)
            #expect(abs(ours - standard) < 0.02, "\(f) Hz: ours \(ours) dB, BS.1770 \(standard) dB")
        }
    }

    @Test("at 44.1 kHz: +0.69 dB at 997 Hz (the −0.691 of the LKFS formula), about +4 dB at 10 kHz, below −10 dB at 20 Hz")
    func keyFiguresAtAnotherRate() {
        let weighting = LoudnessWeighting(sampleRate: 44_100)
        #expect(abs(weighting.gainDecibels(at: 997, sampleRate: 44_100) - 0.691) < 0.05)
        #expect(abs(weighting.gainDecibels(at: 10_000, sampleRate: 44_100) - 4.0) < 0.3)
        #expect(weighting.gainDecibels(at: 20, sampleRate: 44_100) < -10)
    }

    @Test("a high shelf's gain is 0 dB far below its frequency and its gain far above")
    func highShelf() {
        let shelf = Biquad.highShelf(frequency: 1000, sampleRate: 48_000, gainDecibels: 6)
        #expect(abs(shelf.gainDecibels(at: 20, sampleRate: 48_000)) < 0.05)
        #expect(abs(shelf.gainDecibels(at: 20_000, sampleRate: 48_000) - 6) < 0.1)
        #expect(abs(shelf.gainDecibels(at: 1000, sampleRate: 48_000) - 3) < 0.1)
    }

    @Test("the loudness envelope of equal sines puts 30 Hz at least 8 dB under 3 kHz; the amplitude envelope within 0.5 dB")
    func loudnessEnvelopeWeighsFrequencies() {
        let rate = HapticSignals.rate
        func sine(_ hz: Double) -> [Float] { (0..<rate).map { Float(0.5 * sin(2 * .pi * hz * Double($0) / Double(rate))) } }
        func level(_ samples: [Float], _ weighting: EnvelopeWeighting) -> Double {
            let envelope = SoundFeatures(mono: samples, sampleRate: rate, weighting: weighting).envelope
            return 20 * log10(Double(envelope[500..<900].reduce(0, +)) / 400)
        }
        let low = sine(30), high = sine(3000)
        #expect(abs(level(low, .amplitude) - level(high, .amplitude)) < 0.5)
        #expect(level(high, .loudness) - level(low, .loudness) > 8)
    }
}
