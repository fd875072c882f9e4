import AudioKitLinux
import Foundation
import Testing

/// Every rule's own examples are its tests: passing examples produce no
/// diagnostic from the rule, failing ones produce diagnostics at exactly the
/// expected JSON paths (or line:col for text-level rules), and every
/// diagnostic's line and column point at the text of the value or key it names.
@Suite("AHAP rule examples")
struct RuleExampleTests {
    static let rules = AHAPRuleRegistry.descriptions
    /// Rules whose findings may differ from their default severity: leniency follows --lenient; an audio parameter on a
    /// haptic event, a Parameter without a value and a mistyped waveform flag are ignored by CoreHaptics, so they warn.
    static let variableSeverity: Set<String> = [
        TrailingCommaRule.description.id, CommentRule.description.id, "ahap.waveform_flag_misuse", "ahap.parameter_not_for_event",
        "ahap.invalid_dynamic_parameter",
    ]

    static func diagnostics(_ input: String) -> [Diagnostic] {
        let base = FileManager.default.temporaryDirectory.path
        return AHAPValidator.validate(bytes: Array(input.utf8), file: "example.ahap", baseDirectory: base).diagnostics
    }

    static func key(_ d: Diagnostic) -> String {
        d.location.jsonPath ?? "\(d.location.line ?? 0):\(d.location.column ?? 0)"
    }

    /// Rules whose examples would need files beside the text or another command: the encoding rule, the sync rules
    /// (SyncTests cover them) and the conversion's losses (ConvertCLITests).
    static let withoutExamples: Set<String> = [
        TextEncodingRule.description.id, AudioSyncLagRule.description.id, AudioSyncTransientRule.description.id,
        HapticsInSilenceRule.description.id, LostInConversionRule.description.id,
    ]

    @Test("every rule has a failing example", arguments: rules.filter { !withoutExamples.contains($0.id) })
    func hasFailingExample(_ rule: RuleDescription) {
        #expect(!rule.failing.isEmpty, "\(rule.id) has no failing example")
    }

    @Test("passing examples are not flagged", arguments: rules)
    func passing(_ rule: RuleDescription) {
        for example in rule.passing {
            let found = Self.diagnostics(example.input).filter { $0.ruleID == rule.id }
            #expect(found.isEmpty, "\(rule.id) flagged its passing example at \(example.file):\(example.line): \(found.map(\.message))")
        }
    }

    @Test("failing examples are flagged exactly where expected", arguments: rules)
    func failing(_ rule: RuleDescription) {
        for example in rule.failing {
            let all = Self.diagnostics(example.input)
            let found = all.filter { $0.ruleID == rule.id }
            #expect(found.map(Self.key).sorted() == example.expected.sorted(), "\(rule.id) example at \(example.file):\(example.line)")
            for d in found {
                #expect(d.location.line != nil && d.location.column != nil, "\(rule.id): no line/column for \(Self.key(d))")
                #expect(
                    d.severity == rule.defaultSeverity || Self.variableSeverity.contains(rule.id),
                    "\(rule.id) reported as \(d.severity), its default is \(rule.defaultSeverity)")
                #expect(!d.message.isEmpty)
                PositionCheck.expectPointsAtPath(d, in: example.input)
            }
        }
    }

    @Test("rule ids are unique and namespaced")
    func uniqueIDs() {
        let ids = Self.rules.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.hasPrefix("ahap.") && $0 == $0.lowercased() && !$0.contains(" ") })
    }

    @Test("every reference rule that CoreHaptics rejects is an error")
    func referenceSeverities() {
        // From reference/AHAP-VALIDATION-RULES.md: rules marked E.
        let errors = [
            "ahap.json_syntax", "ahap.missing_pattern", "ahap.empty_pattern", "ahap.version_unsupported",
            "ahap.event_type_missing", "ahap.unknown_event_type", "ahap.invalid_event_time", "ahap.negative_duration",
            "ahap.continuous_without_duration", "ahap.waveform_path_missing", "ahap.waveform_unreadable",
            "ahap.invalid_parameter_entry", "ahap.unknown_parameter_id", "ahap.invalid_dynamic_parameter", "ahap.invalid_curve",
        ]
        for id in errors { #expect(AHAPRuleRegistry.description(for: id)?.defaultSeverity == .error, "\(id)") }
    }
}

/// Checks, independently of the position index, that a diagnostic's line and
/// column land on the key or value its JSON path names.
enum PositionCheck {
    static func expectPointsAtPath(_ d: Diagnostic, in input: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let path = d.location.jsonPath, let line = d.location.line, let column = d.location.column else { return }
        let lines = input.split(separator: "\n", omittingEmptySubsequences: false)
        guard line - 1 < lines.count else {
            Issue.record("line \(line) past the end", sourceLocation: sourceLocation)
            return
        }
        let text = String(lines[line - 1].dropFirst(column - 1))
        if path.isEmpty {
            #expect(
                text.hasPrefix("{") || text.hasPrefix("["), "root diagnostic should point at the root value", sourceLocation: sourceLocation
            )
            return
        }
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        let pointsAtKey = text.hasPrefix("\"\(last)\"")
        let pointsAtValue = text.first.map { "{[\"-0123456789tfn".contains($0) } ?? false
        #expect(
            pointsAtKey || pointsAtValue,
            "\(d.ruleID) at \(line):\(column) shows «\(text.prefix(30))», expected the key \"\(last)\" or its value",
            sourceLocation: sourceLocation)
    }
}
