private typealias S = AHAPSample

/// Reference rule 2: top level is an object with `Pattern` (array).
public enum MissingPatternRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.missing_pattern", name: "Missing Pattern",
        summary: "The top level must be an object with a `Pattern` array.",
        rationale:
            "Apple: \"Each AHAP file can contain a single pattern\". CoreHaptics fails with −4814 (InvalidPatternDictionary) without it (decompiled HapticDictionaryReader).",
        defaultSeverity: .error,
        passing: [RuleExample(S.pattern(S.transient()))],
        failing: [
            RuleExample(#"{"Version": 1.0}"#, expected: [""]),
            RuleExample(#"{"Version": 1.0, "Pattern": {}}"#, expected: ["/Pattern"]),
            RuleExample(#"[1, 2]"#, expected: [""]),
        ])

    /// Appends a finding when the top level of `document` is not an object, has no `Pattern` key, or its `Pattern` is not an array.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        guard let root = document.root.object else {
            findings.append(
                finding(
                    "", "the top level is \(document.root.typeName), not an object; an AHAP file is {\"Version\": 1.0, \"Pattern\": [...]}")
            )
            return
        }
        guard let pattern = root[AHAPKey.pattern] else {
            let hint = RuleText.didYouMean("Pattern", in: root.keys).isEmpty ? "" : " (keys are case-sensitive)"
            findings.append(finding("", "no \"Pattern\" key at the top level\(hint); add \"Pattern\": [ ... events ... ]"))
            return
        }
        if pattern.array == nil {
            findings.append(finding("/Pattern", "\"Pattern\" is \(pattern.typeName); it must be an array of events, parameters and curves"))
        }
    }
}

/// Reference rule 3: a pattern needs at least one element CoreHaptics reads.
public enum EmptyPatternRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.empty_pattern", name: "Empty pattern",
        summary: "The pattern has no Event, Parameter or ParameterCurve.",
        rationale: "CoreHaptics rejects it with −4814 \"Empty pattern\" (decompiled HapticDictionaryReader).",
        defaultSeverity: .error,
        passing: [RuleExample(S.pattern(S.transient()))],
        failing: [
            RuleExample(S.pattern(), expected: ["/Pattern"]),
            RuleExample(S.pattern(#"{"Evnt": {}}"#), expected: ["/Pattern"]),
        ])

    /// Appends a finding when the `Pattern` array of `document` holds no Event, Parameter or ParameterCurve item.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        guard document.root[AHAPKey.pattern]?.array != nil else { return }
        if !document.items.contains(where: { $0.kind != .other }) {
            findings.append(
                finding("/Pattern", "the pattern has no Event, Parameter or ParameterCurve; CoreHaptics refuses an empty pattern"))
        }
    }
}

/// Reference rule 4, first half: Version missing or not a number.
public enum VersionMissingRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.version_missing", name: "Version missing",
        summary: "`Version` is missing or not a number; CoreHaptics assumes 1.0.",
        rationale:
            "Decompiled CoreHaptics logs \"assuming v1.0\" when Version is missing or not a number. 5 corpus files omit it. Add \"Version\": 1.0.",
        defaultSeverity: .warning,
        passing: [RuleExample(S.pattern(S.transient())), RuleExample(S.pattern(S.transient(), version: "1"))],
        failing: [
            RuleExample(#"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#, expected: [""]),
            RuleExample(S.pattern(S.transient(), version: "\"one\""), expected: ["/Version"]),
        ])

    /// Appends a finding when `document` has no `Version`, or one that does not read as a number.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        guard let root = document.root.object else { return }
        guard let version = root[AHAPKey.version] else {
            findings.append(finding("", "no \"Version\"; CoreHaptics assumes 1.0. Add \"Version\": 1.0 at the top level"))
            return
        }
        if AHAPNumber.value(version) == nil {
            findings.append(
                finding("/Version", "\"Version\" is \(version.typeName), not a number; CoreHaptics assumes 1.0. Write \"Version\": 1.0"))
        }
    }
}

/// Reference rule 4, second half: Version out of range.
public enum VersionUnsupportedRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.version_unsupported", name: "Unsupported version",
        summary: "`Version` must be between 1.0 and 1.1.",
        rationale: "Decompiled CoreHaptics (iOS 26.1) rejects a Version outside [1.0, 1.1] with −4809 (NotSupported).",
        defaultSeverity: .error,
        passing: [RuleExample(S.pattern(S.transient(), version: "1.1"))],
        failing: [
            RuleExample(S.pattern(S.transient(), version: "2.0"), expected: ["/Version"]),
            RuleExample(S.pattern(S.transient(), version: "0.9"), expected: ["/Version"]),
        ])

    /// Appends a finding when the `Version` of `document` is outside 1.0…1.1.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        guard let version = AHAPNumber.value(document.root[AHAPKey.version]) else { return }
        if !CoreHapticsLimits.supportedVersions.contains(version) {
            findings.append(
                finding(
                    "/Version",
                    "Version \(RuleText.number(version)) is not supported; CoreHaptics accepts 1.0 to 1.1. Write \"Version\": 1.0"))
        }
    }
}

/// Reference rule 5: unknown top-level keys are ignored.
public enum UnknownTopLevelKeyRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.unknown_top_level_key", name: "Unknown top-level key",
        summary: "A top-level key CoreHaptics ignores.",
        rationale:
            "Apple: \"The only top-level keys are Pattern and Version\" and \"The framework ignores unsupported keys\". Metadata (in every Apple sample) and Configuration (private SPI) are accepted silently; anything else is lost, so it is a warning (notes belong under Metadata), as the JSON Schema refuses it.",
        defaultSeverity: .warning,
        passing: [
            RuleExample(
                #"{"Version": 1.0, "Metadata": {"Project": "x"}, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#)
        ],
        failing: [
            RuleExample(
                #"{"Version": 1.0, "Author": "me", "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#,
                expected: ["/Author"])
        ])

    package static let accepted: Set<String> = [AHAPKey.version, AHAPKey.pattern, AHAPKey.metadata, AHAPKey.configuration]

    /// Appends a finding for each top-level key in `document` other than Version, Pattern, Metadata and Configuration.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        guard let root = document.root.object else { return }
        for key in root.keys where !accepted.contains(key) {
            let hint = RuleText.didYouMean(key, in: Array(accepted))
            findings.append(
                finding(
                    JSONPointer.appending("", key),
                    "top-level key \"\(key)\" is ignored by CoreHaptics.\(hint) Move notes under \"Metadata\"", anchor: .key))
        }
    }
}

/// Reference rule 6: each pattern element has exactly one of Event, Parameter, ParameterCurve.
public enum UnknownElementRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.unknown_element", name: "Unknown pattern element",
        summary: "A Pattern item without exactly one of Event, Parameter or ParameterCurve is skipped.",
        rationale:
            "Decompiled CoreHaptics reads only these three keys in a pattern item and silently skips anything else; Lofelt's invalid_fields.ahap uses \"ParameterCurves\" and loses its curve.",
        defaultSeverity: .warning,
        passing: [RuleExample(S.pattern(S.transient(), S.parameter("HapticIntensityControl")))],
        failing: [
            RuleExample(S.pattern(S.transient(), #"{"ParameterCurves": {}}"#), expected: ["/Pattern/1"]),
            RuleExample(S.pattern(S.transient(), "3"), expected: ["/Pattern/1"]),
            RuleExample(S.pattern(#"{"Event": {"Time": 0, "EventType": "HapticTransient"}, "Parameter": {}}"#), expected: ["/Pattern/0"]),
        ])

    /// Appends a finding for each Pattern item in `document` that is not an object or does not hold exactly one Event, Parameter or
    /// ParameterCurve object.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.items {
            guard let object = document.root[AHAPKey.pattern]?.array?[item.index].object else {
                findings.append(finding(item.path, "Pattern item \(item.index) is not an object; CoreHaptics skips it"))
                continue
            }
            let kinds = AHAPKey.elementKinds.filter { object[$0] != nil }
            if kinds.count > 1 {
                findings.append(
                    finding(item.path, "Pattern item \(item.index) has \(kinds.joined(separator: " and ")); put each in its own item"))
            } else if kinds.count == 1, object[kinds[0]]?.object == nil {
                findings.append(
                    finding(
                        item.path,
                        "\"\(kinds[0])\" in Pattern item \(item.index) is \(object[kinds[0]]!.typeName), not an object; CoreHaptics skips it"
                    ))
            } else if kinds.isEmpty {
                let hint =
                    object.keys.compactMap { RuleText.suggestion(for: $0, in: AHAPKey.elementKinds).map { s in " Did you mean \"\(s)\"?" } }
                    .first ?? ""
                let keys = object.keys.map { "\"\($0)\"" }.joined(separator: ", ")
                findings.append(
                    finding(
                        item.path,
                        "Pattern item \(item.index) has no Event, Parameter or ParameterCurve (keys: \(keys.isEmpty ? "none" : keys)); CoreHaptics skips it.\(hint)"
                    ))
            }
        }
    }
}
