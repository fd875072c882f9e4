import Foundation

/// What a path names on disk: a regular file, a directory, or something that
/// cannot be read as a file without blocking or changing it (a FIFO, socket or device).
public enum FileKind: Sendable, Equatable {
    /// Nothing at the path, or it cannot be examined (a dangling link, no permission on a folder).
    case missing
    /// A regular file.
    case regular
    /// A directory.
    case directory
    /// A FIFO, socket, character or block device; `name` says which.
    case special(name: String)

    /// The kind of `path`, following symbolic links.
    public init(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else {
            self = .missing
            return
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .special(name: "a FIFO (named pipe)")
        case S_IFSOCK: self = .special(name: "a socket")
        case S_IFCHR: self = .special(name: "a character device")
        case S_IFBLK: self = .special(name: "a block device")
        default: self = .special(name: "not a regular file")
        }
    }
}

/// A file's identity on disk: its device and inode. Two paths that reach one
/// file (a symbolic link, a hard link, `./a` and `a`) have the same identity.
public struct FileIdentity: Hashable, Sendable {
    package let device: UInt64
    package let inode: UInt64

    /// The identity of the file `path` reaches (links followed); nil when nothing is there.
    public init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }
}

/// Every file this process has opened for reading, so that no output is ever
/// written over one of them. The readers record (`InputFile`, `SoundFileReader`);
/// `AtomicFile` checks before it renames a finished output into place, so the
/// guard covers every output of every command against every file it read,
/// including the files an input names (a manifest's tracks, an AHAP's AudioCustom sounds).
public final class InputRegistry: @unchecked Sendable {
    /// The process-wide registry.
    public static let shared = InputRegistry()
    private let lock = NSLock()
    private var inputs: [FileIdentity: String] = [:]

    /// Records `path` as read.
    public func record(_ path: String) {
        guard let id = FileIdentity(path: path) else { return }
        lock.withLock { inputs[id] = path }
    }

    /// The input path that `destination` would overwrite, if any (`allowed` is exempt: `format --in-place`).
    /// An input that has since been deleted does not count, even when the system reuses its inode number.
    public func input(overwrittenBy destination: String, allowing allowed: String? = nil) -> String? {
        guard let id = FileIdentity(path: destination) else { return nil }
        if let allowed, FileIdentity(path: allowed) == id { return nil }
        guard let path = lock.withLock({ inputs[id] }) else { return nil }
        return FileIdentity(path: path) == id ? path : nil
    }
}
