/// Settings of the conversion of a sound to a haptic pattern; `Preset` gives starting points for the kinds of sound
/// games pair with haptics.
public struct AudioToHapticsOptions: Sendable, Hashable {
    /// Starting points for kinds of sound. Each was chosen by leave-one-source-out cross-validation on the sounds of
    /// that kind (`akl-bench haptics-cv`; figures and method in bench/RESULTS.md and docs/audio-to-haptics.md); a
    /// kind the corpus has too few sounds of to choose on keeps what it says below.
    public enum Preset: String, Sendable, CaseIterable {
        /// Any sound: the one setting cross-validation chose for all kinds: sensitivity 0.9, transients at least 50 ms
        /// apart, 80 intensity and 60 sharpness breakpoints per second.
        case general
        /// Hits, shots, explosions, steps: `general`. A setting chosen on impacts alone did worse on held-out impacts
        /// than the one setting for all.
        case impact
        /// Clicks, beeps, confirmations: `general`. A setting chosen on interface sounds alone did worse on held-out
        /// ones than the one setting for all.
        case ui
        /// Music: only the strongest onsets (sensitivity 0.35, 150 ms apart), a slower envelope (10 ms RMS, 150 ms
        /// release) and 15 breakpoints per second, so a long track does not buzz (one piece of music in the corpus: not
        /// chosen by cross-validation).
        case music
        /// Engines, ambiences, drones: the envelope on the K-weighted (loudness) signal, sensitivity 0.7, transients
        /// at least 30 ms apart, a noise floor at −30 dB (chosen on the corpus's loops; on held-out loops it did better
        /// than the one setting for all).
        case loop
        /// Speech: `general` on the K-weighted (loudness) signal, with fewer transients (sensitivity 0.5, 100 ms apart)
        /// so that every syllable does not knock (no speech in the corpus: not chosen by cross-validation).
        case voice
        /// Tell the kind of sound first (`SoundClassifier`) and take the preset `chosen(for:)` that kind; as options
        /// alone, `general`.
        case auto
        /// Meta Haptics Studio's own analysis (`StudioAnalysis`): its envelope reduced to 40 breakpoints a second, its
        /// emphasis rule for the transients, its sharpness (the centroid below 1 kHz, 30 breakpoints a second), the sound's
        /// own level (no normalising) and no silence gate, so the pattern matches what Studio, or Lofelt Studio before it,
        /// would make of the sound.
        case studio

        /// The preset `auto` takes for a sound of `kind`: that kind's own preset where it did better than `general`
        /// on sounds of that kind in the cross-validation (loops), `general` elsewhere. Impacts and interface sounds
        /// did worse with a setting of their own; the hand-set `music` preset did worse than `general` on the
        /// corpus's sounds told as music; no speech in the corpus has reference haptics to try `voice` on.
        public static func chosen(for kind: SoundKind) -> Preset {
            kind == .loop ? .loop : .general
        }
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
    /// What the envelope follows: the amplitude, or the K-weighted (loudness) signal.
    public var weighting: EnvelopeWeighting
    /// A floor, in dB (negative) below the envelope's loudest value L, under which the envelope is taken as noise: the
    /// amplitude a becomes max(0, a − f) · L / (L − f), a downward expander that keeps L where it was, so a quiet tail or
    /// hiss fades out of the pattern instead of buzzing at √a. Nil: no floor.
    public var noiseFloorDecibels: Double?
    /// How deep the continuous intensity dips while a transient plays, 0 to 1, in one pattern with both: for the
    /// transient's first 7.5 ms the continuous plays at (1 − ducking) of itself, then returns to all of it along a
    /// raised cosine by 15 ms. 0 keeps it, 1 silences it under the click. Meta Haptics Studio and Lofelt Studio duck the
    /// amplitude at an emphasis by a half (intensity × 0.71) and their AHAP exports by 0.8 more.
    public var transientDucking: Double
    /// Meta Haptics Studio's analysis for the intensity curve and its emphasis (transients where its breakpoints peak),
    /// run on the sound's own level (times the gain, when not normalised) and scaled after; nil: ours (`density`, and
    /// `transientDucking` and `silenceThreshold` at every transient).
    public var studio: StudioAnalysis?
    /// With `studio`: also a transient at each of `transients`' onsets at least its minimum spacing from every emphasis,
    /// the continuous intensity ducked under it by `transientDucking` (Studio's breakpoints already dip at an emphasis).
    public var ownOnsets: Bool
    /// With `studio`: Studio's frequency curve for the sharpness, and its emphasis score for a transient's sharpness
    /// (which takes Studio's whole spectrum, eight frames in every 1,024 samples); false: the sound's brightness
    /// (`SpectralShape`) for both, and Studio's flux read at its peaks alone.
    public var studioSharpness: Bool
    /// With `studio`: how far, in dB, the follower must have risen over the 10 ms before an emphasis for it to stand; nil
    /// keeps Studio's rule alone, which puts one on a lone peak however it came (the top of a swell rises 0.07 dB in
    /// those 10 ms; every emphasis of the Lofelt designers' clips, 1.5 dB or more).
    public var emphasisMinimumRise: Double?

    /// A user's own settings over the preset's: `sensitivity` (0…1), `density` (intensity breakpoints per second;
    /// sharpness gets three quarters), `minimumSpacing` between transients (seconds) and `ducking` (0…1). Under
    /// `studio` they set Studio's sensitivity, breakpoints per second, peak window and ducking too; with `ownOnsets` the
    /// sensitivity moves Studio's in proportion (the general preset's 0.9 is Studio's own 0.5), so both find more or
    /// fewer together.
    public mutating func override(sensitivity: Double?, density: Double?, minimumSpacing: Double?, ducking: Double?) {
        if let sensitivity { transients.sensitivity = sensitivity }
        if let density {
            self.density = density
            sharpnessDensity = max(1, density * 0.75)
        }
        if let minimumSpacing { transients.minimumSpacing = minimumSpacing }
        if let ducking { transientDucking = ducking }
        guard var studio else { return }
        if let sensitivity {
            studio.sensitivity = ownOnsets ? min(1, sensitivity * StudioAnalysis().sensitivity / Self.generalSensitivity) : sensitivity
        }
        if let density {
            studio.breakpointsPerSecond = max(2, Int(density.rounded()))
            studio.frequencyBreakpointsPerSecond = max(2, Int((density * 0.75).rounded()))
        }
        if let minimumSpacing { studio.peakWindow = minimumSpacing }
        if let ducking { studio.ducking = ducking }
        self.studio = studio
    }

    /// The transient picker's sensitivity in the general preset (chosen by cross-validation).
    static let generalSensitivity = 0.9

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
        weighting = .amplitude
        noiseFloorDecibels = nil
        transientDucking = 0.5
        ownOnsets = false
        studioSharpness = false
        emphasisMinimumRise = nil
        transients.sensitivity = Self.generalSensitivity
        transients.minimumSpacing = 0.05
        density = 80
        sharpnessDensity = 60
        switch preset {
        case .general, .impact, .ui, .auto:
            studio = StudioAnalysis()
            ownOnsets = true
            emphasisMinimumRise = 1
            // The designers' clips do not dip where Studio finds no emphasis (bench/designer_envelope.py).
            transientDucking = 0
            density = 40
        case .studio:
            studio = StudioAnalysis()
            studioSharpness = true
            normalize = false
            density = 40
            sharpnessDensity = 30
            silenceThreshold = 0
        case .music:
            transients.sensitivity = 0.35
            transients.minimumSpacing = 0.15
            density = 15
            sharpnessDensity = 10
            follower = EnvelopeFollower.Settings(rmsWindow: 0.01, attack: 0.002, hold: 0.01, release: 0.15)
        case .loop:
            weighting = .loudness
            transients.sensitivity = 0.7
            transients.minimumSpacing = 0.03
            noiseFloorDecibels = -30
        case .voice:
            weighting = .loudness
            transients.sensitivity = 0.5
            transients.minimumSpacing = 0.1
        }
    }
}
