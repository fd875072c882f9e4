import Foundation

/// A forward real FFT of a fixed size: the magnitudes of the `size/2 + 1` bins of a real frame.
///
/// Method: the `size` real samples as `size/2` complex points (even samples the real parts, odd the imaginary), one
/// complex FFT of that half length (`SplitComplexFFT`), then each bin from the pair of points k and size/2 − k:
/// X[k] = E[k] + exp(−2πi k/size)·O[k], with E = (Z[k] + Z*[n−k])/2 and O = (Z[k] − Z*[n−k])/2i, the spectra of the
/// even and the odd samples (J. W. Cooley, P. A. W. Lewis and P. D. Welch, "The fast Fourier transform algorithm:
/// Programming considerations in the calculation of sine, cosine and Laplace transforms", J. Sound Vib. 12(3), 1970).
///
/// Written here, not linked: kissfft took four times as long, and FFTW, and Debian's FFmpeg libraries, would make the
/// binaries GPL (docs/dependencies.md). Its buffers are its own, freed in `deinit`; its tables of
/// twiddles are made once per size and shared; `magnitudes` allocates nothing. Not for use from two threads at once.
public final class RealFFT {
    /// The number of input samples (a power of two).
    public let size: Int
    private let complex: SplitComplexFFT
    /// `exp(−2πi k/size)` for k = 0…size/2, real and imaginary parts.
    private let binTwiddleReal: UnsafeMutablePointer<Float>
    private let binTwiddleImaginary: UnsafeMutablePointer<Float>
    /// Where those are kept: one table per size in a process, never written after it is made.
    private let binTwiddles: BinTwiddles
    /// The points and the complex FFT's other pair of arrays, each of `size/2`.
    private let buffers: UnsafeMutablePointer<Float>

    /// An FFT of `size` points (a power of two, at least 16).
    public init(size: Int) {
        precondition(size >= 16 && size.nonzeroBitCount == 1, "FFT size must be a power of two")
        self.size = size
        let half = size / 2
        complex = SplitComplexFFT(count: half)
        binTwiddles = BinTwiddles.shared(size: size)
        (binTwiddleReal, binTwiddleImaginary) = (binTwiddles.real, binTwiddles.imaginary)
        buffers = .allocate(capacity: 4 * half)
        buffers.initialize(repeating: 0, count: 4 * half)
    }

    deinit {
        buffers.deallocate()
    }

    /// |X[k]| for k = 0…size/2 of the real input `frame` (count == size), into `out` (count size/2 + 1).
    public func magnitudes(_ frame: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>) {
        let half = size / 2
        let real = buffers, imaginary = buffers + half
        var n = 0
        while n + 8 <= half {
            let (even, odd) = (frame + 2 * n).evenAndOdd()
            even.store(to: real + n)
            odd.store(to: imaginary + n)
            n += 8
        }
        for rest in n..<half { (real[rest], imaginary[rest]) = (frame[2 * rest], frame[2 * rest + 1]) }
        let z = complex.transform(real: real, imaginary: imaginary, scratchReal: buffers + 2 * half, scratchImaginary: buffers + 3 * half)
        binMagnitudes(of: z, into: out)
    }

    /// |X[k]| for every bin from the half-length spectrum `z`: bins 0 and size/2 alone, the rest eight at a time where
    /// eight fit, point k against point size/2 − k read backwards.
    private func binMagnitudes(
        of z: (real: UnsafeMutablePointer<Float>, imaginary: UnsafeMutablePointer<Float>), into out: UnsafeMutablePointer<Float>
    ) {
        let half = size / 2
        func magnitude(_ k: Int) -> Float {
            let a = k & (half - 1), c = (half - k) & (half - 1)
            let (er, ei) = ((z.real[a] + z.real[c]) * 0.5, (z.imaginary[a] - z.imaginary[c]) * 0.5)
            let (or, oi) = ((z.imaginary[a] + z.imaginary[c]) * 0.5, (z.real[c] - z.real[a]) * 0.5)
            let (wr, wi) = (binTwiddleReal[k], binTwiddleImaginary[k])
            let (xr, xi) = (er + wr * or - wi * oi, ei + wr * oi + wi * or)
            return (xr * xr + xi * xi).squareRoot()
        }
        out[0] = magnitude(0)
        var k = 1
        while k + 8 <= half {
            let ar = SIMD8.load(z.real + k), ai = SIMD8.load(z.imaginary + k)
            let cr = SIMD8.load(z.real + half - k - 7).reversed, ci = SIMD8.load(z.imaginary + half - k - 7).reversed
            let (er, ei) = ((ar + cr) * 0.5, (ai - ci) * 0.5)
            let (or, oi) = ((ai + ci) * 0.5, (cr - ar) * 0.5)
            let wr = SIMD8.load(binTwiddleReal + k), wi = SIMD8.load(binTwiddleImaginary + k)
            let (xr, xi) = (er + wr * or - wi * oi, ei + wr * oi + wi * or)
            (xr * xr + xi * xi).squareRoot().store(to: out + k)
            k += 8
        }
        for k in k...half { out[k] = magnitude(k) }
    }
}

/// `exp(−2πi k/size)` for k = 0…size/2, made once per size and kept for the process (`RealFFT`), as the complex FFT's
/// tables are (`SplitComplexFFT.Tables`).
final class BinTwiddles: @unchecked Sendable {
    let real: UnsafeMutablePointer<Float>
    let imaginary: UnsafeMutablePointer<Float>

    private static let made = TablesBySize { BinTwiddles(size: $0) }

    /// The table for a real FFT of `size` points, made on first use.
    static func shared(size: Int) -> BinTwiddles { made.table(size) }

    private init(size: Int) {
        let half = size / 2
        real = .allocate(capacity: half + 1)
        imaginary = .allocate(capacity: half + 1)
        for k in 0...half {
            let angle = -2 * Double.pi * Double(k) / Double(size)
            real[k] = Float(cos(angle))
            imaginary[k] = Float(sin(angle))
        }
    }

    deinit {
        real.deallocate()
        imaginary.deallocate()
    }
}
