import ArgumentParser
import AudioKitLinux

/// The output of commands that print data rather than findings: text for people, JSON for scripts.
public enum DataFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    case text, json
}

/// A percentage, written `0.5` or `0.5%`, between 0 (excluded) and 50.
public struct Percentage: ExpressibleByArgument, Sendable, Equatable {
    /// The value as a fraction: 0.005 for 0.5 %.
    public let fraction: Double

    /// `percent` per cent (a default value).
    public init(percent: Double) { fraction = percent / 100 }

    /// Parses `0.5` or `0.5%`; nil outside (0, 50].
    public init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        guard let value = Double(text.hasSuffix("%") ? String(text.dropLast()) : text), value > 0, value <= 50 else { return nil }
        fraction = value / 100
    }

    /// How `--help` shows the default: `0.5%`.
    public var defaultValueDescription: String { "\(OptionBounds.format(fraction * 100))%" }
}

/// A level in decibels, written `-6`, `-6dB` or `-6 dB`, between -96 and +12.
public struct Decibels: ExpressibleByArgument, Sendable, Equatable {
    /// The level in dB.
    public let value: Double

    /// `dB` decibels (a default value).
    public init(dB: Double) { value = dB }

    /// Parses a level; nil outside −96…+12 dB.
    public init?(argument: String) {
        var text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        if text.hasSuffix("db") { text = String(text.dropLast(2)).trimmingCharacters(in: .whitespaces) }
        guard let v = Double(text), v >= -96, v <= 12 else { return nil }
        value = v
    }

    /// How `--help` shows the default: `-6dB`.
    public var defaultValueDescription: String { "\(OptionBounds.format(value))dB" }
}

/// One shard of a job list, written `i/n` with 1 ≤ i ≤ n (`2/4`).
public struct Shard: ExpressibleByArgument, Sendable, Equatable {
    /// 1-based.
    public let index: Int
    /// How many shards the jobs are split into.
    public let count: Int

    /// Parses `i/n`; nil unless 1 ≤ i ≤ n.
    public init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let i = parts[0], let n = parts[1], n >= 1, (1...n).contains(i) else { return nil }
        index = i
        count = n
    }
}

/// A named number, written `name=value` (`--param bpm=88`).
public struct NamedValue: ExpressibleByArgument, Sendable, Equatable {
    /// The part before `=`.
    public let name: String
    /// The number after `=`.
    public let value: Double

    /// Parses `name=value` with a finite number; nil otherwise.
    public init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, let v = Double(parts[1]), v.isFinite else { return nil }
        name = String(parts[0])
        value = v
    }
}

extension BeatMapFormat: ExpressibleByArgument {}
extension RenderChannels: ExpressibleByArgument {}
