private typealias S = AHAPSample

/// Reference rule 9: EventDuration ≥ 0.
public enum NegativeDurationRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.negative_duration", name: "Negative duration",
        summary: "`EventDuration` is negative or not a number.",
        rationale: "Decompiled CoreHaptics fails with −4823 (InvalidEventDuration) on a negative duration.",
        defaultSeverity: .error,
        passing: [RuleExample(S.pattern(S.continuous(duration: "0.5")))],
        failing: [
            RuleExample(S.pattern(S.continuous(duration: "-1")), expected: ["/Pattern/0/Event/EventDuration"]),
            RuleExample(S.pattern(S.continuous(duration: "true")), expected: ["/Pattern/0/Event/EventDuration"]),
        ])

    /// Appends a finding for each `EventDuration` in `document` that is a boolean, not a number, or negative.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.events {
            guard let value = item.body[AHAPKey.eventDuration] else { continue }
            let path = item.bodyPath + "/EventDuration"
            if value.bool != nil || AHAPNumber.value(value) == nil {
                findings.append(finding(path, "EventDuration is \(value.typeName), not a number of seconds"))
            } else if let d = AHAPNumber.value(value), !(d >= 0) {
                findings.append(finding(path, "EventDuration \(RuleText.number(d)) s is negative; CoreHaptics rejects it (−4823)"))
            }
        }
    }
}

/// Reference rules 10 and 33: continuous events need a positive EventDuration.
public enum ContinuousWithoutDurationRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.continuous_without_duration", name: "Continuous event without duration",
        summary: "A HapticContinuous or AudioContinuous event has no positive `EventDuration`.",
        rationale:
            "Apple: \"You must provide continuous events with a duration\"; decompiled CoreHaptics fails with −4823 \"Continuous … event has a missing or zero-length duration\". Apple's article misspells the key as \"Duration\", which CoreHaptics ignores.",
        defaultSeverity: .error,
        passing: [RuleExample(S.pattern(S.continuous(duration: "0.2"))), RuleExample(S.pattern(S.transient()))],
        failing: [
            RuleExample(S.pattern(S.event(#""Time": 0, "EventType": "HapticContinuous""#)), expected: ["/Pattern/0/Event"]),
            RuleExample(S.pattern(S.continuous(duration: "0")), expected: ["/Pattern/0/Event/EventDuration"]),
            RuleExample(S.pattern(S.event(#""Time": 0, "EventType": "AudioContinuous", "Duration": 1"#)), expected: ["/Pattern/0/Event"]),
        ])

    /// Appends a finding for each HapticContinuous or AudioContinuous event in `document` that has no `EventDuration` or a duration of 0.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.events {
            guard let type = item.body[AHAPKey.eventType]?.string.flatMap(AHAPEventType.init(rawValue:)), type.isContinuous else {
                continue
            }
            guard let value = item.body[AHAPKey.eventDuration] else {
                let hint =
                    item.body["Duration"] != nil ? " The key is \"EventDuration\", not \"Duration\" (Apple's article has it wrong)." : ""
                findings.append(
                    finding(
                        item.bodyPath,
                        "\(type.rawValue) event \(item.index) has no \"EventDuration\"; CoreHaptics rejects it (−4823).\(hint) Add \"EventDuration\" in seconds",
                        anchor: .key))
                continue
            }
            if let d = AHAPNumber.value(value), d == 0 {
                findings.append(
                    finding(
                        item.bodyPath + "/EventDuration",
                        "\(type.rawValue) event \(item.index) has EventDuration 0; CoreHaptics rejects a zero-length continuous event (−4823)"
                    ))
            }
        }
    }
}

/// Reference rule 11: HapticContinuous ≤ 30 s.
public enum ContinuousTooLongRule: AHAPRule {
    /// The longest HapticContinuous event accepted, in seconds.
    public static let maximum = CoreHapticsLimits.maximumContinuousDuration
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.continuous_too_long", name: "Continuous event over 30 s",
        summary: "A HapticContinuous event lasts longer than 30 s.",
        rationale:
            "Apple documents 30 s as the maximum duration of a continuous haptic event (CHHapticEvent.duration). Whether longer events are rejected or cut is undocumented, so this is an error; Lofelt's converter splits long events at 30 s. Split the event into several of at most 30 s.",
        defaultSeverity: .error,
        passing: [RuleExample(S.pattern(S.continuous(duration: "30")))],
        failing: [RuleExample(S.pattern(S.continuous(duration: "32.5")), expected: ["/Pattern/0/Event/EventDuration"])])

    /// Appends a finding for each HapticContinuous event in `document` whose `EventDuration` is over `maximum` seconds.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.events where item.body[AHAPKey.eventType]?.string == AHAPEventType.hapticContinuous.rawValue {
            guard let d = AHAPNumber.value(item.body[AHAPKey.eventDuration]), d > maximum else { continue }
            // Counted in a Double, not an Int: a duration of 1e300 is valid JSON.
            let parts = (d / maximum).rounded(.up)
            let fix =
                parts <= 1000
                ? "Split it into \(String(format: "%.0f", parts)) events of at most 30 s" : "A duration that long is likely a typo; fix it"
            findings.append(
                finding(
                    item.bodyPath + "/EventDuration", "HapticContinuous event lasts \(RuleText.number(d)) s; the maximum is 30 s. \(fix)"))
        }
    }
}

/// Reference rule 12: a transient's duration is only its logical length.
public enum TransientDurationRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.transient_duration", name: "Duration on a transient",
        summary: "`EventDuration` on a HapticTransient does not lengthen the tap.",
        rationale:
            "Apple's header: for transients the duration is only the \"logical length (used to determine pattern end and loop points)\"; the tap itself stays short. Use a HapticContinuous event for a longer buzz.",
        defaultSeverity: .note,
        passing: [RuleExample(S.pattern(S.transient()))],
        failing: [
            RuleExample(
                S.pattern(S.event(#""Time": 0, "EventType": "HapticTransient", "EventDuration": 0.5"#)),
                expected: ["/Pattern/0/Event/EventDuration"])
        ])

    /// Appends a finding for each HapticTransient in `document` with an `EventDuration` above 0.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.events where item.body[AHAPKey.eventType]?.string == AHAPEventType.hapticTransient.rawValue {
            guard let d = AHAPNumber.value(item.body[AHAPKey.eventDuration]), d > 0 else { continue }
            findings.append(
                finding(
                    item.bodyPath + "/EventDuration",
                    "EventDuration \(RuleText.number(d)) s on a HapticTransient only pads the pattern; the tap stays short. Use HapticContinuous for a longer vibration"
                ))
        }
    }
}
