import Foundation

/// Fixed slots filled from concurrent work (`DispatchQueue.concurrentPerform`); each index is written once.
package final class ResultSlots<T: Sendable>: @unchecked Sendable {
    private var storage: [T?]
    private let lock = NSLock()

    /// `count` empty slots.
    package init(count: Int) { storage = Array(repeating: nil, count: count) }

    /// Fills slot `i` with `value`.
    package func set(_ i: Int, _ value: T) { lock.withLock { storage[i] = value } }

    /// The slots, nil where nothing was set.
    package var values: [T?] { lock.withLock { storage } }
}
