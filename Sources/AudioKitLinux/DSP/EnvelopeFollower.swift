import Foundation

/// An amplitude envelope follower: the RMS over a short moving window, then a peak detector with attack, hold and
/// release.
///
/// Method: the smooth branching peak detector of Giannoulis, Massberg and Reiss, "Digital Dynamic Range Compressor
/// Design — A Tutorial and Analysis", JAES 60(6), 2012, §3 (one-pole smoothing with one coefficient for a rising input
/// and another for a falling one), preceded by a moving-window RMS (the mean of the last N squares) and with a hold
/// stage before the release, as in Meta Haptics Studio's audio analysis (MIT; method read, not copied), whose default
/// times are `Settings.studio`. As there, each stage time is a settling time: a stage covers 99 % of its way in its
/// time (α = 0.01^(1/(T·fs)), a time constant of T / ln 100).
public struct EnvelopeFollower: Sendable {
    /// Times of the follower, in seconds.
    public struct Settings: Sendable, Hashable {
        /// Length of the moving RMS window (at least one sample).
        public var rmsWindow: Double
        /// Settling time while the level rises (99 % of the way).
        public var attack: Double
        /// How long a peak is held before the release starts.
        public var hold: Double
        /// Settling time while the level falls (99 % of the way).
        public var release: Double

        /// Settings with the given times, in seconds.
        public init(rmsWindow: Double, attack: Double, hold: Double, release: Double) {
            self.rmsWindow = rmsWindow
            self.attack = attack
            self.hold = hold
            self.release = release
        }

        /// Meta Haptics Studio's defaults: RMS 0.1 ms, attack 0.1 ms, hold 1.5 ms, release 100 ms.
        public static let studio = Settings(rmsWindow: 0.0001, attack: 0.0001, hold: 0.0015, release: 0.1)
    }

    private let attackCoefficient: Float
    private let releaseCoefficient: Float
    private let holdSamples: Int
    /// The last `squares.count` squared samples, a ring written at `position`.
    private var squares: [Float]
    private let inverseWindow: Float
    private var position = 0
    /// Their sum, summed afresh each time the ring comes round so rounding cannot build up.
    private var sumOfSquares: Float = 0
    private var level: Float = 0
    private var held = 0

    /// A follower for audio at `sampleRate` Hz.
    ///
    /// The peak detector runs on the RMS, in the amplitude domain, as Studio's does. (A detector on the mean square with
    /// squared coefficients releases the same way into silence, but over a quieter sound it falls towards the sound's
    /// power instead of its amplitude, faster: a decaying tail sat up to 5 dB under Studio's.)
    public init(settings: Settings = .studio, sampleRate: Double) {
        func coefficient(_ time: Double) -> Double { time > 0 ? pow(0.01, 1 / (time * sampleRate)) : 0 }
        attackCoefficient = Float(coefficient(settings.attack))
        releaseCoefficient = Float(coefficient(settings.release))
        holdSamples = max(0, Int((settings.hold * sampleRate).rounded()))
        squares = [Float](repeating: 0, count: max(1, Int((settings.rmsWindow * sampleRate).rounded())))
        inverseWindow = 1 / Float(squares.count)
    }

    /// The envelope after one more input sample.
    @inline(__always)
    public mutating func process(_ x: Float) -> Float {
        withUnsafePointer(to: x) { process(UnsafeBufferPointer(start: $0, count: 1), floor: 0).last }
    }

    /// Runs `samples` through the follower, one after another, with the ring reached through one pointer: returns the
    /// level after the last sample (the present level when there are none) and the largest level on the way, or `floor`
    /// when that is larger.
    @inline(__always)
    public mutating func process(_ samples: UnsafeBufferPointer<Float>, floor: Float) -> (last: Float, largest: Float) {
        var sum = sumOfSquares
        var level = self.level
        var held = self.held
        var position = self.position
        var largest = floor
        let attack = attackCoefficient
        let release = releaseCoefficient
        let hold = holdSamples
        let inverse = inverseWindow
        squares.withUnsafeMutableBufferPointer { ring in
            let count = ring.count
            for x in samples {
                let square = x * x
                sum += square - ring[position]
                ring[position] = square
                position += 1
                if position == count {
                    position = 0
                    sum = ring.reduce(0, +)
                }
                let rms = (max(0, sum) * inverse).squareRoot()
                if rms > level {
                    level = attack * level + (1 - attack) * rms
                    held = hold
                } else if held > 0 {
                    held -= 1
                } else {
                    level = release * level + (1 - release) * rms
                }
                largest = max(largest, level)
            }
        }
        sumOfSquares = sum
        self.level = level
        self.held = held
        self.position = position
        return (level, largest)
    }
}

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
    }

    /// Pushes mono samples.
    public mutating func push(_ samples: UnsafeBufferPointer<Float>) {
        var i = 0
        while i < samples.count {
            let stop = min(samples.count, i + (nextBoundary - sampleIndex))
            (current, currentMax) = follower.process(UnsafeBufferPointer(rebasing: samples[i..<stop]), floor: currentMax)
            sampleIndex += stop - i
            i = stop
            if sampleIndex == nextBoundary { update() }
        }
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
