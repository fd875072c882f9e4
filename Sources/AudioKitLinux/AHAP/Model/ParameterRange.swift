/// A closed range of parameter values, with clamping as CoreHaptics does it:
/// `min(max(v, lower), upper)`.
public struct ParameterRange: Sendable, Hashable {
    public let lower: Double
    public let upper: Double

    public init(_ lower: Double, _ upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    public func contains(_ value: Double) -> Bool { value >= lower && value <= upper }
    public func clamp(_ value: Double) -> Double { Swift.min(Swift.max(value, lower), upper) }

    public static let unit = ParameterRange(0, 1)
    public static let signedUnit = ParameterRange(-1, 1)
}
