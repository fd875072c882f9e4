import Foundation

/// The result of validating one AHAP text.
public struct AHAPValidationResult: Sendable {
    /// The findings, sorted, with line and column where they could be found.
    public var diagnostics: [Diagnostic]
    /// The parsed document, or nil when the text is not JSON or is over a limit.
    public var document: AHAPDocument?
    /// Set when the file has more events or curve points than `InputLimits` allows; nothing was checked.
    public var limitExceeded: InputError?
}

/// Reads an AHAP text and runs the rules over it, with whatever audio library `options.audio` brings (none in the
/// `ValidateAssets` plugin's checker; `AudioKitLinux`'s `AHAPValidator` runs this with its own).
///
/// Order: encoding and byte-order-mark checks, trailing commas and comments
/// (blanked out and reported, error unless lenient), Jansson's strict parse,
/// then the document rules. Findings are sorted and given a line and column
/// from one positional pass over the text, done only when there is a finding.
public enum AHAPCheck {
    /// Validates `bytes` with `rules` (the document rules unless given); `file` names the text in diagnostics and `baseDirectory` is
    /// where waveform paths resolve. Never throws: a count over a limit sets `limitExceeded` and returns no diagnostics.
    public static func validate(
        bytes: [UInt8], file: String? = nil, baseDirectory: String? = nil,
        options: AHAPValidationOptions = .init(), rules: [any AHAPRule.Type] = AHAPRuleRegistry.documentRules
    ) -> AHAPValidationResult {
        let parsed = AHAPReader.read(bytes: bytes, options: options)
        return check(parsed.root, read: parsed, file: file, baseDirectory: baseDirectory, options: options, rules: rules)
    }

    /// `rules` over `root` (nil: the text is not JSON), with the findings of reading the text `read`, each placed in it.
    private static func check(
        _ root: JSONValue?, read parsed: AHAPReader.Output, file: String?, baseDirectory: String?, options: AHAPValidationOptions,
        rules: [any AHAPRule.Type]
    ) -> AHAPValidationResult {
        if let root, let failure = countLimitFailure(root, file: file, limits: options.limits) {
            return AHAPValidationResult(diagnostics: [], document: nil, limitExceeded: failure)
        }
        var findings = parsed.findings
        let document = root.map { AHAPDocument(root: $0, file: file, baseDirectory: baseDirectory, options: options) }
        if let document { for rule in rules { rule.check(document, into: &findings) } }
        let diagnostics = resolve(findings, file: file, cleanedBytes: parsed.cleanedBytes, jsonParsed: parsed.root != nil)
        return AHAPValidationResult(diagnostics: diagnostics.sorted(), document: document)
    }

    /// Validates `edited`, a document read from `bytes` with only its values changed (its keys and structure as they are
    /// in `bytes`: a timing fix), with `rules`, and the findings of reading `bytes` themselves (encoding, trailing commas,
    /// comments): every finding placed at its line and column in `bytes`, as `validate(bytes:)` places the findings of
    /// the text as it is. An editor that shows findings next to the file on disk, before its edit is saved, says where
    /// they are in that file, not in the text it would write.
    public static func validate(
        edited: JSONValue, of bytes: [UInt8], file: String? = nil, baseDirectory: String? = nil,
        options: AHAPValidationOptions = .init(), rules: [any AHAPRule.Type] = AHAPRuleRegistry.documentRules
    ) -> AHAPValidationResult {
        check(
            edited, read: AHAPReader.read(bytes: bytes, options: options), file: file, baseDirectory: baseDirectory, options: options,
            rules: rules)
    }

    /// Reads and validates a file with `rules` (the document rules unless given). Failures to read the file itself are thrown,
    /// never reported as findings.
    public static func validate(
        path: String, options: AHAPValidationOptions = .init(), rules: [any AHAPRule.Type] = AHAPRuleRegistry.documentRules
    ) throws(InputError) -> AHAPValidationResult {
        let bytes = try InputFile.read(path, maxBytes: options.limits.maxFileBytes)
        let base = (path as NSString).deletingLastPathComponent
        let result = validate(bytes: bytes, file: path, baseDirectory: base.isEmpty ? "." : base, options: options, rules: rules)
        if let failure = result.limitExceeded { throw failure }
        return result
    }

    /// Gives `findings` about the AHAP file at `path` (made outside the validator, by a conversion for example) their
    /// line and column.
    public static func locate(_ findings: [AHAPFinding], in path: String, options: AHAPValidationOptions = .init()) throws(InputError)
        -> [Diagnostic]
    {
        let bytes = try InputFile.read(path, maxBytes: options.limits.maxFileBytes)
        let parsed = AHAPReader.read(bytes: bytes, options: options)
        return resolve(findings, file: path, cleanedBytes: parsed.cleanedBytes, jsonParsed: parsed.root != nil).sorted()
    }

    /// Counts the pattern's entries and curve points before any rule runs, so
    /// that a file built to be huge is refused in time linear in its size.
    static func countLimitFailure(_ root: JSONValue, file: String?, limits: InputLimits) -> InputError? {
        guard let pattern = root["Pattern"]?.array else { return nil }
        if pattern.count > limits.maxEvents {
            return InputLimits.exceeded(file, count: pattern.count, what: "pattern entries", limit: limits.maxEvents, which: .events)
        }
        var points = 0
        for entry in pattern {
            points += entry["ParameterCurve"]?["ParameterCurveControlPoints"]?.array?.count ?? 0
        }
        if points > limits.maxCurvePoints {
            return InputLimits.exceeded(
                file, count: points, what: "curve control points", limit: limits.maxCurvePoints, which: .curvePoints)
        }
        return nil
    }

    package static func resolve(_ findings: [AHAPFinding], file: String?, cleanedBytes: [UInt8], jsonParsed: Bool) -> [Diagnostic] {
        guard !findings.isEmpty else { return [] }
        let needsIndex = jsonParsed && findings.contains { $0.position == nil && $0.path != nil }
        let index = needsIndex ? JSONPositionIndex(validJSON: cleanedBytes, wanted: Set(findings.compactMap(\.path))) : nil
        return findings.map { f in
            var position = f.position
            if position == nil, let path = f.path, let index {
                position = f.anchor == .key ? index.keyPosition(path) : index.valuePosition(path)
            }
            let location = SourceLocation(file: file, line: position?.line, column: position?.column, jsonPath: f.path)
            return Diagnostic(ruleID: f.ruleID, severity: f.severity, location: location, message: f.message, remedy: f.remedy)
        }
    }
}
