import Foundation

/// The package's one home for medians and quantiles, used by every robust estimate (offsets, Theil–Sen slopes, local
/// intervals, sound descriptors, levels and limits drawn from the data).
package enum Median {
    /// The median of `values`: the middle one, or the mean of the two middle ones for an even count; NaN when empty.
    package static func of(_ values: [Double]) -> Double {
        let s = values.sorted()
        guard !s.isEmpty else { return .nan }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// The upper median of `values`: the value at index count/2 once sorted, so always one of them (what a seed or a
    /// tolerance drawn from the data needs); nil when empty.
    package static func upper<T: Comparable>(_ values: [T]) -> T? {
        let s = values.sorted()
        return s.isEmpty ? nil : s[s.count / 2]
    }

    /// The `q` quantile of `sorted` (ascending) by the lower nearest rank: the value at index ⌊q·(count − 1)⌋, so
    /// always one of them (`quantile(s, 0.5)` is the lower median); nil when empty. `q` is clamped to 0…1.
    package static func quantile<T>(_ sorted: [T], _ q: Double) -> T? {
        guard !sorted.isEmpty else { return nil }
        return sorted[Int(max(0, min(1, q)) * Double(sorted.count - 1))]
    }

    /// The value of `sorted` (ascending) at index ⌊count · numerator / denominator⌋ in integer arithmetic: the upper
    /// quantile of that fraction, so always one of them (`upperQuantile(s, 1, 2)` is `upper(s)`); nil when empty.
    /// `numerator` is at most `denominator`, both positive.
    package static func upperQuantile<T>(_ sorted: [T], _ numerator: Int, _ denominator: Int) -> T? {
        guard !sorted.isEmpty, denominator > 0 else { return nil }
        return sorted[min(sorted.count - 1, max(0, sorted.count * numerator / denominator))]
    }
}
