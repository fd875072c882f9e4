import CKissFFT
import Foundation

/// A forward real FFT of a fixed size, on kissfft (BSD-3-Clause; FFTW would make
/// the binary GPL). The only owner of its `kiss_fftr_cfg`, freed in `deinit`.
/// Allocation happens in `init`; `magnitudes` allocates nothing.
public final class RealFFT {
    public let size: Int
    private let config: kiss_fftr_cfg
    private var spectrum: [kiss_fft_cpx]

    public init(size: Int) {
        precondition(size >= 16 && size.nonzeroBitCount == 1, "FFT size must be a power of two")
        self.size = size
        guard let cfg = kiss_fftr_alloc(Int32(size), 0, nil, nil) else { fatalError("kiss_fftr_alloc failed for \(size)") }
        config = cfg
        spectrum = [kiss_fft_cpx](repeating: kiss_fft_cpx(), count: size / 2 + 1)
    }

    deinit { free(UnsafeMutableRawPointer(config)) }

    /// |X[k]| for k = 0…size/2 of the real input `frame` (count == size).
    public func magnitudes(_ frame: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>) {
        spectrum.withUnsafeMutableBufferPointer { s in
            kiss_fftr(config, frame, s.baseAddress)
            for k in 0..<s.count {
                out[k] = (s[k].r * s[k].r + s[k].i * s[k].i).squareRoot()
            }
        }
    }
}
