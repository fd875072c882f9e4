import Foundation

/// A forward complex FFT of a fixed power-of-two size on split arrays (the real parts in one, the imaginary parts in
/// another), for `RealFFT`.
///
/// Method: the Stockham autosort FFT (T. G. Stockham, 1966; W. T. Cochran et al., "What is the fast Fourier transform?",
/// Proc. IEEE 55(10), 1967), radix 2, in its transposed, decimation-in-time form: C. Van Loan, "Computational Frameworks
/// for the Fast Fourier Transform", SIAM 1992, §1.7. Each pass reads two arrays and writes two others, so the output
/// comes out in natural order with no bit reversal, and every pass but the last three reads and writes runs of at least
/// eight neighbouring values, which go eight at a time through `SIMD8`. The last three read their pairs interleaved by 1,
/// 2 and 4 values, and take them apart eight at a time as well.
///
/// Pass `t` (from `log2(n) - 1` down to 0) with span `s = 2^t` and `h = n/2`: for each `j < h`, with
/// `o = j + (j & ~(s - 1))` and the twiddle `w = exp(-2πi (j & ~(s - 1)) / n)`,
/// `y[j] = x[o] + w·x[o + s]` and `y[j + h] = x[o] − w·x[o + s]`.
struct SplitComplexFFT {
    /// The number of complex points (a power of two, at least 2).
    let count: Int
    private let passes: Int
    /// `exp(-2πi k / count)` for `k < count/2`, real and imaginary parts.
    private let twiddleReal: UnsafeMutablePointer<Float>
    private let twiddleImaginary: UnsafeMutablePointer<Float>
    /// For each of the last three passes (span 1, 2, 4), the twiddle of every `j < count/2`, so they load eight at once.
    private let narrowReal: UnsafeMutablePointer<Float>
    private let narrowImaginary: UnsafeMutablePointer<Float>

    /// The tables of this size, shared by every FFT of it (they are never written after they are made).
    private let tables: Tables

    /// An FFT of `count` complex points (a power of two, at least 2); its tables are computed in double precision, once
    /// per size in a process (`Tables.shared`).
    init(count: Int) {
        precondition(count >= 2 && count.nonzeroBitCount == 1, "FFT size must be a power of two")
        self.count = count
        passes = count.trailingZeroBitCount
        tables = Tables.shared(count: count)
        (twiddleReal, twiddleImaginary) = (tables.twiddleReal, tables.twiddleImaginary)
        (narrowReal, narrowImaginary) = (tables.narrowReal, tables.narrowImaginary)
    }

    /// The twiddles of one size. Made once per size and kept for the process (a few sizes, at most 16 bytes a point):
    /// an analysis that makes an FFT for each frame group of each sound (Studio's flux probe, eight per sound) spent
    /// more time on `sin` and `cos` than on some of its transforms.
    final class Tables: @unchecked Sendable {
        let twiddleReal: UnsafeMutablePointer<Float>
        let twiddleImaginary: UnsafeMutablePointer<Float>
        let narrowReal: UnsafeMutablePointer<Float>
        let narrowImaginary: UnsafeMutablePointer<Float>

        private static let made = TablesBySize { Tables(count: $0) }

        /// The tables for `count` points, made on first use.
        static func shared(count: Int) -> Tables { made.table(count) }

        private init(count: Int) {
            let half = count / 2
            twiddleReal = .allocate(capacity: half)
            twiddleImaginary = .allocate(capacity: half)
            narrowReal = .allocate(capacity: 3 * half)
            narrowImaginary = .allocate(capacity: 3 * half)
            for k in 0..<half {
                let angle = -2 * Double.pi * Double(k) / Double(count)
                twiddleReal[k] = Float(cos(angle))
                twiddleImaginary[k] = Float(sin(angle))
            }
            for pass in 0..<3 {
                let span = 1 << pass
                for j in 0..<half {
                    narrowReal[pass * half + j] = twiddleReal[j & ~(span - 1)]
                    narrowImaginary[pass * half + j] = twiddleImaginary[j & ~(span - 1)]
                }
            }
        }

        deinit {
            for table in [twiddleReal, twiddleImaginary, narrowReal, narrowImaginary] { table.deallocate() }
        }
    }

    /// Transforms the `count` points in `real` and `imaginary`, using `scratchReal` and `scratchImaginary` (each of
    /// `count`) as the other pair of arrays: returns the pair that holds the result, which is one pair or the other.
    func transform(
        real: UnsafeMutablePointer<Float>, imaginary: UnsafeMutablePointer<Float>, scratchReal: UnsafeMutablePointer<Float>,
        scratchImaginary: UnsafeMutablePointer<Float>
    ) -> (real: UnsafeMutablePointer<Float>, imaginary: UnsafeMutablePointer<Float>) {
        var x = (real, imaginary), y = (scratchReal, scratchImaginary)
        for pass in stride(from: passes - 1, through: 0, by: -1) {
            let span = 1 << pass
            if span >= 8 {
                widePass(span: span, from: x, to: y)
            } else if count >= 16 {
                narrowPass(span: span, from: x, to: y)
            } else {
                scalarPass(span: span, from: x, to: y)
            }
            swap(&x, &y)
        }
        return x
    }

    private typealias Pair = (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)

    /// A pass whose span is a multiple of eight: each group of `span` butterflies shares one twiddle.
    private func widePass(span: Int, from x: Pair, to y: Pair) {
        let half = count / 2
        for group in stride(from: 0, to: half, by: span) {
            let wr = SIMD8(repeating: twiddleReal[group]), wi = SIMD8(repeating: twiddleImaginary[group])
            for j in stride(from: group, to: group + span, by: 8) {
                let o = j + group
                butterflies(
                    a: (.load(x.0 + o), .load(x.1 + o)), b: (.load(x.0 + o + span), .load(x.1 + o + span)), w: (wr, wi), at: j,
                    to: y)
            }
        }
    }

    /// A pass of span 1, 2 or 4: eight pairs at a time are taken apart from sixteen neighbouring values.
    private func narrowPass(span: Int, from x: Pair, to y: Pair) {
        let half = count / 2
        let table = (narrowReal + span.trailingZeroBitCount * half, narrowImaginary + span.trailingZeroBitCount * half)
        func run(_ split: (UnsafePointer<Float>) -> (SIMD8<Float>, SIMD8<Float>)) {
            for j in stride(from: 0, to: half, by: 8) {
                let (ar, br) = split(UnsafePointer(x.0 + 2 * j)), (ai, bi) = split(UnsafePointer(x.1 + 2 * j))
                butterflies(a: (ar, ai), b: (br, bi), w: (.load(table.0 + j), .load(table.1 + j)), at: j, to: y)
            }
        }
        switch span {
        case 1: run { $0.evenAndOdd() }
        case 2: run { $0.evenAndOddPairs() }
        default: run { $0.evenAndOddFours() }
        }
    }

    /// A pass one butterfly at a time, for an FFT of fewer than 16 points.
    private func scalarPass(span: Int, from x: Pair, to y: Pair) {
        let half = count / 2
        for j in 0..<half {
            let o = j + (j & ~(span - 1))
            let wr = twiddleReal[j & ~(span - 1)], wi = twiddleImaginary[j & ~(span - 1)]
            let br = x.0[o + span] * wr - x.1[o + span] * wi, bi = x.0[o + span] * wi + x.1[o + span] * wr
            (y.0[j], y.1[j]) = (x.0[o] + br, x.1[o] + bi)
            (y.0[j + half], y.1[j + half]) = (x.0[o] - br, x.1[o] - bi)
        }
    }

    /// `y[j…j+7] = a + w·b` and `y[j+h…j+h+7] = a − w·b`.
    @inline(__always)
    private func butterflies(
        a: (SIMD8<Float>, SIMD8<Float>), b: (SIMD8<Float>, SIMD8<Float>), w: (SIMD8<Float>, SIMD8<Float>), at j: Int, to y: Pair
    ) {
        let half = count / 2
        let br = b.0 * w.0 - b.1 * w.1, bi = b.0 * w.1 + b.1 * w.0
        (a.0 + br).store(to: y.0 + j)
        (a.1 + bi).store(to: y.1 + j)
        (a.0 - br).store(to: y.0 + j + half)
        (a.1 - bi).store(to: y.1 + j + half)
    }
}

extension SIMD8<Float> {
    /// The eight values at `pointer`, which need no alignment.
    @inline(__always)
    static func load(_ pointer: UnsafePointer<Float>) -> Self { UnsafeRawPointer(pointer).loadUnaligned(as: Self.self) }

    /// The eight values at `pointer`, which need no alignment.
    @inline(__always)
    static func load(_ pointer: UnsafeMutablePointer<Float>) -> Self { load(UnsafePointer(pointer)) }

    /// Writes the eight values at `pointer`, which needs no alignment.
    @inline(__always)
    func store(to pointer: UnsafeMutablePointer<Float>) { UnsafeMutableRawPointer(pointer).storeBytes(of: self, as: Self.self) }

    /// The lanes in reverse order.
    @inline(__always)
    var reversed: Self { Self(self[7], self[6], self[5], self[4], self[3], self[2], self[1], self[0]) }
}

extension UnsafePointer<Float> {
    /// The sixteen values from here, the even-numbered ones and the odd-numbered ones.
    @inline(__always)
    func evenAndOdd() -> (SIMD8<Float>, SIMD8<Float>) {
        let v = UnsafeRawPointer(self).loadUnaligned(as: SIMD16<Float>.self)
        return (v.evenHalf, v.oddHalf)
    }

    /// The sixteen values from here in pairs: the even-numbered pairs and the odd-numbered ones.
    @inline(__always)
    func evenAndOddPairs() -> (SIMD8<Float>, SIMD8<Float>) {
        let v = UnsafeRawPointer(self).loadUnaligned(as: SIMD8<Double>.self)
        return (unsafeBitCast(v.evenHalf, to: SIMD8<Float>.self), unsafeBitCast(v.oddHalf, to: SIMD8<Float>.self))
    }

    /// The sixteen values from here in fours: the first and third four, and the second and fourth.
    @inline(__always)
    func evenAndOddFours() -> (SIMD8<Float>, SIMD8<Float>) {
        let u = SIMD8.load(self), v = SIMD8.load(self + 8)
        return (SIMD8(lowHalf: u.lowHalf, highHalf: v.lowHalf), SIMD8(lowHalf: u.highHalf, highHalf: v.highHalf))
    }
}
