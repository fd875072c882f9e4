/// Searching an ascending list of times (or of values ordered by a time): the one binary search the checker, the chart
/// writers, the fitters, the tempo map and the haptics share.
enum SortedTimes {
    /// The index of the first element of `sorted` (ascending) that is not less than `value`: `sorted.count` when every
    /// element is less.
    static func lowerBound(_ sorted: [Double], _ value: Double) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The index of the first element of `sorted` whose `key` is not less than `value` (`sorted` ascending by `key`):
    /// `sorted.count` when every key is less.
    static func lowerBound<T>(_ sorted: [T], _ value: Double, key: (T) -> Double) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if key(sorted[mid]) < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The index of the first element of `sorted` (ascending) that is greater than `value`: `sorted.count` when none is.
    static func upperBound(_ sorted: [Double], _ value: Double) -> Int { upperBound(sorted, value) { $0 } }

    /// The index of the first element of `sorted` whose `key` is greater than `value` (`sorted` ascending by `key`):
    /// `sorted.count` when none is. One less is the last element at or before `value`.
    static func upperBound<T>(_ sorted: [T], _ value: Double, key: (T) -> Double) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if key(sorted[mid]) <= value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// True when `sorted` (ascending) holds an element within `tolerance` of `value` (both ends included).
    static func contains(_ sorted: [Double], near value: Double, within tolerance: Double) -> Bool {
        let k = lowerBound(sorted, value - tolerance)
        return k < sorted.count && sorted[k] <= value + tolerance
    }

    /// The index of the element of `sorted` (ascending) nearest `value`; nil when `sorted` is empty.
    static func nearest(_ sorted: [Double], _ value: Double) -> Int? {
        let k = lowerBound(sorted, value)
        return [k - 1, k].filter { $0 >= 0 && $0 < sorted.count }.min { abs(sorted[$0] - value) < abs(sorted[$1] - value) }
    }
}
