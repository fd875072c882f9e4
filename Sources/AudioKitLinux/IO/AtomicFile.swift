import Foundation

/// Writes outputs atomically: to a temporary file in the destination's folder,
/// then `rename(2)` over the destination. A failed or interrupted write leaves
/// the destination as it was, and the temporary file is removed.
public enum AtomicFile {
    /// A fresh temporary path beside `destination`. The name is short (`.akl-<pid>-<random>.tmp`), so an output
    /// whose own name is near the file-system limit (255 bytes) can still be written.
    public static func temporaryPath(for destination: String) -> String {
        let url = URL(fileURLWithPath: destination)
        let name = ".akl-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 36)).tmp"
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Where a write to `destination` really goes: through a symbolic link to its target, so that writing a
    /// linked file updates the target and keeps the link. A path that is not a link is returned as given.
    public static func resolvedDestination(_ destination: String) -> String {
        var st = stat()
        guard lstat(destination, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK else { return destination }
        if let real = realpath(destination, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        // A dangling link: write the file it names.
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(destination, &buffer, buffer.count - 1)
        guard n > 0 else { return destination }
        let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        return URL(fileURLWithPath: destination).deletingLastPathComponent().appendingPathComponent(target).path
    }

    /// Refuses to write over any of `inputs`: the same file on disk (through links or not), or, for paths that do
    /// not exist yet, the same path once `.`, `..` and links are resolved.
    public static func checkNotAnInput(_ destination: String, inputs: [String]) throws(InputError) {
        for input in inputs where isSameFile(destination, input) { throw overwriteError(destination, input: input) }
    }

    /// True when `a` and `b` are one file: the same device and inode when `a` exists, else the same path once `.`,
    /// `..` and links are resolved.
    public static func isSameFile(_ a: String, _ b: String) -> Bool {
        if let target = FileIdentity(path: a) { return FileIdentity(path: b) == target }
        let resolve = { (p: String) in URL(fileURLWithPath: p).resolvingSymlinksInPath().standardizedFileURL.path }
        return resolve(a) == resolve(b)
    }

    static func overwriteError(_ destination: String, input: String) -> InputError {
        InputError(
            .writeFailed, path: destination,
            reason: input == destination
                ? "is also an input; refusing to overwrite it" : "is also an input (read as \(input)); refusing to overwrite it",
            fix: "choose another output path")
    }

    /// True when `path` exists and is not a regular file: a device (/dev/null, /dev/stdout),
    /// a pipe or a socket. Those are written in place; renaming over them would replace them.
    public static func isSpecialFile(_ path: String) -> Bool {
        if case .special = FileKind(path: path) { return true }
        return false
    }

    /// Writes `data` to `destination` atomically (a device or pipe is written directly). A destination that is a
    /// symbolic link is written through to its target; an existing file keeps its permissions. The write is refused
    /// when the destination is a file this process read, unless it is `replacing` (an in-place rewrite).
    public static func write(_ data: Data, to destination: String, replacing: String? = nil) throws(InputError) {
        var failure: InputError?
        data.withUnsafeBytes { bytes in
            do throws(InputError) { try write(bytes: bytes, to: destination, replacing: replacing) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes `text` as UTF-8; see `write(_:to:replacing:)`. The text's own bytes are written, not a copy of them.
    public static func write(_ text: String, to destination: String, replacing: String? = nil) throws(InputError) {
        var text = text
        var failure: InputError?
        text.withUTF8 { bytes in
            do throws(InputError) { try write(bytes: UnsafeRawBufferPointer(bytes), to: destination, replacing: replacing) } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// Writes `bytes` to `destination` atomically; see `write(_:to:replacing:)`.
    static func write(bytes: UnsafeRawBufferPointer, to destination: String, replacing: String?) throws(InputError) {
        if isSpecialFile(destination) {
            let fd = open(destination, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw InputError(.writeFailed, path: destination, reason: "cannot open for writing") }
            defer { close(fd) }
            if let reason = writeAll(bytes, to: fd) { throw InputError(.writeFailed, path: destination, reason: "write failed: \(reason)") }
            return
        }
        let target = resolvedDestination(destination)
        if let input = InputRegistry.shared.input(overwrittenBy: target, allowing: replacing) {
            throw overwriteError(destination, input: input)
        }
        let temp = temporaryPath(for: target)
        TemporaryFiles.shared.register(temp)
        defer { TemporaryFiles.shared.unregister(temp) }
        // A command's outputs are synced together when they are committed (`commitDeferred`); the editor's saves, one
        // at a time, here.
        let sync = !DeferredCommits.shared.isOn
        if let reason = writeNew(bytes, to: temp, sync: sync) {
            unlink(temp)
            throw InputError(
                .writeFailed, path: destination, reason: "cannot write: \(reason)",
                fix: "check that the folder exists and is writable, and the free disk space")
        }
        try commit(temp, to: target, named: destination, replacing: replacing, synced: sync)
    }

    /// Creates the file `path` (which must not exist) holding `bytes`, on disk when this returns if `sync` (one
    /// `fsync(2)`); nil, or why it could not.
    private static func writeNew(_ bytes: UnsafeRawBufferPointer, to path: String, sync: Bool) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        if let reason = writeAll(bytes, to: fd) {
            close(fd)
            return reason
        }
        // Written space can still run out at the sync or the close (delayed allocation, a network file system).
        if sync && fsync(fd) != 0 {
            let reason = String(cString: strerror(errno))
            close(fd)
            return reason
        }
        return close(fd) == 0 ? nil : String(cString: strerror(errno))
    }

    /// Writes all of `bytes` to `fd`, through short writes and interruptions; nil, or why it could not.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> String? {
        var done = 0
        while done < bytes.count, let base = bytes.baseAddress {
            let n = Glibc.write(fd, base + done, bytes.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return n < 0 ? String(cString: strerror(errno)) : "nothing more could be written" }
            done += n
        }
        return nil
    }

    /// Syncs the file at `path` to disk; nil, or why it could not.
    static func sync(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        return fsync(fd) == 0 ? nil : String(cString: strerror(errno))
    }

    /// Renames a finished temporary file over `target` (a resolved destination), after checking once more that
    /// `target` is no input, syncing it unless it is `synced` already, and giving it the permissions of the file it
    /// replaces. Errors name `named`, the path the user gave. While commits are deferred, the file is staged instead,
    /// and synced with the command's other outputs by `commitDeferred()`.
    static func commit(
        _ temp: String, to target: String, named: String? = nil, replacing: String? = nil, synced alreadySynced: Bool = false
    ) throws(InputError) {
        let shown = named ?? target
        if let input = InputRegistry.shared.input(overwrittenBy: target, allowing: replacing) {
            unlink(temp)
            throw overwriteError(shown, input: input)
        }
        let deferred = DeferredCommits.shared.isOn
        // On disk before it replaces anything: a crash or power loss leaves the old file or the new, never a hole.
        if !alreadySynced && !deferred, let reason = sync(temp) {
            unlink(temp)
            throw InputError(.writeFailed, path: shown, reason: "cannot write: \(reason)", fix: "check the free disk space")
        }
        var existing = stat()
        if stat(target, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG {
            chmod(temp, existing.st_mode & 0o7777)
        }
        if deferred {
            // Staged under a name of its own (the writer unregisters `temp` when this returns), still removed on a signal.
            let staged = temporaryPath(for: target)
            TemporaryFiles.shared.register(staged)
            guard rename(temp, staged) == 0 else {
                let reason = String(cString: strerror(errno))
                TemporaryFiles.shared.unregister(staged)
                unlink(temp)
                throw InputError(.writeFailed, path: shown, reason: "cannot stage the file: \(reason)")
            }
            DeferredCommits.shared.add(
                .init(staged: staged, target: target, shown: shown, replacing: replacing, synced: alreadySynced))
            return
        }
        if rename(temp, target) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw InputError(.writeFailed, path: shown, reason: "cannot replace the file: \(reason)")
        }
    }

    /// From now on, every finished output waits, complete, until `commitDeferred()` syncs them all to disk and renames
    /// them into place together (or `discardDeferred()` or a signal removes them): an interrupted or failed command
    /// leaves none of its outputs, never the first of two. The command-line tools turn this on; the editor, which
    /// saves while it runs, turns it off.
    public static func deferCommits(_ on: Bool) { DeferredCommits.shared.isOn = on }

    /// Syncs every staged output to disk, all at once (`ConcurrentSync`), then renames them into place, in the order
    /// they were written. When one cannot be synced, none is renamed (all are removed) and the first such failure is
    /// thrown; else the first rename that fails stops it (the rest are removed) and is thrown.
    public static func commitDeferred() throws(InputError) {
        let pending = DeferredCommits.shared.take()
        let reasons = ConcurrentSync.sync(pending.filter { !$0.synced }.map(\.staged))
        if let (path, reason) = reasons.first {
            for rest in pending {
                unlink(rest.staged)
                TemporaryFiles.shared.unregister(rest.staged)
            }
            let shown = pending.first { $0.staged == path }?.shown ?? path
            throw InputError(.writeFailed, path: shown, reason: "cannot write: \(reason)", fix: "check the free disk space")
        }
        for (i, p) in pending.enumerated() {
            var failure: InputError? = nil
            if let input = InputRegistry.shared.input(overwrittenBy: p.target, allowing: p.replacing) {
                failure = overwriteError(p.shown, input: input)
            } else if rename(p.staged, p.target) != 0 {
                failure = InputError(.writeFailed, path: p.shown, reason: "cannot replace the file: \(String(cString: strerror(errno)))")
            }
            TemporaryFiles.shared.unregister(p.staged)
            if let failure {
                for rest in pending[i...] {
                    unlink(rest.staged)
                    TemporaryFiles.shared.unregister(rest.staged)
                }
                throw failure
            }
        }
    }

    /// Removes every staged output; their destinations stay as they were.
    public static func discardDeferred() {
        for p in DeferredCommits.shared.take() {
            unlink(p.staged)
            TemporaryFiles.shared.unregister(p.staged)
        }
    }
}

/// Outputs finished but not yet renamed into place (`AtomicFile.deferCommits`).
final class DeferredCommits: @unchecked Sendable {
    struct Pending {
        let staged: String
        let target: String
        let shown: String
        let replacing: String?
        /// Whether it is on disk already; else `commitDeferred` syncs it.
        let synced: Bool
    }

    static let shared = DeferredCommits()
    private let lock = NSLock()
    private var on = false
    private var pending: [Pending] = []

    var isOn: Bool {
        get { lock.withLock { on } }
        set { lock.withLock { on = newValue } }
    }

    /// Stages `p`; an earlier staged version of the same destination is dropped (the last write wins, as it would).
    func add(_ p: Pending) {
        let replaced: [Pending] = lock.withLock {
            let old = pending.filter { $0.target == p.target }
            pending.removeAll { $0.target == p.target }
            pending.append(p)
            return old
        }
        for o in replaced {
            unlink(o.staged)
            TemporaryFiles.shared.unregister(o.staged)
        }
    }

    func take() -> [Pending] {
        lock.withLock {
            let all = pending
            pending = []
            return all
        }
    }
}

extension AtomicFile {
    /// Removes every output still being written (their temporary files); the destinations are left as they
    /// were. For a signal handler that is about to end the process.
    public static func removeTemporaryFiles() { TemporaryFiles.shared.removeAll() }
}

/// Temporary files in flight, removed if the process is interrupted (through `AtomicFile.removeTemporaryFiles`).
final class TemporaryFiles: @unchecked Sendable {
    /// The process-wide list.
    static let shared = TemporaryFiles()
    private let lock = NSLock()
    private var paths: Set<String> = []

    /// Adds `path` to the files `removeAll()` deletes; signals are blocked meanwhile, so a handler cannot deadlock.
    func register(_ path: String) { withSignalsBlocked { lock.withLock { _ = paths.insert(path) } } }
    /// Removes `path` from the list, once it has been renamed into place or deleted.
    func unregister(_ path: String) { withSignalsBlocked { lock.withLock { _ = paths.remove(path) } } }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP blocked on this thread, so a cleanup handler that runs
    /// `removeAll` can never interrupt this thread while it holds the lock (which would deadlock).
    private func withSignalsBlocked(_ body: () -> Void) {
        var set = sigset_t()
        var old = sigset_t()
        sigemptyset(&set)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, s) }
        pthread_sigmask(SIG_BLOCK, &set, &old)
        body()
        pthread_sigmask(SIG_SETMASK, &old, nil)
    }

    /// Removes every registered file; called on SIGINT and SIGTERM.
    func removeAll() {
        lock.withLock {
            for path in paths { unlink(path) }
            paths.removeAll()
        }
    }
}
