import Foundation

/// Runs a `SpectralShape` on a thread of its own, so that the spectrum (STFT, flux, centroid) and the envelope follower
/// of the same mono blocks are computed at once on two cores. Blocks are copied into a bounded queue of `depth` (memory
/// does not grow with the sound's length); `finish()` waits for the last block and hands the spectrum back.
final class SpectrumWorker: @unchecked Sendable {
    private let spectrum: SpectralShape
    private let condition = NSCondition()
    private var queue: [[Float]] = []
    private var spare: [[Float]] = []
    private var closed = false
    private var done = false
    private let depth: Int

    /// Starts the thread for `spectrum`, which is this worker's alone until `finish()`.
    init(_ spectrum: SpectralShape, depth: Int = 4) {
        self.spectrum = spectrum
        self.depth = max(1, depth)
        Thread.detachNewThread { [self] in run() }
    }

    /// Queues a copy of `samples`, waiting while `depth` blocks wait.
    func push(_ samples: UnsafeBufferPointer<Float>) {
        condition.lock()
        while queue.count >= depth { condition.wait() }
        var block = spare.popLast() ?? []
        condition.unlock()
        block.removeAll(keepingCapacity: true)
        block.append(contentsOf: samples)
        condition.lock()
        queue.append(block)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every block is pushed through, closes the spectrum (`SpectralShape.finish`) and returns it.
    func finish() -> SpectralShape {
        condition.lock()
        closed = true
        condition.broadcast()
        while !done { condition.wait() }
        condition.unlock()
        spectrum.finish()
        return spectrum
    }

    /// Drops what waits and ends the thread (the analysis stopped, on an error); the spectrum is not finished.
    func cancel() {
        condition.lock()
        queue.removeAll()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty && !closed { condition.wait() }
            if queue.isEmpty {
                done = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let block = queue.removeFirst()
            condition.broadcast()
            condition.unlock()
            block.withUnsafeBufferPointer { spectrum.push($0) }
            condition.lock()
            spare.append(block)
            condition.unlock()
        }
    }
}
