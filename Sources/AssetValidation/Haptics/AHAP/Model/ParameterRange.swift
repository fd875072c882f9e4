/// A closed range of parameter values, with clamping as CoreHaptics does it:
/// `min(max(v, lower), upper)`.
public struct ParameterRange: Sendable, Hashable {
    /// The smallest value in the range.
    public let lower: Double
    /// The largest value in the range.
    public let upper: Double

    /// The range from `lower` to `upper`, both included.
    public init(_ lower: Double, _ upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// Whether `value` lies in the range, bounds included.
    public func contains(_ value: Double) -> Bool { value >= lower && value <= upper }
    /// `value` moved to the nearest bound when it lies outside the range.
    public func clamp(_ value: Double) -> Double { Swift.min(Swift.max(value, lower), upper) }

    /// The range 0…1.
    public static let unit = ParameterRange(0, 1)
    /// The range -1…1.
    public static let signedUnit = ParameterRange(-1, 1)
}
