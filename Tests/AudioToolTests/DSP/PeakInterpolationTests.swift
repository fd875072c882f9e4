import Testing

@testable import AudioKitLinux

/// The parabolic peak fit, against parabolas whose vertex is known.
@Suite("Peak interpolation")
struct PeakInterpolationTests {
    @Test func theVertexOfASampledParabolaIsFound() {
        // y = 5 − 2(x − v)², sampled at x = −1, 0, 1: the fit gives v back exactly.
        for v in [-0.4, -0.1, 0, 0.25, 0.49] {
            let y = { (x: Double) in 5 - 2 * (x - v) * (x - v) }
            #expect(abs(PeakInterpolation.offset(y(-1), y(0), y(1)) - v) < 1e-12, "vertex \(v)")
        }
    }

    @Test func aFlatTopIsTheMiddleAndAnEdgeIsClamped() {
        #expect(PeakInterpolation.offset(1, 1, 1) == 0)
        #expect(PeakInterpolation.offset(0, 1, 1) == 0.5)  // vertex at ½: the clamp's edge
        #expect(abs(PeakInterpolation.offset(0, 1, 3)) == 0.5)  // not a peak (−1.5 unclamped): never past a neighbour
    }
}
