/// A forward real FFT of a fixed size, on kissfft (BSD-3-Clause; FFTW would make
/// the binary GPL; the calls are in `KissFFT+Calls.swift`). The only owner of its
/// configuration, freed in `deinit`. Allocation happens in `init`; `magnitudes` allocates nothing.
public final class RealFFT {
    /// The number of input samples (a power of two).
    public let size: Int
    private let config: OpaquePointer
    private var spectrum: [KissFFT.Complex]

    /// An FFT of `size` points (a power of two, at least 16).
    public init(size: Int) {
        precondition(size >= 16 && size.nonzeroBitCount == 1, "FFT size must be a power of two")
        self.size = size
        guard let cfg = KissFFT.allocateForwardReal(size: size) else { fatalError("kiss_fftr_alloc failed for \(size)") }
        config = cfg
        spectrum = [KissFFT.Complex](repeating: KissFFT.Complex(), count: size / 2 + 1)
    }

    deinit { KissFFT.free(config) }

    /// |X[k]| for k = 0…size/2 of the real input `frame` (count == size).
    public func magnitudes(_ frame: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>) {
        spectrum.withUnsafeMutableBufferPointer { s in
            KissFFT.forwardReal(config, frame, into: s.baseAddress!)
            for k in 0..<s.count {
                out[k] = (s[k].r * s[k].r + s[k].i * s[k].i).squareRoot()
            }
        }
    }
}
