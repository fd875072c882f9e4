import Foundation

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

    /// Appends the sync findings for `document`: against `options.syncSound` when set, else against the pattern's own
    /// AudioCustom events when it has readable ones, `checkWaveformFiles` is on and the pattern lasts at most
    /// `validateLimit`.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        let pattern = document.pattern
        guard pattern.events.contains(where: { $0.eventType == .hapticTransient || $0.eventType == .hapticContinuous }) else { return }
        let base = document.baseDirectory ?? FileManager.default.currentDirectoryPath
        let sound: SyncSound
        if let given = document.options.syncSound {
            // The pattern's own sound, asked for explicitly, needs AudioCustom events to be there.
            if given == .patternAudio && !pattern.events.contains(where: { $0.eventType == .audioCustom }) { return }
            sound = given
        } else {
            // validate checks patterns of up to 10 minutes (the render and the correlation grow with the length);
            // ahap-tool sync checks any length.
            guard document.options.checkWaveformFiles, pattern.duration <= validateLimit,
                allAudioReadable(document, base: base)
            else { return }
            sound = .patternAudio
        }
        let render = RenderOptions(
            baseDirectory: base, allowPathsOutsideBase: document.options.allowPathsOutsideBase, audioLimits: document.options.limits.audio)
        guard let report = try? PatternSync.analyze(pattern: pattern, sound: sound, render: render) else { return }
        findings += AudioSyncFindings.findings(report, document: document, summary: document.options.syncSound != nil)
    }

    /// True when the pattern has AudioCustom events and each one's file resolves, decodes and lasts at most `validateLimit`.
    static func allAudioReadable(_ document: AHAPDocument, base: String) -> Bool {
        let resolver = WaveformResolver(baseDirectory: base, allowOutside: document.options.allowPathsOutsideBase)
        var any = false
        for event in document.pattern.events where event.eventType == .audioCustom {
            guard let path = event.waveformPath, case .found(let resolved) = resolver.resolve(path),
                let info = try? AudioFile.info(resolved, limits: document.options.limits.audio), info.duration <= validateLimit
            else { return false }
            any = true
        }
        return any
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
        summary: "For 50 ms or more, the haptics are felt (drive above intensity 0.15) while the sound is 40 dB below its peak.",
        rationale:
            "Haptics paired with a sound that go on after it ends, or start before it, feel detached from it. Reported by ahap.audio_sync_lag's check; covered by named tests.",
        defaultSeverity: .warning)
}

/// Turns a `SyncReport` into findings on the pattern's events.
public enum AudioSyncFindings {
    /// The findings of `report` on `document`; with `summary` (the check was asked for), a note with the measurements leads.
    public static func findings(_ report: SyncReport, document: AHAPDocument, summary: Bool, settings: SyncSettings = SyncSettings())
        -> [AHAPFinding]
    {
        var out: [AHAPFinding] = []
        let pattern = document.pattern
        func path(_ element: Int?) -> String? { element.map { "/Pattern/\($0)/Event" } }
        let firstAudio = pattern.elements.indices.first {
            if case .event(let e) = pattern.elements[$0] { e.eventType == .audioCustom } else { false }
        }
        let firstHaptic = pattern.elements.indices.first {
            if case .event(let e) = pattern.elements[$0] {
                e.eventType == .hapticTransient || e.eventType == .hapticContinuous
            } else {
                false
            }
        }
        let ms = { (x: Double) in String(format: "%.0f ms", abs(x) * 1000) }
        if summary {
            let offsets = report.transients.compactMap(\.offset).map(abs)
            let lagText =
                report.lag.map {
                    String(format: "%+.0f ms (correlation %.2f; %.2f at 0 ms)", $0 * 1000, report.correlation, report.correlationAtZero)
                }
                ?? String(format: "unclear (best correlation %.2f)", report.correlation)
            out.append(
                AHAPFinding(
                    ruleID: AudioSyncLagRule.description.id, severity: .note, path: path(firstHaptic), anchor: .key,
                    message:
                        "haptic lag \(lagText); \(report.transients.count) transient\(report.transients.count == 1 ? "" : "s"), \(offsets.count) near an audio onset\(offsets.max().map { ", largest offset \(ms($0))" } ?? ""); \(report.audioOnsets.count) audio onset\(report.audioOnsets.count == 1 ? "" : "s"); haptics in silence \(String(format: "%.2f s", report.silentSpans.reduce(0) { $0 + $1.end - $1.start }))",
                    remedy: nil))
        }
        // Asked for, a check that confirmed nothing is a finding, never a pass: no clear lag, and no transient on an onset.
        if summary, report.lag == nil, !report.transients.contains(where: { $0.offset != nil }) {
            let n = report.transients.count
            out.append(
                AHAPFinding(
                    ruleID: AudioSyncLagRule.description.id, severity: AudioSyncLagRule.description.defaultSeverity,
                    path: path(firstHaptic), anchor: .key,
                    message:
                        "nothing confirms the haptics are in time with this sound: the envelopes do not correlate (best \(String(format: "%.2f", report.correlation))) and \(n == 0 ? "the pattern has no transient to place" : "none of the \(n) transient\(n == 1 ? " is" : "s is") within 100 ms of an audio onset") (\(report.audioOnsets.count) onset\(report.audioOnsets.count == 1 ? "" : "s") found); check that this is the sound the pattern is played with",
                    remedy: nil))
        }
        if let lag = report.lag, abs(lag) > settings.tolerance {
            let late = lag > 0
            out.append(
                AHAPFinding(
                    ruleID: AudioSyncLagRule.description.id, severity: AudioSyncLagRule.description.defaultSeverity,
                    path: path(firstAudio ?? firstHaptic), anchor: .key,
                    message:
                        "the haptics are \(ms(lag)) \(late ? "behind" : "ahead of") the sound (envelope correlation \(String(format: "%.2f", report.correlation)) there, \(String(format: "%.2f", report.correlationAtZero)) in time); move the haptic events \(ms(lag)) \(late ? "earlier" : "later")",
                    remedy: nil))
        }
        for t in report.transients {
            guard let offset = t.offset, let onset = t.onset, abs(offset) > settings.tolerance else { continue }
            out.append(
                AHAPFinding(
                    ruleID: AudioSyncTransientRule.description.id, severity: AudioSyncTransientRule.description.defaultSeverity,
                    path: path(t.element).map { $0 + "/Time" }, anchor: .value,
                    message: String(
                        format: "this transient at %.3f s is %@ %@ the audio onset at %.3f s; set Time to %.3f", t.time, ms(offset),
                        offset > 0 ? "after" : "before", onset, onset),
                    remedy: nil))
        }
        for span in report.silentSpans {
            out.append(
                AHAPFinding(
                    ruleID: HapticsInSilenceRule.description.id, severity: HapticsInSilenceRule.description.defaultSeverity,
                    path: path(span.element ?? firstHaptic), anchor: .key,
                    message: String(
                        format:
                            "haptics are felt from %.3f to %.3f s while the sound is silent (40 dB below its peak); end or lower them there",
                        span.start, span.end),
                    remedy: nil))
        }
        return out
    }
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
