/// Turns bytes into JSON, reporting every problem with the text itself as a
/// finding with a line and column. See `TrailingCommaRule` for the trailing-comma policy.
package enum AHAPReader {
    package struct Output {
        package var root: JSONValue?
        package var findings: [AHAPFinding]
        /// The text with BOM, trailing commas and comments blanked out; positions match the original.
        package var cleanedBytes: [UInt8]
    }

    package static func read(bytes: [UInt8], options: AHAPValidationOptions) -> Output {
        var findings: [AHAPFinding] = []
        if let encoding = JSONTextPreprocessor.detectWideEncoding(bytes) {
            findings.append(
                AHAPFinding(
                    ruleID: TextEncodingRule.description.id, severity: .error, path: nil,
                    message: "the file is \(encoding), not UTF-8; re-save it as UTF-8 (iconv -f \(encoding) -t UTF-8)",
                    position: TextPosition(line: 1, column: 1, offset: 0)))
            return Output(root: nil, findings: findings, cleanedBytes: bytes)
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            findings.append(
                AHAPFinding(
                    ruleID: JSONSyntaxRule.description.id, severity: .error, path: nil,
                    message: "the file is empty; an AHAP file is {\"Version\": 1.0, \"Pattern\": [...]}",
                    position: TextPosition(line: 1, column: 1, offset: 0)))
            return Output(root: nil, findings: findings, cleanedBytes: bytes)
        }
        let pre = JSONTextPreprocessor.process(bytes)
        if !pre.findings.isEmpty {
            let lines = LineTable(bytes)
            let leniency: Severity = options.lenient ? .warning : .error
            for f in pre.findings {
                let position = lines.position(ofOffset: f.offset)
                let remedy = options.lenient ? nil : Remedy(.lenient, "to accept it")
                let (rule, severity, message): (String, Severity, String) =
                    switch f.kind {
                    case .byteOrderMark:
                        (
                            ByteOrderMarkRule.description.id, .warning,
                            "the file starts with a UTF-8 byte order mark; save it as UTF-8 without BOM"
                        )
                    case .trailingComma:
                        (
                            TrailingCommaRule.description.id, leniency,
                            "trailing comma before a closing bracket; strict JSON parsers reject it. Remove it (the formatter does)"
                        )
                    case .comment:
                        (
                            CommentRule.description.id, leniency,
                            "comment in JSON; strict JSON parsers reject it. Move the note under \"Metadata\""
                        )
                    }
                findings.append(
                    AHAPFinding(
                        ruleID: rule, severity: severity, path: nil, message: message, position: position,
                        remedy: f.kind == .byteOrderMark ? nil : remedy))
            }
        }
        let decoded = pre.bytes.withUnsafeBytes { Jansson.decode($0, maxDepth: options.limits.maxNestingDepth) }
        switch decoded {
        case .success(let root):
            return Output(root: root, findings: findings, cleanedBytes: pre.bytes)
        case .failure(let error):
            let rule = error.kind == .duplicateKey ? DuplicateKeyRule.description.id : JSONSyntaxRule.description.id
            let position = TextPosition(line: error.line, column: error.column, offset: error.offset)
            findings.append(
                AHAPFinding(ruleID: rule, severity: .error, path: nil, message: JSONSyntaxHints.message(for: error), position: position))
            return Output(root: nil, findings: findings, cleanedBytes: pre.bytes)
        }
    }
}
