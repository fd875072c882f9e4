import CEBUR128
import Foundation

/// EBU R128 loudness over time with libebur128 (MIT): momentary (400 ms) and
/// short-term (3 s) loudness, in LUFS, every `step` seconds.
public enum LoudnessMeter {
    public struct Point: Sendable {
        public let time: Double
        public let momentary: Double
        public let shortTerm: Double
    }

    public static func series(_ samples: [Float], sampleRate: Int, channels: Int, step: Double = 0.1) -> [Point] {
        guard let state = ebur128_init(UInt32(channels), UInt(sampleRate), Int32(EBUR128_MODE_M.rawValue | EBUR128_MODE_S.rawValue)) else {
            return []
        }
        var handle: UnsafeMutablePointer<ebur128_state>? = state
        defer { ebur128_destroy(&handle) }
        let hop = max(1, Int(step * Double(sampleRate)))
        let frames = samples.count / channels
        var points: [Point] = []
        var f = 0
        samples.withUnsafeBufferPointer { p in
            while f < frames {
                let n = min(hop, frames - f)
                ebur128_add_frames_float(state, p.baseAddress! + f * channels, n)
                f += n
                var m = -Double.infinity, s = -Double.infinity
                ebur128_loudness_momentary(state, &m)
                ebur128_loudness_shortterm(state, &s)
                points.append(Point(time: Double(f) / Double(sampleRate), momentary: m, shortTerm: s))
            }
        }
        return points
    }

    /// The loudness dip of a transition: the lowest loudness inside [from, to] (with the meter's window
    /// reaching past it), against the mean of the two seconds before `from` and after `to`.
    public static func dip(_ points: [Point], from: Double, to: Double, shortTerm: Bool) -> Double? {
        let window = shortTerm ? 3.0 : 0.4
        func v(_ p: Point) -> Double { shortTerm ? p.shortTerm : p.momentary }
        let inside = points.filter { $0.time >= from + window / 2 && $0.time <= to + window / 2 && v($0).isFinite }.map(v)
        let before = points.filter { $0.time <= from && $0.time > from - 2 && v($0).isFinite }.map(v)
        let after = points.filter { $0.time >= to + window && $0.time < to + window + 2 && v($0).isFinite }.map(v)
        guard let low = inside.min(), !before.isEmpty || !after.isEmpty else { return nil }
        let reference = (before + after).reduce(0, +) / Double(before.count + after.count)
        return low - reference
    }
}
