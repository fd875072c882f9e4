/// Reduces a polyline to a budget of points by Visvalingam–Whyatt elimination: repeatedly remove the point whose
/// triangle with its two neighbours has the smallest area, until the budget is met. The first and last points stay.
///
/// Visvalingam and Whyatt, "Line generalisation by repeated elimination of points", The Cartographic Journal 30(1),
/// 1993. A binary heap with lazy deletion gives O(n log n).
public enum BreakpointReduction {
    /// The indices of the points of (`times`, `values`) kept when at most `budget` (at least 2) may stay, in order.
    ///
    /// Past the budget, points whose triangle is still smaller than `minimumArea` go too (a flat or silent stretch keeps
    /// only its ends). With `monotone`, a point's area never counts as less than the last one removed (Visvalingam and
    /// Whyatt's effective area, kept in order); without it, each triangle counts as it is, as Meta Haptics Studio
    /// reduces its envelope.
    public static func reduce(
        times: [Double], values: [Double], budget: Int, minimumArea: Double = 0, monotone: Bool = true
    ) -> [Int] {
        let n = times.count
        precondition(values.count == n, "times and values differ in length")
        let keep = max(2, budget)
        if n <= 2 || (n <= keep && minimumArea <= 0) { return Array(0..<n) }
        var previous = [Int](0..<n).map { $0 - 1 }
        var next = [Int](1...n)
        var alive = [Bool](repeating: true, count: n)
        var area = [Double](repeating: .infinity, count: n)
        var heap = MinHeap()
        heap.reserve(2 * n)
        times.withUnsafeBufferPointer { t in
            values.withUnsafeBufferPointer { v in
                previous.withUnsafeMutableBufferPointer { previous in
                    next.withUnsafeMutableBufferPointer { next in
                        alive.withUnsafeMutableBufferPointer { alive in
                            area.withUnsafeMutableBufferPointer { area in
                                func triangle(_ i: Int) -> Double {
                                    let a = previous[i]
                                    let c = next[i]
                                    guard a >= 0, c < n else { return .infinity }
                                    return abs((t[i] - t[a]) * (v[c] - v[a]) - (t[c] - t[a]) * (v[i] - v[a])) / 2
                                }
                                for i in 1..<(n - 1) {
                                    area[i] = triangle(i)
                                    heap.push(area[i], i)
                                }
                                var remaining = n
                                var floor = 0.0
                                while let (a, i) = heap.peek(), remaining > keep || a < minimumArea {
                                    heap.removeFirst()
                                    guard alive[i], a == area[i] else { continue }
                                    alive[i] = false
                                    remaining -= 1
                                    // A point's effective area never falls below the last one removed, so removal order stays
                                    // monotone.
                                    if monotone { floor = max(floor, a) }
                                    let p = previous[i]
                                    let q = next[i]
                                    if p >= 0 { next[p] = q }
                                    if q < n { previous[q] = p }
                                    if p > 0 {
                                        area[p] = max(triangle(p), floor)
                                        heap.push(area[p], p)
                                    }
                                    if q < n - 1 {
                                        area[q] = max(triangle(q), floor)
                                        heap.push(area[q], q)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return (0..<n).filter { alive[$0] }
    }

    /// A binary min-heap of (key, index) pairs.
    struct MinHeap {
        struct Entry {
            var key: Double
            var item: Int
        }
        private var entries: [Entry] = []

        mutating func reserve(_ count: Int) { entries.reserveCapacity(count) }

        mutating func push(_ key: Double, _ item: Int) {
            entries.append(Entry(key: key, item: item))
            entries.withUnsafeMutableBufferPointer { e in
                var c = e.count - 1
                let moving = e[c]
                while c > 0 {
                    let p = (c - 1) / 2
                    guard moving.key < e[p].key else { break }
                    e[c] = e[p]
                    c = p
                }
                e[c] = moving
            }
        }

        /// The smallest entry, left in place.
        func peek() -> (Double, Int)? { entries.first.map { ($0.key, $0.item) } }

        /// Removes the smallest entry.
        mutating func removeFirst() { _ = pop() }

        mutating func pop() -> (Double, Int)? {
            guard let top = entries.first else { return nil }
            let last = entries.removeLast()
            if !entries.isEmpty {
                entries.withUnsafeMutableBufferPointer { e in
                    let n = e.count
                    var p = 0
                    while true {
                        let l = 2 * p + 1
                        if l >= n { break }
                        let r = l + 1
                        let m = r < n && e[r].key < e[l].key ? r : l
                        guard e[m].key < last.key else { break }
                        e[p] = e[m]
                        p = m
                    }
                    e[p] = last
                }
            }
            return (top.key, top.item)
        }
    }
}
