private typealias S = AHAPSample

/// Reference rule 7, first half: an Event needs an EventType.
public enum EventTypeMissingRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.event_type_missing", name: "EventType missing",
        summary: "An Event has no `EventType`.",
        rationale: "Decompiled CoreHaptics fails with −4830 (BadEventEntry) when EventType is missing.",
        defaultSeverity: .error,
        passing: [RuleExample(S.pattern(S.transient()))],
        failing: [RuleExample(S.pattern(S.event(#""Time": 0"#)), expected: ["/Pattern/0/Event"])])

    /// Appends a finding for each Event in `document` that has no `EventType` key.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.events where item.body[AHAPKey.eventType] == nil {
            findings.append(
                finding(
                    item.bodyPath,
                    "event \(item.index) has no \"EventType\"; add one of \(AHAPEventType.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))",
                    anchor: .key))
        }
    }
}

/// Reference rule 7, second half: EventType must be one of four (case-sensitive).
public enum UnknownEventTypeRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.unknown_event_type", name: "Unknown EventType",
        summary: "`EventType` is not HapticTransient, HapticContinuous, AudioContinuous or AudioCustom.",
        rationale:
            "Apple documents four event types; an unknown string fails with −4821 (InvalidEventType). The names are case-sensitive: the corpus has \"hapticContinuous\".",
        defaultSeverity: .error,
        passing: [RuleExample(S.pattern(S.continuous()))],
        failing: [
            RuleExample(S.pattern(S.event(#""Time": 0, "EventType": "hapticTransient""#)), expected: ["/Pattern/0/Event/EventType"]),
            RuleExample(S.pattern(S.event(#""Time": 0, "EventType": 3"#)), expected: ["/Pattern/0/Event/EventType"]),
        ])

    /// Appends a finding for each `EventType` in `document` that is not a string or not one of the four type names.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        let names = AHAPEventType.allCases.map(\.rawValue)
        for item in document.events {
            guard let value = item.body[AHAPKey.eventType] else { continue }
            let path = item.bodyPath + "/EventType"
            guard let name = value.string else {
                findings.append(
                    finding(path, "EventType is \(value.typeName); write one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))"))
                continue
            }
            if AHAPEventType(rawValue: name) == nil {
                let hint = RuleText.didYouMean(name, in: names)
                findings.append(
                    finding(
                        path,
                        "unknown EventType \"\(name)\"; CoreHaptics rejects the pattern (−4821).\(hint.isEmpty ? " Use one of \(names.joined(separator: ", "))." : hint)"
                    ))
            }
        }
    }
}

/// Reference rule 8: an Event needs a `Time` ≥ 0 (alias `EventTime`).
public enum EventTimeRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.invalid_event_time", name: "Invalid event time",
        summary: "An Event's `Time` is missing, not a number, or negative.",
        rationale:
            "Decompiled CoreHaptics requires Time (alias EventTime) and fails with −4822 \"Illegal or missing event time\" when it is missing or below 0.",
        defaultSeverity: .error,
        passing: [
            RuleExample(S.pattern(S.transient(time: "0.5"))),
            RuleExample(S.pattern(S.event(#""EventTime": 0, "EventType": "HapticTransient""#))),
        ],
        failing: [
            RuleExample(S.pattern(S.event(#""EventType": "HapticTransient""#)), expected: ["/Pattern/0/Event"]),
            RuleExample(S.pattern(S.transient(time: "-0.1")), expected: ["/Pattern/0/Event/Time"]),
            RuleExample(S.pattern(S.transient(time: "null")), expected: ["/Pattern/0/Event/Time"]),
        ])

    /// Appends a finding for each Event in `document` whose `Time` (or `EventTime`) is missing, not a number, or below 0.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.events {
            let key = item.body[AHAPKey.time] != nil ? AHAPKey.time : (item.body[AHAPKey.eventTime] != nil ? AHAPKey.eventTime : nil)
            guard let key, let value = item.body[key] else {
                findings.append(
                    finding(
                        item.bodyPath, "event \(item.index) has no \"Time\"; add the start time in seconds from the pattern start (−4822)",
                        anchor: .key))
                continue
            }
            let path = item.bodyPath + "/" + key
            guard let time = AHAPNumber.value(value) else {
                findings.append(finding(path, "event time is \(value.typeName), not a number of seconds (−4822)"))
                continue
            }
            if !(time >= 0) {
                findings.append(
                    finding(
                        path,
                        "event time \(RuleText.number(time)) s is negative; CoreHaptics rejects it (−4822). Shift the pattern so it starts at 0"
                    ))
            }
        }
    }
}
