private typealias S = AHAPSample

/// Walks the `EventParameters` entries of every event that are well-formed.
enum EventParameterWalk {
    package struct Entry: Sendable {
        let item: AHAPDocument.Item
        let index: Int
        let id: String
        let value: Double
        let eventType: AHAPEventType?

        /// Built only when a finding needs it.
        var path: String { item.bodyPath + "/EventParameters/" + String(index) }
    }

    package static func entries(_ document: AHAPDocument) -> [Entry] { document.parameterEntries }

    package static func build(_ items: [AHAPDocument.Item]) -> [Entry] {
        var result: [Entry] = []
        for item in items where item.kind == .event {
            let type = item.body[AHAPKey.eventType]?.string.flatMap(AHAPEventType.init(rawValue:))
            for (i, entry) in (item.body[AHAPKey.eventParameters]?.array ?? []).enumerated() {
                guard let id = entry[AHAPKey.parameterID]?.string, let value = AHAPNumber.value(entry[AHAPKey.parameterValue]) else {
                    continue
                }
                result.append(Entry(item: item, index: i, id: id, value: value, eventType: type))
            }
        }
        return result
    }
}

/// Reference rule 15: each entry has a string ParameterID and a numeric ParameterValue.
public enum InvalidParameterEntryRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.invalid_parameter_entry", name: "Invalid parameter entry",
        summary: "An `EventParameters` entry lacks a string `ParameterID` or a numeric `ParameterValue`.",
        rationale: "Decompiled CoreHaptics fails with −4831 (BadParameterEntry). Apple's article misspells ParameterValue as \"Value\".",
        defaultSeverity: .error,
        passing: [RuleExample(S.pattern(S.transient(S.entry("HapticIntensity", "0.5"))))],
        failing: [
            RuleExample(
                S.pattern(S.transient(#"{"ParameterID": "HapticIntensity", "Value": 0.5}"#)),
                expected: ["/Pattern/0/Event/EventParameters/0"]),
            RuleExample(S.pattern(S.transient(#"{"ParameterValue": 0.5}"#)), expected: ["/Pattern/0/Event/EventParameters/0"]),
            RuleExample(
                S.pattern(S.event(#""Time": 0, "EventType": "HapticTransient", "EventParameters": {}"#)),
                expected: ["/Pattern/0/Event/EventParameters"]),
        ])

    /// Appends a finding for each `EventParameters` in `document` that is not an array, and each entry that is not an object or lacks a
    /// string `ParameterID` or a numeric `ParameterValue`.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.events {
            guard let list = item.body[AHAPKey.eventParameters] else { continue }
            let listPath = item.bodyPath + "/EventParameters"
            guard let entries = list.array else {
                findings.append(
                    finding(
                        listPath,
                        "EventParameters is \(list.typeName); it must be an array of {\"ParameterID\", \"ParameterValue\"} objects"))
                continue
            }
            for (i, entry) in entries.enumerated() {
                let path = listPath + "/\(i)"
                guard let object = entry.object else {
                    findings.append(finding(path, "parameter entry \(i) is \(entry.typeName), not an object (−4831)"))
                    continue
                }
                if object[AHAPKey.parameterID]?.string == nil {
                    let what = object[AHAPKey.parameterID] == nil ? "has no \"ParameterID\"" : "has a ParameterID that is not a string"
                    findings.append(finding(path, "parameter entry \(i) \(what); CoreHaptics rejects the pattern (−4831)"))
                } else if let value = object[AHAPKey.parameterValue] {
                    if AHAPNumber.value(value) == nil {
                        findings.append(finding(path + "/ParameterValue", "ParameterValue is \(value.typeName), not a number (−4831)"))
                    }
                } else {
                    let hint = object["Value"] != nil ? " The key is \"ParameterValue\", not \"Value\" (Apple's article has it wrong)." : ""
                    findings.append(
                        finding(path, "parameter entry \(i) has no \"ParameterValue\"; CoreHaptics rejects the pattern (−4831).\(hint)"))
                }
            }
        }
    }
}

/// Reference rule 16: ParameterID must be a known event parameter (case-sensitive).
public enum UnknownParameterIDRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.unknown_parameter_id", name: "Unknown ParameterID",
        summary: "An event's `ParameterID` is not an event parameter CoreHaptics knows.",
        rationale:
            "Decompiled CoreHaptics raises −4820 \"Unknown event param type\" (audio events) or \"Invalid event parameter ID\"; misspelled IDs are errors, not ignored keys. IDs are case-sensitive: the corpus has \"hapticIntensity\".",
        defaultSeverity: .error,
        passing: [RuleExample(S.pattern(S.transient(S.entry("HapticSharpness", "0.3"))))],
        failing: [
            RuleExample(
                S.pattern(S.transient(S.entry("hapticIntensity", "0.3"))), expected: ["/Pattern/0/Event/EventParameters/0/ParameterID"]),
            RuleExample(
                S.pattern(S.transient(S.entry("HapticIntensityControl", "0.3"))),
                expected: ["/Pattern/0/Event/EventParameters/0/ParameterID"]),
        ])

    /// Appends a finding for each well-formed `EventParameters` entry in `document` whose `ParameterID` is not an event parameter ID.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        let names = EventParameterID.allCases.map(\.rawValue)
        for entry in EventParameterWalk.entries(document) where EventParameterID(rawValue: entry.id) == nil {
            var hint = RuleText.didYouMean(entry.id, in: names)
            if let dynamic = DynamicParameterID(rawValue: entry.id) {
                hint =
                    " \"\(entry.id)\" is a dynamic parameter: use \"\(dynamic.target.rawValue)\" here, or move it to a \"Parameter\" element."
            }
            findings.append(
                finding(
                    entry.path + "/ParameterID",
                    "unknown event ParameterID \"\(entry.id)\"; CoreHaptics rejects the pattern (−4820).\(hint)"))
        }
    }
}

/// Reference rule 17: haptic parameters on audio events and the reverse.
public enum ParameterNotForEventRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.parameter_not_for_event", name: "Parameter does not apply to event type",
        summary: "A haptic parameter on an audio event, or an audio parameter on a haptic event.",
        rationale:
            "Decompiled CoreHaptics raises −4820 for non-audio IDs on audio events (error); on haptic events audio IDs have no effect (warning, our reading).",
        defaultSeverity: .error,
        passing: [
            RuleExample(
                S.pattern(
                    S.event(
                        #""Time": 0, "EventType": "AudioContinuous", "EventDuration": 1, "EventParameters": [{"ParameterID": "AudioVolume", "ParameterValue": 0.5}]"#
                    )))
        ],
        failing: [
            RuleExample(
                S.pattern(
                    S.event(
                        #""Time": 0, "EventType": "AudioContinuous", "EventDuration": 1, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.5}]"#
                    )), expected: ["/Pattern/0/Event/EventParameters/0/ParameterID"]),
            RuleExample(S.pattern(S.transient(S.entry("AudioPan", "0.5"))), expected: ["/Pattern/0/Event/EventParameters/0/ParameterID"]),
        ])

    /// Appends a finding for each event parameter in `document` that does not apply to its event's type: an error on audio events, a
    /// warning on haptic events.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for entry in EventParameterWalk.entries(document) {
            guard let id = EventParameterID(rawValue: entry.id), let type = entry.eventType, !id.applies(to: type) else { continue }
            if type.isAudio {
                findings.append(
                    finding(
                        entry.path + "/ParameterID",
                        "\(id.rawValue) is a haptic parameter; on an \(type.rawValue) event CoreHaptics rejects the pattern (−4820). Use Audio* parameters"
                    ))
            } else {
                findings.append(
                    finding(
                        entry.path + "/ParameterID", "\(id.rawValue) is an audio parameter; a \(type.rawValue) event ignores it",
                        severity: .warning))
            }
        }
    }
}

/// Reference rule 18: one ParameterID twice in an event.
public enum DuplicateParameterRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.duplicate_parameter", name: "Duplicate parameter",
        summary: "An event sets the same parameter twice; which value wins is undocumented.",
        rationale: "Apple does not say which entry wins (our guess: the last). Keep one entry.",
        defaultSeverity: .warning,
        passing: [RuleExample(S.pattern(S.transient(S.entry("HapticIntensity", "0.5") + ", " + S.entry("HapticSharpness", "0.5"))))],
        failing: [
            RuleExample(
                S.pattern(S.transient(S.entry("HapticIntensity", "0.5") + ", " + S.entry("HapticIntensity", "0.7"))),
                expected: ["/Pattern/0/Event/EventParameters/1/ParameterID"])
        ])

    /// Appends a finding for each `ParameterID` in `document` that an event sets again, at the later entry.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        var seen: [String: Int] = [:]
        var currentEvent = -1
        for entry in EventParameterWalk.entries(document) {
            if entry.item.index != currentEvent {
                seen = [:]
                currentEvent = entry.item.index
            }
            if let first = seen[entry.id] {
                findings.append(
                    finding(
                        entry.path + "/ParameterID",
                        "\(entry.id) is set twice in event \(entry.item.index) (entries \(first) and \(entry.index)); which one CoreHaptics uses is undocumented. Keep one"
                    ))
            } else {
                seen[entry.id] = entry.index
            }
        }
    }
}

/// Reference rule 19: values outside the range are clamped.
public enum ParameterOutOfRangeRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.parameter_out_of_range", name: "Parameter out of range",
        summary: "An event parameter's value is outside its range and will be clamped.",
        rationale:
            "Apple: out-of-range values are clamped to the nearest bound (decompiled: min(max(v, min), max)). Ranges from CHHapticParameter.h: 0…1, AudioPitch and AudioPan −1…1. Apple's own Recoil.ahap uses HapticSharpness −1.0.",
        defaultSeverity: .warning,
        passing: [RuleExample(S.pattern(S.transient(S.entry("HapticIntensity", "1.0"))))],
        failing: [
            RuleExample(
                S.pattern(S.transient(S.entry("HapticIntensity", "1.5"))), expected: ["/Pattern/0/Event/EventParameters/0/ParameterValue"]),
            RuleExample(
                S.pattern(S.transient(S.entry("HapticSharpness", "-1.0"))), expected: ["/Pattern/0/Event/EventParameters/0/ParameterValue"]),
        ])

    /// Appends a finding for each event parameter value in `document` outside its parameter's range.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for entry in EventParameterWalk.entries(document) {
            guard let id = EventParameterID(rawValue: entry.id), !id.range.contains(entry.value) else { continue }
            let r = id.range
            findings.append(
                finding(
                    entry.path + "/ParameterValue",
                    "\(id.rawValue) \(RuleText.number(entry.value)) is outside \(RuleText.number(r.lower))…\(RuleText.number(r.upper)); CoreHaptics clamps it to \(RuleText.number(r.clamp(entry.value)))"
                ))
        }
    }
}

/// Reference rule 20: Sustained is a boolean 0 or 1.
public enum SustainedNotBooleanRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.sustained_not_boolean", name: "Sustained not 0 or 1",
        summary: "`Sustained` should be 0.0 or 1.0.",
        rationale: "Apple documents Sustained as a boolean 1.0/0.0; other values are undocumented.",
        defaultSeverity: .note,
        passing: [RuleExample(S.pattern(S.continuous(S.entry("Sustained", "0"))))],
        failing: [
            RuleExample(
                S.pattern(S.continuous(S.entry("Sustained", "0.5"))), expected: ["/Pattern/0/Event/EventParameters/0/ParameterValue"])
        ])

    /// Appends a finding for each `Sustained` value in `document` other than 0 or 1.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for entry in EventParameterWalk.entries(document)
        where entry.id == EventParameterID.sustained.rawValue && entry.value != 0 && entry.value != 1 {
            findings.append(
                finding(
                    entry.path + "/ParameterValue",
                    "Sustained is \(RuleText.number(entry.value)); write 1 (hold until the end) or 0 (decay away)"))
        }
    }
}

/// Reference rule 21: DecayTime matters only when Sustained = 0.
public enum DecayWithoutEffectRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.decay_without_effect", name: "DecayTime without effect",
        summary: "`DecayTime` on a sustained continuous event has no effect.",
        rationale:
            "iOS 13 header: DecayTime needs Sustained = 0; Sustained defaults to 1.0 (header). Set Sustained to 0 or drop DecayTime.",
        defaultSeverity: .note,
        passing: [RuleExample(S.pattern(S.continuous(S.entry("Sustained", "0") + ", " + S.entry("DecayTime", "0.4"))))],
        failing: [
            RuleExample(
                S.pattern(S.continuous(S.entry("DecayTime", "0.4"))), expected: ["/Pattern/0/Event/EventParameters/0/ParameterValue"])
        ])

    /// Appends a finding for each `DecayTime` above 0 on a continuous event in `document` whose `Sustained` is not 0 (it defaults to 1).
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        let entries = EventParameterWalk.entries(document)
        var sustainedByEvent: [Int: Double] = [:]
        for entry in entries where entry.id == EventParameterID.sustained.rawValue { sustainedByEvent[entry.item.index] = entry.value }
        for entry in entries
        where entry.id == EventParameterID.decayTime.rawValue && entry.value > 0 && (entry.eventType?.isContinuous ?? false) {
            if sustainedByEvent[entry.item.index, default: 1] != 0 {
                findings.append(
                    finding(
                        entry.path + "/ParameterValue",
                        "DecayTime has no effect while Sustained is 1 (the default); add Sustained 0 or remove DecayTime"))
            }
        }
    }
}
