/// The four event types CoreHaptics knows (`CHHapticEvent.EventType`).
public enum AHAPEventType: String, Sendable, CaseIterable, Codable {
    case hapticTransient = "HapticTransient"
    case hapticContinuous = "HapticContinuous"
    case audioContinuous = "AudioContinuous"
    case audioCustom = "AudioCustom"

    /// True for HapticTransient and HapticContinuous.
    public var isHaptic: Bool { self == .hapticTransient || self == .hapticContinuous }
    /// True for AudioContinuous and AudioCustom.
    public var isAudio: Bool { !isHaptic }
    /// Continuous events need a positive `EventDuration`.
    public var isContinuous: Bool { self == .hapticContinuous || self == .audioContinuous }
}
