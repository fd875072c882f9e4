import Foundation

/// Where a sampled peak really lies: the vertex of the parabola through the peak sample and its two neighbours
/// (quadratic interpolation; Smith, *Spectral Audio Signal Processing*, "Quadratic Interpolation of Spectral Peaks").
/// The one home of the fit used for onset peaks, autocorrelation lags and grid lines.
package enum PeakInterpolation {
    /// The vertex's offset from the middle sample, in samples, for values `y0`, `y1` (the peak) and `y2`: p =
    /// ½(y0 − y2)/(y0 − 2y1 + y2), clamped to ±½ (the peak stays between its neighbours); 0 on a flat top.
    package static func offset(_ y0: Double, _ y1: Double, _ y2: Double) -> Double {
        let d = y0 - 2 * y1 + y2
        return d != 0 ? max(-0.5, min(0.5, 0.5 * (y0 - y2) / d)) : 0
    }
}
