import Foundation

/// The constants of our actuator model (docs/haptic-model.md). Apple publishes
/// no mapping from sharpness to frequency or from envelope parameters to
/// seconds; these are the community figures and our stated guesses, each
/// overridable from the command line.
public struct HapticModel: Sendable, Hashable {
    /// Drive frequency at sharpness 0 and 1, in Hz; sharpness maps on a log
    /// scale between them: f = low · (high/low)^s (Hapticlabs' 80–230 Hz band,
    /// the mapping in apple_haptic_creator's `freq()`).
    public var lowFrequency: Double
    /// Drive frequency at sharpness 1, in Hz.
    public var highFrequency: Double
    /// Length of a transient burst, in seconds (Android's 10–20 ms click guidance).
    public var transientDuration: Double
    /// Envelope times for parameter 0 and 1, in seconds. Apple: "higher values
    /// increase the time exponentially"; we use T(p) = min · (max/min)^p.
    public var envelopeMinimum: Double
    /// Envelope time for parameter value 1, in seconds.
    public var envelopeMaximum: Double
    /// Amplitude = intensity^exponent (1 = linear, as Apple's "think of intensity
    /// as the volume"; Lofelt's converter implies 2, i.e. intensity = √amplitude).
    public var intensityExponent: Double
    /// Longest continuous haptic event rendered (Apple: 30 s); longer ones are cut.
    public var maximumContinuousDuration: Double
    /// Base frequency of AudioContinuous tones at AudioPitch 0; pitch ±1 moves it one octave.
    public var audioToneFrequency: Double
    /// Fade applied at both ends of AudioCustom waveforms when the volume envelope is on.
    public var audioFadeDuration: Double

    /// A model with the given constants; the defaults are 80–230 Hz, 15 ms transients, envelopes of 5 ms to 1 s, linear intensity, 30 s
    /// continuous events, 440 Hz tones and 5 ms fades.
    public init(
        lowFrequency: Double = 80, highFrequency: Double = 230, transientDuration: Double = 0.015,
        envelopeMinimum: Double = 0.005, envelopeMaximum: Double = 1.0, intensityExponent: Double = 1,
        maximumContinuousDuration: Double = CoreHapticsLimits.maximumContinuousDuration, audioToneFrequency: Double = 440,
        audioFadeDuration: Double = 0.005
    ) {
        self.lowFrequency = lowFrequency
        self.highFrequency = highFrequency
        self.transientDuration = transientDuration
        self.envelopeMinimum = envelopeMinimum
        self.envelopeMaximum = envelopeMaximum
        self.intensityExponent = intensityExponent
        self.maximumContinuousDuration = maximumContinuousDuration
        self.audioToneFrequency = audioToneFrequency
        self.audioFadeDuration = audioFadeDuration
    }

    /// The audible variant: the same band moved up two octaves (320–920 Hz),
    /// where laptop speakers reproduce it.
    public static let audible = HapticModel(lowFrequency: 320, highFrequency: 920)

    /// Drive frequency in Hz for `sharpness`, clamped to 0…1: lowFrequency · (highFrequency/lowFrequency)^sharpness.
    public func frequency(sharpness: Double) -> Double {
        lowFrequency * pow(highFrequency / lowFrequency, ParameterRange.unit.clamp(sharpness))
    }

    /// Drive amplitude, 0…1, for `intensity` clamped to 0…1: intensity^intensityExponent.
    public func amplitude(intensity: Double) -> Double {
        pow(ParameterRange.unit.clamp(intensity), intensityExponent)
    }

    /// Seconds for an envelope parameter clamped to 0…1: envelopeMinimum · (envelopeMaximum/envelopeMinimum)^parameter.
    public func envelopeTime(_ parameter: Double) -> Double {
        envelopeMinimum * pow(envelopeMaximum / envelopeMinimum, ParameterRange.unit.clamp(parameter))
    }
}
