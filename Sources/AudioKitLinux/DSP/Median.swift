import Foundation

/// The package's one home for medians, used by every robust estimate (offsets, Theil–Sen slopes, local intervals,
/// sound descriptors).
enum Median {
    /// The median of `values`: the middle one, or the mean of the two middle ones for an even count; NaN when empty.
    static func of(_ values: [Double]) -> Double {
        let s = values.sorted()
        guard !s.isEmpty else { return .nan }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// The upper median of `values`: the value at index count/2 once sorted, so always one of them (what a seed or a
    /// tolerance drawn from the data needs); nil when empty.
    static func upper<T: Comparable>(_ values: [T]) -> T? {
        let s = values.sorted()
        return s.isEmpty ? nil : s[s.count / 2]
    }
}
