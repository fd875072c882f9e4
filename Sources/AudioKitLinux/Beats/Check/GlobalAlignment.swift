/// The global alignment of a map to its track: the offset a and tempo scale s that maximise the smoothed
/// onset strength summed at c + a + s·(t − c) over the beats (c = the median beat); a grid search, coarse then fine.
enum GlobalAlignment {
    /// Grid search for offset a (±350 ms) and scale s (±3 %), coarse then fine.
    static func align(_ times: [Double], centre: Double, odf: OnsetCurve) -> (Double, Double) {
        let step = max(1, times.count / 400)
        let sample = Swift.stride(from: 0, to: times.count, by: step).map { times[$0] }
        func score(_ a: Double, _ s: Double) -> Double {
            var sum = 0.0
            for t in sample { sum += odf.smoothValue(at: centre + a + s * (t - centre)) }
            return sum * (1 - 0.1 * abs(a) / odf.tuning.alignmentOffset - 0.5 * abs(s - 1))
        }
        var best = (0.0, 1.0)
        var bestScore = score(0, 1)
        for s in Swift.stride(from: 1 - odf.tuning.alignmentScale, through: 1 + odf.tuning.alignmentScale, by: 0.002) {
            for a in Swift.stride(from: -odf.tuning.alignmentOffset, through: odf.tuning.alignmentOffset, by: 0.01)
            where score(a, s) > bestScore {
                bestScore = score(a, s)
                best = (a, s)
            }
        }
        let (a0, s0) = best
        for s in Swift.stride(from: s0 - 0.002, through: s0 + 0.002, by: 0.0002) {
            for a in Swift.stride(from: a0 - 0.01, through: a0 + 0.01, by: 0.001) where score(a, s) > bestScore {
                bestScore = score(a, s)
                best = (a, s)
            }
        }
        return best
    }

}
