import Foundation

/// A clip made ready for Android in the three forms a game picks from at run time: a waveform for every device
/// (API 26), a composition of primitives for the emphasis points (API 31), and an envelope effect with sharpness
/// (API 36). `lost` says what each form leaves out.
public struct AndroidHaptics: Sendable, Equatable {
    /// `VibrationEffect.createWaveform` steps, neighbouring equal steps joined.
    public var waveform: AndroidWaveform
    /// The emphasis points as primitives; nil when the clip has none.
    public var composition: AndroidComposition?
    /// The `BasicEnvelopeBuilder` effect; nil when the clip has no amplitude above 0.
    public var envelope: AndroidEnvelope?
    /// True when the clip plays only at its emphasis points (its envelope stays at 0), so the composition says it all.
    public var emphasisOnly: Bool
    /// What the forms leave out, one sentence each.
    public var lost: [String]

    /// The three forms of `clip`; an error about `path` when the waveform would be too long.
    public init(_ clip: HapticClip, settings: AndroidWaveformSettings = AndroidWaveformSettings(), path: String = "") throws(InputError) {
        waveform = try AndroidWaveform.render(clip, settings: settings, path: path).joined
        let composition = AndroidComposition(clip)
        self.composition = composition.elements.isEmpty ? nil : composition
        envelope = AndroidEnvelope(clip)
        emphasisOnly = !clip.amplitude.contains { $0.amplitude > 0 } && self.composition != nil
        var lost: [String] = []
        let sharpnessVaries = Set(clip.frequency.map(\.frequency)).count > 1
        if sharpnessVaries || !clip.frequency.isEmpty && self.composition == nil {
            lost.append("waveform: sharpness (the frequency envelope) is not played; createWaveform has amplitude only")
        }
        if self.composition != nil {
            lost.append(
                "waveform: each emphasis is a burst of 12–36 ms at its amplitude over the envelope ducked to half (Meta's exporter)")
        }
        if self.composition != nil && !emphasisOnly {
            lost.append("composition: the continuous envelope is not played; only the emphasis points are")
        }
        if waveform.timingsMs.count > 10_000 {
            lost.append(
                "waveform: \(waveform.timingsMs.count) steps; one vibrate() call of more than about 10,000 steps may exceed Android's 1 MB binder buffer, so split the clip"
            )
        }
        if let e = envelope {
            if e.maximumIntensityError > 0.01 {
                lost.append(
                    "envelope: \(e.controlPoints.count) control points follow the clip's intensity within \(Self.format(e.maximumIntensityError)), not exactly"
                )
            }
            if e.controlPoints.count > AndroidEnvelope.maximumPoints {
                lost.append(
                    "envelope: \(e.controlPoints.count) control points, more than the \(AndroidEnvelope.maximumPoints) every device takes; the generated code falls back to the waveform where the device takes fewer"
                )
            }
        }
        self.lost = lost
    }

    /// True when the clip plays nothing: every amplitude is 0 and no emphasis has an amplitude above 0.
    public var isSilent: Bool { envelope == nil && composition == nil }

    static func format(_ x: Double) -> String { String(format: "%.3f", x) }

    /// The lowest API level each form needs.
    public enum APILevel {
        /// `createWaveform(long[], int[], int)`.
        public static let waveform = 26
        /// `BasicEnvelopeBuilder`, `DELAY_TYPE_RELATIVE_START_OFFSET`.
        public static let envelope = 36
    }
}

extension AndroidHaptics {
    /// The three forms as JSON: `waveform` {timings_ms, amplitudes, repeat}, `composition` {primitives: [{primitive,
    /// id, scale, time_ms}]} or null, `envelope` {initial_sharpness, control_points: [{intensity, sharpness,
    /// duration_ms}]} or null, and `lost`; `source` names the input.
    public func jsonValue(source: String) -> JSONValue {
        func member(_ key: String, _ value: JSONValue) -> JSONObject.Member { JSONObject.Member(key: key, value: value) }
        func int(_ x: Int) -> JSONValue { .integer(Int64(x)) }
        func real(_ x: Double) -> JSONValue { .real((x * 1e6).rounded() / 1e6) }
        let waveformValue = JSONValue.object(
            JSONObject([
                member("api", int(APILevel.waveform)), member("duration_ms", int(waveform.durationMs)),
                member("timings_ms", .array(waveform.timingsMs.map(int))), member("amplitudes", .array(waveform.amplitudes.map(int))),
                member("repeat", int(-1)),
            ]))
        let compositionValue: JSONValue =
            composition.map { c in
                .object(
                    JSONObject([
                        member("api", int(c.apiLevel)),
                        member(
                            "primitives",
                            .array(
                                c.elements.map { e in
                                    .object(
                                        JSONObject([
                                            member("primitive", .string(e.primitive.rawValue)), member("id", int(e.primitive.id)),
                                            member("scale", real(e.scale)), member("time_ms", int(e.timeMs)),
                                        ]))
                                })),
                    ]))
            } ?? .null
        let envelopeValue: JSONValue =
            envelope.map { e in
                .object(
                    JSONObject([
                        member("api", int(APILevel.envelope)), member("duration_ms", int(e.durationMs)),
                        member("initial_sharpness", real(e.initialSharpness)),
                        member(
                            "control_points",
                            .array(
                                e.controlPoints.map { p in
                                    .object(
                                        JSONObject([
                                            member("intensity", real(p.intensity)), member("sharpness", real(p.sharpness)),
                                            member("duration_ms", int(p.durationMs)),
                                        ]))
                                })),
                        member("maximum_intensity_error", real(e.maximumIntensityError)),
                    ]))
            } ?? .null
        return .object(
            JSONObject([
                member("format", .string("android-haptics")), member("version", int(1)), member("source", .string(source)),
                member("emphasis_only", .bool(emphasisOnly)), member("waveform", waveformValue), member("composition", compositionValue),
                member("envelope", envelopeValue), member("lost", .array(lost.map { .string($0) })),
            ]))
    }
}
