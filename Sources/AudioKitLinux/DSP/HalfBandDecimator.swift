import Foundation

/// Halves the sample rate of a mono stream: a linear-phase half-band low-pass FIR, then every
/// second sample (Crochiere & Rabiner, "Multirate Digital Signal Processing", 1983, §4.3:
/// in a half-band filter every other tap but the centre is zero, so each output costs
/// `taps / 4` multiply-adds with the symmetric pairs folded).
///
/// The filter is a Blackman-windowed sinc with its cut-off at a quarter of the input rate
/// (the output's Nyquist), 2·`halfLength` + 1 taps: with `halfLength` 23 the pass band is flat
/// to about 0.2 × the input rate and the stop band is about 74 dB down from 0.3 × on.
///
/// Output sample m is centred on input sample 2m: the filter's group delay is removed by
/// starting with `halfLength` samples of silence and `finish()` flushing as many.
public struct HalfBandDecimator: Sendable {
    /// Taps on each side of the centre tap (odd); the filter has 2·halfLength + 1 taps.
    public let halfLength: Int
    /// Non-zero odd-offset taps: `pairs[j]` weights the inputs at centre ± (2j + 1).
    private let pairs: [Float]
    /// Unconsumed input, oldest first; always starts at the oldest sample still needed.
    private var pending: [Float]
    /// Scratch for the even-indexed phase of `pending`, kept between calls.
    private var even: [Float] = []

    /// A decimator with 2·`halfLength` + 1 taps; `halfLength` must be odd (a precondition).
    public init(halfLength: Int = 23) {
        precondition(halfLength >= 1 && halfLength % 2 == 1, "halfLength must be odd")
        self.halfLength = halfLength
        let m = Double(halfLength)
        let taps = Swift.stride(from: 1, through: halfLength, by: 2).map { k in
            let x = Double(k)
            let sinc = sin(Double.pi * x / 2) / (Double.pi * x)
            let blackman = 0.42 + 0.5 * cos(Double.pi * x / (m + 1)) + 0.08 * cos(2 * Double.pi * x / (m + 1))
            return sinc * blackman
        }
        // Unity gain at DC: the centre tap is 1/2, so the pairs must sum to 1/4.
        let scale = 0.25 / taps.reduce(0, +)
        pairs = taps.map { Float($0 * scale) }
        pending = [Float](repeating: 0, count: halfLength)
    }

    /// Decimates `input`, appending every output it completes to `output`.
    ///
    /// Output m is centred on pending[M + 2m] (M = `halfLength`, odd), and its neighbours
    /// M + 2m ± (2j + 1) are the even samples 2(m + H − j) and 2(m + H + 1 + j), H = (M − 1) / 2:
    /// splitting the input into its two phases first makes every loop contiguous (vectorisable).
    public mutating func process(_ input: UnsafeBufferPointer<Float>, into output: inout [Float]) {
        pending.append(contentsOf: input)
        let span = 2 * halfLength
        guard pending.count > span else { return }
        let outputs = (pending.count - span - 1) / 2 + 1
        let h = (halfLength - 1) / 2
        let evenCount = outputs + halfLength
        let first = output.count
        output.append(contentsOf: repeatElement(0, count: outputs))
        even.removeAll(keepingCapacity: true)
        even.append(contentsOf: repeatElement(0, count: evenCount))
        pending.withUnsafeBufferPointer { x in
            even.withUnsafeMutableBufferPointer { e in
                for i in 0..<evenCount { e[i] = x[2 * i] }
            }
            output.withUnsafeMutableBufferPointer { out in
                let y = out.baseAddress! + first
                for m in 0..<outputs { y[m] = 0.5 * x[halfLength + 2 * m] }
                even.withUnsafeBufferPointer { e in
                    let e = e.baseAddress!
                    for (j, tap) in pairs.enumerated() {
                        let before = e + (h - j), after = e + (h + 1 + j)
                        for m in 0..<outputs { y[m] += tap * (before[m] + after[m]) }
                    }
                }
            }
        }
        pending.removeFirst(2 * outputs)
    }

    /// Flushes the last outputs (the input's tail followed by silence).
    public mutating func finish(into output: inout [Float]) {
        let zeros = [Float](repeating: 0, count: halfLength + 1)
        zeros.withUnsafeBufferPointer { process($0, into: &output) }
        pending.removeAll()
    }
}
