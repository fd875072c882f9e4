/// A parsed `.haptic` text for the rules: its JSON, where it came from, and the clip as players read it.
public struct HapticDocument: Sendable {
    /// The file's path, if any.
    public let file: String?
    /// The parsed JSON.
    public let root: JSONValue
    /// The clip as the upstream players read it; nil when there is no amplitude envelope.
    public let clip: HapticClip?

    /// A document of `root`, read from `file`.
    public init(root: JSONValue, file: String? = nil) {
        self.file = file
        self.root = root
        clip = HapticClip(json: root)
    }

    /// JSON path of the amplitude envelope.
    static let amplitudePath = "/signals/continuous/envelopes/amplitude"
    /// JSON path of the frequency envelope.
    static let frequencyPath = "/signals/continuous/envelopes/frequency"

    /// The amplitude breakpoints as JSON, with their paths.
    var amplitudeItems: [(path: String, value: JSONValue)] {
        (root["signals"]?["continuous"]?["envelopes"]?["amplitude"]?.array ?? []).enumerated().map {
            ("\(Self.amplitudePath)/\($0.offset)", $0.element)
        }
    }

    /// The frequency breakpoints as JSON, with their paths.
    var frequencyItems: [(path: String, value: JSONValue)] {
        (root["signals"]?["continuous"]?["envelopes"]?["frequency"]?.array ?? []).enumerated().map {
            ("\(Self.frequencyPath)/\($0.offset)", $0.element)
        }
    }
}

/// One `.haptic` validation rule: its description, and a check of a document.
public protocol HapticRule: Sendable {
    /// The rule's id, severity, rationale and examples.
    static var description: RuleDescription { get }
    /// Appends the rule's findings on `document`.
    static func check(_ document: HapticDocument, into findings: inout [AHAPFinding])
}

extension HapticRule {
    package static func finding(_ path: String?, _ message: String, anchor: AHAPFinding.Anchor = .value) -> AHAPFinding {
        AHAPFinding(ruleID: description.id, severity: description.defaultSeverity, path: path, anchor: anchor, message: message)
    }
}

/// Every `.haptic` rule, in the order `ahap-tool rules` lists them. The JSON-text rules (syntax, duplicate keys,
/// trailing commas, comments, byte order mark, encoding) are the AHAP reader's, shared.
public enum HapticRuleRegistry {
    /// The rules run on a parsed `.haptic` document.
    public static let rules: [any HapticRule.Type] = [
        HapticStructureRule.self, HapticVersionRule.self, HapticTooFewBreakpointsRule.self, HapticZeroDurationRule.self,
        HapticTimeOrderRule.self, HapticValueRangeRule.self, HapticEmphasisBelowEnvelopeRule.self, HapticFrequencyPastEndRule.self,
    ]

    /// The description of every rule, in listing order.
    public static var descriptions: [RuleDescription] { rules.map { $0.description } }
}

/// Reads a `.haptic` text and runs every rule over it, with line and column for each finding.
public enum HapticFileValidator {
    /// The findings on `bytes` (named `file` in diagnostics) and the clip when the text is JSON with an amplitude envelope
    /// and no breakpoint past the audio-length limit.
    public static func validate(bytes: [UInt8], file: String? = nil, options: AHAPValidationOptions = .init()) -> (
        diagnostics: [Diagnostic], clip: HapticClip?
    ) {
        let r = run(bytes: bytes, file: file, options: options)
        return (r.diagnostics, r.clip)
    }

    package static func run(bytes: [UInt8], file: String?, options: AHAPValidationOptions) -> (
        diagnostics: [Diagnostic], clip: HapticClip?, failure: InputError?
    ) {
        let parsed = AHAPReader.read(bytes: bytes, options: options)
        var findings = parsed.findings
        var clip: HapticClip? = nil
        if let root = parsed.root {
            let document = HapticDocument(root: root, file: file)
            for rule in HapticRuleRegistry.rules { rule.check(document, into: &findings) }
            clip = document.clip
        }
        let diagnostics = AHAPCheck.resolve(findings, file: file, cleanedBytes: parsed.cleanedBytes, jsonParsed: parsed.root != nil)
        // A clip longer than the longest audio the tools take is not handed on (a time of 1e300 is valid JSON).
        var failure: InputError? = nil
        if let c = clip, let f = tooLong(c, options: options, file: file) {
            failure = f
            clip = nil
        }
        // A negative time is haptic.time_order's to report; nothing is built from such a clip.
        if let c = clip, c.amplitude.contains(where: { !($0.time >= 0) }) || c.frequency.contains(where: { !($0.time >= 0) }) {
            clip = nil
        }
        return (diagnostics.sorted(), clip, failure)
    }

    /// The limit error when a breakpoint of `clip` lies past the audio-length limit.
    static func tooLong(_ clip: HapticClip, options: AHAPValidationOptions, file: String? = nil) -> InputError? {
        let latest = (clip.amplitude.map(\.time) + clip.frequency.map(\.time)).max() ?? 0
        let limit = options.limits.audio.maxDuration
        guard !(latest <= limit) else { return nil }
        return InputError(
            .limitExceeded, path: file ?? "<input>",
            reason: "a breakpoint at \(RuleText.number(latest)) s is past the limit of \(RuleText.number(limit)) s of audio",
            fix: "check the times, or raise the limit if the clip is genuine", limit: .audioSeconds)
    }

    /// Reads and validates a file; failures to read the file itself, and a clip over the breakpoint or audio-length
    /// limits, are thrown.
    public static func validate(path: String, options: AHAPValidationOptions = .init()) throws(InputError) -> (
        diagnostics: [Diagnostic], clip: HapticClip?
    ) {
        let bytes = try InputFile.read(path, maxBytes: options.limits.maxFileBytes)
        let result = run(bytes: bytes, file: path, options: options)
        if let failure = result.failure { throw failure }
        if let clip = result.clip, clip.amplitude.count + clip.frequency.count > options.limits.maxCurvePoints {
            throw InputLimits.exceeded(
                path, count: clip.amplitude.count + clip.frequency.count, what: "breakpoints", limit: options.limits.maxCurvePoints,
                which: .curvePoints)
        }
        return (result.diagnostics, result.clip)
    }

    /// Whether `path` names a `.haptic` file (`HapticFileFormat`).
    public static func isHapticFile(_ path: String) -> Bool { HapticFileFormat(path: path) == .haptic }
}
