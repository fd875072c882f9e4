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

    /// Runs `samples`, each less `offset`, through the follower, one after another, with the ring reached through one
    /// pointer: returns the level after the last sample (the present level when there are none) and the largest level on
    /// the way, or `floor` when that is larger.
    @inline(__always)
    public mutating func process(
        _ samples: UnsafeBufferPointer<Float>, floor: Float, offset: Float = 0
    ) -> (last: Float, largest: Float) {
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
            for sample in samples {
                let x = sample - offset
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

    /// The level and what is left of the hold: with the moving window, which the input alone sets, all of the state.
    var peakState: (level: Float, held: Int) { (level, held) }

    /// The follower as it stands after `samples[0..<index]` (each less `offset`), with a level of 0 and no hold: its
    /// moving window exactly as after all of them, from the last window's worth before it; its level a guess.
    ///
    /// The window's ring and sum depend on the last samples only: the ring is written in turn and its sum summed afresh
    /// each time it comes round, at every multiple of its length. So the samples from the multiple before the last one
    /// at or before `index` rebuild both to the bit.
    mutating func restart(at index: Int, of samples: UnsafeBufferPointer<Float>, offset: Float) {
        let length = squares.count
        let from = max(0, index - index % length - length)
        (position, sumOfSquares, level, held) = (0, 0, 0, 0)
        for i in 0..<length { squares[i] = 0 }
        _ = process(UnsafeBufferPointer(rebasing: samples[from..<index]), floor: 0, offset: offset)
        (level, held) = (0, 0)
    }
}
