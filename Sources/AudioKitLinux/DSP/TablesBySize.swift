import Foundation

/// Tables made once per size and kept for the process, for any thread: the first call for a size makes its table, every
/// later one gets the same. For tables that are never written after they are made (an FFT's twiddles), of a few sizes.
///
/// The lock is an `NSLock` (a pthread mutex), as everywhere else in the package: ThreadSanitizer follows it, while the
/// standard library's `Mutex` waits on a futex of its own that ThreadSanitizer does not see, so every use of the
/// dictionary it guarded was reported as a race.
final class TablesBySize<Table: AnyObject & Sendable>: @unchecked Sendable {
    /// The tables made so far, by size; read and written only under `lock`.
    private var made: [Int: Table] = [:]
    private let lock = NSLock()
    private let make: @Sendable (Int) -> Table

    /// Tables that `make` makes for a size.
    init(_ make: @escaping @Sendable (Int) -> Table) { self.make = make }

    /// The table for `size`, made on first use.
    func table(_ size: Int) -> Table {
        lock.withLock {
            if let table = made[size] { return table }
            let table = make(size)
            made[size] = table
            return table
        }
    }
}
