/// Least-squares fit of beat times onto a regular grid: t_n ≈ offset + n·60/BPM (`LineFit`). Beat indices come from
/// rounding each gap to whole beats, so a map with a missing beat still fits. This is the tempo fit's one-section case
/// for a list of beats (every time a beat); `TempoMapFit` fits a chart's hits, which sit on subdivisions and may change
/// tempo, in sections, on the same line fit.
public struct GridFit: Sendable {
    /// The fitted tempo in BPM: 60 over the fitted beat interval.
    public let bpm: Double
    /// Time of beat 0 of the grid.
    public let offset: Double
    /// Beat index assigned to each time.
    public let indices: [Int]
    /// Time minus grid, per beat.
    public let residuals: [Double]

    /// Root mean square of the residuals, in seconds (0 when there are none).
    public var rmsResidual: Double {
        residuals.isEmpty ? 0 : (residuals.map { $0 * $0 }.reduce(0, +) / Double(residuals.count)).squareRoot()
    }
    /// The largest residual in magnitude, in seconds (0 when there are none).
    public var maxResidual: Double { residuals.map(abs).max() ?? 0 }
    /// The fit as a tempo map of one section (nil when its tempo is outside `TempoMap.bpmRange`).
    public var tempoMap: TempoMap? { TempoMap(timingPoints: [(offset, bpm)]) }

    /// Fits `times` (sorted, at least 2). `interval` seeds the index assignment (default: median gap).
    public init?(times: [Double], interval: Double? = nil) {
        let t = times.filter(\.isFinite).sorted()
        guard t.count >= 2 else { return nil }
        let gaps = (1..<t.count).map { t[$0] - t[$0 - 1] }
        var step = interval ?? Median.upper(gaps) ?? 0
        guard step > 0 else { return nil }
        var idx: [Int] = []
        var intercept = 0.0
        // Two passes: assign indices with the seed interval, fit, re-assign with the fitted one.
        for _ in 0..<2 {
            idx = [0]
            for k in 1..<t.count {
                // A gap of millions of beats is not a beat map (found by fuzzing: 1e300 overflowed Int).
                let beats = ((t[k] - t[k - 1]) / step).rounded()
                guard beats.isFinite, beats < 1e7 else { return nil }
                idx.append(idx[k - 1] + max(1, Int(beats)))
            }
            guard let line = LineFit.leastSquares(zip(idx, t).map { (x: Double($0), y: $1) }) else { return nil }
            (step, intercept) = (line.slope, line.intercept)
        }
        bpm = 60 / step
        // Report the offset as the first grid beat at or after 0.
        let firstIndex = (-intercept / step).rounded(.up)
        guard firstIndex.isFinite, abs(firstIndex) < 1e12 else { return nil }
        offset = intercept + firstIndex * step
        indices = idx.map { $0 - Int(firstIndex) }
        residuals = zip(idx, t).map { $1 - (intercept + step * Double($0)) }
    }
}
