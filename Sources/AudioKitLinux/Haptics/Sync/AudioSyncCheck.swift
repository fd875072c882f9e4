import Foundation

extension AHAPAudioChecks {
    /// The package's own: sound files opened with libsndfile (or ffmpeg), and the pattern rendered and compared with its
    /// sound by `PatternSync`.
    public static let library = AHAPAudioChecks(
        name: "AudioKitLinux",
        problem: { path, limits in
            do throws(InputError) {
                _ = try AudioFile.info(path, limits: limits)
                return nil
            } catch {
                return error
            }
        },
        sync: { AudioSyncCheck.findings(for: $0) })
}

/// The check behind `AudioSyncLagRule`, `AudioSyncTransientRule` and `HapticsInSilenceRule`.
enum AudioSyncCheck {
    /// The sync findings for `document`: against `options.syncSound` when set, else against the pattern's own
    /// AudioCustom events when it has readable ones, `checkWaveformFiles` is on and the pattern lasts at most
    /// `AudioSyncLagRule.validateLimit`.
    static func findings(for document: AHAPDocument) -> [AHAPFinding] {
        let pattern = document.pattern
        guard pattern.events.contains(where: { $0.eventType == .hapticTransient || $0.eventType == .hapticContinuous }) else { return [] }
        let base = document.baseDirectory ?? FileManager.default.currentDirectoryPath
        let sound: SyncSound
        if let given = document.options.syncSound {
            // The pattern's own sound, asked for explicitly, needs AudioCustom events to be there.
            if given == .patternAudio && !pattern.events.contains(where: { $0.eventType == .audioCustom }) { return [] }
            sound = given
        } else {
            // validate checks patterns of up to 10 minutes (the render and the correlation grow with the length);
            // ahap-tool sync checks any length.
            guard document.options.checkWaveformFiles, pattern.duration <= AudioSyncLagRule.validateLimit,
                allAudioReadable(document, base: base)
            else { return [] }
            sound = .patternAudio
        }
        let render = RenderOptions(
            baseDirectory: base, allowPathsOutsideBase: document.options.allowPathsOutsideBase, audioLimits: document.options.limits.audio)
        guard let report = try? PatternSync.analyze(pattern: pattern, sound: sound, render: render) else { return [] }
        return AudioSyncFindings.findings(report, document: document, summary: document.options.syncSound != nil)
    }

    /// True when the pattern has AudioCustom events and each one's file resolves, decodes and lasts at most `AudioSyncLagRule.validateLimit`.
    static func allAudioReadable(_ document: AHAPDocument, base: String) -> Bool {
        let resolver = WaveformResolver(baseDirectory: base, allowOutside: document.options.allowPathsOutsideBase)
        var any = false
        for event in document.pattern.events where event.eventType == .audioCustom {
            guard let path = event.waveformPath, case .found(let resolved) = resolver.resolve(path),
                let info = try? AudioFile.info(resolved, limits: document.options.limits.audio),
                info.duration <= AudioSyncLagRule.validateLimit
            else { return false }
            any = true
        }
        return any
    }
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
