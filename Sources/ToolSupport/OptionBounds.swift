import ArgumentParser
import Foundation

/// The accepted range of every numeric option, checked in `validate()` so a value such as `--bpm 1e-300`
/// or `--tail 1e7` is a usage error (exit 64) before any work or allocation.
public enum OptionBounds {
    /// Tempi, in BPM: from a very slow 1 BPM to 1000.
    public static let bpm: ClosedRange<Double> = 1...1000
    /// Seconds of extra audio rendered around an event (crossfade tail, gaps): at most 10 minutes.
    public static let renderedSeconds: ClosedRange<Double> = 0...600

    /// Throws a usage error naming `flag` when `value` is given and is not finite or not in `range`.
    public static func check(_ value: Double?, in range: ClosedRange<Double>, flag: String, unit: String = "") throws {
        guard let value else { return }
        guard value.isFinite, range.contains(value) else {
            throw ValidationError(
                "\(flag) must be between \(format(range.lowerBound)) and \(format(range.upperBound))\(unit.isEmpty ? "" : " \(unit)"), not \(format(value))"
            )
        }
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }
}
