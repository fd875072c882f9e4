/// Ordinary least squares of a straight line y = intercept + slope · x: the one fit under the tempo fitters (a beat
/// grid's time = offset + beat · period, `GridFit`; each stretch of a chart's grid, `TempoMapFit`).
public enum LineFit {
    /// The line through `points` that minimises the squared vertical distances (slope = Sxy / Sxx, through the means);
    /// nil for fewer than two points or when every x is the same.
    public static func leastSquares(_ points: [(x: Double, y: Double)]) -> (slope: Double, intercept: Double)? {
        guard points.count >= 2 else { return nil }
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.x } / n, my = points.reduce(0) { $0 + $1.y } / n
        var sxy = 0.0, sxx = 0.0
        for p in points {
            sxy += (p.x - mx) * (p.y - my)
            sxx += (p.x - mx) * (p.x - mx)
        }
        guard sxx > 0 else { return nil }
        return (sxy / sxx, my - sxy / sxx * mx)
    }
}
