import Foundation

/// The sharpness of a sound over time, from its STFT brightness: frames below the gate take the nearest gated-in
/// frame's value, and a sound with none gets 0.5.
struct SharpnessTrack {
    let values: [Double]
    let step: Double
    /// The times of `values` when they are breakpoints (sorted) rather than frames `step` apart.
    let times: [Double]?

    /// A track through the breakpoints (`times`, `values`), held before the first and after the last.
    init(times: [Double], values: [Double]) {
        self.times = times
        self.values = values
        step = 0
    }

    /// The track of `features`' brightness.
    init(features: SoundFeatures) {
        step = features.frameStep
        times = nil
        var values = features.centroid.map { $0.isNaN ? Double.nan : AudioToHaptics.sharpness(centroid: Double($0)) }
        // Fill gaps from the last known value, and leading gaps from the first.
        var last: Double? = nil
        for i in values.indices {
            if values[i].isNaN { values[i] = last ?? .nan } else { last = values[i] }
        }
        let firstKnown = values.first { !$0.isNaN } ?? 0.5
        self.values = values.map { $0.isNaN ? firstKnown : $0 }
    }

    /// The sharpness at `time` (seconds), interpolated between frames.
    func value(at time: Double) -> Double {
        if let times {
            guard let last = values.last else { return 0.5 }
            let i = SortedTimes.upperBound(times, time)
            if i == 0 { return values[0] }
            if i == times.count { return last }
            let f = (time - times[i - 1]) / (times[i] - times[i - 1])
            return values[i - 1] * (1 - f) + values[i] * f
        }
        guard !values.isEmpty, step > 0 else { return 0.5 }
        let x = time / step
        let i = Int(x.rounded(.down))
        guard i >= 0 else { return values[0] }
        guard i + 1 < values.count else { return values[values.count - 1] }
        let f = x - Double(i)
        return values[i] * (1 - f) + values[i + 1] * f
    }
}
