/// Dynamic parameters (`CHHapticDynamicParameter.ID`), used by `Parameter` and
/// `ParameterCurve` elements. Intensity and volume controls multiply; all
/// others add; the result is clamped to the target event parameter's range
/// (Apple, `CHHapticDynamicParameter`).
public enum DynamicParameterID: String, Sendable, CaseIterable, Codable {
    case hapticIntensityControl = "HapticIntensityControl"
    case hapticSharpnessControl = "HapticSharpnessControl"
    case hapticAttackTimeControl = "HapticAttackTimeControl"
    case hapticDecayTimeControl = "HapticDecayTimeControl"
    case hapticReleaseTimeControl = "HapticReleaseTimeControl"
    case audioVolumeControl = "AudioVolumeControl"
    case audioPanControl = "AudioPanControl"
    case audioBrightnessControl = "AudioBrightnessControl"
    case audioPitchControl = "AudioPitchControl"
    case audioAttackTimeControl = "AudioAttackTimeControl"
    case audioDecayTimeControl = "AudioDecayTimeControl"
    case audioReleaseTimeControl = "AudioReleaseTimeControl"

    /// How a control combines with its event parameter.
    public enum Combination: Sendable { case multiply, add }

    /// `.multiply` for HapticIntensityControl and AudioVolumeControl, `.add` for the others.
    public var combination: Combination {
        self == .hapticIntensityControl || self == .audioVolumeControl ? .multiply : .add
    }

    /// The valid control values: 0…1 for multipliers, -1…1 for offsets.
    public var range: ParameterRange { combination == .multiply ? .unit : .signedUnit }

    /// The neutral value: 1 for multipliers, 0 for offsets.
    public var neutralValue: Double { combination == .multiply ? 1 : 0 }

    /// The event parameter this control changes.
    public var target: EventParameterID {
        switch self {
        case .hapticIntensityControl: .hapticIntensity
        case .hapticSharpnessControl: .hapticSharpness
        case .hapticAttackTimeControl, .audioAttackTimeControl: .attackTime
        case .hapticDecayTimeControl, .audioDecayTimeControl: .decayTime
        case .hapticReleaseTimeControl, .audioReleaseTimeControl: .releaseTime
        case .audioVolumeControl: .audioVolume
        case .audioPanControl: .audioPan
        case .audioBrightnessControl: .audioBrightness
        case .audioPitchControl: .audioPitch
        }
    }

    /// Whether the control acts on haptic events (true) or audio events (false).
    public var actsOnHaptics: Bool { rawValue.hasPrefix("Haptic") }
}
