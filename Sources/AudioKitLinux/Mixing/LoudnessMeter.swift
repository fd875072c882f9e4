import Foundation

/// EBU R128 loudness over time with libebur128 (MIT; the calls are in `EBUR128+Calls.swift`): momentary
/// (400 ms) and short-term (3 s) loudness, in LUFS, every `step` seconds.
public enum LoudnessMeter {
    /// The loudness at one moment.
    public struct Point: Sendable {
        /// Seconds from the start of the measured samples.
        public let time: Double
        /// LUFS over the last 400 ms (−∞ for silence).
        public let momentary: Double
        /// LUFS over the last 3 s (−∞ for silence).
        public let shortTerm: Double

        /// The loudness at `time`: `momentary` over the last 400 ms, `shortTerm` over the last 3 s, in LUFS.
        public init(time: Double, momentary: Double, shortTerm: Double) {
            self.time = time
            self.momentary = momentary
            self.shortTerm = shortTerm
        }
    }

    /// The loudness every `step` seconds of interleaved `samples`; empty when libebur128 cannot measure them
    /// (a channel count or rate it does not take, or an error while adding frames).
    public static func series(_ samples: [Float], sampleRate: Int, channels: Int, step: Double = 0.1) -> [Point] {
        guard let meter = EBUR128.meter(channels: channels, sampleRate: sampleRate) else { return [] }
        defer { EBUR128.destroy(meter) }
        let hop = max(1, Int(step * Double(sampleRate)))
        let frames = samples.count / channels
        var points: [Point] = []
        var f = 0
        let ok = samples.withUnsafeBufferPointer { p -> Bool in
            while f < frames {
                let n = min(hop, frames - f)
                guard EBUR128.add(meter, p.baseAddress! + f * channels, count: n) else { return false }
                f += n
                guard let m = EBUR128.momentary(meter), let s = EBUR128.shortTerm(meter) else { return false }
                points.append(Point(time: Double(f) / Double(sampleRate), momentary: m, shortTerm: s))
            }
            return true
        }
        return ok ? points : []
    }

    /// The absolute gate of ITU-R BS.1770-4 and EBU R128: −70 LUFS. Quieter is silence for a loudness measure
    /// (libebur128 reports near-silence as −1000 LUFS or lower, which no listener hears as a level).
    public static let absoluteGate = -70.0

    /// The loudness dip of a transition: the lowest loudness of `mix` against `reference` (`FadeReference`, the two
    /// tracks traded without losing power) over the meter's windows that reach into [from, to]. Silence in the mix counts
    /// as the absolute gate (−70 LUFS); windows where the reference itself is silent are left out (a dip from silence is
    /// no dip). Nil when no window is left; `mix` and `reference` are read at the same times.
    public static func dip(mix: [Point], reference: [Point], from: Double, to: Double, shortTerm: Bool) -> Double? {
        compared(mix: mix, reference: reference, from: from, to: to, shortTerm: shortTerm).map { $0.mix - $0.reference }.min()
    }

    /// The highest loudness of `mix` against `reference` over the same windows as `dip`: a swell, as when two tracks
    /// alike add in phase (equal power on a track faded into itself reads +3 dB). Nil when no window is left.
    public static func rise(mix: [Point], reference: [Point], from: Double, to: Double, shortTerm: Bool) -> Double? {
        compared(mix: mix, reference: reference, from: from, to: to, shortTerm: shortTerm).map { $0.mix - $0.reference }.max()
    }

    /// Whether the mix falls to silence, the absolute gate, in a window `dip` reads: the dip is then measured down to
    /// that floor, not to a level anyone hears.
    public static func reachesSilence(mix: [Point], reference: [Point], from: Double, to: Double, shortTerm: Bool) -> Bool {
        compared(mix: mix, reference: reference, from: from, to: to, shortTerm: shortTerm).contains { $0.mix <= absoluteGate }
    }

    /// The mix's and the reference's loudness in each window that reaches into [from, to] (its end after `from`, its
    /// start before `to`; for a hard cut, every window holding the cut) where the reference is above the gate, the mix
    /// floored at the gate.
    static func compared(mix: [Point], reference: [Point], from: Double, to: Double, shortTerm: Bool) -> [(
        mix: Double, reference: Double
    )] {
        let window = shortTerm ? 3.0 : 0.4
        func v(_ p: Point) -> Double { shortTerm ? p.shortTerm : p.momentary }
        return zip(mix, reference).compactMap { m, r in
            guard abs(m.time - r.time) < 1e-6, m.time > from + 1e-9, m.time - window < max(to, from + 1e-6) - 1e-9,
                !v(m).isNaN, v(r).isFinite, v(r) > absoluteGate
            else { return nil }
            return (max(absoluteGate, v(m)), v(r))
        }
    }
}
