import Foundation

/// A match of a beat to the audio: an onset peak, or where the neighbouring beats put it.
struct OnsetMatch {
    let time: Double
    let strength: Double
    /// True when no onset was clear and the time is where the neighbouring beats put it.
    var fromGrid = false
}

/// Onset strength normalised to the track's typical onset peak, with a smoothed copy for alignment.
struct OnsetCurve {
    // Float, not Double: at 100 frames per second an hour of audio is 360,000 values.
    let raw: [Float]
    let smooth: [Float]
    let fps: Double
    let latency: Double
    let delay: Double
    /// The judging's constants.
    let tuning: BeatCheckTuning

    init(_ onset: OnsetStrength, delay: Double, tuning: BeatCheckTuning = .standard) {
        self.tuning = tuning
        fps = onset.framesPerSecond
        latency = onset.latency
        self.delay = delay
        let v = onset.values
        var peaks: [Float] = []
        for i in 1..<max(1, v.count - 1) where v[i] > v[i - 1] && v[i] >= v[i + 1] && v[i] > 0 { peaks.append(v[i]) }
        peaks.sort()
        let reference = Median.upperQuantile(peaks, 3, 4).map { max($0, 1e-9) } ?? 1
        let normalised = v.map { $0 / reference }
        raw = normalised
        let kernel = (-6...6).map { Float(exp(-Double($0 * $0) / 8)) }
        let norm = kernel.reduce(0, +)
        smooth = normalised.indices.map { i in
            var sum: Float = 0
            for (j, w) in kernel.enumerated() {
                let k = i + j - 6
                if k >= 0 && k < normalised.count { sum += w * normalised[k] }
            }
            return sum / norm
        }
    }

    func frame(_ t: Double) -> Double { (t + delay + latency) * fps }
    func time(_ f: Double) -> Double { f / fps - latency - delay }

    func smoothValue(at t: Double) -> Double {
        let f = frame(t)
        let i = Int(f)
        guard i >= 0, i + 1 < smooth.count else { return 0 }
        let x = f - Double(i)
        return Double(smooth[i]) * (1 - x) + Double(smooth[i + 1]) * x
    }

    /// The strongest onset peak near `t`, weighted by a Gaussian (σ = 40 ms), refined to a fraction of a frame.
    func strongest(near t: Double, window: Double) -> OnsetMatch? {
        let lo = max(1, Int(frame(t - window).rounded(.down)))
        let hi = min(raw.count - 2, Int(frame(t + window).rounded(.up)))
        guard lo <= hi else { return nil }
        var best = -1
        var bestScore = 0.0
        for i in lo...hi where raw[i] >= raw[i - 1] && raw[i] >= raw[i + 1] && Double(raw[i]) >= tuning.strongEnough {
            let d = time(Double(i)) - t
            let score = Double(raw[i]) * exp(-d * d / (2 * tuning.onsetSigma * tuning.onsetSigma))
            if score > bestScore {
                bestScore = score
                best = i
            }
        }
        guard best >= 0 else { return nil }
        let (y0, y1, y2) = (Double(raw[best - 1]), Double(raw[best]), Double(raw[best + 1]))
        let shift = PeakInterpolation.offset(y0, y1, y2)
        return OnsetMatch(time: time(Double(best) + shift), strength: y1)
    }
}
