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
    /// Most samples (frames × channels) decoded into memory at once, for the few uses that need a whole
    /// sound in memory (AudioCustom waveforms). The product of the other limits (4 h × 32 channels ×
    /// 768 kHz) is far beyond any machine's memory, so a whole-file read checks this before it allocates.
    /// Everything else streams in blocks.
    public var maxSamplesInMemory: Int

    public init(
        maxChannels: Int = 32, sampleRates: ClosedRange<Int> = 1000...768_000, maxDuration: Double = 4 * 3600,
        maxSamplesInMemory: Int = 1 << 26
    ) {
        self.maxChannels = maxChannels
        self.sampleRates = sampleRates
        self.maxDuration = maxDuration
        self.maxSamplesInMemory = maxSamplesInMemory
    }

    /// Throws when `frames` frames of `channels` channels would exceed `maxSamplesInMemory`.
    public func checkFitsInMemory(frames: Int64, channels: Int, sampleRate: Int, path: String) throws(AudioIOError) {
        let samples = Double(max(0, frames)) * Double(channels)
        guard samples <= Double(maxSamplesInMemory) else {
            throw AudioIOError(
                .limitExceeded, path: path,
                reason: String(
                    format: "%.0f s × %d channels at %d Hz is %.0f million samples, more than the %.0f million decoded into memory at once",
                    Double(frames) / Double(max(1, sampleRate)), channels, sampleRate, samples / 1e6, Double(maxSamplesInMemory) / 1e6),
                fix: "use a shorter sound (an AudioCustom waveform is a short effect), or fewer channels or a lower rate")
        }
    }

    public static let standard = AudioLimits()
}
