import Foundation
import Synchronization

/// Syncs many files to disk at once, so that the file system flushes them together.
///
/// Each `fsync(2)` waits for the disk to write the file's data and, on a journalling file system such as ext4 or XFS,
/// for a journal commit with a cache flush, which takes a millisecond or more on many disks. Syncs that are waiting at
/// the same time share one commit (the journal's group commit), so a batch of outputs synced from many threads at once
/// costs about one flush, where syncing each as it is written costs one flush a file.
enum ConcurrentSync {
    /// The most syncs in flight at once.
    static let mostAtOnce = 32

    /// Syncs every file of `paths`; the ones that could not be synced, in the order given, each with why.
    static func sync(_ paths: [String]) -> [(path: String, reason: String)] {
        guard paths.count > 1 else { return paths.compactMap { path in AtomicFile.sync(path).map { (path, $0) } } }
        let reasons = ResultSlots<String>(count: paths.count)
        let taken = Atomic(0)
        let group = DispatchGroup()
        // Threads of their own: they wait on the disk, not on the cores, so the cores' count does not bound them.
        for _ in 0..<min(paths.count, mostAtOnce) {
            group.enter()
            Thread.detachNewThread {
                while case let i = taken.add(1, ordering: .relaxed).oldValue, i < paths.count {
                    if let reason = AtomicFile.sync(paths[i]) { reasons.set(i, reason) }
                }
                group.leave()
            }
        }
        group.wait()
        return zip(paths, reasons.values).compactMap { path, reason in reason.map { (path, $0) } }
    }
}
