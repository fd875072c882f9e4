/// Reduces a polyline to a budget of points by Visvalingam–Whyatt elimination: repeatedly remove the point whose
/// triangle with its two neighbours has the smallest area, until the budget is met. The first and last points stay.
///
/// Visvalingam and Whyatt, "Line generalisation by repeated elimination of points", The Cartographic Journal 30(1),
/// 1993. A binary heap that moves a point when its area changes gives O(n log n); of two equal areas, the earlier point
/// goes first.
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
        times.withUnsafeBufferPointer { t in
            values.withUnsafeBufferPointer { v in
                previous.withUnsafeMutableBufferPointer { previous in
                    next.withUnsafeMutableBufferPointer { next in
                        func triangle(_ i: Int) -> Double {
                            let a = previous[i]
                            let c = next[i]
                            guard a >= 0, c < n else { return .infinity }
                            return abs((t[i] - t[a]) * (v[c] - v[a]) - (t[c] - t[a]) * (v[i] - v[a])) / 2
                        }
                        // The inner points, by area.
                        let heap = AreaHeap(count: n)
                        heap.build(1..<(n - 1), area: triangle)
                        var remaining = n
                        var floor = 0.0
                        while let i = heap.first, remaining > keep || heap.area(i) < minimumArea {
                            let a = heap.area(i)
                            heap.removeFirst()
                            alive[i] = false
                            remaining -= 1
                            // A point's effective area never falls below the last one removed, so removal order stays
                            // monotone.
                            if monotone { floor = max(floor, a) }
                            let p = previous[i]
                            let q = next[i]
                            if p >= 0 { next[p] = q }
                            if q < n { previous[q] = p }
                            if p > 0 { heap.update(p, area: max(triangle(p), floor)) }
                            if q < n - 1 { heap.update(q, area: max(triangle(q), floor)) }
                        }
                    }
                }
            }
        }
        return (0..<n).filter { alive[$0] }
    }

    /// The points still in play, ordered by area, then by index (the earlier of two equal areas goes first): a binary
    /// heap that knows where each point sits, so a neighbour's new area moves it in place.
    final class AreaHeap {
        private let areas: UnsafeMutablePointer<Double>
        /// Points, in heap order.
        private let items: UnsafeMutablePointer<Int>
        /// Where each point sits in `items`; −1 when it is not there.
        private let slots: UnsafeMutablePointer<Int>
        private var count = 0

        /// An empty heap for points 0..<`capacity`.
        init(count capacity: Int) {
            areas = .allocate(capacity: capacity)
            items = .allocate(capacity: capacity)
            slots = .allocate(capacity: capacity)
            slots.initialize(repeating: -1, count: capacity)
        }

        deinit {
            areas.deallocate()
            items.deallocate()
            slots.deallocate()
        }

        /// The point with the smallest area, or nil when none is left.
        var first: Int? { count > 0 ? items[0] : nil }

        /// The area of point `i`, as last set.
        func area(_ i: Int) -> Double { areas[i] }

        @inline(__always)
        private func precedes(_ a: Int, _ b: Int) -> Bool { areas[a] < areas[b] || (areas[a] == areas[b] && a < b) }

        /// Fills the empty heap with `points`, each with its `area`, in one pass (R. W. Floyd, "Algorithm 245:
        /// Treesort 3", CACM 7(12), 1964): each parent sifted down from the last to the first, in linear time. The order
        /// of areas and indices decides each place, so the heap pops the same points as one built by insertion.
        func build(_ points: Range<Int>, area: (Int) -> Double) {
            for i in points {
                areas[i] = area(i)
                items[count] = i
                slots[i] = count
                count += 1
            }
            for parent in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(parent) }
        }

        /// Adds point `i` with `area`.
        func insert(_ i: Int, area: Double) {
            areas[i] = area
            items[count] = i
            slots[i] = count
            count += 1
            siftUp(count - 1)
        }

        /// Removes the first point.
        func removeFirst() {
            guard count > 0 else { return }
            slots[items[0]] = -1
            count -= 1
            guard count > 0 else { return }
            items[0] = items[count]
            slots[items[0]] = 0
            siftDown(0)
        }

        /// Gives point `i`, in the heap, its new `area`.
        func update(_ i: Int, area: Double) {
            let old = areas[i]
            areas[i] = area
            let at = slots[i]
            guard at >= 0 else { return insert(i, area: area) }
            if area < old { siftUp(at) } else { siftDown(at) }
        }

        private func siftUp(_ start: Int) {
            var c = start
            let moving = items[c]
            while c > 0 {
                let p = (c - 1) / 2
                guard precedes(moving, items[p]) else { break }
                items[c] = items[p]
                slots[items[c]] = c
                c = p
            }
            items[c] = moving
            slots[moving] = c
        }

        private func siftDown(_ start: Int) {
            var p = start
            let moving = items[p]
            while true {
                let l = 2 * p + 1
                if l >= count { break }
                let r = l + 1
                let m = r < count && precedes(items[r], items[l]) ? r : l
                guard precedes(items[m], moving) else { break }
                items[p] = items[m]
                slots[items[p]] = p
                p = m
            }
            items[p] = moving
            slots[moving] = p
        }
    }
}
