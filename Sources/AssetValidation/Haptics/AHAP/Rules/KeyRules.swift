private typealias S = AHAPSample

/// The keys each kind of object may hold, and where such objects are.
enum KeyWalk {
    package enum Kind: Sendable {
        case event, entry, parameter, curve, point

        static let eventKeys = AHAPKey.eventKeys + [AHAPKey.eventTime]
        static let parameterKeys = AHAPKey.parameterKeys + [AHAPKey.parameterTime]

        var known: [String] {
            switch self {
            case .event: Kind.eventKeys
            case .entry: AHAPKey.entryKeys
            case .parameter: Kind.parameterKeys
            case .curve: AHAPKey.curveKeys
            case .point: AHAPKey.pointKeys
            }
        }

        var what: String {
            switch self {
            case .event: "an Event"
            case .entry: "a parameter entry"
            case .parameter: "a Parameter"
            case .curve: "a ParameterCurve"
            case .point: "a control point"
            }
        }
    }

    /// An object whose keys are checked; its JSON path is built only when a finding needs it.
    package struct Object: Sendable {
        let basePath: String
        let child: (key: String, index: Int)?
        let object: JSONObject
        let kind: Kind

        var path: String { child.map { basePath + "/" + $0.key + "/" + String($0.index) } ?? basePath }
        var known: [String] { kind.known }
        var what: String { kind.what }
    }

    package static func objects(_ document: AHAPDocument) -> [Object] { document.keyedObjects }

    package static func build(_ items: [AHAPDocument.Item]) -> [Object] {
        var result: [Object] = []
        for item in items {
            switch item.kind {
            case .event:
                result.append(Object(basePath: item.bodyPath, child: nil, object: item.body, kind: .event))
                for (i, entry) in (item.body[AHAPKey.eventParameters]?.array ?? []).enumerated() {
                    if let o = entry.object {
                        result.append(Object(basePath: item.bodyPath, child: (AHAPKey.eventParameters, i), object: o, kind: .entry))
                    }
                }
            case .parameter:
                result.append(Object(basePath: item.bodyPath, child: nil, object: item.body, kind: .parameter))
            case .curve:
                result.append(Object(basePath: item.bodyPath, child: nil, object: item.body, kind: .curve))
                for (i, point) in (item.body[AHAPKey.controlPoints]?.array ?? []).enumerated() {
                    if let o = point.object {
                        result.append(Object(basePath: item.bodyPath, child: (AHAPKey.controlPoints, i), object: o, kind: .point))
                    }
                }
            case .other: break
            }
        }
        return result
    }

    /// Spellings that mean a known key: Apple's article's `Duration` and `Value`, and case slips.
    static func intended(_ key: String, known: [String]) -> String? {
        let article = ["duration": AHAPKey.eventDuration, "value": AHAPKey.parameterValue, "type": AHAPKey.eventType]
        if let k = article[key.lowercased()], known.contains(k) { return k }
        return known.first { $0.lowercased() == key.lowercased() && $0 != key }
    }
}

/// Reference rule 33 and camelCase keys: a key that is a misspelling of a known one.
public enum MisspelledKeyRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.misspelled_key", name: "Misspelled key",
        summary: "A key that looks like a known AHAP key but is not; CoreHaptics ignores it and its value is lost.",
        rationale:
            "Apple's article writes \"Duration\" and \"Value\" where the headers (and CoreHaptics) use \"EventDuration\" and \"ParameterValue\"; keys are case-sensitive (the corpus has camelCase keys). CoreHaptics ignores unknown keys, so the value is silently lost.",
        defaultSeverity: .warning,
        passing: [RuleExample(S.pattern(S.continuous()))],
        failing: [
            RuleExample(
                S.pattern(S.event(#""Time": 0, "EventType": "HapticTransient", "duration": 0.1"#)), expected: ["/Pattern/0/Event/duration"]),
            RuleExample(
                S.pattern(S.transient(#"{"ParameterID": "HapticIntensity", "ParameterValue": 1, "Value": 0.5}"#)),
                expected: ["/Pattern/0/Event/EventParameters/0/Value"]),
        ])

    /// Appends a finding for each key in `document` that stands for a known key of its object: a case variant, or `Duration`, `Value` or
    /// `Type`.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for o in KeyWalk.objects(document) {
            for key in o.object.keys where !o.known.contains(key) {
                guard let intended = KeyWalk.intended(key, known: o.known) else { continue }
                findings.append(
                    finding(
                        JSONPointer.appending(o.path, key),
                        "\"\(key)\" in \(o.what) is not an AHAP key and CoreHaptics ignores it; write \"\(intended)\"", anchor: .key))
            }
        }
    }
}

/// Reference rule 32: other unknown keys inside events, parameters and curves.
public enum UnknownKeyRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.unknown_key", name: "Unknown key",
        summary: "A key CoreHaptics ignores inside an Event, Parameter, ParameterCurve, parameter entry or control point.",
        rationale:
            "Apple: \"The framework ignores unsupported keys\" (decompiled reader agrees), so what the key says never plays: often a typo, or a tool's own data (Instagram's files carry \"Name\"), which belongs under the top-level Metadata. A warning, as the JSON Schema refuses it: a check never passes on a key it did not understand.",
        defaultSeverity: .warning,
        passing: [RuleExample(S.pattern(S.transient()))],
        failing: [
            RuleExample(
                S.pattern(S.event(#""Time": 0, "EventType": "HapticTransient", "Name": "tap""#)), expected: ["/Pattern/0/Event/Name"])
        ])

    /// Appends a finding for each other unknown key in an Event, Parameter, ParameterCurve, parameter entry or control point of
    /// `document`.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for o in KeyWalk.objects(document) {
            for key in o.object.keys where !o.known.contains(key) && KeyWalk.intended(key, known: o.known) == nil {
                let hint = RuleText.didYouMean(key, in: o.known)
                findings.append(
                    finding(
                        JSONPointer.appending(o.path, key), "\"\(key)\" is not an AHAP key in \(o.what); CoreHaptics ignores it.\(hint)",
                        anchor: .key))
            }
        }
    }
}

/// Reference rule 30: numbers written as strings.
public enum NumberAsStringRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.number_as_string", name: "Number written as a string",
        summary: "A numeric field holds a string such as \"0.5\".",
        rationale:
            "CoreHaptics reads values with floatValue, which NSString also implements, so \"0.5\" probably works (our guess; none in the corpus). A string that is not a number reads as 0. Write the number without quotes.",
        defaultSeverity: .warning,
        passing: [RuleExample(S.pattern(S.transient(S.entry("HapticIntensity", "0.5"))))],
        failing: [
            RuleExample(
                S.pattern(S.transient(S.entry("HapticIntensity", "\"0.5\""))),
                expected: ["/Pattern/0/Event/EventParameters/0/ParameterValue"])
        ])

    static let numericKeys: Set<String> = [
        AHAPKey.time, AHAPKey.eventTime, AHAPKey.parameterTime, AHAPKey.eventDuration, AHAPKey.parameterValue,
    ]

    /// Appends a finding for a string `Version` that reads as a number, and for each time, duration or `ParameterValue` in `document`
    /// written as a numeric string.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        if let v = document.root[AHAPKey.version]?.string, Double(v) != nil {
            findings.append(finding("/Version", "Version is the string \"\(v)\"; write the number \(v) without quotes"))
        }
        for o in KeyWalk.objects(document) {
            for member in o.object.members where numericKeys.contains(member.key) {
                guard let s = member.value.string, Double(s.trimmingCharacters(in: .whitespaces)) != nil else { continue }
                findings.append(
                    finding(
                        JSONPointer.appending(o.path, member.key),
                        "\(member.key) is the string \"\(s)\"; write the number \(s) without quotes"))
            }
        }
    }
}

/// Reference rule 31: times are parsed as 32-bit floats.
public enum TimePrecisionRule: AHAPRule {
    /// Rounding error, in seconds, above which the note is given (one sample at 48 kHz).
    public static let tolerance = 1.0 / 48_000
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.time_precision", name: "Time precision lost to 32-bit floats",
        summary: "CoreHaptics reads times as 32-bit floats; late in a long pattern they round by more than a sample.",
        rationale:
            "Decompiled CoreHaptics parses Time with floatValue (32-bit). At 734 s (the corpus's longest pattern) a float's step is 61 µs. Reported once per file, at the first time that moves by more than 1/48000 s.",
        defaultSeverity: .note,
        passing: [RuleExample(S.pattern(S.transient(time: "10.123456")))],
        failing: [RuleExample(S.pattern(S.transient(time: "700.00003")), expected: ["/Pattern/0/Event/Time"])])

    /// Appends one finding, at the first Event, Parameter or ParameterCurve time in `document` that moves by more than `tolerance`
    /// seconds as a 32-bit float.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.items where item.kind != .other {
            let key = item.body[AHAPKey.time] != nil ? AHAPKey.time : AHAPKey.eventTime
            guard let t = AHAPNumber.value(item.body[key]), t.isFinite, abs(t) < 1e30 else { continue }
            let rounded = Double(Float(t))
            if abs(rounded - t) > tolerance {
                findings.append(
                    finding(
                        item.bodyPath + "/" + key,
                        "Time \(t) s becomes \(rounded) s as a 32-bit float on the device (off by \(String(format: "%.0f", abs(rounded - t) * 1e6)) µs); later times in this pattern round more"
                    ))
                return
            }
        }
    }
}
