private typealias S = AHAPSample

/// Reference rule 22: a Parameter needs ParameterID, Time and a numeric ParameterValue.
public enum InvalidDynamicParameterRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.invalid_dynamic_parameter", name: "Invalid dynamic parameter",
        summary: "A `Parameter` element lacks `ParameterID` or `Time`, or its value is not a number.",
        rationale:
            "Decompiled CoreHaptics requires ParameterID and Time (alias ParameterTime) and fails with −4831; a missing ParameterValue is read as 0 (warning).",
        defaultSeverity: .error,
        passing: [RuleExample(S.pattern(S.transient(), S.parameter("HapticIntensityControl", value: "0.5")))],
        failing: [
            RuleExample(
                S.pattern(S.transient(), #"{"Parameter": {"ParameterID": "HapticIntensityControl", "ParameterValue": 0.5}}"#),
                expected: ["/Pattern/1/Parameter"]),
            RuleExample(
                S.pattern(S.transient(), #"{"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0}}"#),
                expected: ["/Pattern/1/Parameter"]),
        ])

    /// Appends a finding for each problem of a Parameter element in `document`: no string `ParameterID`, a missing, non-numeric or
    /// negative `Time`, or a missing (warning) or non-numeric `ParameterValue`.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.dynamicParameters {
            let body = item.body
            if body[AHAPKey.parameterID]?.string == nil {
                findings.append(
                    finding(item.bodyPath, "Parameter element \(item.index) has no string \"ParameterID\" (−4831)", anchor: .key))
            }
            let timeKey = body[AHAPKey.time] != nil ? AHAPKey.time : AHAPKey.parameterTime
            if let time = body[timeKey] {
                if let t = AHAPNumber.value(time) {
                    if !(t >= 0) {
                        findings.append(
                            finding(item.bodyPath + "/" + timeKey, "Parameter time \(RuleText.number(t)) s is negative (−4840)"))
                    }
                } else {
                    findings.append(finding(item.bodyPath + "/" + timeKey, "Parameter Time is \(time.typeName), not a number (−4831)"))
                }
            } else {
                findings.append(
                    finding(item.bodyPath, "Parameter element \(item.index) has no \"Time\"; CoreHaptics rejects it (−4831)", anchor: .key))
            }
            if let value = body[AHAPKey.parameterValue] {
                if AHAPNumber.value(value) == nil {
                    findings.append(finding(item.bodyPath + "/ParameterValue", "ParameterValue is \(value.typeName), not a number (−4831)"))
                }
            } else {
                findings.append(
                    finding(
                        item.bodyPath,
                        "Parameter element \(item.index) has no \"ParameterValue\"; CoreHaptics takes 0, which for \(body[AHAPKey.parameterID]?.string ?? "it") may silence the pattern",
                        anchor: .key, severity: .warning))
            }
        }
    }
}

/// Dynamic ParameterIDs must be known (reference rules 22 and 23).
public enum UnknownDynamicParameterIDRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.unknown_dynamic_parameter_id", name: "Unknown dynamic ParameterID",
        summary: "A Parameter or ParameterCurve uses an ID that is not a dynamic parameter.",
        rationale:
            "Dynamic parameters have their own IDs (HapticIntensityControl, …); an event ID such as HapticIntensity is not one. Decompiled CoreHaptics rejects unknown IDs (−4831).",
        defaultSeverity: .error,
        passing: [RuleExample(S.pattern(S.transient(), S.curve("HapticSharpnessControl", points: [("0", "0"), ("1", "0.5")])))],
        failing: [
            RuleExample(S.pattern(S.transient(), S.parameter("HapticIntensity")), expected: ["/Pattern/1/Parameter/ParameterID"]),
            RuleExample(
                S.pattern(S.transient(), S.curve("hapticIntensityControl", points: [("0", "0"), ("1", "0.5")])),
                expected: ["/Pattern/1/ParameterCurve/ParameterID"]),
        ])

    /// Appends a finding for each Parameter or ParameterCurve in `document` whose string `ParameterID` is not a dynamic parameter ID.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        let names = DynamicParameterID.allCases.map(\.rawValue)
        for item in document.items where item.kind == .parameter || item.kind == .curve {
            guard let id = item.body[AHAPKey.parameterID]?.string, DynamicParameterID(rawValue: id) == nil else { continue }
            var hint = RuleText.didYouMean(id, in: names)
            if let eventID = EventParameterID(rawValue: id),
                let control = DynamicParameterID.allCases.first(where: { $0.target == eventID })
            {
                hint = " \"\(id)\" is an event parameter; the dynamic one is \"\(control.rawValue)\"."
            }
            findings.append(
                finding(item.bodyPath + "/ParameterID", "\"\(id)\" is not a dynamic parameter ID; CoreHaptics rejects it.\(hint)"))
        }
    }
}

/// Reference rule 28: dynamic values within the control's range.
public enum DynamicValueOutOfRangeRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.dynamic_value_out_of_range", name: "Dynamic value out of range",
        summary: "A dynamic parameter or control-point value is outside the control's range.",
        rationale:
            "Apple: intensity and volume controls are multipliers in 0…1, the others offsets in −1…1; the final value is clamped to the event parameter's range. Instagram's files in the corpus use −0.06 and 1.027.",
        defaultSeverity: .warning,
        passing: [RuleExample(S.pattern(S.transient(), S.parameter("HapticSharpnessControl", value: "-0.5")))],
        failing: [
            RuleExample(
                S.pattern(S.transient(), S.parameter("HapticIntensityControl", value: "1.2")),
                expected: ["/Pattern/1/Parameter/ParameterValue"]),
            RuleExample(
                S.pattern(S.transient(), S.curve("HapticIntensityControl", points: [("0", "-0.06"), ("1", "0.5")])),
                expected: ["/Pattern/1/ParameterCurve/ParameterCurveControlPoints/0/ParameterValue"]),
        ])

    /// Appends a finding for each Parameter or control-point value in `document` outside its control's range (0…1 for multipliers, -1…1
    /// for offsets).
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.items where item.kind == .parameter || item.kind == .curve {
            guard let id = item.body[AHAPKey.parameterID]?.string.flatMap(DynamicParameterID.init(rawValue:)) else { continue }
            var values: [(String, Double)] = []
            if item.kind == .parameter {
                if let v = AHAPNumber.value(item.body[AHAPKey.parameterValue]) { values.append((item.bodyPath + "/ParameterValue", v)) }
            } else {
                for (i, point) in (item.body[AHAPKey.controlPoints]?.array ?? []).enumerated() {
                    if let v = AHAPNumber.value(point[AHAPKey.parameterValue]) {
                        values.append((item.bodyPath + "/ParameterCurveControlPoints/\(i)/ParameterValue", v))
                    }
                }
            }
            for (path, v) in values where !id.range.contains(v) {
                findings.append(
                    finding(
                        path,
                        "\(id.rawValue) value \(RuleText.number(v)) is outside \(RuleText.number(id.range.lower))…\(RuleText.number(id.range.upper)); CoreHaptics clamps the result"
                    ))
            }
        }
    }
}
