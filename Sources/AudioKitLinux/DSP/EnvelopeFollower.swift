import Foundation

/// An amplitude envelope follower: the mean square over a short window, its square root, then a peak detector with
/// attack, hold and release.
///
/// Method: the smooth branching peak detector of Giannoulis, Massberg and Reiss, "Digital Dynamic Range Compressor
/// Design — A Tutorial and Analysis", JAES 60(6), 2012, §3 (one-pole smoothing with one coefficient for a rising input
/// and another for a falling one), preceded by a one-pole mean-square (RMS) detector, and with a hold stage before the
/// release, as in Meta Haptics Studio's audio analysis (MIT; method read, not copied), whose default times are
/// `Settings.studio`. As there, each time is a settling time: a stage covers 99 % of its way in its time
/// (α = 0.01^(1/(T·fs)), a time constant of T / ln 100).
public struct EnvelopeFollower: Sendable {
    /// Settling times of the follower, in seconds (99 % of the way).
    public struct Settings: Sendable, Hashable {
        /// Settling time of the mean-square smoother (its window).
        public var rmsWindow: Double
        /// Settling time while the level rises.
        public var attack: Double
        /// How long a peak is held before the release starts.
        public var hold: Double
        /// Settling time while the level falls.
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

    private let rmsCoefficient: Float
    private let attackCoefficient: Float
    private let releaseCoefficient: Float
    private let holdSamples: Int
    private var meanSquare: Float = 0
    private var level: Float = 0
    private var held = 0

    /// A follower for audio at `sampleRate` Hz.
    ///
    /// The mean square is smoothed in the power domain; the peak detector runs on its square root, in the amplitude
    /// domain, as Studio's does. (A detector on the mean square with squared coefficients releases the same way into
    /// silence, but over a quieter sound it falls towards the sound's power instead of its amplitude, faster: a decaying
    /// tail sat up to 5 dB under Studio's.)
    public init(settings: Settings = .studio, sampleRate: Double) {
        func coefficient(_ time: Double) -> Double { time > 0 ? pow(0.01, 1 / (time * sampleRate)) : 0 }
        rmsCoefficient = Float(coefficient(settings.rmsWindow))
        attackCoefficient = Float(coefficient(settings.attack))
        releaseCoefficient = Float(coefficient(settings.release))
        holdSamples = max(0, Int((settings.hold * sampleRate).rounded()))
    }

    /// The envelope after one more input sample.
    @inline(__always)
    public mutating func process(_ x: Float) -> Float {
        meanSquare = rmsCoefficient * meanSquare + (1 - rmsCoefficient) * x * x
        let rms = meanSquare.squareRoot()
        if rms >= level {
            level = attackCoefficient * level + (1 - attackCoefficient) * rms
            held = holdSamples
        } else if held > 0 {
            held -= 1
        } else {
            level = releaseCoefficient * level + (1 - releaseCoefficient) * rms
        }
        return level
    }
}

/// Turns a stream of samples into one envelope value per millisecond: the largest follower output within each
/// millisecond, so a click shorter than a millisecond still shows at its full height.
public struct MillisecondEnvelope: Sendable {
    private var follower: EnvelopeFollower
    private let sampleRate: Double
    private var sampleIndex = 0
    private var nextBoundary: Int
    private var currentMax: Float = 0
    /// The envelope so far, one value per millisecond.
    public private(set) var values: [Float] = []

    /// An envelope of audio at `sampleRate` Hz through a follower with `settings`.
    public init(settings: EnvelopeFollower.Settings = .studio, sampleRate: Double) {
        follower = EnvelopeFollower(settings: settings, sampleRate: sampleRate)
        self.sampleRate = sampleRate
        nextBoundary = Self.boundary(1, sampleRate)
    }

    /// The first sample of millisecond `k`.
    static func boundary(_ k: Int, _ rate: Double) -> Int { Int((Double(k) * rate / 1000).rounded(.up)) }

    /// Pushes mono samples.
    public mutating func push(_ samples: UnsafeBufferPointer<Float>) {
        var i = 0
        while i < samples.count {
            let stop = min(samples.count, i + (nextBoundary - sampleIndex))
            var m = currentMax
            for k in i..<stop { m = max(m, follower.process(samples[k])) }
            currentMax = m
            sampleIndex += stop - i
            i = stop
            if sampleIndex == nextBoundary {
                values.append(currentMax)
                currentMax = 0
                nextBoundary = Self.boundary(values.count + 1, sampleRate)
            }
        }
    }

    /// Pushes mono samples from an array.
    public mutating func push(_ samples: [Float]) {
        samples.withUnsafeBufferPointer { push($0) }
    }

    /// Closes the last partial millisecond and returns every value.
    public mutating func finish() -> [Float] {
        if sampleIndex > Self.boundary(values.count, sampleRate) { values.append(currentMax) }
        currentMax = 0
        return values
    }
}
