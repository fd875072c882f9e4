import AudioKitLinux
import Testing

@Suite("AHAP model")
struct ModelTests {
    @Test func clampingAndDefaultsFollowTheHeader() {
        let event = AHAPEvent(
            .hapticTransient, time: 0, parameters: [AHAPEventParameter(.hapticIntensity, 1.5), AHAPEventParameter(.hapticSharpness, -1)])
        #expect(event.value(of: .hapticIntensity) == 1)
        #expect(event.value(of: .hapticSharpness) == 0)
        #expect(event.value(of: .attackTime) == 0)
        #expect(event.value(of: .sustained) == 1)  // header: defaults to sustained
        #expect(event.value(of: .audioBrightness) == 1)
        #expect(EventParameterID.audioPan.range == ParameterRange(-1, 1))
    }

    @Test func dynamicParametersMultiplyOrAdd() {
        #expect(DynamicParameterID.hapticIntensityControl.combination == .multiply)
        #expect(DynamicParameterID.audioVolumeControl.combination == .multiply)
        for id in DynamicParameterID.allCases where id != .hapticIntensityControl && id != .audioVolumeControl {
            #expect(id.combination == .add, "\(id)")
            #expect(id.range == .signedUnit)
        }
    }

    @Test func durationIsTheLatestEnd() {
        let p = AHAPPattern(elements: [
            .event(AHAPEvent(.hapticTransient, time: 1)),
            .event(AHAPEvent(.hapticContinuous, time: 0.5, duration: 2)),
            .curve(
                AHAPParameterCurve(
                    .hapticIntensityControl, time: 1, points: [AHAPControlPoint(time: 0, value: 1), AHAPControlPoint(time: 1.75, value: 0)])
            ),
        ])
        #expect(p.duration == 2.75)
    }

    @Test func malformedControlPointDropsTheWholeList() {
        let json: JSONValue = .object(
            JSONObject([
                "ParameterID": .string("HapticIntensityControl"), "Time": .integer(0),
                "ParameterCurveControlPoints": .array([
                    .object(JSONObject(["Time": .integer(0), "ParameterValue": .integer(1)])),
                    .object(JSONObject(["Time": .integer(1)])),
                ]),
            ]))
        #expect(AHAPParameterCurve(json: json.object!).controlPoints.isEmpty)
    }

    @Test func numbersAsStringsAreReadLikeFloatValue() {
        let e = AHAPEvent(json: JSONObject(["Time": .string("0.5"), "EventType": .string("HapticTransient")]))
        #expect(e.time == 0.5)
    }
}
