import Foundation

/// Why an input could not be read or an output written: the one error type of the library. Its description is
/// one line with the file, what is wrong and how to fix it. It names no command-line flag: a limit that was
/// exceeded is carried as `limit`, and a front end words it as its own option.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Kind: String, Sendable {
        /// Nothing at the path.
        case notFound
        /// A directory where a file was expected.
        case isDirectory
        /// A FIFO, socket or device where a regular file was expected.
        case notRegularFile
        /// Permission denied, or a read error.
        case unreadable
        /// A format the readers do not know, or one that needs a program that is not installed (ffmpeg for `.m4a`).
        case unsupportedFormat
        /// The file is damaged or truncated.
        case corrupt
        /// Larger than an `InputLimits` or `AudioLimits` bound; `limit` says which.
        case limitExceeded
        /// An output could not be written, or would replace an input.
        case writeFailed
    }

    /// What kind of failure it is.
    public var kind: Kind
    /// The file, as the caller named it.
    public var path: String
    /// What is wrong, without the path.
    public var reason: String
    /// How to fix it, when there is something to say.
    public var fix: String?
    /// The limit that was exceeded (with `.limitExceeded`).
    public var limit: InputLimit?

    /// An error about `path`.
    public init(_ kind: Kind, path: String, reason: String, fix: String? = nil, limit: InputLimit? = nil) {
        self.kind = kind
        self.path = path
        self.reason = reason
        self.fix = fix
        self.limit = limit
    }

    /// `path: reason; fix`, on one line.
    public var description: String {
        // A reason that ends its sentence does not take a semicolon after its full stop.
        let reason = fix != nil && self.reason.hasSuffix(".") ? String(self.reason.dropLast()) : self.reason
        return "\(path): \(reason)" + (fix.map { "; \($0)" } ?? "")
    }
}

/// The input limits a caller can raise, so that an error can say which one was exceeded.
public enum InputLimit: String, Sendable, CaseIterable {
    /// `InputLimits.maxFileBytes`.
    case fileSize
    /// `InputLimits.maxNestingDepth`.
    case nestingDepth
    /// `InputLimits.maxEvents`.
    case events
    /// `InputLimits.maxCurvePoints`.
    case curvePoints
    /// `InputLimits.maxBeats`.
    case beats
    /// `AudioLimits.maxDuration`, and the render horizon.
    case audioSeconds
    /// `AudioLimits.maxChannels`.
    case channels
}

/// Limits on audio inputs, so that a hostile header cannot make the tools
/// allocate without bound. Each can be raised by the caller.
public struct AudioLimits: Sendable, Hashable {
    /// Most channels accepted.
    public var maxChannels: Int
    /// Sample rates accepted, in Hz.
    public var sampleRates: ClosedRange<Int>
    /// Longest audio accepted, in seconds.
    public var maxDuration: Double
    /// Most samples (frames × channels) decoded into memory at once, for the few uses that need a whole
    /// sound in memory (AudioCustom waveforms). The product of the other limits (4 h × 32 channels ×
    /// 768 kHz) is far beyond any machine's memory, so a whole-file read checks this before it allocates.
    /// Everything else streams in blocks.
    public var maxSamplesInMemory: Int

    /// Limits with the given values; by default 32 channels, 1 kHz to 768 kHz, 4 hours (14,400 s) and 2^26 samples.
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
    public func checkFitsInMemory(frames: Int64, channels: Int, sampleRate: Int, path: String) throws(InputError) {
        let samples = Double(max(0, frames)) * Double(channels)
        guard samples <= Double(maxSamplesInMemory) else {
            throw InputError(
                .limitExceeded, path: path,
                reason: String(
                    format: "%.0f s × %d channels at %d Hz is %.0f million samples, more than the %.0f million decoded into memory at once",
                    Double(frames) / Double(max(1, sampleRate)), channels, sampleRate, samples / 1e6, Double(maxSamplesInMemory) / 1e6),
                fix: "use a shorter sound (an AudioCustom waveform is a short effect), or fewer channels or a lower rate")
        }
    }

    /// The default limits.
    public static let standard = AudioLimits()
}
