/// Reads an AHAP text and runs every rule over it, waveform files opened and the timing checked against the sound
/// with this package's audio library (`AHAPAudioChecks.library`); `AHAPCheck` is the same without it.
public enum AHAPValidator {
    /// Validates `bytes` with `rules` (the document rules unless given); `file` names the text in diagnostics and `baseDirectory` is
    /// where waveform paths resolve. Never throws: a count over a limit sets `limitExceeded` and returns no diagnostics.
    public static func validate(
        bytes: [UInt8], file: String? = nil, baseDirectory: String? = nil,
        options: AHAPValidationOptions = .init(), rules: [any AHAPRule.Type] = AHAPRuleRegistry.documentRules
    ) -> AHAPValidationResult {
        AHAPCheck.validate(bytes: bytes, file: file, baseDirectory: baseDirectory, options: withLibrary(options), rules: rules)
    }

    /// Validates `edited`, a document read from `bytes` with only its values changed, with `rules`, its findings placed
    /// in `bytes` (`AHAPCheck.validate(edited:of:)`).
    public static func validate(
        edited: JSONValue, of bytes: [UInt8], file: String? = nil, baseDirectory: String? = nil,
        options: AHAPValidationOptions = .init(), rules: [any AHAPRule.Type] = AHAPRuleRegistry.documentRules
    ) -> AHAPValidationResult {
        AHAPCheck.validate(
            edited: edited, of: bytes, file: file, baseDirectory: baseDirectory, options: withLibrary(options), rules: rules)
    }

    /// Reads and validates a file with `rules` (the document rules unless given). Failures to read the file itself are thrown,
    /// never reported as findings.
    public static func validate(
        path: String, options: AHAPValidationOptions = .init(), rules: [any AHAPRule.Type] = AHAPRuleRegistry.documentRules
    ) throws(InputError) -> AHAPValidationResult {
        try AHAPCheck.validate(path: path, options: withLibrary(options), rules: rules)
    }

    /// Gives `findings` about the AHAP file at `path` (made outside the validator, by a conversion for example) their
    /// line and column.
    public static func locate(_ findings: [AHAPFinding], in path: String, options: AHAPValidationOptions = .init()) throws(InputError)
        -> [Diagnostic]
    {
        try AHAPCheck.locate(findings, in: path, options: options)
    }

    /// `options` with this package's audio library, unless they name one.
    static func withLibrary(_ options: AHAPValidationOptions) -> AHAPValidationOptions {
        var options = options
        if options.audio == nil { options.audio = .library }
        return options
    }
}
