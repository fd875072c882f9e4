import Foundation

private typealias S = AHAPSample

/// Reference rule 13, first half: AudioCustom needs EventWaveformPath.
public enum WaveformPathMissingRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.waveform_path_missing", name: "AudioCustom without EventWaveformPath",
        summary: "An AudioCustom event has no `EventWaveformPath` string.",
        rationale:
            "Apple: AudioCustom plays a client waveform named by EventWaveformPath; decompiled CoreHaptics fails with −4830 without it.",
        defaultSeverity: .error,
        passing: [RuleExample(S.pattern(S.transient()))],
        failing: [RuleExample(S.pattern(S.event(#""Time": 0, "EventType": "AudioCustom""#)), expected: ["/Pattern/0/Event"])])

    /// Appends a finding for each AudioCustom event in `document` whose `EventWaveformPath` is missing, not a string, or empty.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.events where item.body[AHAPKey.eventType]?.string == AHAPEventType.audioCustom.rawValue {
            guard let value = item.body[AHAPKey.waveformPath] else {
                findings.append(
                    finding(
                        item.bodyPath,
                        "AudioCustom event \(item.index) has no \"EventWaveformPath\"; name the audio file, relative to this file's folder (−4830)",
                        anchor: .key))
                continue
            }
            if value.string?.isEmpty ?? true {
                findings.append(
                    finding(
                        item.bodyPath + "/EventWaveformPath", "EventWaveformPath must be a non-empty string naming an audio file (−4830)"))
            }
        }
    }
}

/// Reference rule 13, second half: the waveform must exist and decode, inside the AHAP's folder.
public enum WaveformUnreadableRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.waveform_unreadable", name: "Waveform file missing or unreadable",
        summary: "An AudioCustom file cannot be found next to the AHAP file, or cannot be decoded.",
        rationale:
            "Decompiled CoreHaptics fails with −4830 when the path does not resolve and −4824 (InvalidAudioResource) when the audio cannot be read. Paths resolve against the AHAP file's folder, or by bare file name there (Apple: \"relative to the top of your bundle … or its direct filename\").",
        defaultSeverity: .error,
        passing: [],
        failing: [
            RuleExample(
                S.pattern(S.event(#""Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "no-such-file.wav""#)),
                expected: ["/Pattern/0/Event/EventWaveformPath"])
        ])

    /// Appends a finding for each AudioCustom waveform in `document` that is not found or, with an audio library
    /// (`options.audio`), cannot be decoded; does nothing when
    /// `checkWaveformFiles` is off, and leaves paths outside the folder to `WaveformOutsideBaseRule`.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        guard document.options.checkWaveformFiles else { return }
        let resolver = WaveformResolver(
            baseDirectory: document.baseDirectory ?? FileManager.default.currentDirectoryPath,
            allowOutside: document.options.allowPathsOutsideBase)
        for item in document.events where item.body[AHAPKey.eventType]?.string == AHAPEventType.audioCustom.rawValue {
            guard let path = item.body[AHAPKey.waveformPath]?.string, !path.isEmpty else { continue }
            let at = item.bodyPath + "/EventWaveformPath"
            switch resolver.resolve(path) {
            case .outsideBase: continue  // reported by ahap.waveform_outside_base
            case .notFound(let tried):
                findings.append(
                    finding(
                        at,
                        "audio file \"\(path)\" not found (looked for \(tried.joined(separator: ", "))); CoreHaptics fails with −4830. Put the file next to the AHAP file"
                    ))
            case .found(let resolved):
                if let error = document.options.audio?.problem(resolved, document.options.limits.audio) {
                    findings.append(
                        finding(at, "audio file \"\(path)\" cannot be used: \(error.reason)\(error.fix.map { "; \($0)" } ?? "") (−4824)"))
                }
            }
        }
    }
}

/// Paths must stay inside the AHAP file's folder (issue: hostile input).
public enum WaveformOutsideBaseRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.waveform_outside_base", name: "Waveform path leaves the folder",
        summary: "`EventWaveformPath` points outside the AHAP file's folder (absolute path, `..`, or a link).",
        rationale:
            "In an app bundle a waveform can only be found inside the bundle; a path that climbs out is a mistake, and reading arbitrary files is a risk when validating files from many hands. Allowing paths outside the folder permits it.",
        defaultSeverity: .error,
        passing: [],
        failing: [
            RuleExample(
                S.pattern(S.event(#""Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "../../etc/passwd""#)),
                expected: ["/Pattern/0/Event/EventWaveformPath"]),
            RuleExample(
                S.pattern(S.event(#""Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "/etc/passwd""#)),
                expected: ["/Pattern/0/Event/EventWaveformPath"]),
        ])

    /// Appends a finding for each AudioCustom `EventWaveformPath` in `document` that resolves outside its folder; does nothing when
    /// `allowPathsOutsideBase` is set.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        guard !document.options.allowPathsOutsideBase else { return }
        let resolver = WaveformResolver(
            baseDirectory: document.baseDirectory ?? FileManager.default.currentDirectoryPath, allowOutside: false)
        for item in document.events where item.body[AHAPKey.eventType]?.string == AHAPEventType.audioCustom.rawValue {
            guard let path = item.body[AHAPKey.waveformPath]?.string, !path.isEmpty else { continue }
            if case .outsideBase(let where_) = resolver.resolve(path) {
                findings.append(
                    finding(
                        item.bodyPath + "/EventWaveformPath",
                        "\"\(path)\" resolves to \(where_), outside the AHAP file's folder; an app bundle cannot reach it. Move the audio next to the AHAP file",
                        remedy: Remedy(.allowOutsidePaths, "to read it there")))
            }
        }
    }
}

/// Reference rule 14: waveform flags belong on AudioCustom and are booleans.
public enum WaveformFlagRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.waveform_flag_misuse", name: "Waveform flag misuse",
        summary: "`EventWaveformUseVolumeEnvelope` or `EventWaveformLoopEnabled` on a non-AudioCustom event, or not a boolean.",
        rationale:
            "Apple: both flags apply to AudioCustom only (iOS 15 and 16; defaults true and false). On other events they do nothing; a non-boolean value is a warning.",
        defaultSeverity: .note,
        passing: [RuleExample(S.pattern(S.transient()))],
        failing: [
            RuleExample(
                S.pattern(S.event(#""Time": 0, "EventType": "HapticTransient", "EventWaveformLoopEnabled": true"#)),
                expected: ["/Pattern/0/Event/EventWaveformLoopEnabled"]),
            RuleExample(
                S.pattern(S.event(#""Time": 0, "EventType": "HapticTransient", "EventWaveformUseVolumeEnvelope": 1"#)),
                expected: ["/Pattern/0/Event/EventWaveformUseVolumeEnvelope", "/Pattern/0/Event/EventWaveformUseVolumeEnvelope"]),
        ])

    /// Appends a finding for each `EventWaveformUseVolumeEnvelope` or `EventWaveformLoopEnabled` in `document` on an event that is not
    /// AudioCustom, and a warning for each one that is not a boolean.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.events {
            let isCustom = item.body[AHAPKey.eventType]?.string == AHAPEventType.audioCustom.rawValue
            for key in [AHAPKey.useVolumeEnvelope, AHAPKey.loopEnabled] {
                guard let value = item.body[key] else { continue }
                let path = item.bodyPath + "/" + key
                if !isCustom {
                    findings.append(finding(path, "\(key) only applies to AudioCustom events; it does nothing here", anchor: .key))
                }
                if value.bool == nil {
                    findings.append(finding(path, "\(key) is \(value.typeName); write true or false", severity: .warning))
                }
            }
        }
    }
}
