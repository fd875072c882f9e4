import Foundation

/// Crossfade gain curves. Each is a fade-in gain g(x), x from 0 to 1; the
/// fade-out uses the same g run backwards. On samples, an n-sample fade gives
/// sample i the gains g(i/n) in and g((n−1−i)/n) out: ffmpeg's acrossfade
/// convention, so that renders can be compared with it sample for sample.
public enum CrossfadeCurve: String, Sendable, CaseIterable {
    /// What AVAudioPlayer's volume fade does; in theory it dips 3.0 dB at the middle (10·log10(0.5² + 0.5²)) for two equally
    /// loud, uncorrelated tracks.
    case linear
    /// sin/cos quarter waves: constant power for uncorrelated music.
    case equalPower = "equal-power"
    /// A raised cosine: gentle at both ends (ffmpeg's hsin).
    case sCurve = "s-curve"
    /// No fade: the outgoing deck stops and the incoming one starts at once.
    case hardCut = "hard-cut"
    // ffmpeg acrossfade curves, by their ffmpeg names (libavfilter/af_afade.c).
    /// tri linear, qsin quarter sine, esin exponential sine, hsin half sine, qua quadratic, cub cubic, squ square root,
    /// cbr cube root, par parabola, ipar inverted parabola, exp exponential.
    case tri, qsin, esin, hsin, qua, cub, squ, cbr, par, ipar, exp

    /// Fade-in gain at position x in [0, 1].
    public func gain(_ x: Double) -> Double {
        let g = min(1, max(0, x))
        switch self {
        case .linear, .tri: return g
        case .equalPower, .qsin: return sin(g * Double.pi / 2)
        case .sCurve, .hsin: return (1 - cos(g * Double.pi)) / 2
        case .hardCut: return g >= 0.5 ? 1 : 0
        case .esin: return 1 - cos(Double.pi / 4 * (pow(2 * g - 1, 3) + 1))
        case .qua: return g * g
        case .cub: return g * g * g
        case .squ: return g.squareRoot()
        case .cbr: return cbrt(g)
        case .par: return 1 - (1 - g).squareRoot()
        case .ipar: return 1 - (1 - g) * (1 - g)
        case .exp: return Foundation.exp(-11.512925464970227 * (1 - g))
        }
    }

    /// (out, in) gains for sample i of an n-sample fade.
    public func gains(_ i: Int, of n: Int) -> (out: Double, in: Double) {
        guard n > 0 else { return (0, 1) }
        if self == .hardCut { return (0, 1) }
        return (gain(Double(n - 1 - i) / Double(n)), gain(Double(i) / Double(n)))
    }

    /// The ffmpeg curves whose samples are checked against ffmpeg in the tests.
    public static let ffmpegNamed: [CrossfadeCurve] = [.tri, .qsin, .esin, .hsin, .qua, .cub, .squ, .cbr, .par, .ipar, .exp]
}
