import Foundation

/// A clip as the arguments of Android's `VibrationEffect.createWaveform(timings, amplitudes, -1)` (API 26): each
/// step's length in milliseconds and its amplitude, 1…255.
///
/// The method is the one of Meta Haptics SDK's Android exporter (`core/renderer/src/android_waveform.rs`, MIT; read
/// for the method, written anew here), so a `.haptic` clip gives the integers Meta's tests expect:
/// - The clip is sampled every `sampleDuration` (10 ms) from time 0 for ⌈length / step⌉ steps; the last step is
///   shortened to what is left of the clip. Step times and event times are compared in 64-bit arithmetic, so an
///   event at 0.1 s falls on step 10 (Meta's 32-bit grid puts it a step late), and the last step is rounded to the
///   millisecond (Meta truncates 9.99… to 9).
/// - The amplitude envelope is played as ramps from breakpoint to breakpoint. A ramp of d seconds at r steps per
///   second returns its start value first and reaches its target after d·r − 1 steps (so a 0→1 ramp over three 1 s
///   steps gives 0, 0.5, 1); a ramp of at most one step jumps.
/// - An emphasis plays for ⌊(36.4 ms + f·(12.1 − 36.4) ms)·r⌋ steps at frequency f, at its own amplitude, added to
///   the envelope, which is ducked to half while it plays.
/// - A step's value v (in 32-bit arithmetic, as Meta's renderer) becomes ⌊255·v⌋ clamped to 1…255: 0 would switch
///   the motor off, which clicks and takes time to restart.
///
/// Where we part from Meta: the envelope before a clip's first breakpoint is 0 (Meta ramps up to it and drops the
/// clip's end), and an emphasis whose burst would outlast the clip is played to its end, the waveform lengthened
/// (Meta's stops at the last breakpoint, so a clip of one emphasis lasts a millisecond).
public struct AndroidWaveform: Sendable, Equatable {
    /// Each step's length, milliseconds.
    public var timingsMs: [Int]
    /// Each step's amplitude, 1…255.
    public var amplitudes: [Int]

    /// Creates a waveform from its steps.
    public init(timingsMs: [Int], amplitudes: [Int]) {
        self.timingsMs = timingsMs
        self.amplitudes = amplitudes
    }

    /// The waveform's length, milliseconds.
    public var durationMs: Int { timingsMs.reduce(0, +) }

    /// The same vibration with neighbouring steps of equal amplitude joined into one (Android plays both alike).
    public var joined: AndroidWaveform {
        var out = AndroidWaveform(timingsMs: [], amplitudes: [])
        for (t, a) in zip(timingsMs, amplitudes) {
            if let last = out.amplitudes.last, last == a {
                out.timingsMs[out.timingsMs.count - 1] += t
            } else {
                out.timingsMs.append(t)
                out.amplitudes.append(a)
            }
        }
        return out
    }
}

/// The settings of `AndroidWaveform.render`; the defaults are Meta's exporter's.
public struct AndroidWaveformSettings: Sendable, Equatable {
    /// Scales the envelope and the emphasis.
    public var gain: Double = 1
    /// One step, seconds.
    public var sampleDuration: Double = 0.010
    /// An emphasis's burst at frequency 0, seconds.
    public var emphasisDurationAtLowFrequency: Double = 0.0364
    /// An emphasis's burst at frequency 1, seconds.
    public var emphasisDurationAtHighFrequency: Double = 0.0121
    /// The factor on the envelope while an emphasis plays.
    public var emphasisDucking: Double = 0.5

    /// The exporter's defaults.
    public init() {}
}

extension AndroidWaveform {
    /// The most steps a waveform may have: 30 minutes at 10 ms.
    public static let maximumSteps = 180_000

    /// The clip as Android waveform steps (see the type's description), or an error about `path` when it would need
    /// more than `maximumSteps` steps.
    public static func render(
        _ clip: HapticClip, settings: AndroidWaveformSettings = AndroidWaveformSettings(), path: String = ""
    ) throws(InputError) -> AndroidWaveform {
        try checkPlayable(clip, path: path)
        let step = settings.sampleDuration
        guard step.isFinite, step >= 0.001, step <= 1, settings.gain.isFinite, settings.emphasisDucking.isFinite else {
            throw InputError(.limitExceeded, path: path, reason: "the waveform's step must be 1 to 1000 ms, its gain and ducking finite")
        }
        let rate = Float(1 / step)
        let burstLow = Float(settings.emphasisDurationAtLowFrequency)
        let burstRange = Float(settings.emphasisDurationAtHighFrequency) - burstLow
        let gain = Float(settings.gain)
        func burstSteps(_ frequency: Float) -> Int {
            let steps = (burstLow + min(max(frequency, 0), 1) * burstRange) * rate
            return steps.isFinite ? Int(min(max(steps, 0), 1e6)) : 0
        }
        // The clip, and every emphasis burst played out to its end.
        var length = clip.duration
        for p in clip.amplitude {
            if let e = p.emphasis { length = max(length, p.time + Double(burstSteps(Float(e.frequency))) * step) }
        }
        // A step is due when it starts before the end by more than rounding (1 ns); Android refuses a waveform
        // without a step of 1 ms or more, so there is always one.
        let count = max(1, (length / step - 1e-6).rounded(.up))
        guard count <= Double(maximumSteps) else {
            throw InputError(
                .limitExceeded, path: path,
                reason:
                    "the clip needs \(String(format: "%.0f", count)) Android waveform steps; at most \(maximumSteps) (30 minutes at 10 ms) are written",
                fix: "shorten the clip or split it")
        }
        let events = rampEvents(clip)
        var next = 0
        var envelope = Ramp()
        var burst = (steps: 0, level: Float(0))
        var out = AndroidWaveform(timingsMs: [], amplitudes: [])
        out.timingsMs.reserveCapacity(Int(count))
        out.amplitudes.reserveCapacity(Int(count))
        for k in 0..<Int(count) {
            let now = step * Double(k)
            // On the step grid: an event at 0.1 s falls on step 10 of 10 ms, whatever the binary rounding of either.
            while next < events.count, events[next].time <= now + 1e-9 * max(1, now) {
                let e = events[next]
                if let level = e.emphasis {
                    burst = (burstSteps(e.frequency), level * gain)
                } else {
                    envelope.start(to: e.target * gain, over: e.duration, rate: rate)
                }
                next += 1
            }
            let ducking: Float = burst.steps > 0 ? Float(settings.emphasisDucking) : 1
            var value = envelope.next() * ducking
            if burst.steps > 0 {
                burst.steps -= 1
                value += burst.level
            }
            let level = value.isNaN ? 0 : min(max(value, 0), 1)
            let ms = Int((min(step, length - now) * 1000).rounded())
            // A last sliver under half a millisecond is dropped (Android takes no 0 ms step but the only one).
            if ms == 0 && k > 0 { break }
            out.amplitudes.append(min(max(Int(level * 255), 1), 255))
            out.timingsMs.append(max(ms, 1))
        }
        return out
    }

    /// Throws when the clip's times are not finite, negative or out of order: a clip `HapticFileValidator` accepts
    /// never is, but one converted with errors forced through may be.
    public static func checkPlayable(_ clip: HapticClip, path: String) throws(InputError) {
        let times = clip.amplitude.map(\.time) + clip.frequency.map(\.time)
        guard times.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 4 * 3600 }),
            zip(clip.amplitude, clip.amplitude.dropFirst()).allSatisfy({ $0.time <= $1.time }),
            zip(clip.frequency, clip.frequency.dropFirst()).allSatisfy({ $0.time <= $1.time })
        else {
            throw InputError(
                .corrupt, path: path, reason: "the clip's times are not in order from 0 to 4 hours, so Android cannot play it",
                fix: "fix the errors validate reports")
        }
    }

    /// Seconds as whole milliseconds, bounded so that no time traps the conversion.
    static func milliseconds(_ seconds: Double) -> Int {
        seconds.isFinite ? Int((min(max(seconds, -1e9), 1e9) * 1000).rounded()) : 0
    }

    /// One change to the renderer: an envelope ramp to `target` over `duration` seconds, or an emphasis burst.
    struct RampEvent {
        var time: Double
        var target: Float = 0
        var duration: Float = 0
        var emphasis: Float? = nil
        var frequency: Float = 0
    }

    /// The clip's breakpoints as ramps: a jump to the first value, a ramp from each breakpoint to the next starting at
    /// the earlier one, an emphasis after the ramp that starts at its breakpoint, and a jump to 0 at the end.
    static func rampEvents(_ clip: HapticClip) -> [RampEvent] {
        let points = clip.amplitude
        guard let first = points.first else { return [] }
        var events = [RampEvent(time: first.time, target: Float(first.amplitude))]
        for (i, p) in points.enumerated() {
            let nextPoint = i + 1 < points.count ? points[i + 1] : nil
            if let n = nextPoint {
                events.append(RampEvent(time: p.time, target: Float(n.amplitude), duration: Float(n.time) - Float(p.time)))
            } else if p.emphasis != nil {
                // Hold the last value while its emphasis plays.
                events.append(RampEvent(time: p.time, target: Float(p.amplitude)))
            }
            if let e = p.emphasis {
                events.append(RampEvent(time: p.time, emphasis: Float(e.amplitude), frequency: Float(min(max(e.frequency, 0), 1))))
            }
        }
        if points.last?.emphasis == nil, let last = points.last {
            events.append(RampEvent(time: last.time))
        }
        return events
    }

    /// A linearly ramped value that gives its current value first and reaches its target after duration·rate − 1
    /// steps.
    struct Ramp {
        var current: Float = 0
        var target: Float = 0
        var remaining: Float = 0
        var increment: Float = 0

        mutating func start(to target: Float, over duration: Float, rate: Float) {
            self.target = target
            let steps = duration * rate
            if steps <= 1 || abs(current - target) < 1e-6 {
                current = target
                remaining = 0
            } else {
                remaining = steps - 1
                increment = (target - current) / remaining
            }
        }

        mutating func next() -> Float {
            let value = current
            if remaining >= 1 {
                remaining -= 1
                current = target - remaining * increment
            } else {
                current = target
            }
            return value
        }
    }
}
