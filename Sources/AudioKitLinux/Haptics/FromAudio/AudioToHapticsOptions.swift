/// Settings of the conversion of a sound to a haptic pattern; `Preset` gives starting points for the kinds of sound
/// games pair with haptics.
public struct AudioToHapticsOptions: Sendable, Hashable {
    /// Starting points for kinds of sound.
    public enum Preset: String, Sendable, CaseIterable {
        /// Any sound: Meta Haptics Studio's densities (40 intensity and 30 sharpness breakpoints per second), sensitivity 0.5.
        case general
        /// Hits, thuds, explosions: more transients (sensitivity 0.6), 30 breakpoints per second.
        case impact
        /// Taps, clicks, confirmations: short sounds, so more detail (60 per second), transients 50 ms apart.
        case ui
        /// Music: only the strongest onsets (sensitivity 0.35, 150 ms apart), a slower envelope (10 ms RMS, 150 ms
        /// release) and 15 breakpoints per second, so a long track does not buzz.
        case music
    }

    /// What the pattern holds.
    public enum Content: String, Sendable, CaseIterable {
        /// Transients and continuous events.
        case both
        /// Transients only.
        case transientsOnly = "transients"
        /// Continuous events only.
        case continuousOnly = "continuous"
    }

    /// How transients are found.
    public var transients: TransientPicker
    /// Intensity breakpoints per second of sound.
    public var density: Double
    /// Sharpness breakpoints per second of sound.
    public var sharpnessDensity: Double
    /// What the pattern holds.
    public var content: Content
    /// Scale the envelope so the sound's peak is intensity 1.
    public var normalize: Bool
    /// Gain applied to the amplitude after normalising, in dB.
    public var gainDecibels: Double
    /// The envelope follower's time constants.
    public var follower: EnvelopeFollower.Settings
    /// Amplitude below which the sound counts as silent, after normalising and gain: −50 dB of full scale (−50 dB of the
    /// peak when normalised without gain).
    public var silenceThreshold: Double
    /// Make two patterns, continuous events and transients, as Meta Haptics Studio and Lofelt Studio export, instead of one.
    public var split: Bool

    /// The options of `preset`.
    public init(preset: Preset = .general) {
        transients = TransientPicker()
        density = 40
        sharpnessDensity = 30
        content = .both
        normalize = true
        gainDecibels = 0
        follower = .studio
        silenceThreshold = 0.003
        split = false
        switch preset {
        case .general:
            break
        case .impact:
            transients.sensitivity = 0.6
            density = 30
            sharpnessDensity = 20
        case .ui:
            transients.sensitivity = 0.6
            transients.minimumSpacing = 0.05
            density = 60
            sharpnessDensity = 40
        case .music:
            transients.sensitivity = 0.35
            transients.minimumSpacing = 0.15
            density = 15
            sharpnessDensity = 10
            follower = EnvelopeFollower.Settings(rmsWindow: 0.01, attack: 0.002, hold: 0.01, release: 0.15)
        }
    }
}
