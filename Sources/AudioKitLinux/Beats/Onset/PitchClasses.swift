import Foundation

/// A frame's pitch-class profile (a chromagram's column): the spectrum's energy folded into the twelve pitch classes of
/// equal temperament (A = 440 Hz), each the square root of the summed power of the FFT bins nearest its pitches between
/// `lowest` and `highest` Hz. As in Goto & Muraoka, "Real-time beat tracking for drumless audio signals: chord change
/// detection for musical decisions" (Speech Communication 27, 1999), it is what a chord change changes: `BeatPhase`
/// compares it across a beat with across an off-beat.
public enum PitchClasses {
    /// Values a frame.
    public static let count = 12
    /// The lowest frequency folded (Hz): below it a bin of a 46 ms frame spans several pitches.
    static let lowest = 80.0
    /// The highest frequency folded (Hz): above it, mostly the harmonics of lower notes and the drums' noise.
    static let highest = 4000.0

    /// The pitch class of each of `bins` FFT bins `binHz` apart (−1: not folded).
    static func classes(bins: Int, binHz: Double) -> [Int] {
        (0..<bins).map { k in
            let hz = Double(k) * binHz
            guard hz >= lowest, hz <= highest else { return -1 }
            let semitones = Int((12 * log2(hz / 440)).rounded())
            return ((semitones % count) + count) % count
        }
    }

    /// Appends the profile of one frame's `magnitudes` (bin by bin, `classes` from `classes(bins:binHz:)`) to `out`.
    static func append(_ magnitudes: UnsafeBufferPointer<Float>, classes: [Int], to out: inout [Float]) {
        var power = [Float](repeating: 0, count: count)
        for (k, c) in classes.enumerated() where c >= 0 && k < magnitudes.count { power[c] += magnitudes[k] * magnitudes[k] }
        out += power.map { $0.squareRoot() }
    }
}
