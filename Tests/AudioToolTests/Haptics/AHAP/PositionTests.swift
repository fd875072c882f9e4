import AudioKitLinux
import Testing

/// Line and column of findings on multi-line text, counted by hand.
@Suite("Diagnostic positions")
struct PositionTests {
    static let text = """
        {
          "Version": 1.0,
          "Pattern": [
            {"Event": {"Time": 0, "EventType": "HapticTransient",
                       "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.5}]}},
            {"Event": {"Time": 0.5, "EventType": "HapticContinuous", "EventDuration": 45}},
            {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 2,
              "ParameterCurveControlPoints": [{"Time": 2, "ParameterValue": 0}, {"Time": 3, "ParameterValue": 1}]}},
            {"Event": {"Time": 1, "EventType": "HapticTransient",
                       "EventParameters": [{"ParameterID": "hapticSharpness", "ParameterValue": 0.5}]}}
          ]
        }
        """

    static let diagnostics = AHAPValidator.validate(bytes: Array(text.utf8), file: "p.ahap").diagnostics

    static func find(_ rule: String) -> Diagnostic? { diagnostics.first { $0.ruleID == rule } }

    @Test func outOfRangeValueOnLineFive() {
        let d = Self.find("ahap.parameter_out_of_range")
        // Line 5: 15 spaces, then `"EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": ` (73 chars).
        #expect(d?.location.line == 5)
        #expect(d?.location.column == 15 + 73 + 1)
        #expect(d?.location.jsonPath == "/Pattern/0/Event/EventParameters/0/ParameterValue")
    }

    @Test func continuousOver30SecondsOnLineSix() {
        let d = Self.find("ahap.continuous_too_long")
        // `    {"Event": {"Time": 0.5, "EventType": "HapticContinuous", "EventDuration": ` is 78 characters.
        #expect(d?.location.line == 6)
        #expect(d?.location.column == 79)
    }

    @Test func absoluteCurveTimesOnLineEight() {
        let d = Self.find("ahap.curve_absolute_times")
        // `      "ParameterCurveControlPoints": [{"Time": ` is 47 characters.
        #expect(d?.location.line == 8)
        #expect(d?.location.column == 48)
        #expect(d?.location.jsonPath == "/Pattern/2/ParameterCurve/ParameterCurveControlPoints/0/Time")
    }

    @Test func misspelledParameterIDOnLineTen() {
        let d = Self.find("ahap.unknown_parameter_id")
        // 15 spaces, then `"EventParameters": [{"ParameterID": ` (36 characters).
        #expect(d?.location.line == 10)
        #expect(d?.location.column == 15 + 36 + 1)
        #expect(d?.message.contains("Did you mean \"HapticSharpness\"") == true)
        #expect(d?.severity == .error)
    }

    @Test func columnsCountCharactersNotBytes() {
        // "é" is two bytes in UTF-8 but one column.
        let text = #"{"Version": 1.0, "Metadata": {"Title": "é"}, "Pattern": [{"Event": {"Time": -1, "EventType": "HapticTransient"}}]}"#
        let d = AHAPValidator.validate(bytes: Array(text.utf8), file: "u.ahap").diagnostics.first { $0.ruleID == "ahap.invalid_event_time" }
        let expected = Array(text).firstIndex(of: "-")! + 1
        #expect(d?.location.column == expected)
    }

    @Test func keysWithEscapesAreFound() {
        let text = #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "Na\"me": 1}}]}"#
        let d = AHAPValidator.validate(bytes: Array(text.utf8), file: "e.ahap").diagnostics.first { $0.ruleID == "ahap.unknown_key" }
        #expect(d?.location.jsonPath == "/Pattern/0/Event/Na\"me")
        let expected = Array(text).indices.first { Array(text)[$0...].starts(with: Array(#""Na\"me""#)) }! + 1
        #expect(d?.location.column == expected)
    }
}
