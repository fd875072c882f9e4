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

    /// The loudness dip of a transition: the lowest loudness inside [from, to] (with the meter's window
    /// reaching past it; silence counts as the absolute gate, −70 LUFS), against the mean of the two seconds before
    /// `from` and after `to` where they are above the gate. Nil when nothing is measured inside, or when both sides are
    /// silent (a dip from silence is no dip).
    public static func dip(_ points: [Point], from: Double, to: Double, shortTerm: Bool) -> Double? {
        let window = shortTerm ? 3.0 : 0.4
        func v(_ p: Point) -> Double { shortTerm ? p.shortTerm : p.momentary }
        func audible(_ p: Point) -> Bool { v(p).isFinite && v(p) > absoluteGate }
        let inside = inFade(points, from: from, to: to, shortTerm: shortTerm)
        let before = points.filter { $0.time <= from && $0.time > from - 2 && audible($0) }.map(v)
        let after = points.filter { $0.time >= to + window && $0.time < to + window + 2 && audible($0) }.map(v)
        guard let low = inside.min(), !before.isEmpty || !after.isEmpty else { return nil }
        let reference = (before + after).reduce(0, +) / Double(before.count + after.count)
        return low - reference
    }

    /// Whether the loudness inside [from, to] (as `dip` reads it) reaches silence, the absolute gate: the dip is then
    /// measured down to that floor, not to a level anyone hears.
    public static func reachesSilence(_ points: [Point], from: Double, to: Double, shortTerm: Bool) -> Bool {
        inFade(points, from: from, to: to, shortTerm: shortTerm).contains { $0 <= absoluteGate }
    }

    /// The loudness values `dip` reads inside [from, to], silence counted as the absolute gate.
    static func inFade(_ points: [Point], from: Double, to: Double, shortTerm: Bool) -> [Double] {
        let window = shortTerm ? 3.0 : 0.4
        return points.filter {
            let v = shortTerm ? $0.shortTerm : $0.momentary
            return $0.time >= from + window / 2 && $0.time <= to + window / 2 && !v.isNaN
        }.map { max(absoluteGate, shortTerm ? $0.shortTerm : $0.momentary) }
    }
}
