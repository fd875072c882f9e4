// Rules the reader enforces on the raw text (reference rule 1: "Input must parse as JSON (strict)").

/// Jansson could not parse the text.
public enum JSONSyntaxRule: AHAPReaderRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.json_syntax", name: "JSON syntax",
        summary: "The file is not valid JSON.",
        rationale:
            "Apple calls AHAP \"JSON-compliant\" (HapticSampler sample) and CoreHaptics loads it with a JSON parser; a file that does not parse fails to load on the device. Parsed with Jansson, strictly: no NaN, no Infinity, no numbers that overflow a double, integers below 2^63. Positions are Jansson's: the column of the last character of the offending token.",
        defaultSeverity: .error,
        passing: [RuleExample(#"{"Version": 1.0, "Pattern": []}"#)],
        failing: [
            RuleExample(#"{"Pattern": [ }"#, expected: ["1:15"]),
            RuleExample("{\"Version\": 1.0,\n \"Pattern\": [NaN]}", expected: ["2:16"]),
        ])
}

/// The same key twice in one object.
public enum DuplicateKeyRule: AHAPReaderRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.json_duplicate_key", name: "Duplicate key",
        summary: "An object has the same key twice; which one wins is undefined.",
        rationale:
            "JSON (RFC 8259) leaves duplicate names undefined, NSJSONSerialization keeps one of them silently, and Jansson is run with JSON_REJECT_DUPLICATES. Remove one of the two.",
        defaultSeverity: .error,
        passing: [RuleExample(#"{"Version": 1.0, "Pattern": []}"#)],
        failing: [RuleExample(#"{"Version": 1.0, "Version": 1.1, "Pattern": []}"#, expected: ["1:26"])])
}

/// A comma before a closing bracket or brace.
public enum TrailingCommaRule: AHAPReaderRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.json_trailing_comma", name: "Trailing comma",
        summary: "A comma stands before a closing `]` or `}`; strict JSON rejects it.",
        rationale:
            "8 of Apple's own Unity-plugin samples have trailing commas; they load only through the plugin's lenient SimpleJSON, and strict JSON parsers (NSJSONSerialization without JSON5, Jansson, jq) reject them. We report an error by default and go on checking the rest of the file; The lenient reading turns it into a warning, and the formatter removes them.",
        defaultSeverity: .error,
        passing: [RuleExample(#"{"Version": 1.0, "Pattern": [1, 2]}"#)],
        failing: [
            RuleExample(#"{"Version": 1.0, "Pattern": [],}"#, expected: ["1:31"]),
            RuleExample("{\"Version\": 1.0,\n \"Pattern\": [\n  1,\n ]}", expected: ["3:4"]),
        ])
}

/// `//` or `/* */` comments.
public enum CommentRule: AHAPReaderRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.json_comment", name: "Comment",
        summary: "JSON has no comments; strict parsers reject `//` and `/* */`.",
        rationale:
            "Strict JSON has no comments, so a commented file may not load on the device. Error by default; the lenient reading makes it a warning. Put notes under `Metadata` instead.",
        defaultSeverity: .error,
        passing: [RuleExample(#"{"Version": 1.0, "Metadata": {"Description": "// not a comment"}, "Pattern": []}"#)],
        failing: [RuleExample("{\"Version\": 1.0, // version\n \"Pattern\": []}", expected: ["1:18"])])
}

/// A UTF-8 byte order mark.
public enum ByteOrderMarkRule: AHAPReaderRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.json_bom", name: "Byte order mark",
        summary: "The file starts with a UTF-8 byte order mark.",
        rationale:
            "RFC 8259 says JSON text must not begin with a byte order mark; some parsers reject it. Save the file as UTF-8 without BOM.",
        defaultSeverity: .warning,
        passing: [RuleExample(#"{"Version": 1.0, "Pattern": []}"#)],
        failing: [RuleExample("\u{FEFF}{\"Version\": 1.0, \"Pattern\": []}", expected: ["1:1"])])
}

/// UTF-16 or UTF-32 text.
public enum TextEncodingRule: AHAPReaderRule {
    /// The rule's id, severity, rationale and examples.
    public static let description = RuleDescription(
        id: "ahap.json_encoding", name: "Text encoding",
        summary: "The file is not UTF-8.",
        rationale:
            "JSON exchanged between systems must be UTF-8 (RFC 8259 §8.1). Re-save the file as UTF-8, for example with `iconv -f UTF-16 -t UTF-8`.",
        defaultSeverity: .error,
        passing: [RuleExample(#"{"Version": 1.0, "Pattern": []}"#)],
        failing: [])
}
