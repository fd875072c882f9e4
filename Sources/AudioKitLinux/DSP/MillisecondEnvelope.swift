import Foundation

/// Turns a stream of samples into one envelope value per millisecond: value k is the largest level of the follower
/// over the millisecond that ends at k ms (value 0, before any sample, is 0), so a click shorter than a millisecond still
/// shows at its full height, and no value comes before the sound that makes it. Alongside, `instants` keeps the
/// follower's level at each millisecond's last sample, where Meta Haptics Studio samples its follower: the value to
/// draw a curve through (while the level falls, the largest level of a millisecond is its first, 1 ms early). A last
/// value, at the end of the stream, closes a partial millisecond.
///
/// With `Clock.studio` the milliseconds are counted as Meta Haptics Studio counts them, in 32-bit floats: an update is
/// due when the time of the samples read (their count × 1/rate) reaches the next update time, which grows by 0.001 s at
/// each update. Both roundings move an update by a sample here and there, and the sum drifts by a few samples a second,
/// which is enough to move a breakpoint. `instantTimes` then holds each update's time, and the stream's partial last
/// millisecond is completed with silence, as Studio completes it.
public struct MillisecondEnvelope: Sendable {
    /// How the milliseconds are counted.
    public enum Clock: Sendable {
        /// Value k is due at the first sample at or after k ms, in exact arithmetic.
        case exact
        /// As Meta Haptics Studio counts them, in 32-bit floats.
        case studio
    }

    private let clock: Clock
    private let secondsPerSample: Float
    private var nextUpdate: Float = 0.001
    private var lastUpdate = 0
    private var follower: EnvelopeFollower
    private let sampleRate: Double
    private var sampleIndex = 0
    private var nextBoundary: Int
    private var currentMax: Float = 0
    private var current: Float = 0
    /// When kept (a guessed start, `followInParallel`), the follower's level and hold at each update.
    private var peakStates: [(level: Float, held: Int)]?
    /// The envelope so far, one value per millisecond, from 0 ms: the largest level of each millisecond.
    public private(set) var values: [Float] = [0]
    /// The follower's level at the end of each millisecond so far, from 0 ms.
    public private(set) var instants: [Float] = [0]
    /// With `Clock.studio`, the time of each of `instants`, in seconds (Studio's, a whole number of samples); empty with
    /// `Clock.exact`, where instant k is at k ms.
    public private(set) var instantTimes: [Double] = []

    /// An envelope of audio at `sampleRate` Hz through a follower with `settings`, its milliseconds counted by `clock`.
    public init(settings: EnvelopeFollower.Settings = .studio, sampleRate: Double, clock: Clock = .exact) {
        follower = EnvelopeFollower(settings: settings, sampleRate: sampleRate)
        self.sampleRate = sampleRate
        self.clock = clock
        secondsPerSample = 1 / Float(sampleRate)
        instantTimes = clock == .studio ? [0] : []
        nextBoundary = 0
        nextBoundary = boundary(1)
    }

    /// The first sample of millisecond `k`.
    static func boundary(_ k: Int, _ rate: Double) -> Int { Int((Double(k) * rate / 1000).rounded(.up)) }

    /// The sample count at which update `k` (from 1) is due: with Studio's clock, the least count after the last update
    /// whose time in 32-bit floats reaches `nextUpdate`.
    private func boundary(_ k: Int) -> Int {
        guard clock == .studio else { return Self.boundary(k, sampleRate) }
        var n = max(nextBoundary + 1, Int((Double(nextUpdate) / Double(secondsPerSample)).rounded(.up)))
        while n > nextBoundary + 1 && Float(n - 1) * secondsPerSample >= nextUpdate { n -= 1 }
        while Float(n) * secondsPerSample < nextUpdate { n += 1 }
        return n
    }

    private mutating func update() {
        values.append(currentMax)
        instants.append(current)
        if clock == .studio {
            instantTimes.append(Double(Float(sampleIndex) * secondsPerSample))
            nextUpdate += 0.001
        }
        lastUpdate = sampleIndex
        currentMax = 0
        nextBoundary = boundary(values.count)
        peakStates?.append(follower.peakState)
    }

    /// Pushes mono samples, each less `offset`.
    public mutating func push(_ samples: UnsafeBufferPointer<Float>, offset: Float = 0) {
        var i = 0
        while i < samples.count {
            let stop = min(samples.count, i + (nextBoundary - sampleIndex))
            (current, currentMax) = follower.process(
                UnsafeBufferPointer(rebasing: samples[i..<stop]), floor: currentMax, offset: offset)
            sampleIndex += stop - i
            i = stop
            if sampleIndex == nextBoundary { update() }
        }
    }

    /// Sounds shorter than this many samples are followed on one core.
    static let shortestSplit = 1 << 16

    /// Pushes all of `samples` (each less `offset`), a whole sound from its start, on two cores, with the same result to
    /// the bit as `push`, in about half the time when the sound is long and not silent at its middle.
    ///
    /// The follower is a recursion, each level from the one before, but two runs of it through the same samples that
    /// differ only in their level (and hold) at a point are the same run from the first update at which level and hold
    /// agree again: the moving window is the input's alone. So the second half is followed at once from a guessed level
    /// of 0, its level and hold kept at each update, while the first half is followed from the start; then the true run
    /// goes on into the second half until, at an update, its level and hold are those of the guess, and the guess is
    /// taken from there. The guess starts no higher than the truth and the follower keeps that order, so the two meet
    /// once the sound has risen above both for a few samples, which a sound that is not silent does within milliseconds.
    /// A sound silent from the middle on may never meet them, and is then followed to its end as `push` would.
    public mutating func followInParallel(_ samples: [Float], offset: Float = 0) {
        func serial() { samples.withUnsafeBufferPointer { push($0, offset: offset) } }
        // The window's phase is known from the sound's start only.
        guard sampleIndex == 0, samples.count >= Self.shortestSplit, ProcessInfo.processInfo.activeProcessorCount > 1 else {
            return serial()
        }
        // The second half from the first update at or after the middle, on the same clock.
        var guess = self
        while guess.nextBoundary < samples.count / 2 { guess.countUpdate() }
        let split = guess.nextBoundary
        guard split < samples.count else { return serial() }
        guess.countUpdate()
        samples.withUnsafeBufferPointer { guess.follower.restart(at: split, of: $0, offset: offset) }
        guess.peakStates = []
        let start = self, guessed = guess, parts = ResultSlots<MillisecondEnvelope>(count: 2)
        let updates = Int(Double(samples.count) * 1000 / sampleRate) + 2
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            var envelope = part == 0 ? start : guessed
            envelope.reserve(updates: updates)
            samples.withUnsafeBufferPointer { all in
                envelope.push(UnsafeBufferPointer(rebasing: part == 0 ? all[..<split] : all[split...]), offset: offset)
            }
            parts.set(part, envelope)
        }
        guard let first = parts.values[0], var second = parts.values[1] else { preconditionFailure("a half not followed") }
        self = first
        samples.withUnsafeBufferPointer { all in join(second: &second, samples: all, from: split, offset: offset) }
    }

    /// Goes on from the first half's end into `samples[from...]` until an update at which the follower stands as
    /// `second` (followed from a guess) stood, then takes `second` from there; else follows to the end.
    private mutating func join(second: inout MillisecondEnvelope, samples: UnsafeBufferPointer<Float>, from: Int, offset: Float) {
        let firstUpdate = values.count, guessed = second.peakStates ?? []
        var i = from
        while i < samples.count {
            let stop = min(samples.count, i + (nextBoundary - sampleIndex))
            push(UnsafeBufferPointer(rebasing: samples[i..<stop]), offset: offset)
            i = stop
            let k = values.count - firstUpdate - 1
            guard k >= 0, k < guessed.count, guessed[k] == follower.peakState else { continue }
            // From here on the guess is the truth: its values before this update are replaced by the true ones.
            let n = values.count
            second.values.replaceSubrange(0..<n, with: values)
            second.instants.replaceSubrange(0..<n, with: instants)
            second.peakStates = nil
            self = second
            return
        }
    }

    /// Makes room for `updates` values in all, so that a long sound's arrays are not copied as they grow.
    private mutating func reserve(updates: Int) {
        values.reserveCapacity(updates)
        instants.reserveCapacity(updates)
        if clock == .studio { instantTimes.reserveCapacity(updates) }
        peakStates?.reserveCapacity(updates - values.count)
    }

    /// Moves the clock on by one update without following anything: the values are placeholders, for a run that starts
    /// there (`followInParallel`).
    private mutating func countUpdate() {
        sampleIndex = nextBoundary
        update()
    }

    /// Pushes mono samples from an array.
    public mutating func push(_ samples: [Float]) {
        samples.withUnsafeBufferPointer { push($0) }
    }

    /// Closes the last partial millisecond and returns every value (`values`); no samples give no values.
    public mutating func finish() -> [Float] {
        guard sampleIndex > 0 else {
            instants = []
            instantTimes = []
            return []
        }
        if clock == .studio {
            // Studio reads silence up to the update that follows the last sample.
            if sampleIndex > lastUpdate { push([Float](repeating: 0, count: nextBoundary - sampleIndex)) }
        } else if sampleIndex > Self.boundary(values.count - 1, sampleRate) {
            values.append(currentMax)
            instants.append(current)
        }
        currentMax = 0
        return values
    }
}
