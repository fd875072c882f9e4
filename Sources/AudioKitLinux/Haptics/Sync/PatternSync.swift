import Foundation

/// Thresholds of the check that a pattern keeps time with its sound.
public struct SyncSettings: Sendable, Hashable {
    /// Largest lag or transient offset accepted, in seconds: 25 ms, about where audio–touch asynchrony starts to be noticed.
    public var tolerance: Double
    /// Lags searched, either way, in seconds.
    public var maximumLag: Double
    /// A transient is matched to an audio onset at most this far away, in seconds; one farther from every onset is taken
    /// as deliberate and not reported.
    public var onsetReach: Double
    /// The lag is reported only when the envelopes correlate at least this well at it.
    public var minimumCorrelation: Double
    /// The sound counts as silent below this share of its peak amplitude (−40 dB).
    public var silenceThreshold: Double
    /// Haptics count as felt above this drive amplitude (intensity 0.15).
    public var hapticFloor: Double
    /// Shortest run of haptics in silence reported, in seconds; a transient counts when the sound is silent for half this
    /// either side of it, and spans closer than this are one (`PatternSync.silentSpans`).
    public var minimumSilence: Double

    /// The defaults: 25 ms tolerance, ±250 ms searched, onsets within 100 ms, correlation 0.5, −40 dB, 0.15, 50 ms.
    public init(
        tolerance: Double = 0.025, maximumLag: Double = 0.25, onsetReach: Double = 0.1, minimumCorrelation: Double = 0.5,
        silenceThreshold: Double = 0.01, hapticFloor: Double = 0.15, minimumSilence: Double = 0.05
    ) {
        self.tolerance = tolerance
        self.maximumLag = maximumLag
        self.onsetReach = onsetReach
        self.minimumCorrelation = minimumCorrelation
        self.silenceThreshold = silenceThreshold
        self.hapticFloor = hapticFloor
        self.minimumSilence = minimumSilence
    }
}

/// How well a pattern keeps time with its sound.
public struct SyncReport: Sendable {
    /// One HapticTransient and the audio onset nearest to it.
    public struct TransientOffset: Sendable {
        /// Index of the event in the pattern's elements.
        public var element: Int
        /// The transient's time, in seconds.
        public var time: Double
        /// The nearest audio onset within `SyncSettings.onsetReach`, or nil.
        public var onset: Double?
        /// time − onset, in seconds (positive: the transient is late); nil without an onset.
        public var offset: Double? { onset.map { time - $0 } }
    }

    /// A span where haptics are felt and the sound is silent.
    public struct SilentSpan: Sendable {
        /// Start and end, in seconds.
        public var start: Double
        /// End, in seconds.
        public var end: Double
        /// Index of the haptic event playing at `start`, or nil.
        public var element: Int?
    }

    /// The lag of the haptic envelope behind the sound's (positive: haptics late), or nil when no lag correlates at least
    /// `minimumCorrelation`.
    public var lag: Double?
    /// The correlation of the envelopes at the best lag (−1…1).
    public var correlation: Double
    /// The correlation at lag 0.
    public var correlationAtZero: Double
    /// Every transient with its nearest onset.
    public var transients: [TransientOffset]
    /// Haptics in silence.
    public var silentSpans: [SilentSpan]
    /// Onsets found in the sound.
    public var audioOnsets: [Double]
    /// Length compared, in seconds.
    public var duration: Double
}

/// Checks that a pattern keeps time with its sound: the lag of the best cross-correlation between the pattern's rendered
/// intensity envelope (the drive's amplitude as `PatternRenderer` plays it, without the carrier) and the sound's envelope
/// (`EnvelopeFollower` with Studio's settings), one value per ms; each
/// transient's distance to the nearest audio onset (`TransientPicker` at high sensitivity on the sound's envelope), and
/// haptics felt where the sound is silent.
public enum PatternSync {
    /// Analyses `pattern` against `sound`. `render` gives the model, where AudioCustom files are found and the limits.
    public static func analyze(
        pattern: AHAPPattern, sound: SyncSound, render: RenderOptions = RenderOptions(), settings: SyncSettings = SyncSettings()
    ) throws(InputError) -> SyncReport {
        let (haptic, audio) = try envelopes(pattern: pattern, sound: sound, render: render)
        return compare(pattern: pattern, haptic: haptic, audio: audio, settings: settings)
    }

    /// The two envelopes `analyze` compares, one value per millisecond from the pattern's start, of equal length: the
    /// drive's amplitude as the renderer plays it (intensity after curves and dynamic parameters, no carrier) and the
    /// sound's envelope (placed at its offset).
    public static func envelopes(
        pattern: AHAPPattern, sound: SyncSound, render: RenderOptions = RenderOptions()
    ) throws(InputError) -> (haptic: [Float], sound: [Float]) {
        var haptic: [Float]
        var audio: [Float]
        switch sound {
        case .patternAudio:
            (haptic, audio) = envelopes(of: pattern, render: render, withAudio: true)
        case .file(let path, let offset):
            (haptic, _) = envelopes(of: pattern, render: render, withAudio: false)
            audio = try envelope(ofFile: path, limits: render.audioLimits)
            let shift = Int((offset * 1000).rounded())
            if shift > 0 {
                audio = [Float](repeating: 0, count: shift) + audio
            } else if shift < 0 {
                audio = Array(audio.dropFirst(-shift))
            }
        }
        let length = max(haptic.count, audio.count)
        haptic += [Float](repeating: 0, count: length - haptic.count)
        audio += [Float](repeating: 0, count: length - audio.count)
        return (haptic, audio)
    }

    /// The report for envelopes `envelopes` made (so a caller that draws them measures the same).
    public static func report(
        pattern: AHAPPattern, haptic: [Float], sound: [Float], settings: SyncSettings = SyncSettings()
    ) -> SyncReport {
        compare(pattern: pattern, haptic: haptic, audio: sound, settings: settings)
    }

    /// Compares millisecond envelopes of equal length.
    static func compare(pattern: AHAPPattern, haptic: [Float], audio: [Float], settings: SyncSettings) -> SyncReport {
        let maxLag = Int((settings.maximumLag * 1000).rounded())
        var best = (lag: 0, r: -2.0)
        let scores = crossCorrelation(haptic, audio, maxLag: maxLag)
        let atZero = scores[maxLag]
        for (k, r) in scores.enumerated() {
            let lag = k - maxLag
            if r > best.r + 1e-12 || (abs(r - best.r) <= 1e-12 && abs(lag) < abs(best.lag)) { best = (lag, r) }
        }
        let onsets = TransientPicker(sensitivity: 0.9, minimumSpacing: 0.03).onsets(envelope: audio).map(\.time)
        var transients: [SyncReport.TransientOffset] = []
        for (index, element) in pattern.elements.enumerated() {
            guard case .event(let e) = element, e.eventType == .hapticTransient, e.time.isFinite, e.time >= 0 else { continue }
            let nearest = onsets.min { abs($0 - e.time) < abs($1 - e.time) }
            transients.append(
                SyncReport.TransientOffset(
                    element: index, time: e.time, onset: nearest.flatMap { abs($0 - e.time) <= settings.onsetReach ? $0 : nil }))
        }
        let spans = silentSpans(pattern: pattern, haptic: haptic, audio: audio, settings: settings)
        return SyncReport(
            lag: best.r >= settings.minimumCorrelation ? Double(best.lag) / 1000 : nil, correlation: max(best.r, -1),
            correlationAtZero: atZero, transients: transients, silentSpans: spans, audioOnsets: onsets,
            duration: Double(haptic.count) / 1000)
    }

    /// The Pearson correlation of h[t] with a[t − lag] for each lag in −maxLag…maxLag, both signals taken as silent
    /// (zero) for maxLag beyond each end. Every lag is then measured over the same window, which holds all of both
    /// signals, so only the sum of products changes with the lag, and a lag that leaves a sliver of overlap cannot score
    /// high on it (as a correlation over the overlap alone can).
    static func crossCorrelation(_ h: [Float], _ a: [Float], maxLag: Int) -> [Double] {
        let n = min(h.count, a.count)
        let none = [Double](repeating: 0, count: 2 * maxLag + 1)
        guard n > 2 else { return none }
        let count = Double(n + 2 * maxLag)
        var sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0
        for t in 0..<n {
            let x = Double(h[t]), y = Double(a[t])
            sx += x
            sy += y
            sxx += x * x
            syy += y * y
        }
        let vx = sxx - sx * sx / count
        let vy = syy - sy * sy / count
        guard vx > 0, vy > 0 else { return none }
        let norm = (vx * vy).squareRoot()
        return h.withUnsafeBufferPointer { hp in
            a.withUnsafeBufferPointer { ap in
                (-maxLag...maxLag).map { lag in
                    var sxy = 0.0
                    let from = max(0, lag)
                    let to = min(n, n + lag)
                    if from < to { for t in from..<to { sxy += Double(hp[t]) * Double(ap[t - lag]) } }
                    return (sxy - sx * sy / count) / norm
                }
            }
        }
    }

    /// The haptic event playing at `time` that started last (a continuous event covering it, or a transient within the 20 ms
    /// before it), or nil.
    /// Where haptics are felt (the drive above `hapticFloor`) while the sound is silent (under `silenceThreshold` of its
    /// peak): every run of such milliseconds at least `minimumSilence` long (a continuous event outlasting its sound), and
    /// every transient felt where the sound is silent for `minimumSilence` / 2 either side of it (a tap after the sound
    /// has ended, a stream of taps over a short sound: too short to make a run, but felt all the same; a transient a few
    /// milliseconds before its onset is the offset check's, not silence). Spans less than `minimumSilence` apart are
    /// one.
    static func silentSpans(pattern: AHAPPattern, haptic: [Float], audio: [Float], settings: SyncSettings) -> [SyncReport.SilentSpan] {
        let n = min(haptic.count, audio.count)
        let peak = Double(audio.prefix(n).max() ?? 0)
        let silent = (0..<n).map { peak <= 0 || Double(audio[$0]) < settings.silenceThreshold * peak }
        let felt = (0..<n).map { Double(haptic[$0]) > settings.hapticFloor }
        var runs: [(start: Int, end: Int, element: Int?)] = []
        var start: Int? = nil
        for i in 0...n {
            if i < n && silent[i] && felt[i] {
                if start == nil { start = i }
            } else if let s = start {
                if Double(i - s) / 1000 >= settings.minimumSilence { runs.append((s, i, nil)) }
                start = nil
            }
        }
        let margin = Int((settings.minimumSilence / 2 * 1000).rounded())
        for (index, element) in pattern.elements.enumerated() {
            guard case .event(let e) = element, e.eventType == .hapticTransient, e.time.isFinite, e.time >= 0 else { continue }
            let k = Int((e.time * 1000).rounded())
            guard k < n, (max(0, k - margin)..<min(n, k + margin + 1)).allSatisfy({ silent[$0] }),
                let first = (k..<min(n, k + margin + 1)).first(where: { felt[$0] })
            else { continue }
            var end = first
            while end < n && felt[end] && silent[end] { end += 1 }
            runs.append((k, max(end, k + 1), index))
        }
        runs.sort { $0.start < $1.start }
        var spans: [SyncReport.SilentSpan] = []
        let gap = settings.minimumSilence * 1000
        for run in runs {
            if let last = spans.last, Double(run.start) - last.end * 1000 < gap {
                spans[spans.count - 1].end = max(last.end, Double(run.end) / 1000)
            } else {
                let at = Double(run.start) / 1000
                spans.append(
                    SyncReport.SilentSpan(start: at, end: Double(run.end) / 1000, element: run.element ?? eventPlaying(in: pattern, at: at))
                )
            }
        }
        return spans
    }

    static func eventPlaying(in pattern: AHAPPattern, at time: Double) -> Int? {
        var found: (index: Int, start: Double)? = nil
        for (index, element) in pattern.elements.enumerated() {
            guard case .event(let e) = element, e.time <= time + 0.001 else { continue }
            let end: Double
            switch e.eventType {
            case .hapticContinuous: end = e.time + (e.duration ?? 0)
            case .hapticTransient: end = e.time + 0.02
            default: continue
            }
            if end >= time - 0.001 && e.time >= (found?.start ?? -.infinity) { found = (index, e.time) }
        }
        return found?.index
    }

    /// The millisecond envelopes of the pattern's haptic drive (its rendered amplitude, without the carrier, averaged over
    /// each millisecond) and, when `withAudio`, of its audio events (through the follower).
    static func envelopes(of pattern: AHAPPattern, render: RenderOptions, withAudio: Bool) -> (haptic: [Float], audio: [Float]) {
        let rate = withAudio ? 16_000 : 8_000
        var options = render
        options.sampleRate = rate
        options.channels = withAudio ? .hapticAndStereo : .haptic
        options.carrier = false
        let renderer = PatternRenderer(pattern: pattern, options: options)
        var haptic = MillisecondMean(sampleRate: rate)
        var audio = MillisecondEnvelope(sampleRate: Double(rate))
        var block: [Float] = []
        var h: [Float] = []
        var a: [Float] = []
        while renderer.renderNextBlock(into: &block) > 0 {
            if withAudio {
                let frames = block.count / 3
                if h.count != frames {
                    h = [Float](repeating: 0, count: frames)
                    a = h
                }
                for i in 0..<frames {
                    h[i] = block[3 * i]
                    a[i] = (block[3 * i + 1] + block[3 * i + 2]) / 2
                }
                haptic.push(h)
                audio.push(a)
            } else {
                haptic.push(block)
            }
        }
        return (haptic.values, withAudio ? audio.finish() : [])
    }

    /// The millisecond envelope of a sound file, averaged to mono, streamed in blocks.
    static func envelope(ofFile path: String, limits: AudioLimits) throws(InputError) -> [Float] {
        let reader = try PrefetchingReader(path: path, limits: limits)
        var follower = MillisecondEnvelope(sampleRate: Double(reader.info.sampleRate))
        try reader.forEachMonoBlock { block throws(InputError) in follower.push(block) }
        return follower.finish()
    }
}

/// The mean of each millisecond of a signal (rates that are multiples of 1 kHz).
struct MillisecondMean {
    let perMillisecond: Int
    private var sum: Float = 0
    private var count = 0
    private(set) var values: [Float] = []

    init(sampleRate: Int) { perMillisecond = max(1, sampleRate / 1000) }

    mutating func push(_ samples: [Float]) {
        for x in samples {
            sum += x
            count += 1
            if count == perMillisecond {
                values.append(sum / Float(count))
                sum = 0
                count = 0
            }
        }
    }
}
