/// Halves a mono stream's rate `stageCount` times with `HalfBandDecimator`s in series.
///
/// Only the last stage needs a sharp filter: an earlier one may let through what later stages
/// remove, as long as nothing folds into the final band, so earlier stages use 7 taps a side.
struct HalfBandCascade {
    private var stages: [HalfBandDecimator]
    private var current: [Float] = []
    private var next: [Float] = []

    init(stageCount: Int) {
        stages = (0..<stageCount).map { $0 == stageCount - 1 ? HalfBandDecimator() : HalfBandDecimator(halfLength: 7) }
    }

    /// How many halvings take `rate` to at most `cap`: only even rates are halved (the new rate
    /// stays exact), and never below 11.025 kHz (a 16 kHz file keeps its 8 kHz of band).
    static func stageCount(from rate: Int, cap: Int) -> Int {
        var rate = rate
        var count = 0
        while rate > cap, rate % 2 == 0, rate / 2 >= 11_025 {
            rate /= 2
            count += 1
        }
        return count
    }

    /// Runs `samples` (and, when `flushing`, each stage's tail) through every stage and hands
    /// the result to `body`.
    mutating func process(_ samples: UnsafeBufferPointer<Float>, flushing: Bool, _ body: (UnsafeBufferPointer<Float>) -> Void) {
        current.removeAll(keepingCapacity: true)
        current.append(contentsOf: samples)
        for s in stages.indices {
            next.removeAll(keepingCapacity: true)
            current.withUnsafeBufferPointer { stages[s].process($0, into: &next) }
            if flushing { stages[s].finish(into: &next) }
            swap(&current, &next)
        }
        current.withUnsafeBufferPointer(body)
    }
}
