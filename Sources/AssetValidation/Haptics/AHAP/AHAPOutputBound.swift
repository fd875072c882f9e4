/// The largest AHAP file a command may write: one our own reader accepts under the same limits (pattern entries,
/// curve control points, bytes), so that no command writes a pattern `ahap-tool validate` refuses.
public enum AHAPOutputBound {
    /// Why `text` (the formatted `pattern`) is larger than `limits` let a reader accept, or nil when it fits. The
    /// reason names the limit, not a flag.
    public static func excess(_ pattern: AHAPPattern, text: String, limits: InputLimits) -> String? {
        if pattern.elements.count > limits.maxEvents {
            return "the pattern would have \(pattern.elements.count) entries, more than the \(limits.maxEvents) a reader accepts"
        }
        let points = pattern.curves.reduce(0) { $0 + $1.controlPoints.count }
        if points > limits.maxCurvePoints {
            return "the pattern would have \(points) curve control points, more than the \(limits.maxCurvePoints) a reader accepts"
        }
        let bytes = text.utf8.count
        if bytes > limits.maxFileBytes {
            return "the pattern would take \(bytes) bytes, more than the \(limits.maxFileBytes) a reader accepts"
        }
        return nil
    }
}
