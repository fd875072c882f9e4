import Foundation

/// A second-order IIR filter section (a biquad), run in transposed direct form II.
///
/// Coefficients: Robert Bristow-Johnson, "Cookbook formulae for audio EQ biquad filter coefficients" (the W3C Audio
/// EQ Cookbook note), low-pass and high-pass, with ω₀ = 2π·f₀/fs and α = sin ω₀ / (2Q). With Q = 1/√2 each is a
/// second-order Butterworth section.
public struct Biquad: Sendable {
    private let b0, b1, b2, a1, a2: Double
    private var z1 = 0.0
    private var z2 = 0.0

    /// The Butterworth Q of a second-order section.
    public static let butterworthQ = 1 / 2.0.squareRoot()

    /// A low-pass section at `frequency` Hz for a signal sampled at `sampleRate` Hz.
    public static func lowPass(frequency: Double, sampleRate: Double, q: Double = butterworthQ) -> Biquad {
        let w = 2 * Double.pi * frequency / sampleRate, alpha = sin(w) / (2 * q), c = cos(w)
        return Biquad(b: ((1 - c) / 2, 1 - c, (1 - c) / 2), a: (1 + alpha, -2 * c, 1 - alpha))
    }

    /// A high-pass section at `frequency` Hz for a signal sampled at `sampleRate` Hz.
    public static func highPass(frequency: Double, sampleRate: Double, q: Double = butterworthQ) -> Biquad {
        let w = 2 * Double.pi * frequency / sampleRate, alpha = sin(w) / (2 * q), c = cos(w)
        return Biquad(b: ((1 + c) / 2, -(1 + c), (1 + c) / 2), a: (1 + alpha, -2 * c, 1 - alpha))
    }

    /// A high-shelf section at `frequency` Hz with `gainDecibels` of gain above it (the cookbook's shelf, with its Q
    /// form of the slope: α = sin ω₀ / (2Q), A = 10^(gain/40)).
    public static func highShelf(frequency: Double, sampleRate: Double, gainDecibels: Double, q: Double = butterworthQ) -> Biquad {
        let w = 2 * Double.pi * frequency / sampleRate, alpha = sin(w) / (2 * q), c = cos(w)
        let a = pow(10, gainDecibels / 40), root = 2 * a.squareRoot() * alpha
        return Biquad(
            b: (a * ((a + 1) + (a - 1) * c + root), -2 * a * ((a - 1) + (a + 1) * c), a * ((a + 1) + (a - 1) * c - root)),
            a: ((a + 1) - (a - 1) * c + root, 2 * ((a - 1) - (a + 1) * c), (a + 1) - (a - 1) * c - root))
    }

    /// The gain of the section at `frequency` Hz, in dB (|H(e^{jω})|).
    public func gainDecibels(at frequency: Double, sampleRate: Double) -> Double {
        let w = 2 * Double.pi * frequency / sampleRate
        func magnitude(_ c0: Double, _ c1: Double, _ c2: Double) -> Double {
            let re = c0 + c1 * cos(w) + c2 * cos(2 * w), im = -(c1 * sin(w) + c2 * sin(2 * w))
            return (re * re + im * im).squareRoot()
        }
        return 20 * log10(magnitude(b0, b1, b2) / magnitude(1, a1, a2))
    }

    /// A section with the coefficients b₀…b₂ (numerator) and a₀…a₂ (denominator), normalised by a₀.
    public init(b: (Double, Double, Double), a: (Double, Double, Double)) {
        b0 = b.0 / a.0
        b1 = b.1 / a.0
        b2 = b.2 / a.0
        a1 = a.1 / a.0
        a2 = a.2 / a.0
    }

    /// Filters one sample.
    public mutating func process(_ x: Float) -> Float {
        let input = Double(x)
        let y = b0 * input + z1
        z1 = b1 * input - a1 * y + z2
        z2 = b2 * input - a2 * y
        return Float(y)
    }
}

/// A signal split into low, mid and high bands by fourth-order Linkwitz–Riley crossovers (each two Butterworth
/// sections in cascade, −6 dB at the crossover), for colouring a waveform by where its energy lies, as Mixxx's RGB
/// waveform does. The default edges are Mixxx's mixing-EQ crossovers: low up to 246 Hz (kick, bass), mid up to
/// 2.5 kHz (snare body, voice), high above (hi-hats, cymbals).
///
/// Method: S. H. Linkwitz, "Active Crossover Networks for Noncoincident Drivers", JAES 24(1), 1976, and
/// S. Lipshitz, J. Vanderkooy, "In-phase crossover network design", JAES 34(11), 1986 (the LR4 low and high halves).
public struct ThreeBandSplit: Sendable {
    /// The low band's upper edge, Hz (Mixxx's low/mid crossover).
    public static let lowEdge = 246.0
    /// The high band's lower edge, Hz (Mixxx's mid/high crossover).
    public static let highEdge = 2_500.0

    private var low: [Biquad]
    private var mid: [Biquad]
    private var high: [Biquad]

    /// A split for a signal at `sampleRate` Hz, with the band edges in Hz (the high edge kept below Nyquist).
    public init(sampleRate: Double, lowEdge: Double = ThreeBandSplit.lowEdge, highEdge: Double = ThreeBandSplit.highEdge) {
        let top = min(highEdge, 0.45 * sampleRate)
        let lowPass = Biquad.lowPass(frequency: lowEdge, sampleRate: sampleRate)
        let lowCut = Biquad.highPass(frequency: lowEdge, sampleRate: sampleRate)
        let highPass = Biquad.highPass(frequency: top, sampleRate: sampleRate)
        let highCut = Biquad.lowPass(frequency: top, sampleRate: sampleRate)
        low = [lowPass, lowPass]
        mid = [lowCut, lowCut, highCut, highCut]
        high = [highPass, highPass]
    }

    /// The sample `x` in each band.
    public mutating func split(_ x: Float) -> (low: Float, mid: Float, high: Float) {
        var l = x, m = x, h = x
        for k in low.indices { l = low[k].process(l) }
        for k in mid.indices { m = mid[k].process(m) }
        for k in high.indices { h = high[k].process(h) }
        return (l, m, h)
    }
}
