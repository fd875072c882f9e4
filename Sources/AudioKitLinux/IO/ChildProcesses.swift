import Foundation
import Synchronization

/// The programs the library runs (ffmpeg, ffprobe): each registered while it runs, so that a signal handler can
/// end them before the tool exits (`terminateAll`, async-signal-safe), and each watched by a `Stall` limit, so that
/// one that produces nothing does not hang the tool for ever.
public enum ChildProcesses {
    /// Seconds a child may go without producing output before it is stopped: `AKL_CHILD_STALL_SECONDS` when set
    /// (1 to 3600), else 60.
    public static var stallLimit: Double {
        let given = ProcessInfo.processInfo.environment["AKL_CHILD_STALL_SECONDS"].flatMap(Double.init)
        return given.map { min(max($0, 1), 3600) } ?? 60
    }

    // Process ids of the running children (0: a free slot), as atomics: `terminateAll` reads them in a signal handler.
    private static let slot0 = Atomic<Int32>(0)
    private static let slot1 = Atomic<Int32>(0)
    private static let slot2 = Atomic<Int32>(0)
    private static let slot3 = Atomic<Int32>(0)
    private static let slot4 = Atomic<Int32>(0)
    private static let slot5 = Atomic<Int32>(0)
    private static let slot6 = Atomic<Int32>(0)
    private static let slot7 = Atomic<Int32>(0)

    /// Calls `body` on each slot in turn until it returns true.
    private static func eachSlot(_ body: (borrowing Atomic<Int32>) -> Bool) {
        if body(slot0) || body(slot1) || body(slot2) || body(slot3) { return }
        if body(slot4) || body(slot5) || body(slot6) || body(slot7) { return }
    }

    /// Starts `process` with SIGINT, SIGTERM and SIGHUP unblocked in it, whatever thread calls. A child inherits the
    /// signal mask of the thread that spawns it, and libdispatch's worker threads (where `PrefetchingReader` decodes)
    /// block these: a child started there would ignore the SIGTERM of `terminateAll` and outlive the tool.
    static func run(_ process: Process) throws {
        var set = sigset_t()
        sigemptyset(&set)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, s) }
        var old = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &set, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        try process.run()
    }

    /// Records a running child (at most eight at once are ended by a signal; the library runs one or two).
    static func register(_ pid: Int32) {
        eachSlot { $0.compareExchange(expected: 0, desired: pid, ordering: .sequentiallyConsistent).exchanged }
    }

    /// Forgets a child that has ended.
    static func unregister(_ pid: Int32) {
        eachSlot { $0.compareExchange(expected: pid, desired: 0, ordering: .sequentiallyConsistent).exchanged }
    }

    /// Sends SIGTERM to every running child; safe in a signal handler (atomic loads and `kill` only).
    public static func terminateAll() {
        eachSlot { slot in
            let pid = slot.load(ordering: .sequentiallyConsistent)
            if pid > 0 { kill(pid, SIGTERM) }
            return false
        }
    }

    /// A watch on one child: `progress()` after each output it gives; with none for `limit` seconds, the child is
    /// terminated (killed 2 s later if it is still there) and `stalled` is true.
    final class Stall: @unchecked Sendable {
        private let lock = NSLock()
        private var last = DispatchTime.now()
        private var done = false
        private(set) var stalled = false
        let limit: Double
        private let pid: Int32

        init(_ process: Process, limit: Double = ChildProcesses.stallLimit) {
            self.limit = limit
            pid = process.processIdentifier
            ChildProcesses.register(pid)
            schedule(after: limit)
        }

        /// The child gave output now.
        func progress() { lock.withLock { last = .now() } }

        /// The child has ended (or is being stopped by its owner): the watch ends.
        func end() {
            lock.withLock { done = true }
            ChildProcesses.unregister(pid)
        }

        /// True when the limit stopped the child.
        var wasStalled: Bool { lock.withLock { stalled } }
        private var isDone: Bool { lock.withLock { done } }

        private func schedule(after seconds: Double) {
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in self?.check() }
        }

        private func check() {
            let (finished, idle) = lock.withLock { (done, Double(DispatchTime.now().uptimeNanoseconds - last.uptimeNanoseconds) / 1e9) }
            if finished { return }
            if idle < limit {
                schedule(after: limit - idle)
                return
            }
            lock.withLock { stalled = true }
            kill(pid, SIGTERM)
            let pid = self.pid
            DispatchQueue.global().asyncAfter(deadline: .now() + 2) { [weak self] in
                guard let self, !self.isDone else { return }
                kill(pid, SIGKILL)
            }
        }
    }
}
