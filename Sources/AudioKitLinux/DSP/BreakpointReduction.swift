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
    /// heap that knows where each point sits, so a neighbour's new area moves it in place. Each entry holds its area,
    /// so a comparison reads the two entries it compares and nothing else.
    final class AreaHeap {
        struct Entry {
            var area: Double
            var point: Int
        }

        /// Points with their areas, in heap order.
        private let entries: UnsafeMutablePointer<Entry>
        /// Where each point sits in `entries`; −1 when it is not there.
        private let slots: UnsafeMutablePointer<Int>
        private var count = 0

        /// An empty heap for points 0..<`capacity`.
        init(count capacity: Int) {
            entries = .allocate(capacity: capacity)
            slots = .allocate(capacity: capacity)
            slots.initialize(repeating: -1, count: capacity)
        }

        deinit {
            entries.deallocate()
            slots.deallocate()
        }

        /// The point with the smallest area, or nil when none is left.
        var first: Int? { count > 0 ? entries[0].point : nil }

        /// The area of point `i`, which is in the heap.
        func area(_ i: Int) -> Double { entries[slots[i]].area }

        @inline(__always)
        private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
            a.area < b.area || (a.area == b.area && a.point < b.point)
        }

        /// Fills the empty heap with `points`, each with its `area`, in one pass (R. W. Floyd, "Algorithm 245:
        /// Treesort 3", CACM 7(12), 1964): each parent sifted down from the last to the first, in linear time. The order
        /// of areas and indices decides each place, so the heap pops the same points as one built by insertion.
        func build(_ points: Range<Int>, area: (Int) -> Double) {
            for i in points {
                entries[count] = Entry(area: area(i), point: i)
                slots[i] = count
                count += 1
            }
            for parent in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(parent, entries[parent]) }
        }

        /// Removes the first point.
        func removeFirst() {
            guard count > 0 else { return }
            slots[entries[0].point] = -1
            count -= 1
            guard count > 0 else { return }
            siftDown(0, entries[count])
        }

        /// Gives point `i`, in the heap, its new `area`.
        func update(_ i: Int, area: Double) {
            let at = slots[i]
            precondition(at >= 0, "a point not in the heap")
            let old = entries[at].area
            let moving = Entry(area: area, point: i)
            if area < old { siftUp(at, moving) } else { siftDown(at, moving) }
        }

        /// Puts `moving` at `start` or above it.
        private func siftUp(_ start: Int, _ moving: Entry) {
            var c = start
            while c > 0 {
                let p = (c - 1) / 2
                guard Self.precedes(moving, entries[p]) else { break }
                entries[c] = entries[p]
                slots[entries[c].point] = c
                c = p
            }
            entries[c] = moving
            slots[moving.point] = c
        }

        /// Puts `moving` at `start` or below it.
        private func siftDown(_ start: Int, _ moving: Entry) {
            var p = start
            while true {
                let l = 2 * p + 1
                if l >= count { break }
                let r = l + 1
                let m = r < count && Self.precedes(entries[r], entries[l]) ? r : l
                guard Self.precedes(entries[m], moving) else { break }
                entries[p] = entries[m]
                slots[entries[p].point] = p
                p = m
            }
            entries[p] = moving
            slots[moving.point] = p
        }
    }
}
