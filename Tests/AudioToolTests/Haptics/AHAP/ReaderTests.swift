import AudioKitLinux
import Testing

/// The reader's policy on text that is not strict JSON.
@Suite("AHAP reader")
struct ReaderTests {
    static func validate(_ text: String, lenient: Bool = false) -> [Diagnostic] {
        AHAPValidator.validate(bytes: Array(text.utf8), file: "t.ahap", options: AHAPValidationOptions(lenient: lenient)).diagnostics
    }

    static let trailing = """
        {
          "Version": 1.0,
          "Pattern": [
            {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0}},
          ]
        }
        """

    @Test func trailingCommaIsAnErrorButTheRestIsStillChecked() {
        let ds = Self.validate(Self.trailing)
        let comma = ds.first { $0.ruleID == "ahap.json_trailing_comma" }
        #expect(comma?.severity == .error)
        #expect(comma?.location.line == 4)
        #expect(comma?.location.column == 80)
        // The semantic rule still ran on the rest of the file.
        #expect(ds.contains { $0.ruleID == "ahap.continuous_without_duration" })
    }

    @Test func lenientMakesTrailingCommasWarnings() {
        let ds = Self.validate(Self.trailing, lenient: true)
        #expect(ds.first { $0.ruleID == "ahap.json_trailing_comma" }?.severity == .warning)
    }

    @Test func commasInsideStringsAreNotTrailing() {
        let ds = Self.validate(
            #"{"Version": 1.0, "Metadata": {"Description": "a,]"}, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#)
        #expect(ds.isEmpty, "\(ds)")
    }

    @Test func duplicateKeysAreRejected() {
        let ds = Self.validate(#"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "Time": 1, "EventType": "HapticTransient"}}]}"#)
        #expect(ds.map(\.ruleID) == ["ahap.json_duplicate_key"])
        #expect(ds.first?.location.line == 1)
    }

    @Test func syntaxErrorsCarryJanssonsPosition() {
        let ds = Self.validate(
            "{\n  \"Version\": 1.0,\n  \"Pattern\": [\n    {\"Event\": {\"Time\": 0 \"EventType\": \"HapticTransient\"}}\n  ]\n}")
        #expect(ds.count == 1)
        #expect(ds.first?.ruleID == "ahap.json_syntax")
        #expect(ds.first?.location.line == 4)
        #expect(ds.first?.severity == .error)
    }

    @Test("hostile numbers are errors, not crashes", arguments: ["NaN", "Infinity", "1e400", "9223372036854775808", "-"])
    func hostileNumbers(_ number: String) {
        let ds = Self.validate(#"{"Version": 1.0, "Pattern": [{"Event": {"Time": "# + number + #", "EventType": "HapticTransient"}}]}"#)
        #expect(ds.contains { $0.ruleID == "ahap.json_syntax" && $0.severity == .error })
    }

    @Test func emptyFileIsAnError() {
        #expect(Self.validate("").first?.ruleID == "ahap.json_syntax")
        #expect(Self.validate("  \n").first?.ruleID == "ahap.json_syntax")
    }

    @Test func byteOrderMarkIsAWarningAndTheFileIsRead() {
        let ds = Self.validate("\u{FEFF}" + #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#)
        #expect(ds.map(\.ruleID) == ["ahap.json_bom"])
        #expect(ds.first?.severity == .warning)
    }

    @Test func utf16IsRejectedWithAHint() {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for u in #"{"Pattern": []}"#.utf16 { bytes += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        let ds = AHAPValidator.validate(bytes: bytes, file: "w.ahap").diagnostics
        #expect(ds.map(\.ruleID) == ["ahap.json_encoding"])
        #expect(ds.first?.message.contains("UTF-8") == true)
    }

    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        let ds = Self.validate(#"{"Version": 1.0, "Pattern": "# + deep + "}")
        #expect(ds.contains { $0.severity == .error })
    }

    @Test func commentsAreErrorsUnlessLenient() {
        let text = "{\"Version\": 1.0, /* note */ \"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\"}}]}"
        #expect(Self.validate(text).map(\.ruleID) == ["ahap.json_comment"])
        #expect(Self.validate(text, lenient: true).first?.severity == .warning)
    }
}
