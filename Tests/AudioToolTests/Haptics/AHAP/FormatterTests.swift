import AudioKitLinux
import Foundation
import Testing

@Suite("AHAP format")
struct FormatterTests {
    static func parse(_ text: String) -> JSONValue? {
        AHAPValidator.validate(bytes: Array(text.utf8), options: AHAPValidationOptions(lenient: true, checkWaveformFiles: false), rules: [])
            .document?.root
    }

    static let messy = """
        {"Pattern":[{"Event":{"EventParameters":[{"ParameterValue":1,"ParameterID":"HapticIntensity"}],"EventType":"HapticTransient","Time":0,"Name":"tap"}},
        {"ParameterCurve":{"ParameterCurveControlPoints":[{"ParameterValue":0.5,"Time":0}],"Time":1,"ParameterID":"HapticIntensityControl"}},],
        "Custom":{"b":1,"a":[1,2.5,"x"]},"Version":1.0}
        """

    @Test func canonicalKeyOrderAndUnknownKeysKept() throws {
        let (text, _) = try AHAPFormatter.format(bytes: Array(Self.messy.utf8), file: nil)
        let out = try #require(text)
        // Known keys first in canonical order, unknown keys after in original order.
        let version = try #require(out.range(of: "\"Version\""))
        let pattern = try #require(out.range(of: "\"Pattern\""))
        let custom = try #require(out.range(of: "\"Custom\""))
        #expect(version.lowerBound < pattern.lowerBound && pattern.lowerBound < custom.lowerBound)
        let time = try #require(out.range(of: "\"Time\": 0,"))
        let type = try #require(out.range(of: "\"EventType\""))
        let params = try #require(out.range(of: "\"EventParameters\""))
        let name = try #require(out.range(of: "\"Name\""))
        #expect(time.lowerBound < type.lowerBound && type.lowerBound < params.lowerBound && params.lowerBound < name.lowerBound)
        #expect(!out.contains(",]") && !out.contains(", ]"))
    }

    @Test func formattingIsIdempotentAndKeepsMeaning() throws {
        let (once, _) = try AHAPFormatter.format(bytes: Array(Self.messy.utf8), file: nil)
        let first = try #require(once)
        let (twice, _) = try AHAPFormatter.format(bytes: Array(first.utf8), file: nil)
        #expect(twice == first)
        #expect(Self.parse(first) == Self.parse(Self.messy))
    }

    @Test func integersStayIntegersAndRealsStayReals() throws {
        let (text, _) = try AHAPFormatter.format(
            bytes: Array(#"{"Version": 1, "Pattern": [{"Event": {"Time": 0.10000000149011612, "EventType": "HapticTransient"}}]}"#.utf8),
            file: nil)
        let out = try #require(text)
        #expect(out.contains("\"Version\": 1,"))
        #expect(out.contains("\"Time\": 0.10000000149011612"))
    }

    @Test func notJSONIsNotFormatted() throws {
        let (text, diagnostics) = try AHAPFormatter.format(bytes: Array("{\"Pattern\": [".utf8), file: "x.ahap")
        #expect(text == nil)
        #expect(diagnostics.first?.ruleID == "ahap.json_syntax")
    }

    @Test("corpus files round-trip", .enabled(if: TestPaths.corpusAvailable, TestPaths.corpusMissing))
    func corpusRoundTrip() throws {
        for url in TestPaths.corpusFiles() {
            let bytes = try [UInt8](Data(contentsOf: url))
            let (text, _) = try AHAPFormatter.format(bytes: bytes, file: url.path)
            guard let text else { continue }  // not JSON at all
            let (again, _) = try AHAPFormatter.format(bytes: Array(text.utf8), file: nil)
            #expect(again == text, "format is not idempotent on \(url.lastPathComponent)")
            #expect(Self.parse(text) == Self.parse(String(decoding: bytes, as: UTF8.self)), "meaning changed in \(url.lastPathComponent)")
            // The model read from the formatted text equals the model read from the original.
            if let a = Self.parse(text), let b = Self.parse(String(decoding: bytes, as: UTF8.self)) {
                #expect(AHAPPattern(json: a) == AHAPPattern(json: b))
            }
        }
    }

    @Test func modelRoundTripsThroughJSON() {
        var event = AHAPEvent(.hapticContinuous, time: 0.25, duration: 1.5, parameters: [AHAPEventParameter(.hapticIntensity, 0.8)])
        event.extra = JSONObject(["Name": .string("buzz")])
        let pattern = AHAPPattern(
            version: 1.0,
            elements: [
                .event(event),
                .curve(
                    AHAPParameterCurve(
                        .hapticIntensityControl, time: 0.25,
                        points: [AHAPControlPoint(time: 0, value: 1), AHAPControlPoint(time: 1.5, value: 0)])),
            ])
        let text = AHAPFormatter.format(pattern.jsonValue)
        let back = AHAPPattern(json: Self.parse(text)!)
        #expect(back == pattern)
        #expect(back.events.first?.extra["Name"] == .string("buzz"))
    }
}
