import Foundation

/// Meta Haptics Studio's analysis, for `from-audio`'s `studio` preset: the envelope reduced to its
/// breakpoints first, and the emphasis (the transients) chosen among those breakpoints, so a pattern comes out as Studio
/// and its predecessor Lofelt Studio would make it, and as designers who start from those tools expect.
///
/// Method, read from Studio's open analysis (facebook/meta-haptics-sdk, MIT; method read, not copied):
/// 1. the follower's level at the end of every millisecond (`MillisecondEnvelope.instants`), from 1 ms;
/// 2. cut into regions of one second from the first point, each reduced on its own by Visvalingam–Whyatt elimination
///    (`BreakpointReduction`, areas as they are, not monotone) to at most `breakpointsPerSecond` points, its first and
///    last kept; then points whose triangle is under `minimumArea` go, so silence keeps only its ends;
/// 3. a point at 0 s with the first point's value;
/// 4. a breakpoint is a peak when it rose by more than `minimumRise` from the breakpoint before, the next one does not
///    go on rising by more than `plateauFactor` of that rise, and it is at least `peakWindow` after the last peak;
/// 5. each peak is scored by the spectral flux at its time (`StudioSpectrum`); the threshold sits between the largest score and the
///    smallest at `sensitivity` (0: none, 1: every peak); the peaks at or above it are the emphasis, their sharpness
///    the score's place between the smallest and largest (0.5 when all are equal), and their breakpoint's amplitude is
///    ducked by `ducking`;
/// 6. the sharpness: Studio's frequency (`StudioSpectrum`) of the frames from 0 s, reduced the same way to
///    `frequencyBreakpointsPerSecond`.
///
/// Unlike `TransientPicker`, the threshold is relative to the file's own peaks, so of a file of identical clicks only
/// some may keep a transient (their flux is read at different places between frames), as in Studio.
public struct StudioAnalysis: Sendable, Hashable {
    /// Most amplitude breakpoints in each second of sound (Studio's default: 40).
    public var breakpointsPerSecond: Int
    /// Most sharpness (frequency) breakpoints in each second of sound (Studio's default: 30).
    public var frequencyBreakpointsPerSecond: Int
    /// The smallest rise from the breakpoint before that makes a peak, in amplitude (Studio's default: 0.05).
    public var minimumRise: Double
    /// The shortest time from one peak to the next, in seconds (Studio's default: 20 ms).
    public var peakWindow: Double
    /// How far the next breakpoint may go on rising, as a share of the peak's own rise (Studio's default: 25 %).
    public var plateauFactor: Double
    /// 0…1: the share of the way from the largest peak score down to the smallest at which emphasis starts (Studio's
    /// default: 0.5).
    public var sensitivity: Double
    /// How much of an emphasis breakpoint's amplitude is taken away, 0…1 (Studio's default: 0.5).
    public var ducking: Double
    /// Triangles smaller than this (in seconds × amplitude) go after the budget is met: Studio's 10⁻⁸ on twice the area.
    public static let minimumArea = 0.5e-8

    /// Studio's defaults.
    public init(
        breakpointsPerSecond: Int = 40, frequencyBreakpointsPerSecond: Int = 30, minimumRise: Double = 0.05, peakWindow: Double = 0.02,
        plateauFactor: Double = 0.25,
        sensitivity: Double = 0.5, ducking: Double = 0.5
    ) {
        self.breakpointsPerSecond = breakpointsPerSecond
        self.frequencyBreakpointsPerSecond = frequencyBreakpointsPerSecond
        self.minimumRise = minimumRise
        self.peakWindow = peakWindow
        self.plateauFactor = plateauFactor
        self.sensitivity = sensitivity
        self.ducking = ducking
    }

    /// One emphasis: a breakpoint that gets a transient.
    public struct Emphasis: Sendable, Hashable {
        /// Its time, in seconds.
        public var time: Double
        /// The breakpoint's amplitude before ducking.
        public var amplitude: Double
        /// The flux score's place between the smallest and largest peak's, 0…1.
        public var sharpness: Double
    }

    /// What the analysis gives: the breakpoints (emphasis ones ducked) and the emphasis.
    public struct Result: Sendable, Hashable {
        /// Breakpoint times, in seconds, increasing, from 0.
        public var times: [Double]
        /// Breakpoint amplitudes, the emphasis ones ducked.
        public var values: [Double]
        /// The emphasis, in time order.
        public var emphasis: [Emphasis]

        /// The breakpoints' line read at every millisecond from 0 (`count` values), held after the last point.
        public func everyMillisecond(count: Int) -> [Float] {
            // One walk along the breakpoints as the time rises (a search for each millisecond took a sixth of the
            // conversion's last step): the last breakpoint at or before each time, as `value(at:)` finds it.
            var j = 0
            return (0..<max(0, count)).map { i in
                let time = Double(i) / 1000
                while j + 1 < times.count, times[j + 1] <= time { j += 1 }
                guard j + 1 < times.count else { return Float(values.last ?? 0) }
                return Float(values[j] + (values[j + 1] - values[j]) * (time - times[j]) / (times[j + 1] - times[j]))
            }
        }

        /// The breakpoints' line at `time` seconds: linear between breakpoints, exact at them, held after the last.
        public func value(at time: Double) -> Double {
            let j = max(0, SortedTimes.upperBound(times, time) - 1)
            guard j + 1 < times.count else { return values.last ?? 0 }
            return values[j] + (values[j + 1] - values[j]) * (time - times[j]) / (times[j + 1] - times[j])
        }

        /// What Studio's AHAP export keeps of an emphasis breakpoint's intensity: its curve is lowered a further 20 % there,
        /// so that the transient on top of it is not weakened where Core Haptics mixes the two (ahap.rs,
        /// `AMPLITUDE_DUCKING`).
        public static let emphasisIntensity = 0.8

        /// The intensity curve Studio's AHAP export plays at `time` seconds: at each breakpoint √ of its amplitude (times
        /// `emphasisIntensity` at an emphasis), linear in intensity between breakpoints, as Core Haptics plays a curve.
        public func intensity(at time: Double) -> Double {
            func vertex(_ i: Int) -> Double {
                let k = SortedTimes.upperBound(emphasis, times[i]) { $0.time } - 1
                let scale = k >= 0 && emphasis[k].time == times[i] ? Self.emphasisIntensity : 1
                return max(0, values[i]).squareRoot() * scale
            }
            let j = max(0, SortedTimes.upperBound(times, time) - 1)
            guard j + 1 < times.count else { return times.isEmpty ? 0 : vertex(times.count - 1) }
            let f = max(0, min(1, (time - times[j]) / (times[j + 1] - times[j])))
            return vertex(j) + (vertex(j + 1) - vertex(j)) * f
        }
    }

    /// Analyses the follower's `levels` at every millisecond from 0 (value 0, at 0 s, is not a point of Studio's), or at
    /// `levelTimes` (seconds, one per level, from 0) when given, with the spectral `flux` of frames `frameStep` apart,
    /// frame n centred on `fluxStart` + n · `frameStep` seconds.
    public func analyze(levels: [Float], levelTimes: [Double] = [], flux: [Float], frameStep: Double, fluxStart: Double = 0) -> Result {
        analyze(levels: levels, levelTimes: levelTimes) { Self.flux(at: $0 - fluxStart, flux, frameStep) }
    }

    /// Analyses the follower's `levels` as above, reading the flux at a time (seconds from the sound's start) from
    /// `fluxAt`, which is asked only at `peakTimes`' times.
    public func analyze(levels: [Float], levelTimes: [Double] = [], fluxAt: (Double) -> Double) -> Result {
        analyze(breakpoints(levels: levels, levelTimes: levelTimes), fluxAt: fluxAt)
    }

    /// Steps 4–5 on `breakpoints` (steps 1–3, `breakpoints(levels:levelTimes:)`), the flux read from `fluxAt`.
    public func analyze(_ breakpoints: Breakpoints, fluxAt: (Double) -> Double) -> Result {
        var (times, values) = (breakpoints.times, breakpoints.values)
        let emphasis = self.emphasis(times: times, values: values, fluxAt: fluxAt)
        for e in emphasis {
            let i = SortedTimes.lowerBound(times, e.time)
            if i < times.count && times[i] == e.time { values[i] = e.amplitude * (1 - min(1, max(0, ducking))) }
        }
        return Result(times: times, values: values, emphasis: emphasis)
    }

    /// Steps 1–3: the reduced breakpoints, with a point at 0 s.
    public func breakpoints(levels: [Float], levelTimes: [Double] = []) -> Breakpoints {
        guard levels.count > 1 else { return Breakpoints(times: [0], values: [Double(levels.first ?? 0)]) }
        let at = levelTimes.count == levels.count ? Array(levelTimes[1...]) : (1..<levels.count).map { Double($0) / 1000 }
        let (times, values) = Self.reduced(times: at, values: levels[1...].map(Double.init), perRegion: breakpointsPerSecond)
        return Breakpoints(times: [0] + times, values: [values[0]] + values)
    }

    /// The reduced breakpoints of steps 1–3, before any emphasis.
    public struct Breakpoints: Sendable, Hashable {
        /// Their times, in seconds, increasing, from 0.
        public var times: [Double]
        /// Their amplitudes.
        public var values: [Double]
    }

    /// The sharpness breakpoints: Studio's `frequency` of frames `frameStep` apart from `start` (frames before 0 s
    /// left out), reduced as the amplitude is, to `frequencyBreakpointsPerSecond`; their values are the frequency.
    public func sharpness(frequency: [Float], start: Double, frameStep: Double) -> (times: [Double], values: [Double]) {
        let first = max(0, Int((-start / frameStep - 1e-9).rounded(.up)))
        guard first < frequency.count else { return ([], []) }
        let times = (first..<frequency.count).map { start + Double($0) * frameStep }
        return Self.reduced(times: times, values: frequency[first...].map(Double.init), perRegion: frequencyBreakpointsPerSecond)
    }

    /// Points cut into regions of one second from the first, each reduced on its own to at most `perRegion` points
    /// (areas as they are), then rid of triangles under `minimumArea`; the regions are reduced in parallel.
    static func reduced(times: [Double], values: [Double], perRegion: Int) -> (times: [Double], values: [Double]) {
        guard let firstTime = times.first else { return ([], []) }
        var regions: [Range<Int>] = []
        var start = 0
        var regionEnd = firstTime + 1
        while start < times.count {
            var end = start
            while end < times.count && times[end] < regionEnd - 1e-9 { end += 1 }
            regions.append(start..<end)
            regionEnd += 1
            start = end
        }
        let ranges = regions
        let slots = ResultSlots<[Int]>(count: ranges.count)
        DispatchQueue.concurrentPerform(iterations: ranges.count) { k in
            let r = ranges[k]
            let local = BreakpointReduction.reduce(
                times: Array(times[r]), values: Array(values[r]), budget: max(2, perRegion), minimumArea: minimumArea, monotone: false)
            slots.set(k, local.map { r.lowerBound + $0 })
        }
        let kept = slots.values.flatMap { $0 ?? [] }
        return (kept.map { times[$0] }, kept.map { values[$0] })
    }

    /// The times of the peak breakpoints (step 4) among `breakpoints`: the only times the emphasis reads the flux at.
    public func peakTimes(_ breakpoints: Breakpoints) -> [Double] {
        peaks(times: breakpoints.times, values: breakpoints.values).map { breakpoints.times[$0] }
    }

    /// The frames of Studio's flux (`StudioSpectrum`'s, `count` of them, frame 0 centred on `start`, `step` apart) that
    /// reading it at `times` touches, as `flux(at:)` reads it.
    public static func fluxFrames(at times: [Double], start: Double, step: Double, count: Int) -> Set<Int> {
        guard count > 0, step > 0 else { return [] }
        return Set(
            times.flatMap { t -> [Int] in
                let i = Int(((t - start) / step).rounded(.down))
                return [i, i + 1].map { min(count - 1, max(0, $0)) }
            })
    }

    /// Step 4: the indices of the peak breakpoints (`values` before ducking).
    func peaks(times: [Double], values: [Double]) -> [Int] {
        var peaks: [Int] = []
        var previous = 0.0
        var lastPeak: Double? = nil
        for i in 0..<max(0, values.count - 1) {
            let rise = values[i] - previous
            let falls = values[i] > values[i + 1] || values[i + 1] < values[i] + rise * plateauFactor
            if rise > minimumRise && falls && (lastPeak.map { times[i] - $0 >= peakWindow - 1e-9 } ?? true) {
                peaks.append(i)
                lastPeak = times[i]
            }
            previous = values[i]
        }
        return peaks
    }

    /// Steps 4–5 on `flux`, frame n centred on `fluxStart` + n · `frameStep` seconds.
    func emphasis(times: [Double], values: [Double], flux: [Float], frameStep: Double, fluxStart: Double = 0) -> [Emphasis] {
        emphasis(times: times, values: values) { Self.flux(at: $0 - fluxStart, flux, frameStep) }
    }

    /// Steps 4–5: the emphasis among the breakpoints (`values` before ducking), the flux at a time read from `fluxAt`.
    func emphasis(times: [Double], values: [Double], fluxAt: (Double) -> Double) -> [Emphasis] {
        let peaks = self.peaks(times: times, values: values).map { (index: $0, score: fluxAt(times[$0])) }
        guard let low = peaks.map(\.score).min(), let high = peaks.map(\.score).max() else { return [] }
        let range = high - low
        let s = min(1, max(0, sensitivity))
        let threshold = (high + range * 1e-3) * (1 - s) + low * s
        return peaks.filter { $0.score >= threshold }.map { peak in
            Emphasis(time: times[peak.index], amplitude: values[peak.index], sharpness: range > 0 ? (peak.score - low) / range : 0.5)
        }
    }

    /// The flux at `time` after frame 0's centre, linear between frame centres, the first or last frame's outside them.
    static func flux(at time: Double, _ flux: [Float], _ frameStep: Double) -> Double {
        Self.flux(at: time, count: flux.count, frameStep) { Double(flux[$0]) }
    }

    /// The flux of `count` frames, frame n's read from `frame(n)`, at `time` after frame 0's centre, as above: only the
    /// frames `fluxFrames(at:)` names are read.
    static func flux(at time: Double, count: Int, _ frameStep: Double, _ frame: (Int) -> Double) -> Double {
        guard count > 0, frameStep > 0 else { return 0 }
        let x = time / frameStep
        let i = Int(x.rounded(.down))
        if i < 0 { return frame(0) }
        if i + 1 >= count { return frame(count - 1) }
        let f = x - Double(i)
        return frame(i) * (1 - f) + frame(i + 1) * f
    }
}
