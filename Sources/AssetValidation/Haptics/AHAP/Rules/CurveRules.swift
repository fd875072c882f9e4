private typealias S = AHAPSample

/// Reference rule 23: a ParameterCurve needs ParameterID, Time and a control-point array.
public enum InvalidCurveRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.invalid_curve", name: "Invalid parameter curve",
        summary: "A `ParameterCurve` lacks `ParameterID`, `Time` or `ParameterCurveControlPoints`.",
        rationale: "Decompiled CoreHaptics requires ParameterID and Time (−4831); without a control-point array the curve does nothing.",
        defaultSeverity: .error,
        passing: [RuleExample(S.pattern(S.transient(), S.curve("HapticIntensityControl", points: [("0", "1"), ("1", "0")])))],
        failing: [
            RuleExample(
                S.pattern(
                    S.transient(), #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "ParameterCurveControlPoints": []}}"#),
                expected: ["/Pattern/1/ParameterCurve"]),
            RuleExample(
                S.pattern(S.transient(), #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0}}"#),
                expected: ["/Pattern/1/ParameterCurve"]),
        ])

    /// Appends a finding for each problem of a ParameterCurve in `document`: no string `ParameterID`, a missing, non-numeric or negative
    /// `Time`, or a missing or non-array `ParameterCurveControlPoints`.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.curves {
            if item.body[AHAPKey.parameterID]?.string == nil {
                findings.append(finding(item.bodyPath, "ParameterCurve \(item.index) has no string \"ParameterID\" (−4831)", anchor: .key))
            }
            if let time = item.body[AHAPKey.time] {
                if let t = AHAPNumber.value(time) {
                    if !(t >= 0) {
                        findings.append(finding(item.bodyPath + "/Time", "curve Time \(RuleText.number(t)) s is negative (−4840)"))
                    }
                } else {
                    findings.append(finding(item.bodyPath + "/Time", "curve Time is \(time.typeName), not a number (−4831)"))
                }
            } else {
                findings.append(
                    finding(
                        item.bodyPath,
                        "ParameterCurve \(item.index) has no \"Time\" (the curve's start in seconds); CoreHaptics rejects it (−4831)",
                        anchor: .key))
            }
            if let points = item.body[AHAPKey.controlPoints] {
                if points.array == nil {
                    findings.append(
                        finding(
                            item.bodyPath + "/ParameterCurveControlPoints",
                            "ParameterCurveControlPoints is \(points.typeName); it must be an array of {\"Time\", \"ParameterValue\"}"))
                }
            } else {
                findings.append(
                    finding(
                        item.bodyPath, "ParameterCurve \(item.index) has no \"ParameterCurveControlPoints\"; the curve does nothing",
                        anchor: .key))
            }
        }
    }
}

/// Reference rule 24: every control point needs Time and ParameterValue.
public enum InvalidControlPointRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.invalid_control_point", name: "Invalid control point",
        summary: "A control point lacks a numeric `Time` or `ParameterValue`; CoreHaptics drops all the curve's points.",
        rationale: "Decompiled CoreHaptics: a control point missing Time or ParameterValue leaves the curve with no points at all.",
        defaultSeverity: .error,
        passing: [RuleExample(S.pattern(S.transient(), S.curve("HapticIntensityControl", points: [("0", "1"), ("1", "0")])))],
        failing: [
            RuleExample(
                S.pattern(
                    S.transient(),
                    #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}, {"Time": 1}]}}"#
                ), expected: ["/Pattern/1/ParameterCurve/ParameterCurveControlPoints/1"])
        ])

    /// Appends a finding for each control point in `document` without a numeric `Time` or `ParameterValue`.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.curves {
            for (i, point) in (item.body[AHAPKey.controlPoints]?.array ?? []).enumerated() {
                let missing = AHAPKey.pointKeys.filter { AHAPNumber.value(point[$0]) == nil }
                guard !missing.isEmpty else { continue }
                findings.append(
                    finding(
                        item.bodyPath + "/ParameterCurveControlPoints/\(i)",
                        "control point \(i) has no numeric \(missing.map { "\"\($0)\"" }.joined(separator: " or ")); CoreHaptics then drops every point of this curve"
                    ))
            }
        }
    }
}

/// Shared access to well-formed control points.
enum CurveWalk {
    package static func times(_ item: AHAPDocument.Item) -> [Double?] {
        (item.body[AHAPKey.controlPoints]?.array ?? []).map { AHAPNumber.value($0[AHAPKey.time]) }
    }
}

/// Reference rule 25: at least two control points.
public enum CurveTooFewPointsRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.curve_too_few_points", name: "Curve with fewer than 2 points",
        summary: "A ParameterCurve with fewer than two control points has nothing to interpolate.",
        rationale:
            "Linear interpolation needs two points; Apple is silent on one. Hapticlabs exports single-point curves (7 corpus files), probably meaning a step: use a Parameter element for that.",
        defaultSeverity: .warning,
        passing: [RuleExample(S.pattern(S.transient(), S.curve("HapticIntensityControl", points: [("0", "1"), ("1", "0")])))],
        failing: [
            RuleExample(
                S.pattern(S.transient(), S.curve("HapticIntensityControl", points: [("0", "1")])),
                expected: ["/Pattern/1/ParameterCurve/ParameterCurveControlPoints"])
        ])

    /// Appends a finding for each ParameterCurve in `document` whose control-point array has fewer than 2 points.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.curves {
            guard let points = item.body[AHAPKey.controlPoints]?.array, points.count < 2 else { continue }
            findings.append(
                finding(
                    item.bodyPath + "/ParameterCurveControlPoints",
                    "the curve has \(points.count) control point\(points.count == 1 ? "" : "s"); it needs at least 2 to interpolate. For a step, use a \"Parameter\" element"
                ))
        }
    }
}

/// Reference rule 26: at most 16 control points.
public enum CurveTooManyPointsRule: AHAPRule {
    /// The most control points a curve may have.
    public static let maximum = CoreHapticsLimits.maximumCurvePoints
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.curve_too_many_points", name: "Curve with more than 16 points",
        summary: "A ParameterCurve has more than 16 control points.",
        rationale:
            "Lofelt's converter tests state \"A ParameterCurve in AHAP can only contain up to 16 points\" and chunk curves as 15+1; not in Apple's documents, and device behaviour is unknown. Split the curve into consecutive curves of at most 16 points.",
        defaultSeverity: .warning,
        passing: [RuleExample(S.pattern(S.transient(), S.curve("HapticIntensityControl", points: (0..<16).map { ("\($0)", "0.5") })))],
        failing: [
            RuleExample(
                S.pattern(S.transient(), S.curve("HapticIntensityControl", points: (0..<17).map { ("\($0)", "0.5") })),
                expected: ["/Pattern/1/ParameterCurve/ParameterCurveControlPoints"])
        ])

    /// Appends a finding for each ParameterCurve in `document` with more than `maximum` control points.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.curves {
            guard let points = item.body[AHAPKey.controlPoints]?.array, points.count > maximum else { continue }
            findings.append(
                finding(
                    item.bodyPath + "/ParameterCurveControlPoints",
                    "the curve has \(points.count) control points; CoreHaptics is reported to accept at most 16. Split it into \(Int((Double(points.count - 1) / 15).rounded(.up))) curves"
                ))
        }
    }
}

/// Reference rule 27, first half: control-point times must not go backwards.
public enum CurvePointsOutOfOrderRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.curve_points_out_of_order", name: "Control points out of order",
        summary: "Control-point times decrease.",
        rationale:
            "Curves interpolate linearly between consecutive points in time; a point earlier than the one before it cannot be interpolated.",
        defaultSeverity: .warning,
        passing: [
            RuleExample(S.pattern(S.transient(), S.curve("HapticIntensityControl", points: [("0", "1"), ("0.5", "0"), ("0.5", "1")])))
        ],
        failing: [
            RuleExample(
                S.pattern(S.transient(), S.curve("HapticIntensityControl", points: [("0", "1"), ("1", "0"), ("0.5", "1")])),
                expected: ["/Pattern/1/ParameterCurve/ParameterCurveControlPoints/2/Time"])
        ])

    /// Appends a finding for each control point in `document` whose `Time` is earlier than that of a point before it in the same curve.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.curves {
            var previous: Double? = nil
            for (i, time) in CurveWalk.times(item).enumerated() {
                guard let time else { continue }
                if let p = previous, time < p {
                    findings.append(
                        finding(
                            item.bodyPath + "/ParameterCurveControlPoints/\(i)/Time",
                            "control point \(i) at \(RuleText.number(time)) s comes before the previous point at \(RuleText.number(p)) s; sort the points by Time"
                        ))
                }
                previous = max(previous ?? time, time)
            }
        }
    }
}

/// Reference rule 27, second half: control-point times are relative to the curve start.
public enum CurveAbsoluteTimesRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.curve_absolute_times", name: "Control-point times look absolute",
        summary: "The first control point's Time equals the curve's Time; control-point times are relative to the curve start.",
        rationale:
            "Apple: control-point Time is relative to the curve's start (ControlPoint.relativeTime). Lofelt's converter wrote absolute times (curve at 15 s with points at 15 and 16 s) and haptify fixed the same bug after seeing doubled offsets on iOS. 14 corpus files have it.",
        defaultSeverity: .warning,
        passing: [RuleExample(S.pattern(S.transient(), S.curve("HapticIntensityControl", time: "15", points: [("0", "1"), ("1", "0")])))],
        failing: [
            RuleExample(
                S.pattern(S.transient(), S.curve("HapticIntensityControl", time: "15", points: [("15", "1"), ("16", "0")])),
                expected: ["/Pattern/1/ParameterCurve/ParameterCurveControlPoints/0/Time"])
        ])

    /// Appends a finding for each ParameterCurve in `document` that starts after 0 and whose first control point's `Time` equals the
    /// curve's `Time`.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        for item in document.curves {
            guard let start = AHAPNumber.value(item.body[AHAPKey.time]), start > 0,
                let first = CurveWalk.times(item).first ?? nil, abs(first - start) < 1e-9
            else { continue }
            findings.append(
                finding(
                    item.bodyPath + "/ParameterCurveControlPoints/0/Time",
                    "the first control point is at \(RuleText.number(first)) s, the same as the curve's Time; control-point times are relative to the curve start, so iOS plays this curve \(RuleText.number(start)) s late. Subtract \(RuleText.number(start)) from every point's Time"
                ))
        }
    }
}

/// Reference rule 29: dynamic parameters affect all events, transients too.
public enum CurveAffectsTransientsRule: AHAPRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.curve_affects_transients", name: "Curve also changes transients",
        summary: "An intensity or sharpness control is active while transients play, and changes them too.",
        rationale:
            "Apple: dynamic parameters affect all events in the pattern; a curve cannot target one event. Lofelt splits transients into a second file for this reason.",
        defaultSeverity: .note,
        passing: [RuleExample(S.pattern(S.transient(time: "2"), S.curve("HapticIntensityControl", points: [("0", "1"), ("1", "0")])))],
        failing: [
            RuleExample(
                S.pattern(S.transient(time: "0.5"), S.curve("HapticIntensityControl", points: [("0", "1"), ("1", "0")])),
                expected: ["/Pattern/1/ParameterCurve"])
        ])

    /// Appends a finding for each HapticIntensityControl or HapticSharpnessControl curve in `document` whose time span covers a
    /// HapticTransient.
    public static func check(_ document: AHAPDocument, into findings: inout [AHAPFinding]) {
        let transientTimes = document.pattern.events.filter { $0.eventType == .hapticTransient }.map(\.time).sorted()
        guard !transientTimes.isEmpty else { return }
        for item in document.curves {
            guard let id = item.body[AHAPKey.parameterID]?.string.flatMap(DynamicParameterID.init(rawValue:)),
                id == .hapticIntensityControl || id == .hapticSharpnessControl,
                let start = AHAPNumber.value(item.body[AHAPKey.time])
            else { continue }
            let end = start + (CurveWalk.times(item).compactMap { $0 }.max() ?? 0)
            let hits = transientTimes.filter { $0 >= start && $0 <= end }.count
            if hits > 0 {
                findings.append(
                    finding(
                        item.bodyPath,
                        "this \(id.rawValue) curve (\(RuleText.number(start))–\(RuleText.number(end)) s) also scales \(hits) transient\(hits == 1 ? "" : "s"); dynamic parameters apply to every event",
                        anchor: .key))
            }
        }
    }
}
