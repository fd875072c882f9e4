/// Robust lines through beats: the Theil–Sen estimator (the median of pairwise slopes; Theil 1950, Sen 1968),
/// which a few misplaced beats cannot bend, used for local grids and the map's drift against the audio.
enum RobustLine {
    /// Where beat k's neighbours (±4 beats, matched within tolerance) put it: Theil–Sen line of match time against beat index.
    static func gridPrediction(_ k: Int, matches: [OnsetMatch?], q: [Double], tuning: BeatCheckTuning) -> Double? {
        var xs: [Double] = []
        var ys: [Double] = []
        for j in max(0, k - tuning.neighbourRadius)...min(q.count - 1, k + tuning.neighbourRadius) where j != k {
            if let m = matches[j], abs(m.time - q[j]) < tuning.neighbourAgreement {
                xs.append(Double(j))
                ys.append(m.time)
            }
        }
        guard xs.count >= tuning.minimumNeighbours, let slope = theilSen(xs, ys) else { return nil }
        let intercept = Median.of(zip(xs, ys).map { $1 - slope * $0 })
        return intercept + slope * Double(k)
    }

    /// Where beat k's neighbours in the map (±4 beats) put it, in aligned time.
    static func mapGrid(_ k: Int, q: [Double], tuning: BeatCheckTuning) -> Double? {
        grid(k, through: neighbours(of: k, count: q.count, tuning: tuning), q: q, tuning: tuning)
    }

    /// Where the beats `js` put beat k: Theil–Sen line of aligned time against beat index.
    static func grid(_ k: Int, through js: [Int], q: [Double], tuning: BeatCheckTuning) -> Double? {
        guard js.count >= tuning.minimumNeighbours, let slope = theilSen(js.map(Double.init), js.map { q[$0] }) else { return nil }
        return Median.of(js.map { q[$0] - slope * Double($0) }) + slope * Double(k)
    }

    static func localIntervals(_ t: [Double]) -> [Double] {
        t.indices.map { k in
            let lo = max(0, k - 2), hi = min(t.count - 1, k + 2)
            return hi > lo ? (t[hi] - t[lo]) / Double(hi - lo) : 0.5
        }
    }

    /// Theil–Sen estimator: the median of pairwise slopes (on at most 200 evenly spaced points).
    static func theilSen(_ x: [Double], _ y: [Double]) -> Double? {
        let step = max(1, x.count / 200)
        let idx = Array(Swift.stride(from: 0, to: x.count, by: step))
        var slopes: [Double] = []
        for a in 0..<idx.count {
            for b in (a + 1)..<idx.count where x[idx[b]] != x[idx[a]] {
                slopes.append((y[idx[b]] - y[idx[a]]) / (x[idx[b]] - x[idx[a]]))
            }
        }
        return slopes.isEmpty ? nil : Median.of(slopes)
    }

    /// Beat k's neighbours, `tuning.neighbourRadius` beats each side.
    static func neighbours(of k: Int, count: Int, tuning: BeatCheckTuning) -> [Int] {
        (max(0, k - tuning.neighbourRadius)...min(count - 1, k + tuning.neighbourRadius)).filter { $0 != k }
    }
}
