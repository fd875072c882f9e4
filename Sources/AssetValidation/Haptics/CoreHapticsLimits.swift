/// The limits of Core Haptics that every part of the library respects, defined once: the validator's rules, the
/// renderer's model, audio-to-haptics, the `.haptic` converters and the timer's tap pattern all read them here.
public enum CoreHapticsLimits {
    /// The longest continuous haptic event, in seconds: Apple documents 30 s as the maximum of
    /// `CHHapticEvent.duration` (reference rule 11, `../shared/reference`).
    public static let maximumContinuousDuration = 30.0
    /// The most control points in one parameter curve: 16, as Lofelt's converter tests state and chunk curves
    /// (reference rule 26; not in Apple's documents).
    public static let maximumCurvePoints = 16
    /// The `Version` values CoreHaptics loads: decompiled CoreHaptics (iOS 26.1) rejects one outside 1.0…1.1 with −4809.
    public static let supportedVersions: ClosedRange<Double> = 1.0...1.1
}
