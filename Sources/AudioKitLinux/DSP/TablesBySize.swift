import Synchronization

/// Tables made once per size and kept for the process, for any thread: the first call for a size makes its table, every
/// later one gets the same. For tables that are never written after they are made (an FFT's twiddles), of a few sizes.
final class TablesBySize<Table: AnyObject & Sendable>: Sendable {
    private let made = Mutex<[Int: Table]>([:])
    private let make: @Sendable (Int) -> Table

    /// Tables that `make` makes for a size.
    init(_ make: @escaping @Sendable (Int) -> Table) { self.make = make }

    /// The table for `size`, made on first use.
    func table(_ size: Int) -> Table {
        made.withLock { made in
            if let table = made[size] { return table }
            let table = make(size)
            made[size] = table
            return table
        }
    }
}
