/// Event parameters (`CHHapticEvent.ParameterID`), with the ranges and defaults
/// of the iOS 13 SDK header `CHHapticParameter.h` (see `reference/AHAP-FORMAT.md` §2.2).
public enum EventParameterID: String, Sendable, CaseIterable, Codable {
    case hapticIntensity = "HapticIntensity"
    case hapticSharpness = "HapticSharpness"
    case attackTime = "AttackTime"
    case decayTime = "DecayTime"
    case releaseTime = "ReleaseTime"
    case sustained = "Sustained"
    case audioVolume = "AudioVolume"
    case audioPitch = "AudioPitch"
    case audioPan = "AudioPan"
    case audioBrightness = "AudioBrightness"

    /// Which events a parameter applies to: haptic, audio, or all (envelope).
    public enum Domain: Sendable { case haptic, audio, envelope }

    /// Haptic for intensity and sharpness, audio for the Audio parameters, envelope for AttackTime, DecayTime, ReleaseTime and Sustained.
    public var domain: Domain {
        switch self {
        case .hapticIntensity, .hapticSharpness: .haptic
        case .audioVolume, .audioPitch, .audioPan, .audioBrightness: .audio
        case .attackTime, .decayTime, .releaseTime, .sustained: .envelope
        }
    }

    /// The valid values: -1…1 for AudioPitch and AudioPan, 0…1 for the others.
    public var range: ParameterRange {
        switch self {
        case .audioPitch, .audioPan: .signedUnit
        default: .unit
        }
    }

    /// Whether the parameter means anything on an event of `type`.
    public func applies(to type: AHAPEventType) -> Bool {
        switch domain {
        case .haptic: type.isHaptic
        case .audio: type.isAudio
        case .envelope: true
        }
    }

    /// The value an event gets when it does not set the parameter. Header values
    /// where the header gives one; otherwise the decompiled device-capability table.
    public func defaultValue(for type: AHAPEventType) -> Double {
        switch self {
        case .hapticIntensity: 0.75
        case .hapticSharpness: 0.5
        case .attackTime, .decayTime, .releaseTime: 0
        case .sustained: 1
        case .audioVolume: 1
        case .audioPitch, .audioPan: 0
        case .audioBrightness: 1
        }
    }
}
