import Foundation

/// Writes outputs atomically: to a temporary file in the destination's folder,
/// then `rename(2)` over the destination. A failed or interrupted write leaves
/// the destination as it was, and the temporary file is removed.
public enum AtomicFile {
    /// A fresh temporary path beside `destination`.
    public static func temporaryPath(for destination: String) -> String {
        let url = URL(fileURLWithPath: destination)
        let name = ".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Refuses to write over any of `inputs` (compared after resolving links).
    public static func checkNotAnInput(_ destination: String, inputs: [String]) throws(AudioIOError) {
        let target = URL(fileURLWithPath: destination).resolvingSymlinksInPath().standardizedFileURL.path
        for input in inputs where URL(fileURLWithPath: input).resolvingSymlinksInPath().standardizedFileURL.path == target {
            throw AudioIOError(
                .writeFailed, path: destination, reason: "is also an input; refusing to overwrite it", fix: "choose another output path")
        }
    }

    /// True when `path` exists and is not a regular file: a device (/dev/null, /dev/stdout),
    /// a pipe or a socket. Those are written in place; renaming over them would replace them.
    public static func isSpecialFile(_ path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        return (st.st_mode & S_IFMT) != S_IFREG
    }

    /// Writes `data` to `destination` atomically (a device or pipe is written directly).
    public static func write(_ data: Data, to destination: String) throws(AudioIOError) {
        if isSpecialFile(destination) {
            guard let handle = FileHandle(forWritingAtPath: destination) else {
                throw AudioIOError(.writeFailed, path: destination, reason: "cannot open for writing")
            }
            defer { try? handle.close() }
            do { try handle.write(contentsOf: data) } catch {
                throw AudioIOError(.writeFailed, path: destination, reason: "write failed: \(error.localizedDescription)")
            }
            return
        }
        let temp = temporaryPath(for: destination)
        TemporaryFiles.shared.register(temp)
        defer { TemporaryFiles.shared.unregister(temp) }
        do {
            try data.write(to: URL(fileURLWithPath: temp))
        } catch {
            unlink(temp)
            throw AudioIOError(
                .writeFailed, path: destination, reason: "cannot write: \(error.localizedDescription)",
                fix: "check that the folder exists and is writable")
        }
        try commit(temp, to: destination)
    }

    public static func write(_ text: String, to destination: String) throws(AudioIOError) {
        try write(Data(text.utf8), to: destination)
    }

    /// Renames a finished temporary file over the destination.
    static func commit(_ temp: String, to destination: String) throws(AudioIOError) {
        if rename(temp, destination) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw AudioIOError(.writeFailed, path: destination, reason: "cannot replace the file: \(reason)")
        }
    }
}

/// Temporary files in flight, removed if the process is interrupted
/// (see `TemporaryFiles.installSignalCleanup()`).
public final class TemporaryFiles: @unchecked Sendable {
    public static let shared = TemporaryFiles()
    private let lock = NSLock()
    private var paths: Set<String> = []

    public func register(_ path: String) { lock.withLock { _ = paths.insert(path) } }
    public func unregister(_ path: String) { lock.withLock { _ = paths.remove(path) } }

    /// Removes every registered file; called on SIGINT and SIGTERM.
    public func removeAll() {
        lock.withLock {
            for path in paths { unlink(path) }
            paths.removeAll()
        }
    }
}
