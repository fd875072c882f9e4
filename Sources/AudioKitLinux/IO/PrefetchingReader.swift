import Foundation

/// Reads a sound file block by block while a second thread decodes the next blocks, so that decoding and what the
/// caller does with each block overlap on two cores. At most `depth` decoded blocks wait; memory does not grow with the
/// file's length.
public final class PrefetchingReader {
    /// The file's facts, as read from its header.
    public let info: AudioFileInfo
    private let pipe: BlockPipe

    /// Opens `path` (errors as `SoundFileReader` throws them) and starts decoding blocks of `blockFrames` frames.
    public init(path: String, limits: AudioLimits = .standard, blockFrames: Int = 8192, depth: Int = 3) throws(InputError) {
        let reader = try SoundFileReader(path: path, limits: limits)
        info = reader.info
        let pipe = BlockPipe(depth: max(1, depth))
        self.pipe = pipe
        let owned = ReaderHandOver(reader)
        let size = max(1, blockFrames) * reader.info.channels
        DispatchQueue.global(qos: .userInitiated).async {
            let reader = owned.reader
            while true {
                // A new buffer is not zeroed first: the decoder writes the frames read, and only those are used.
                var buffer = pipe.spareBuffer() ?? [Float](unsafeUninitializedCapacity: size) { _, count in count = size }
                let n: Int
                do throws(InputError) {
                    n = try buffer.withUnsafeMutableBufferPointer { p throws(InputError) in try reader.read(into: p, frames: blockFrames) }
                } catch {
                    pipe.finish(failure: error)
                    return
                }
                if n == 0 {
                    pipe.finish(failure: nil)
                    return
                }
                guard pipe.put(buffer, frames: n) else { return }
            }
        }
    }

    deinit { pipe.cancel() }

    /// Calls `body` with each block of interleaved frames and its frame count, in order; throws the decoder's error, or
    /// what `body` throws (decoding then stops). The file is read once: a second call gets what the first left, or
    /// nothing after a stop.
    public func forEachBlock(_ body: (UnsafeBufferPointer<Float>, Int) throws(InputError) -> Void) throws(InputError) {
        while let (buffer, frames) = try pipe.take() {
            defer { pipe.recycle(buffer) }
            do throws(InputError) {
                try buffer.withUnsafeBufferPointer { p throws(InputError) in
                    try body(UnsafeBufferPointer(rebasing: p[0..<(frames * info.channels)]), frames)
                }
            } catch {
                pipe.cancel()
                throw error
            }
        }
    }

    /// Calls `body` with each block averaged to mono, in order; throws as `forEachBlock` does.
    public func forEachMonoBlock(_ body: (UnsafeBufferPointer<Float>) throws(InputError) -> Void) throws(InputError) {
        let channels = info.channels
        var mono: [Float] = []
        try forEachBlock { block, frames throws(InputError) in
            if channels == 1 {
                try body(block)
                return
            }
            if mono.count < frames { mono = [Float](repeating: 0, count: frames) }
            mono.withUnsafeMutableBufferPointer { MonoMix.mix(block, frames: frames, channels: channels, into: $0) }
            try mono.withUnsafeBufferPointer { m throws(InputError) in try body(UnsafeBufferPointer(rebasing: m[0..<frames])) }
        }
    }
}

/// Moves a reader to the decoding thread, which is its only user from then on.
private final class ReaderHandOver: @unchecked Sendable {
    let reader: SoundFileReader
    init(_ reader: SoundFileReader) { self.reader = reader }
}

/// The blocks between the decoding thread and the reader: a bounded queue, its spare buffers, and how decoding ended.
private final class BlockPipe: @unchecked Sendable {
    private let condition = NSCondition()
    private let depth: Int
    private var ready: [([Float], Int)] = []
    private var spare: [[Float]] = []
    private var finished = false
    private var failure: InputError?
    private var cancelled = false

    init(depth: Int) { self.depth = depth }

    /// A buffer to decode into, if one came back.
    func spareBuffer() -> [Float]? {
        condition.lock()
        defer { condition.unlock() }
        return spare.popLast()
    }

    /// Queues a decoded block, waiting while `depth` blocks wait; false when the reader has gone.
    func put(_ buffer: [Float], frames: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while ready.count >= depth && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        ready.append((buffer, frames))
        condition.broadcast()
        return true
    }

    /// The next block, waiting for it; nil at the end; throws how decoding failed.
    func take() throws(InputError) -> ([Float], Int)? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty && !finished && !cancelled { condition.wait() }
        // After a stop, nothing more: the file was read once, and the decoder has gone.
        if cancelled { return nil }
        if !ready.isEmpty {
            condition.broadcast()
            return ready.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    func recycle(_ buffer: [Float]) {
        condition.lock()
        spare.append(buffer)
        condition.unlock()
    }

    func finish(failure: InputError?) {
        condition.lock()
        finished = true
        self.failure = failure
        condition.broadcast()
        condition.unlock()
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
