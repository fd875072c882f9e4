private typealias S = HapticSample

/// Builds the small `.haptic` texts the rule examples use.
enum HapticSample {
    package static func clip(amplitude: String, frequency: String = "", version: String = #"{"major": 1, "minor": 0, "patch": 0}"#)
        -> String
    {
        #"{"version": \#(version), "metadata": {}, "signals": {"continuous": {"envelopes": {"amplitude": [\#(amplitude)], "frequency": [\#(frequency)]}}}}"#
    }

    package static func a(_ time: String, _ amplitude: String, emphasis: (String, String)? = nil) -> String {
        guard let e = emphasis else { return #"{"time": \#(time), "amplitude": \#(amplitude)}"# }
        return #"{"time": \#(time), "amplitude": \#(amplitude), "emphasis": {"amplitude": \#(e.0), "frequency": \#(e.1)}}"#
    }

    package static func f(_ time: String, _ frequency: String) -> String { #"{"time": \#(time), "frequency": \#(frequency)}"# }

    package static let good = [a("0", "0.2"), a("1", "0.5")].joined(separator: ", ")
}

private let amp = HapticDocument.amplitudePath
private let freq = HapticDocument.frequencyPath

/// The required objects and numbers are there: version, signals.continuous.envelopes.amplitude, a time and a value on
/// every breakpoint, and both fields of an emphasis.
public enum HapticStructureRule: HapticRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "haptic.structure", name: "Missing or mistyped field",
        summary: "A required .haptic field is missing or not of its type.",
        rationale:
            "The spec (haptic-file-spec.md) requires version {major, minor, patch} (both readers default a missing minor and patch to 0, and so do we), signals.continuous.envelopes.amplitude, time and amplitude on every amplitude breakpoint, time and frequency on every frequency breakpoint, and amplitude and frequency on an emphasis. Meta's and Lofelt's readers refuse the file (\"missing field\").",
        defaultSeverity: .error,
        passing: [RuleExample(S.clip(amplitude: S.good))],
        failing: [
            RuleExample(#"{"version": {"major": 1, "minor": 0, "patch": 0}, "metadata": {}}"#, expected: [""]),
            RuleExample(S.clip(amplitude: #"{"time": 0, "amplitude": 0.2}, {"time": 1}"#), expected: ["\(amp)/1"]),
            RuleExample(
                S.clip(amplitude: #"{"time": 0, "amplitude": "0.2"}, {"time": 1, "amplitude": 0.1}"#), expected: ["\(amp)/0/amplitude"]),
            RuleExample(
                S.clip(amplitude: #"{"time": 0, "amplitude": 0.2, "emphasis": {"amplitude": 0.5}}, {"time": 1, "amplitude": 0.1}"#),
                expected: ["\(amp)/0/emphasis"]),
        ])

    /// Appends a finding for each missing or mistyped required field of `document`.
    public static func check(_ document: HapticDocument, into findings: inout [AHAPFinding]) {
        let root = document.root
        guard root.object != nil else {
            findings.append(finding("", "a .haptic file is a JSON object with version, metadata and signals"))
            return
        }
        // Minor and patch may be left out (both readers take 0); a version without a major number is not one.
        if let v = root["version"], v["major"]?.number == nil {
            findings.append(
                finding("/version", "version has no number \"major\"; write {\"major\": 1, \"minor\": 0, \"patch\": 0}", anchor: .key))
        }
        guard let envelopes = root["signals"]?["continuous"]?["envelopes"], envelopes.object != nil else {
            findings.append(finding("", "missing signals.continuous.envelopes; a clip needs at least an amplitude envelope"))
            return
        }
        guard let amplitude = envelopes["amplitude"], amplitude.array != nil else {
            findings.append(
                finding("/signals/continuous/envelopes", "missing the amplitude envelope (an array of {time, amplitude})", anchor: .key))
            return
        }
        if let f = envelopes["frequency"], f.array == nil {
            findings.append(finding(freq, "the frequency envelope must be an array of {time, frequency}"))
        }
        for (path, item) in document.amplitudeItems { checkBreakpoint(item, path: path, value: "amplitude", into: &findings) }
        for (path, item) in document.frequencyItems { checkBreakpoint(item, path: path, value: "frequency", into: &findings) }
    }

    static func checkBreakpoint(_ item: JSONValue, path: String, value: String, into findings: inout [AHAPFinding]) {
        guard item.object != nil else {
            findings.append(finding(path, "a breakpoint is an object {\"time\": …, \"\(value)\": …}"))
            return
        }
        for key in ["time", value] {
            switch item[key] {
            case nil: findings.append(finding(path, "this breakpoint has no \"\(key)\""))
            case let v? where v.number == nil: findings.append(finding("\(path)/\(key)", "\"\(key)\" must be a number"))
            default: break
            }
        }
        guard value == "amplitude", let e = item["emphasis"] else { return }
        let fields = ["amplitude", "frequency"].filter { e[$0]?.number == nil }
        if !fields.isEmpty {
            findings.append(
                finding(
                    "\(path)/emphasis",
                    "an emphasis needs numbers \"amplitude\" and \"frequency\"; \(fields.map { "\"\($0)\"" }.joined(separator: " and ")) missing or not a number"
                ))
        }
    }
}

/// Version 1 only.
public enum HapticVersionRule: HapticRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "haptic.version_unsupported", name: "Unsupported version",
        summary: "The major version is not 1.",
        rationale:
            "Only .haptic v1 is specified; Lofelt's reader answers \"Unsupported version\" to any other major version (a newer minor version loads, with its unknown fields ignored).",
        defaultSeverity: .error,
        passing: [RuleExample(S.clip(amplitude: S.good, version: #"{"major": 1, "minor": 2, "patch": 0}"#))],
        failing: [RuleExample(S.clip(amplitude: S.good, version: #"{"major": 2, "minor": 0, "patch": 0}"#), expected: ["/version/major"])])

    /// Appends a finding when `document`'s major version is not 1.
    public static func check(_ document: HapticDocument, into findings: inout [AHAPFinding]) {
        guard let major = document.root["version"]?["major"]?.number, major != 1 else { return }
        findings.append(finding("/version/major", "version \(RuleText.number(major)) is not supported; this reader knows .haptic v1"))
    }
}

/// At least two amplitude breakpoints.
public enum HapticTooFewBreakpointsRule: HapticRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "haptic.too_few_breakpoints", name: "Fewer than two amplitude breakpoints",
        summary: "The amplitude envelope has fewer than two breakpoints.",
        rationale: "The spec: at least two breakpoints (start and end). Meta: InsufficientAmplitudeBreakpoints.",
        defaultSeverity: .error,
        passing: [RuleExample(S.clip(amplitude: S.good))],
        failing: [
            RuleExample(S.clip(amplitude: S.a("0", "0.5")), expected: [amp]),
            RuleExample(S.clip(amplitude: ""), expected: [amp]),
        ])

    /// Appends a finding when `document`'s amplitude envelope is an array of fewer than two items.
    public static func check(_ document: HapticDocument, into findings: inout [AHAPFinding]) {
        guard let items = document.root["signals"]?["continuous"]?["envelopes"]?["amplitude"]?.array, items.count < 2 else { return }
        findings.append(
            finding(
                amp, "the amplitude envelope has \(items.count) breakpoint\(items.count == 1 ? "" : "s"); a clip needs a start and an end"))
    }
}

/// The amplitude envelope lasts longer than zero.
public enum HapticZeroDurationRule: HapticRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "haptic.zero_duration", name: "Zero duration",
        summary: "Every amplitude breakpoint is at the same time.",
        rationale: "The spec: a duration above 0. Meta: AmplitudeEnvelopeHasZeroDuration.",
        defaultSeverity: .error,
        passing: [RuleExample(S.clip(amplitude: S.good))],
        failing: [
            RuleExample(S.clip(amplitude: [S.a("0.5", "0.2"), S.a("0.5", "0.4")].joined(separator: ", ")), expected: ["\(amp)/1/time"])
        ])

    /// Appends a finding when `document` has two or more amplitude breakpoints, all at one time.
    public static func check(_ document: HapticDocument, into findings: inout [AHAPFinding]) {
        let times = document.amplitudeItems.compactMap { $0.value["time"]?.number }
        guard times.count >= 2, let first = times.first, times.allSatisfy({ $0 == first }) else { return }
        findings.append(
            finding(
                "\(amp)/\(times.count - 1)/time", "every amplitude breakpoint is at \(RuleText.number(first)) s: the clip lasts no time"))
    }
}

/// Times never go back, and are not negative.
public enum HapticTimeOrderRule: HapticRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "haptic.time_order", name: "Breakpoints out of order",
        summary: "A breakpoint's time is before the one before it, or negative.",
        rationale:
            "The spec: breakpoints in non-decreasing time order (equal times allowed), times ≥ 0. Meta: AmplitudeBreakpointsOutOfOrder; Lofelt: \"Breakpoint times not consecutive\".",
        defaultSeverity: .error,
        passing: [
            RuleExample(S.clip(amplitude: [S.a("0", "0.2"), S.a("0.5", "0.3"), S.a("0.5", "0.1"), S.a("1", "0")].joined(separator: ", ")))
        ],
        failing: [
            RuleExample(
                S.clip(amplitude: [S.a("0", "0.2"), S.a("0.2", "0.3"), S.a("0.1", "0.1"), S.a("1", "0")].joined(separator: ", ")),
                expected: ["\(amp)/2/time"]),
            RuleExample(
                S.clip(amplitude: S.good, frequency: [S.f("0.5", "0.2"), S.f("0.4", "0.3")].joined(separator: ", ")),
                expected: ["\(freq)/1/time"]),
            RuleExample(S.clip(amplitude: [S.a("-0.1", "0.2"), S.a("1", "0.3")].joined(separator: ", ")), expected: ["\(amp)/0/time"]),
        ])

    /// Appends a finding for each breakpoint of `document` earlier than the one before it, or at a negative time.
    public static func check(_ document: HapticDocument, into findings: inout [AHAPFinding]) {
        for items in [document.amplitudeItems, document.frequencyItems] {
            var previous: Double? = nil
            for (path, item) in items {
                guard let t = item["time"]?.number else { continue }
                if t < 0 {
                    findings.append(finding("\(path)/time", "time \(RuleText.number(t)) s is negative"))
                } else if let p = previous, t < p {
                    findings.append(
                        finding(
                            "\(path)/time",
                            "time \(RuleText.number(t)) s comes after a breakpoint at \(RuleText.number(p)) s; sort the breakpoints by time"
                        ))
                }
                previous = max(previous ?? t, t)
            }
        }
    }
}

/// Amplitudes and frequencies are in 0…1.
public enum HapticValueRangeRule: HapticRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "haptic.value_out_of_range", name: "Value outside 0…1",
        summary: "An amplitude, frequency or emphasis value is outside 0…1.",
        rationale:
            "The spec: every amplitude and frequency, and an emphasis's amplitude and frequency, is normalised to 0.0–1.0. Meta: AmplitudeOutOfRange, EmphasisAmplitudeOutOfRange, EmphasisFrequencyOutOfRange.",
        defaultSeverity: .error,
        passing: [RuleExample(S.clip(amplitude: [S.a("0", "0"), S.a("1", "1", emphasis: ("1", "0"))].joined(separator: ", ")))],
        failing: [
            RuleExample(
                S.clip(amplitude: [S.a("0", "0.2"), S.a("0.3", "1.5"), S.a("1", "0")].joined(separator: ", ")),
                expected: ["\(amp)/1/amplitude"]),
            RuleExample(S.clip(amplitude: S.good, frequency: S.f("0", "-0.1")), expected: ["\(freq)/0/frequency"]),
            RuleExample(
                S.clip(amplitude: [S.a("0", "0.2", emphasis: ("0.5", "1.1")), S.a("1", "0")].joined(separator: ", ")),
                expected: ["\(amp)/0/emphasis/frequency"]),
        ])

    /// Appends a finding for each value of `document` outside 0…1.
    public static func check(_ document: HapticDocument, into findings: inout [AHAPFinding]) {
        func check(_ v: JSONValue?, _ path: String, _ what: String) {
            guard let x = v?.number, !(0...1).contains(x) else { return }
            findings.append(finding(path, "\(what) \(RuleText.number(x)) is outside 0…1"))
        }
        for (path, item) in document.amplitudeItems {
            check(item["amplitude"], "\(path)/amplitude", "amplitude")
            check(item["emphasis"]?["amplitude"], "\(path)/emphasis/amplitude", "emphasis amplitude")
            check(item["emphasis"]?["frequency"], "\(path)/emphasis/frequency", "emphasis frequency")
        }
        for (path, item) in document.frequencyItems { check(item["frequency"], "\(path)/frequency", "frequency") }
    }
}

/// An emphasis is at least as strong as the envelope under it.
public enum HapticEmphasisBelowEnvelopeRule: HapticRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "haptic.emphasis_below_envelope", name: "Emphasis weaker than the envelope",
        summary: "An emphasis amplitude is lower than the amplitude of its breakpoint.",
        rationale:
            "The spec: emphasis.amplitude must be at least the envelope's amplitude at that point. Meta: EmphasisAmpLowerThanEnvelopeAmp; Lofelt: \"Emphasis amplitude can't be lower than Envelope amplitude\".",
        defaultSeverity: .error,
        passing: [RuleExample(S.clip(amplitude: [S.a("0", "0.5", emphasis: ("0.5", "0.3")), S.a("1", "0")].joined(separator: ", ")))],
        failing: [
            RuleExample(
                S.clip(amplitude: [S.a("0", "0"), S.a("0.2", "0.5", emphasis: ("0.2", "0.3")), S.a("1", "0")].joined(separator: ", ")),
                expected: ["\(amp)/1/emphasis/amplitude"])
        ])

    /// Appends a finding for each emphasis of `document` below its breakpoint's amplitude.
    public static func check(_ document: HapticDocument, into findings: inout [AHAPFinding]) {
        for (path, item) in document.amplitudeItems {
            // An emphasis amplitude outside 0…1 is haptic.value_out_of_range's.
            guard let a = item["amplitude"]?.number, let e = item["emphasis"]?["amplitude"]?.number, e < a, (0...1).contains(e)
            else { continue }
            findings.append(
                finding(
                    "\(path)/emphasis/amplitude",
                    "emphasis amplitude \(RuleText.number(e)) is below the envelope's \(RuleText.number(a)) at this point; raise it to at least \(RuleText.number(a))"
                ))
        }
    }
}

/// The frequency envelope ends by the end of the amplitude envelope.
public enum HapticFrequencyPastEndRule: HapticRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "haptic.frequency_past_end", name: "Frequency breakpoint after the end",
        summary: "A frequency breakpoint is later than the last amplitude breakpoint.",
        rationale:
            "The spec: no frequency breakpoint after the end of the amplitude envelope, which sets the clip's duration. Meta's strict validation rejects it (FrequencyBreakpointOutsideAmplitudeEnvelope); its legacy mode accepts it, players ignore the overshoot, and Studio's own exports often end the frequency envelope a fraction of a millisecond late (11 of the interchange corpus's files). So a warning: the clip plays, the overshoot is dropped.",
        defaultSeverity: .warning,
        passing: [RuleExample(S.clip(amplitude: S.good, frequency: S.f("1", "0.5")))],
        failing: [
            RuleExample(
                S.clip(amplitude: S.good, frequency: [S.f("0", "1"), S.f("1.0001", "0")].joined(separator: ", ")),
                expected: ["\(freq)/1/time"])
        ])

    /// Appends a finding for each frequency breakpoint of `document` after the last amplitude breakpoint.
    public static func check(_ document: HapticDocument, into findings: inout [AHAPFinding]) {
        guard let end = document.amplitudeItems.compactMap({ $0.value["time"]?.number }).max() else { return }
        for (path, item) in document.frequencyItems {
            guard let t = item["time"]?.number, t > end else { continue }
            findings.append(
                finding(
                    "\(path)/time",
                    "frequency breakpoint at \(RuleText.number(t)) s is after the amplitude envelope's end at \(RuleText.number(end)) s, which ends the clip; move it to \(RuleText.number(end)) s or drop it"
                ))
        }
    }
}
