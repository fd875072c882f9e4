/// Reduces a polyline to a budget of points by Visvalingam–Whyatt elimination: repeatedly remove the point whose
/// triangle with its two neighbours has the smallest area, until the budget is met. The first and last points stay.
///
/// Visvalingam and Whyatt, "Line generalisation by repeated elimination of points", The Cartographic Journal 30(1),
/// 1993. A binary heap with lazy deletion gives O(n log n).
public enum BreakpointReduction {
    /// The indices of the points of (`times`, `values`) kept when at most `budget` (at least 2) may stay, in order.
    public static func reduce(times: [Double], values: [Double], budget: Int) -> [Int] {
        let n = times.count
        precondition(values.count == n, "times and values differ in length")
        let keep = max(2, budget)
        if n <= keep { return Array(0..<n) }
        var previous = (0..<n).map { $0 - 1 }
        var next = (0..<n).map { $0 + 1 }
        var alive = [Bool](repeating: true, count: n)
        var area = [Double](repeating: .infinity, count: n)
        func triangle(_ i: Int) -> Double {
            let a = previous[i]
            let c = next[i]
            guard a >= 0, c < n else { return .infinity }
            let ax = times[a], bx = times[i], cx = times[c]
            return abs((bx - ax) * (values[c] - values[a]) - (cx - ax) * (values[i] - values[a])) / 2
        }
        var heap = MinHeap()
        for i in 1..<(n - 1) {
            area[i] = triangle(i)
            heap.push(area[i], i)
        }
        var remaining = n
        var floor = 0.0
        while remaining > keep, let (a, i) = heap.pop() {
            guard alive[i], a == area[i] else { continue }
            alive[i] = false
            remaining -= 1
            // A point's effective area never falls below the last one removed, so removal order stays monotone.
            floor = max(floor, a)
            let p = previous[i]
            let q = next[i]
            if p >= 0 { next[p] = q }
            if q < n { previous[q] = p }
            for j in [p, q] where j > 0 && j < n - 1 {
                area[j] = max(triangle(j), floor)
                heap.push(area[j], j)
            }
        }
        return (0..<n).filter { alive[$0] }
    }

    /// A binary min-heap of (key, index) pairs.
    struct MinHeap {
        private var keys: [Double] = []
        private var items: [Int] = []

        mutating func push(_ key: Double, _ item: Int) {
            keys.append(key)
            items.append(item)
            var c = keys.count - 1
            while c > 0 {
                let p = (c - 1) / 2
                guard keys[c] < keys[p] else { break }
                keys.swapAt(c, p)
                items.swapAt(c, p)
                c = p
            }
        }

        mutating func pop() -> (Double, Int)? {
            guard let top = keys.first else { return nil }
            let item = items[0]
            keys.swapAt(0, keys.count - 1)
            items.swapAt(0, items.count - 1)
            keys.removeLast()
            items.removeLast()
            var p = 0
            while true {
                let l = 2 * p + 1
                let r = l + 1
                var m = p
                if l < keys.count && keys[l] < keys[m] { m = l }
                if r < keys.count && keys[r] < keys[m] { m = r }
                if m == p { break }
                keys.swapAt(p, m)
                items.swapAt(p, m)
                p = m
            }
            return (top, item)
        }
    }
}
