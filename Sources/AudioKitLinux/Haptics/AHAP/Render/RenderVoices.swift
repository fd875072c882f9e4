import Foundation

/// Buses a voice writes into for one block: the haptic drive, and audio left and right.
struct RenderBuses {
    var haptic: UnsafeMutableBufferPointer<Float>
    var left: UnsafeMutableBufferPointer<Float>
    var right: UnsafeMutableBufferPointer<Float>
}

/// One sounding event. `render` adds the voice into the buses for the frames
/// [blockStart, blockStart + count) and keeps its own phase between blocks.
protocol RenderVoice: AnyObject {
    var startFrame: Int { get }
    var endFrame: Int { get }
    func render(into buses: RenderBuses, blockStart: Int, count: Int)
}

/// Context the voices read: rate, model and the pattern's dynamic parameters.
struct VoiceContext {
    let rate: Double
    let model: HapticModel
    let controls: ControlSet
    /// False renders the haptic drive's amplitude instead of its oscillation.
    var carrier = true

    /// The event's envelope: its Attack/Decay/ReleaseTime after the haptic or audio time
    /// controls (read at the event's start), mapped to seconds by the model.
    func envelope(for event: AHAPEvent, duration: Double, haptic: Bool) -> Envelope {
        let ids: (DynamicParameterID, DynamicParameterID, DynamicParameterID) =
            haptic
            ? (.hapticAttackTimeControl, .hapticDecayTimeControl, .hapticReleaseTimeControl)
            : (.audioAttackTimeControl, .audioDecayTimeControl, .audioReleaseTimeControl)
        let attack = controls.apply(ids.0, to: event.value(of: .attackTime), at: event.time)
        let decay = controls.apply(ids.1, to: event.value(of: .decayTime), at: event.time)
        let release = controls.apply(ids.2, to: event.value(of: .releaseTime), at: event.time)
        return Envelope(
            attack: model.envelopeTime(attack), decay: model.envelopeTime(decay), release: model.envelopeTime(release),
            sustained: event.value(of: .sustained) != 0, duration: duration)
    }
}

/// A HapticTransient: a short burst at the drive frequency of its sharpness,
/// gain = amplitude(intensity). The sine starts at zero phase (no click), holds
/// full gain for the first half of the burst length L (so even at 80 Hz the
/// first crest, 3.1 ms in, reaches the full gain) and fades out with a
/// raised-cosine over the second half. Dynamic intensity and sharpness
/// controls are read at the event's time.
final class TransientVoice: RenderVoice {
    let startFrame: Int
    let endFrame: Int
    let gain: Double
    let omega: Double
    let rate: Double
    let length: Double
    let carrier: Bool

    init(event: AHAPEvent, context c: VoiceContext) {
        carrier = c.carrier
        let intensity = c.controls.apply(.hapticIntensityControl, to: event.value(of: .hapticIntensity), at: event.time)
        let sharpness = c.controls.apply(.hapticSharpnessControl, to: event.value(of: .hapticSharpness), at: event.time)
        rate = c.rate
        length = c.model.transientDuration
        gain = c.model.amplitude(intensity: intensity)
        omega = 2 * Double.pi * c.model.frequency(sharpness: sharpness)
        startFrame = Int((event.time * c.rate).rounded())
        endFrame = startFrame + Int((length * c.rate).rounded())
    }

    func render(into buses: RenderBuses, blockStart: Int, count: Int) {
        let from = max(startFrame, blockStart)
        let to = min(endFrame, blockStart + count)
        guard from < to else { return }
        let half = length / 2
        for frame in from..<to {
            let t = Double(frame - startFrame) / rate
            let shape = t < half ? 1 : 0.5 * (1 + cos(Double.pi * (t - half) / half))
            buses.haptic[frame - blockStart] += Float(gain * shape * (carrier ? sin(omega * t) : 1))
        }
    }
}

/// Frames per control step: dynamic parameters and the drive frequency are
/// evaluated once per step (0.67 ms at 48 kHz); amplitude is interpolated
/// linearly across the step, and the oscillator advances by an exact rotation.
let controlStep = 32

/// A HapticContinuous event: a sine at the drive frequency of the sharpness,
/// following the dynamic controls, times amplitude(intensity), times its envelope.
/// The phase is continuous across control steps and blocks.
final class ContinuousVoice: RenderVoice {
    let startFrame: Int
    let endFrame: Int
    let time: Double
    let baseIntensity: Double
    let baseSharpness: Double
    let intensityTrack: ControlTrack?
    let sharpnessTrack: ControlTrack?
    let envelope: Envelope
    let model: HapticModel
    let rate: Double
    let carrier: Bool
    var phase = 0.0

    init(event: AHAPEvent, duration: Double, context c: VoiceContext) {
        carrier = c.carrier
        time = event.time
        model = c.model
        rate = c.rate
        baseIntensity = event.value(of: .hapticIntensity)
        baseSharpness = event.value(of: .hapticSharpness)
        intensityTrack = c.controls.tracks[.hapticIntensityControl]
        sharpnessTrack = c.controls.tracks[.hapticSharpnessControl]
        envelope = c.envelope(for: event, duration: duration, haptic: true)
        startFrame = Int((time * c.rate).rounded())
        endFrame = startFrame + Int((envelope.length * c.rate).rounded())
    }

    private func amplitude(at t: Double) -> Double {
        model.amplitude(intensity: intensityTrack?.apply(to: baseIntensity, at: t) ?? baseIntensity)
    }

    func render(into buses: RenderBuses, blockStart: Int, count: Int) {
        let from = max(startFrame, blockStart)
        let to = min(endFrame, blockStart + count)
        guard from < to else { return }
        let out = buses.haptic
        var phase = self.phase
        var frame = from
        while frame < to {
            let n = min(controlStep, to - frame)
            let tRel = Double(frame - startFrame) / rate
            let a0 = amplitude(at: time + tRel)
            let a1 = amplitude(at: time + tRel + Double(n) / rate)
            let sharpness = sharpnessTrack?.apply(to: baseSharpness, at: time + tRel) ?? baseSharpness
            let step = 2 * Double.pi * model.frequency(sharpness: sharpness) / rate
            var sn = sin(phase), cs = cos(phase)
            let sd = sin(step), cd = cos(step)
            let slope = (a1 - a0) / Double(n)
            for k in 0..<n {
                let g = envelope.gain(at: tRel + Double(k) / rate) * (a0 + slope * Double(k))
                out[frame - blockStart + k] += Float(carrier ? g * sn : g)
                (sn, cs) = (sn * cd + cs * sd, cs * cd - sn * sd)
            }
            phase = (phase + step * Double(n)).truncatingRemainder(dividingBy: 2 * Double.pi)
            frame += n
        }
        self.phase = phase
    }
}

/// Balance panning: at 0 both channels pass at unity; moving towards one side
/// attenuates the other linearly, to silence at ±1. (Apple documents only the
/// range: −1 left, 1 right.)
func panGains(_ pan: Double) -> (Double, Double) {
    let p = ParameterRange.signedUnit.clamp(pan)
    return (p <= 0 ? 1 : 1 - p, p >= 0 ? 1 : 1 + p)
}

/// An AudioContinuous event: a tone at audioToneFrequency · 2^pitch, with
/// brightness adding the 2nd and 3rd harmonics, volume, balance pan and the
/// event's envelope. Controls are read once per control step.
final class ToneVoice: RenderVoice {
    let startFrame: Int
    let endFrame: Int
    let event: AHAPEvent
    let envelope: Envelope
    let context: VoiceContext
    var phase = 0.0

    init(event: AHAPEvent, context c: VoiceContext) {
        self.event = event
        self.context = c
        let t0 = event.time
        envelope = c.envelope(for: event, duration: event.duration ?? 0, haptic: false)
        startFrame = Int((t0 * c.rate).rounded())
        endFrame = startFrame + Int((envelope.length * c.rate).rounded())
    }

    func render(into buses: RenderBuses, blockStart: Int, count: Int) {
        let from = max(startFrame, blockStart)
        let to = min(endFrame, blockStart + count)
        guard from < to else { return }
        let c = context
        var phase = self.phase
        var frame = from
        while frame < to {
            let n = min(controlStep, to - frame)
            let tRel = Double(frame - startFrame) / c.rate
            let tAbs = event.time + tRel
            let volume = c.controls.apply(.audioVolumeControl, to: event.value(of: .audioVolume), at: tAbs)
            let pitch = c.controls.apply(.audioPitchControl, to: event.value(of: .audioPitch), at: tAbs)
            let pan = c.controls.apply(.audioPanControl, to: event.value(of: .audioPan), at: tAbs)
            let brightness = c.controls.apply(.audioBrightnessControl, to: event.value(of: .audioBrightness), at: tAbs)
            let (l, r) = panGains(pan)
            let step = 2 * Double.pi * c.model.audioToneFrequency * pow(2, pitch) / c.rate
            let norm = 1 / (1 + brightness * (5.0 / 6.0))
            for k in 0..<n {
                let p = phase + step * Double(k)
                let tone = (sin(p) + brightness * (0.5 * sin(2 * p) + (1.0 / 3.0) * sin(3 * p))) * norm
                let value = volume * envelope.gain(at: tRel + Double(k) / c.rate) * tone
                buses.left[frame - blockStart + k] += Float(value * l)
                buses.right[frame - blockStart + k] += Float(value * r)
            }
            phase = (phase + step * Double(n)).truncatingRemainder(dividingBy: 2 * Double.pi)
            frame += n
        }
        self.phase = phase
    }
}

/// An AudioCustom event: the waveform file, already at the output rate,
/// with volume, balance pan, optional looping, and (by default) short fades at both ends.
final class SampleVoice: RenderVoice {
    let startFrame: Int
    let endFrame: Int
    let event: AHAPEvent
    let audio: LoadedAudio
    let context: VoiceContext
    let fadeFrames: Int

    init(event: AHAPEvent, audio: LoadedAudio, context c: VoiceContext) {
        self.event = event
        self.audio = audio
        self.context = c
        let fileFrames = audio.frames
        let loop = event.waveformLoopEnabled ?? false
        var frames = fileFrames
        if let d = event.duration, d > 0 {
            let requested = Int((d * c.rate).rounded())
            frames = loop ? requested : min(fileFrames, requested)
        }
        startFrame = Int((event.time * c.rate).rounded())
        endFrame = startFrame + frames
        fadeFrames = (event.waveformUseVolumeEnvelope ?? true) ? Int(c.model.audioFadeDuration * c.rate) : 0
    }

    func render(into buses: RenderBuses, blockStart: Int, count: Int) {
        let from = max(startFrame, blockStart)
        let to = min(endFrame, blockStart + count)
        guard from < to, audio.frames > 0 else { return }
        let c = context
        let total = endFrame - startFrame
        var frame = from
        while frame < to {
            let n = min(controlStep, to - frame)
            let tAbs = Double(frame) / c.rate
            let volume = c.controls.apply(.audioVolumeControl, to: event.value(of: .audioVolume), at: tAbs)
            let (l, r) = panGains(c.controls.apply(.audioPanControl, to: event.value(of: .audioPan), at: tAbs))
            for k in 0..<n {
                let i = frame + k - startFrame
                var gain = volume
                if fadeFrames > 0 { gain *= min(1, Double(i) / Double(fadeFrames), Double(total - i) / Double(fadeFrames)) }
                let s = i % audio.frames
                buses.left[frame + k - blockStart] += Float(gain * l) * audio.left[s]
                buses.right[frame + k - blockStart] += Float(gain * r) * audio.right[s]
            }
            frame += n
        }
    }
}

/// An AudioCustom waveform read and converted to the output rate, as left and right.
struct LoadedAudio: Sendable {
    let left: [Float]
    let right: [Float]
    var frames: Int { left.count }

    static func load(_ path: String, rate: Int, limits: AudioLimits) throws(InputError) -> LoadedAudio {
        let (info, samples) = try AudioFile.read(path, limits: limits)
        let convertedFrames = Double(info.frames) * Double(rate) / Double(info.sampleRate)
        try limits.checkFitsInMemory(frames: Int64(convertedFrames.rounded(.up)), channels: info.channels, sampleRate: rate, path: path)
        let converted = try Resampler.convert(samples, channels: info.channels, from: info.sampleRate, to: rate)
        let frames = converted.count / info.channels
        if info.channels == 1 { return LoadedAudio(left: converted, right: converted) }
        var left = [Float](repeating: 0, count: frames)
        var right = [Float](repeating: 0, count: frames)
        for i in 0..<frames {
            left[i] = converted[i * info.channels]
            right[i] = converted[i * info.channels + 1]
        }
        return LoadedAudio(left: left, right: right)
    }
}
