import CKissFFT
import Foundation

/// Every call into kissfft (BSD-3-Clause) goes through here.
enum KissFFT {
    /// A complex bin, as kissfft writes it.
    typealias Complex = kiss_fft_cpx

    /// The configuration of a forward real FFT of `size` points; nil when kissfft cannot allocate it.
    static func allocateForwardReal(size: Int) -> OpaquePointer? {
        kiss_fftr_alloc(Int32(size), 0, nil, nil)
    }

    static func free(_ config: OpaquePointer) { Foundation.free(UnsafeMutableRawPointer(config)) }

    /// The `size/2 + 1` bins of the real `input`.
    static func forwardReal(_ config: OpaquePointer, _ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Complex>) {
        kiss_fftr(config, input, output)
    }
}
