/// The global alignment of a map to its track: the offset a and tempo scale s that maximise the smoothed
/// onset strength summed at c + a + s·(t − c) over the beats (c = the median beat); a grid search, coarse then fine.
///
/// A beat list at half the track's tempo aligns as well on the track's other beats, half a map beat away (a shift of
/// 341 ms for a 75 BPM list of a 150 BPM song whose backbeat is the louder): the onsets cannot tell which beats the map
/// meant, so when the shift half a map beat nearer zero sums at least `BeatCheckTuning.halfBeatAlignment` of the best
/// one's onsets, it is kept. A placement error is more often small than large, and the larger shift would move every
/// beat onto the other half of the track's pulse.
enum GlobalAlignment {
    /// Grid search for offset a (±350 ms) and scale s (±3 %), coarse then fine; then the shift half a map beat nearer
    /// zero when it aligns nearly as well.
    static func align(_ times: [Double], centre: Double, odf: OnsetCurve) -> (Double, Double) {
        let step = max(1, times.count / 400)
        let sample = Swift.stride(from: 0, to: times.count, by: step).map { times[$0] }
        func onsets(_ a: Double, _ s: Double) -> Double {
            var sum = 0.0
            for t in sample { sum += odf.smoothValue(at: centre + a + s * (t - centre)) }
            return sum
        }
        func score(_ a: Double, _ s: Double) -> Double {
            onsets(a, s) * (1 - 0.1 * abs(a) / odf.tuning.alignmentOffset - 0.5 * abs(s - 1))
        }
        let best = search(score, tuning: odf.tuning)
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 > 0 }
        guard !gaps.isEmpty else { return best }
        let half = Median.of(gaps) / 2
        let toward = best.0 - (best.0 > 0 ? half : -half)
        guard abs(toward) < abs(best.0) else { return best }
        // The nearer shift's own best within ±10 ms, at the same scale.
        var near = (toward, onsets(toward, best.1))
        for a in Swift.stride(from: toward - 0.01, through: toward + 0.01, by: 0.001) where onsets(a, best.1) > near.1 {
            near = (a, onsets(a, best.1))
        }
        return near.1 >= odf.tuning.halfBeatAlignment * onsets(best.0, best.1) ? (near.0, best.1) : best
    }

    /// The grid search of `align`: the (offset, scale) of the highest `score`, coarse then fine.
    private static func search(_ score: (Double, Double) -> Double, tuning: BeatCheckTuning) -> (Double, Double) {
        var best = (0.0, 1.0)
        var bestScore = score(0, 1)
        for s in Swift.stride(from: 1 - tuning.alignmentScale, through: 1 + tuning.alignmentScale, by: 0.002) {
            for a in Swift.stride(from: -tuning.alignmentOffset, through: tuning.alignmentOffset, by: 0.01)
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
