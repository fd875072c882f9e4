import Foundation

/// Why an audio file could not be read or written. Each case's description is
/// one line: the file, what is wrong, and how to fix it.
public struct AudioIOError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case notFound
        case isDirectory
        case unreadable
        case unsupportedFormat
        case corrupt
        case limitExceeded
        case writeFailed
    }

    public var kind: Kind
    public var path: String
    public var reason: String
    public var fix: String?

    public init(_ kind: Kind, path: String, reason: String, fix: String? = nil) {
        self.kind = kind
        self.path = path
        self.reason = reason
        self.fix = fix
    }

    public var description: String {
        "\(path): \(reason)" + (fix.map { "; \($0)" } ?? "")
    }
}

/// Limits on audio inputs, so that a hostile header cannot make the tools
/// allocate without bound. Each can be raised by the caller.
public struct AudioLimits: Sendable, Hashable {
    public var maxChannels: Int
    public var sampleRates: ClosedRange<Int>
    /// Longest audio accepted, in seconds.
    public var maxDuration: Double

    public init(maxChannels: Int = 32, sampleRates: ClosedRange<Int> = 1000...768_000, maxDuration: Double = 4 * 3600) {
        self.maxChannels = maxChannels
        self.sampleRates = sampleRates
        self.maxDuration = maxDuration
    }

    public static let standard = AudioLimits()
}
