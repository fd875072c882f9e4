import Foundation

/// Writes audio atomically: frames go to a temporary file beside the
/// destination, and `commit()` renames it into place. Dropped without
/// `commit()`, the writer removes the temporary file and the destination is untouched.
public final class SoundFileWriter {
    private var handle: OpaquePointer?
    private let temporaryPath: String
    /// The file the destination resolves to (through a symbolic link).
    private let target: String
    private let direct: Bool
    /// The path the caller gave.
    public let destination: String
    /// Interleaved channels per frame.
    public let channels: Int
    /// Sample rate, in Hz.
    public let sampleRate: Int
    /// The format written: the one given, or the one for the path's extension.
    public let format: SoundFormat

    /// Opens a writer for `path`. Throws `InputError` (`.writeFailed`) when no format is given and the extension is
    /// unknown, when `channels` or `sampleRate` is below 1, when `path` is a file this process read, or when
    /// libsndfile cannot create the file in that format and rate.
    public init(path: String, sampleRate: Int, channels: Int, format: SoundFormat? = nil) throws(InputError) {
        guard let chosen = format ?? SoundFormat.forPath(path) else {
            throw InputError(
                .writeFailed, path: path, reason: "unknown audio extension",
                fix: "use one of ." + SoundFormat.writableExtensions.joined(separator: ", ."))
        }
        guard channels >= 1, sampleRate >= 1 else {
            throw InputError(.writeFailed, path: path, reason: "cannot write \(channels) channels at \(sampleRate) Hz")
        }
        self.destination = path
        self.channels = channels
        self.sampleRate = sampleRate
        self.format = chosen
        // Devices and pipes (/dev/stdout, a FIFO) are written directly; regular files atomically.
        self.direct = AtomicFile.isSpecialFile(path)
        self.target = direct ? path : AtomicFile.resolvedDestination(path)
        if !direct, let input = InputRegistry.shared.input(overwrittenBy: target) {
            throw AtomicFile.overwriteError(path, input: input)
        }
        self.temporaryPath = direct ? path : AtomicFile.temporaryPath(for: target)
        if !direct { TemporaryFiles.shared.register(temporaryPath) }
        do {
            self.handle = try SndFile.openWrite(temporaryPath, format: chosen, sampleRate: sampleRate, channels: channels)
        } catch let error where error.path == temporaryPath {
            TemporaryFiles.shared.unregister(temporaryPath)
            throw InputError(
                error.kind, path: path, reason: error.reason, fix: error.fix ?? "check that the folder exists and is writable")
        } catch {
            TemporaryFiles.shared.unregister(temporaryPath)
            throw error
        }
    }

    deinit {
        if let handle {
            SndFile.close(handle)
            if !direct {
                unlink(temporaryPath)
                TemporaryFiles.shared.unregister(temporaryPath)
            }
        }
    }

    /// Appends interleaved frames; throws `InputError` (`.writeFailed`) when libsndfile writes fewer (a full disk).
    public func write(_ samples: UnsafeBufferPointer<Float>) throws(InputError) {
        guard let handle, let base = samples.baseAddress else { return }
        let frames = samples.count / channels
        if SndFile.writeFrames(handle, base, frames: frames) != frames {
            throw InputError(.writeFailed, path: destination, reason: "write failed: \(SndFile.errorText(handle) ?? "disk full?")")
        }
    }

    /// Appends interleaved frames from an array. Throws `InputError` (`.writeFailed`) when libsndfile writes fewer
    /// frames than given (a full disk, say).
    public func write(_ samples: [Float]) throws(InputError) {
        try samples.withUnsafeBufferPointer { p throws(InputError) in try write(p) }
    }

    /// Closes the file and renames it over the destination; throws `InputError` (`.writeFailed`) when the encoder
    /// cannot finish, the file cannot be synced, or the destination is a file this process read.
    public func commit() throws(InputError) {
        guard let handle else { return }
        self.handle = nil
        let closed = SndFile.close(handle)
        if direct { return }
        guard closed else {
            unlink(temporaryPath)
            TemporaryFiles.shared.unregister(temporaryPath)
            throw InputError(
                .writeFailed, path: destination, reason: "the encoder could not finish the file", fix: "check the free disk space")
        }
        defer { TemporaryFiles.shared.unregister(temporaryPath) }
        try AtomicFile.commit(temporaryPath, to: target, named: destination)
    }
}
