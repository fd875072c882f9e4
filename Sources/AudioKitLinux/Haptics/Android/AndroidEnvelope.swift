import Foundation

/// A clip as an Android 16 `VibrationEffect.BasicEnvelopeBuilder` effect (API 36): control points of intensity and
/// sharpness, each reached over a duration, from intensity 0 and back to 0.
///
/// - Intensity is √amplitude and sharpness √frequency (√0.5 without a frequency envelope), as in the clip's AHAP.
/// - An emphasis is a peak: its intensity and sharpness at its time, back to the envelope 20 ms later.
/// - The points are reduced to `maximumPoints` by Visvalingam–Whyatt on intensity (`BreakpointReduction`), the
///   number every device with envelope effects takes; the closing zero point counts among them.
/// - No control point comes sooner than `minimumDurationMs` after the one before (devices must take 20 ms): a closer
///   point is merged into the one before it (the one of higher intensity stays, with its sharpness), and the first point is reached after at
///   least that long.
/// - A gap longer than `maximumDurationMs` (the 1 s every such device takes) is split by interpolated points, so a
///   long clip may need more than 16 points; the generated source checks the device's limits before it plays.
/// - `maximumIntensityError` says how far the effect's intensity strays from the clip's at the clip's own points,
///   from the first control point on.
public struct AndroidEnvelope: Sendable, Equatable {
    /// One `addControlPoint(intensity, sharpness, durationMillis)`.
    public struct ControlPoint: Sendable, Equatable {
        /// Intensity, 0…1.
        public var intensity: Double
        /// Sharpness, 0…1.
        public var sharpness: Double
        /// How long the effect takes to reach it from the point before, milliseconds.
        public var durationMs: Int

        /// Creates a control point.
        public init(intensity: Double, sharpness: Double, durationMs: Int) {
            self.intensity = intensity
            self.sharpness = sharpness
            self.durationMs = durationMs
        }
    }

    /// The number of control points every device with envelope effects takes.
    public static let maximumPoints = 16
    /// The shortest time between control points every such device takes, milliseconds.
    public static let minimumDurationMs = 20
    /// The longest time between control points every such device takes, milliseconds.
    public static let maximumDurationMs = 1000

    /// `setInitialSharpness`: the sharpness the effect starts at.
    public var initialSharpness: Double
    /// The control points; the last has intensity 0.
    public var controlPoints: [ControlPoint]
    /// The largest difference between the clip's intensity and the effect's, at the clip's points.
    public var maximumIntensityError: Double

    /// The effect's length, milliseconds.
    public var durationMs: Int { controlPoints.reduce(0) { $0 + $1.durationMs } }

    /// The envelope effect of `clip`; nil when the clip has no amplitude above 0.
    public init?(_ clip: HapticClip) {
        let dense = Self.densePoints(clip)
        guard dense.contains(where: { $0.intensity > 0 }) else { return nil }
        // Splitting long gaps adds points: reduce further until the whole fits, or no reduction is left to make.
        // A clip too long for 16 points of at most 1 s keeps its 15 best points (more after splitting, which the
        // generated code checks against the device).
        var budget = Self.maximumPoints - 1
        var built = Self.build(dense, budget: budget)
        let span = (dense.last?.time ?? 0) - min(0, dense.first?.time ?? 0)
        let fits = Int((span * 1000 / Double(Self.maximumDurationMs)).rounded(.up)) + 2 <= Self.maximumPoints
        while fits && built.points.count > Self.maximumPoints && budget > 2 {
            budget = max(2, budget - (built.points.count - Self.maximumPoints))
            let next = Self.build(dense, budget: budget)
            if next.points.count >= built.points.count { break }
            built = next
        }
        let (points, times) = built
        initialSharpness = points.first?.sharpness ?? HapticToAHAP.defaultSharpness
        controlPoints = points
        var error = 0.0
        // The rise to the first point (at least the shortest duration) is not counted: every envelope starts at 0.
        let start = times.first ?? 0
        for p in dense where !p.atEmphasis && p.time >= start {
            let played = Self.value(at: p.time, times: [0] + times, values: [0] + points.map(\.intensity))
            error = max(error, abs(played - p.intensity))
        }
        maximumIntensityError = error
    }

    /// The control points of `dense` reduced to `budget` points before gaps are merged and split, and each point's
    /// time on the effect's timeline (seconds).
    static func build(_ dense: [DensePoint], budget: Int) -> (points: [ControlPoint], times: [Double]) {
        let kept = BreakpointReduction.reduce(times: dense.map(\.time), values: dense.map(\.intensity), budget: budget).map { dense[$0] }
        var points: [ControlPoint] = []
        var times: [Double] = []
        var cursor = 0.0
        for p in kept {
            let gap = AndroidWaveform.milliseconds(p.time - cursor)
            if gap < minimumDurationMs {
                if let last = points.last {
                    if p.intensity > last.intensity {
                        points[points.count - 1] = ControlPoint(intensity: p.intensity, sharpness: p.sharpness, durationMs: last.durationMs)
                    }
                    continue
                }
                cursor = Double(minimumDurationMs) / 1000
                points.append(ControlPoint(intensity: p.intensity, sharpness: p.sharpness, durationMs: minimumDurationMs))
                times.append(cursor)
                continue
            }
            let pieces = (gap + maximumDurationMs - 1) / maximumDurationMs
            let from = points.last ?? ControlPoint(intensity: 0, sharpness: p.sharpness, durationMs: 0)
            var done = 0
            for piece in 1...pieces {
                let ms = gap * piece / pieces - done
                let f = Double(piece) / Double(pieces)
                points.append(
                    ControlPoint(
                        intensity: from.intensity + (p.intensity - from.intensity) * f,
                        sharpness: from.sharpness + (p.sharpness - from.sharpness) * f, durationMs: ms))
                done += ms
                times.append(cursor + Double(done) / 1000)
            }
            cursor += Double(gap) / 1000
        }
        if let last = points.last, last.intensity > 0 {
            points.append(ControlPoint(intensity: 0, sharpness: last.sharpness, durationMs: minimumDurationMs))
            times.append(cursor + Double(minimumDurationMs) / 1000)
        }
        return (points, times)
    }

    /// A point of the clip on the envelope's terms.
    struct DensePoint {
        var time: Double
        var intensity: Double
        var sharpness: Double
        /// True at an emphasis time, where the effect plays the peak rather than the envelope.
        var atEmphasis = false
    }

    /// Every amplitude and frequency breakpoint of the clip, and a peak for each emphasis, in time order.
    static func densePoints(_ clip: HapticClip) -> [DensePoint] {
        let amp = clip.amplitude.filter { $0.time.isFinite }
        guard let first = amp.first, let last = amp.last else { return [] }
        let freq = clip.frequency.filter { $0.time.isFinite }
        func amplitude(at t: Double) -> Double {
            value(at: t, times: amp.map(\.time), values: amp.map(\.amplitude))
        }
        func sharpness(at t: Double) -> Double {
            guard !freq.isEmpty else { return HapticToAHAP.defaultSharpness }
            return min(max(value(at: t, times: freq.map(\.time), values: freq.map(\.frequency)), 0), 1).squareRoot()
        }
        func level(_ a: Double) -> Double { min(max(a, 0), 1).squareRoot() }
        var points: [(order: Int, point: DensePoint)] = []
        for (i, b) in amp.enumerated() {
            let atEmphasis = b.emphasis != nil
            points.append(
                (3 * i, DensePoint(time: b.time, intensity: level(b.amplitude), sharpness: sharpness(at: b.time), atEmphasis: atEmphasis)))
            if let e = b.emphasis {
                let peak = DensePoint(
                    time: b.time, intensity: max(level(e.amplitude), level(b.amplitude)), sharpness: level(e.frequency), atEmphasis: true)
                points.append((3 * i + 1, peak))
                let after = min(b.time + Double(minimumDurationMs) / 1000, last.time)
                if after > b.time {
                    points.append(
                        (3 * i + 2, DensePoint(time: after, intensity: level(amplitude(at: after)), sharpness: sharpness(at: after))))
                }
            }
        }
        for (i, f) in freq.enumerated() where f.time > first.time && f.time < last.time {
            points.append(
                (3 * amp.count + i, DensePoint(time: f.time, intensity: level(amplitude(at: f.time)), sharpness: level(f.frequency))))
        }
        return points.sorted { ($0.point.time, $0.order) < ($1.point.time, $1.order) }.map(\.point)
    }

    /// The polyline (`times`, `values`) at `t`: held before the first point and after the last; at a step (two points
    /// at one time), the later value.
    static func value(at t: Double, times: [Double], values: [Double]) -> Double {
        guard let firstTime = times.first, let lastTime = times.last else { return 0 }
        if t < firstTime { return values[0] }
        if t >= lastTime { return values[values.count - 1] }
        // The last index whose time is at most t (t lies from the first time to before the last).
        let lo = SortedTimes.upperBound(times, t) - 1
        let t0 = times[lo]
        let t1 = times[lo + 1]
        guard t1 > t0 else { return values[lo + 1] }
        return values[lo] + (values[lo + 1] - values[lo]) * (t - t0) / (t1 - t0)
    }
}
