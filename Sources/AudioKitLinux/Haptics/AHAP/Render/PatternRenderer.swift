import Foundation

/// How rendered channels are laid out in the output.
public enum RenderChannels: Int, Sendable, CaseIterable {
    /// The haptic drive alone.
    case haptic = 1
    /// Stereo audio with the haptic drive mixed into both sides (for listening).
    case stereoMix = 2
    /// Haptic drive, audio left, audio right.
    case hapticAndStereo = 3
}

/// Settings of a render: sample rate, channel layout, actuator model, where audio files are found, block size and audio limits.
public struct RenderOptions: Sendable {
    /// Output sample rate in Hz.
    public var sampleRate: Int
    /// Output channel layout.
    public var channels: RenderChannels
    /// The actuator model that maps parameters to frequencies, amplitudes and times.
    public var model: HapticModel
    /// Folder AudioCustom paths are resolved against.
    public var baseDirectory: String
    /// Let AudioCustom paths resolve outside `baseDirectory`.
    public var allowPathsOutsideBase: Bool
    /// Frames per block when streaming.
    public var blockFrames: Int
    /// Limits on the AudioCustom files read.
    public var audioLimits: AudioLimits
    /// True (the default) renders the haptic drive as the actuator's oscillation; false renders its amplitude: the
    /// pattern's intensity envelope as the model plays it (attack, curves, transient bursts), without the sine.
    public var carrier = true

    /// Options of 48 kHz, haptic plus stereo channels, the default model, the current folder, paths kept inside it, 4096-frame blocks and
    /// the standard audio limits, unless given.
    public init(
        sampleRate: Int = 48_000, channels: RenderChannels = .hapticAndStereo, model: HapticModel = HapticModel(),
        baseDirectory: String = ".", allowPathsOutsideBase: Bool = false, blockFrames: Int = 4096,
        audioLimits: AudioLimits = .standard
    ) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.model = model
        self.baseDirectory = baseDirectory
        self.allowPathsOutsideBase = allowPathsOutsideBase
        self.blockFrames = blockFrames
        self.audioLimits = audioLimits
    }
}

/// Renders a pattern to audio block by block, so memory stays flat however long
/// the pattern is, and a player can stream it. See docs/haptic-model.md.
public final class PatternRenderer {
    /// The settings the renderer was made with.
    public let options: RenderOptions
    /// Length of the whole render, in frames at `options.sampleRate`.
    public let totalFrames: Int
    /// Things the renderer had to change or skip (missing audio files, events cut at 30 s).
    public private(set) var warnings: [String] = []
    /// Output samples that exceeded ±1 and were clipped.
    public private(set) var clippedSamples = 0
    /// Frames rendered so far.
    public private(set) var position = 0

    private var pending: [any RenderVoice]
    private var nextVoice = 0
    private var active: [any RenderVoice] = []
    private var haptic: [Float]
    private var left: [Float]
    private var right: [Float]

    /// Samples per frame: 1, 2 or 3, from `options.channels`.
    public var channelCount: Int { options.channels.rawValue }
    /// Length of the whole render, in seconds.
    public var duration: Double { Double(totalFrames) / Double(options.sampleRate) }

    /// Prepares the render of `pattern`: reads its AudioCustom files and makes one voice per event. Nothing is thrown: missing or
    /// unreadable audio, events cut at the continuous maximum and events past the longest audio allowed are reported in `warnings`.
    public init(pattern: AHAPPattern, options: RenderOptions = RenderOptions()) {
        self.options = options
        let rate = Double(options.sampleRate)
        let context = VoiceContext(rate: rate, model: options.model, controls: ControlSet(pattern: pattern), carrier: options.carrier)
        var voices: [any RenderVoice] = []
        var warnings: [String] = []
        var loaded: [String: LoadedAudio] = [:]
        let resolver = WaveformResolver(baseDirectory: options.baseDirectory, allowOutside: options.allowPathsOutsideBase)
        // Nothing is rendered past the longest audio the tools accept (4 h unless raised): a
        // time of 1e45 s is valid JSON, and must not reach an integer frame number.
        let horizon = options.audioLimits.maxDuration
        var late = 0
        for original in pattern.events where original.time >= 0 && original.time.isFinite {
            guard original.time < horizon else {
                late += 1
                continue
            }
            var event = original
            if let d = event.duration, d > horizon - event.time { event.duration = horizon - event.time }
            switch event.eventType {
            case .hapticTransient:
                voices.append(TransientVoice(event: event, context: context))
            case .hapticContinuous:
                var duration = event.duration ?? 0
                if duration > options.model.maximumContinuousDuration {
                    warnings.append(
                        String(
                            format: "HapticContinuous event at %.3f s lasts %.3f s; rendered only its first %.0f s", event.time, duration,
                            options.model.maximumContinuousDuration))
                    duration = options.model.maximumContinuousDuration
                }
                if duration > 0 { voices.append(ContinuousVoice(event: event, duration: duration, context: context)) }
            case .audioContinuous:
                if (event.duration ?? 0) > 0 { voices.append(ToneVoice(event: event, context: context)) }
            case .audioCustom:
                guard let path = event.waveformPath else { continue }
                if loaded[path] == nil {
                    switch resolver.resolve(path) {
                    case .found(let resolved):
                        do {
                            loaded[path] = try LoadedAudio.load(resolved, rate: options.sampleRate, limits: options.audioLimits)
                        } catch {
                            warnings.append("\(path): \(error.reason); its AudioCustom events are silent")
                        }
                    case .notFound:
                        warnings.append("audio file \"\(path)\" not found; its AudioCustom events are silent, the haptics are rendered")
                    case .outsideBase(let p):
                        warnings.append(
                            "audio file \"\(path)\" resolves outside the AHAP folder (\(p)); not read (paths outside the folder are not allowed)"
                        )
                    }
                }
                if let audio = loaded[path] { voices.append(SampleVoice(event: event, audio: audio, context: context)) }
            case nil:
                continue
            }
        }
        if late > 0 {
            warnings.append(
                String(
                    format:
                        "%d event%@ start%@ after %.0f s, the longest render; not rendered (raise the audio-length limit to render them)",
                    late,
                    late == 1 ? "" : "s", late == 1 ? "s" : "", horizon))
        }
        voices.sort { $0.startFrame < $1.startFrame }
        pending = voices
        self.warnings = warnings
        // The render spans what it renders, and no more: an entry it skipped (past the horizon) adds no silence.
        totalFrames = max(voices.map(\.endFrame).max() ?? 0, Int((pattern.duration(before: horizon) * rate).rounded()))
        haptic = [Float](repeating: 0, count: options.blockFrames)
        left = haptic
        right = haptic
    }

    /// Renders the next block of at most `options.blockFrames` frames, interleaved,
    /// into `output`; returns the number of frames (0 at the end).
    public func renderNextBlock(into output: inout [Float]) -> Int {
        let count = min(options.blockFrames, totalFrames - position)
        guard count > 0 else { return 0 }
        let blockEnd = position + count
        while nextVoice < pending.count && pending[nextVoice].startFrame < blockEnd {
            active.append(pending[nextVoice])
            nextVoice += 1
        }
        let blockStart = position
        let channels = channelCount
        if output.count != count * channels { output = [Float](repeating: 0, count: count * channels) }
        let layout = options.channels
        let voices = active
        var clipped = 0
        // Buffers are reached through pointers only: no per-sample exclusivity checks.
        haptic.withUnsafeMutableBufferPointer { h in
            left.withUnsafeMutableBufferPointer { l in
                right.withUnsafeMutableBufferPointer { r in
                    output.withUnsafeMutableBufferPointer { out in
                        for i in 0..<count {
                            h[i] = 0
                            l[i] = 0
                            r[i] = 0
                        }
                        let buses = RenderBuses(haptic: h, left: l, right: r)
                        for voice in voices { voice.render(into: buses, blockStart: blockStart, count: count) }
                        switch layout {
                        case .haptic:
                            for i in 0..<count { out[i] = PatternRenderer.clip(h[i], &clipped) }
                        case .stereoMix:
                            for i in 0..<count {
                                out[2 * i] = PatternRenderer.clip(l[i] + h[i], &clipped)
                                out[2 * i + 1] = PatternRenderer.clip(r[i] + h[i], &clipped)
                            }
                        case .hapticAndStereo:
                            for i in 0..<count {
                                out[3 * i] = PatternRenderer.clip(h[i], &clipped)
                                out[3 * i + 1] = PatternRenderer.clip(l[i], &clipped)
                                out[3 * i + 2] = PatternRenderer.clip(r[i], &clipped)
                            }
                        }
                    }
                }
            }
        }
        active.removeAll { $0.endFrame <= blockEnd }
        clippedSamples += clipped
        position = blockEnd
        return count
    }

    @inline(__always) static func clip(_ x: Float, _ clipped: inout Int) -> Float {
        if x > 1 {
            clipped += 1
            return 1
        }
        if x < -1 {
            clipped += 1
            return -1
        }
        return x
    }

    /// Renders everything that is left, interleaved (for tests and short patterns).
    public func renderAll() -> [Float] {
        var all: [Float] = []
        all.reserveCapacity((totalFrames - position) * channelCount)
        var block: [Float] = []
        while renderNextBlock(into: &block) > 0 { all += block }
        return all
    }

    /// Renders the whole pattern into an audio file, atomically, calling
    /// `progress` with the fraction done after each block.
    public func write(to path: String, progress: ((Double) -> Void)? = nil) throws(InputError) {
        let writer = try SoundFileWriter(path: path, sampleRate: options.sampleRate, channels: channelCount)
        var block: [Float] = []
        while renderNextBlock(into: &block) > 0 {
            try writer.write(block)
            progress?(Double(position) / Double(max(1, totalFrames)))
        }
        try writer.commit()
    }
}
