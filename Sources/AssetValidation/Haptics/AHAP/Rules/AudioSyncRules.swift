/// The haptics lag or lead the sound they are played with (checked when the pattern has AudioCustom events, and by
/// `ahap-tool sync`). It runs `PatternSync` once and reports the findings of `AudioSyncTransientRule` and
/// `HapticsInSilenceRule` too.
public enum AudioSyncLagRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.audio_sync_lag", name: "Haptics out of time with the sound",
        summary: "The rendered haptic envelope best matches the sound's envelope at a lag of more than 25 ms.",
        rationale:
            "Audio–touch asynchrony starts to be noticed at about 25 ms (studies place it between 20 and 50 ms). The lag is the best cross-correlation, within ±250 ms, of the two envelopes (RMS follower, 1 ms steps); it is reported only when they correlate at 0.5 or better there. Covered by named tests, since its examples need audio files.",
        defaultSeverity: .warning)

    /// The longest pattern `validate` checks against its AudioCustom sound, in seconds (`ahap-tool sync` has no limit).
    public static let validateLimit = 600.0

    /// Appends the sync findings for `document`, from the audio library the validator runs with
    /// (`AHAPValidationOptions.audio`): against `options.syncSound` when set, else against the pattern's own AudioCustom
    /// events when they are readable, `checkWaveformFiles` is on and the pattern lasts at most `validateLimit`. Without
    /// an audio library (the `ValidateAssets` plugin's checker) there is nothing to listen to and nothing is reported.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        findings += document.options.audio?.sync(document) ?? []
    }
}

/// A transient more than 25 ms from the audio onset it belongs to.
public enum AudioSyncTransientRule: AHAPReportedRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.audio_sync_transient", name: "Transient off its audio onset",
        summary: "A HapticTransient is more than 25 ms from the nearest onset of the sound (within 100 ms).",
        rationale:
            "A transient paired with a sound's attack should land on it: audio–touch asynchrony is noticed from about 25 ms. A transient farther than 100 ms from every onset is taken as deliberate. Onsets are sharp rises of the sound's envelope. Reported by ahap.audio_sync_lag's check; covered by named tests.",
        defaultSeverity: .warning)
}

/// Haptics felt while the sound is silent.
public enum HapticsInSilenceRule: AHAPReportedRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.haptics_in_silence", name: "Haptics where the sound is silent",
        summary:
            "The haptics are felt (drive above intensity 0.15) while the sound is 40 dB below its peak: for 50 ms or more, or at a transient with the sound silent 25 ms either side.",
        rationale:
            "Haptics paired with a sound that go on after it ends, or start before it, feel detached from it. Reported by ahap.audio_sync_lag's check; covered by named tests.",
        defaultSeverity: .warning)
}

/// What `ahap-tool convert` cannot carry from AHAP into a `.haptic` clip.
public enum LostInConversionRule: AHAPReportedRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.lost_in_conversion", name: "Not kept by the conversion",
        summary: "Converting to .haptic drops or changes this element.",
        rationale:
            ".haptic v1 holds one amplitude envelope with emphasis and one frequency envelope: no audio, no event envelopes (attack, decay, release), no other dynamic parameters, one level at a time. Reported by ahap-tool convert on the element concerned; covered by named tests.",
        defaultSeverity: .warning)
}

/// Rules whose findings another rule's check reports (one analysis, several kinds of finding). They have descriptions
/// for `ahap-tool rules`, SARIF and the tests, and nothing to check themselves.
protocol AHAPReportedRule: AHAPRule {}

extension AHAPReportedRule {
    /// Does nothing: `AudioSyncLagRule.check` reports these findings.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {}
}
