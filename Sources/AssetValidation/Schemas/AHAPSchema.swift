/// The JSON Schema (draft 2020-12) of an AHAP file, built from the tables the validator's rules read: the keys
/// (`AHAPKey`), the event types (`AHAPEventType`), the parameters with their ranges and the events they apply to
/// (`EventParameterID`, `DynamicParameterID`) and Core Haptics' limits (`CoreHapticsLimits`). It holds what the rules
/// report as errors and warnings that a schema can say; what it cannot (a parameter set twice, control points out of
/// order, timing against the sound) is left to `ahap-tool validate`. Notes are not encoded: a file the validator
/// calls clean is valid against it.
public enum AHAPSchema: PublishedJSONSchema {
    /// The schema's file name under `schemas/`, and the last part of its `$id`.
    public static let fileName = "ahap.schema.json"

    /// The schema.
    public static var document: JSONValue {
        Schema.object([
            "$schema": Schema.string(Schema.draft),
            "$id": Schema.string(Schema.base + fileName),
            "title": Schema.string("Apple Haptic and Audio Pattern (AHAP)"),
            "description": Schema.string(
                "A Core Haptics pattern file. Generated from the tables of ahap-tool validate (AudioKitLinux), which also checks what a schema cannot: run it too."
            ),
            "type": Schema.string("object"),
            "required": Schema.strings([AHAPKey.version, AHAPKey.pattern]),
            "properties": Schema.object([
                AHAPKey.version: Schema.number(
                    in: CoreHapticsLimits.supportedVersions, "The format version; CoreHaptics loads 1.0 to 1.1."),
                AHAPKey.metadata: Schema.object([
                    "type": Schema.string("object"),
                    "description": Schema.string("Notes such as Project, Created and Description; CoreHaptics ignores them."),
                ]),
                AHAPKey.configuration: Schema.object(["description": Schema.string("Private Apple SPI; accepted as it is.")]),
                AHAPKey.pattern: Schema.object([
                    "type": Schema.string("array"), "minItems": Schema.number(1), "items": Schema.ref("element"),
                    "description": Schema.string("The events, dynamic parameters and parameter curves."),
                ]),
            ]),
            "additionalProperties": .bool(false),
            "$defs": Schema.object([
                ("element", element), ("event", event), ("eventParameter", eventParameter), ("parameter", dynamicParameter),
                ("curve", curve), ("controlPoint", controlPoint), ("time", time),
            ]),
        ])
    }

    /// A Pattern item: exactly one of Event, Parameter or ParameterCurve.
    static var element: JSONValue {
        Schema.object([
            "type": Schema.string("object"), "minProperties": Schema.number(1), "maxProperties": Schema.number(1),
            "properties": Schema.object([
                AHAPKey.event: Schema.ref("event"), AHAPKey.parameter: Schema.ref("parameter"),
                AHAPKey.parameterCurve: Schema.ref("curve"),
            ]),
            "additionalProperties": .bool(false),
        ])
    }

    /// A time in seconds, from the start of the pattern (or of its curve).
    static var time: JSONValue {
        Schema.object([
            "type": Schema.string("number"), "minimum": Schema.number(0), "description": Schema.string("Seconds."),
        ])
    }

    /// An Event: its type, time, duration, waveform and parameters, with what each type requires.
    static var event: JSONValue {
        let continuous = AHAPEventType.allCases.filter(\.isContinuous).map(\.rawValue)
        var conditions: [JSONValue] = [
            Schema.when(
                AHAPKey.eventType, isOneOf: continuous,
                then: Schema.object([
                    "required": Schema.strings([AHAPKey.eventDuration]),
                    "properties": Schema.object([
                        AHAPKey.eventDuration: Schema.object(["exclusiveMinimum": Schema.number(0)])
                    ]),
                ])),
            Schema.when(
                AHAPKey.eventType, is: AHAPEventType.hapticContinuous.rawValue,
                then: Schema.object([
                    "properties": Schema.object([
                        AHAPKey.eventDuration: Schema.object([
                            "maximum": Schema.number(CoreHapticsLimits.maximumContinuousDuration)
                        ])
                    ])
                ])),
            Schema.when(
                AHAPKey.eventType, is: AHAPEventType.audioCustom.rawValue,
                then: Schema.object(["required": Schema.strings([AHAPKey.waveformPath])])),
        ]
        // The parameters an event of each type takes (a haptic parameter on an audio event is an error).
        for type in AHAPEventType.allCases {
            let ids = EventParameterID.allCases.filter { $0.applies(to: type) }.map(\.rawValue)
            conditions.append(
                Schema.when(
                    AHAPKey.eventType, is: type.rawValue,
                    then: Schema.object([
                        "properties": Schema.object([
                            AHAPKey.eventParameters: Schema.object([
                                "items": Schema.object([
                                    "properties": Schema.object([AHAPKey.parameterID: Schema.object(["enum": Schema.strings(ids)])])
                                ])
                            ])
                        ])
                    ])))
        }
        return Schema.object([
            "type": Schema.string("object"),
            "required": Schema.strings([AHAPKey.eventType]),
            // Time, or its alias EventTime.
            "anyOf": .array([
                Schema.object(["required": Schema.strings([AHAPKey.time])]),
                Schema.object(["required": Schema.strings([AHAPKey.eventTime])]),
            ]),
            "properties": Schema.object([
                (AHAPKey.time, Schema.ref("time")), (AHAPKey.eventTime, Schema.ref("time")),
                (AHAPKey.eventType, Schema.object(["enum": Schema.strings(AHAPEventType.allCases.map(\.rawValue))])),
                (
                    AHAPKey.eventDuration,
                    Schema.object(["type": Schema.string("number"), "minimum": Schema.number(0), "description": Schema.string("Seconds.")])
                ),
                (AHAPKey.waveformPath, Schema.object(["type": Schema.string("string"), "minLength": Schema.number(1)])),
                (AHAPKey.useVolumeEnvelope, Schema.object([:])), (AHAPKey.loopEnabled, Schema.object([:])),
                (AHAPKey.eventParameters, Schema.object(["type": Schema.string("array"), "items": Schema.ref("eventParameter")])),
            ]),
            "additionalProperties": .bool(false),
            "allOf": .array(conditions),
        ])
    }

    /// An `EventParameters` entry: a known event parameter and a value within its range.
    static var eventParameter: JSONValue {
        Schema.object([
            "type": Schema.string("object"),
            "required": Schema.strings(AHAPKey.entryKeys),
            "properties": Schema.object([
                AHAPKey.parameterID: Schema.object(["enum": Schema.strings(EventParameterID.allCases.map(\.rawValue))]),
                AHAPKey.parameterValue: Schema.object(["type": Schema.string("number")]),
            ]),
            "additionalProperties": .bool(false),
            "allOf": .array(
                EventParameterID.allCases.map { id in
                    Schema.when(
                        AHAPKey.parameterID, is: id.rawValue,
                        then: Schema.object([
                            "properties": Schema.object([
                                AHAPKey.parameterValue: Schema.number(in: id.range.lower...id.range.upper, "\(id.rawValue)'s range.")
                            ])
                        ]))
                }),
        ])
    }

    /// The value range of each dynamic parameter, for `ParameterValue` at `valueAt` (a Parameter's own, or a curve's
    /// control points').
    static func dynamicRanges(_ valueAt: (JSONValue) -> JSONValue) -> JSONValue {
        .array(
            DynamicParameterID.allCases.map { id in
                Schema.when(
                    AHAPKey.parameterID, is: id.rawValue,
                    then: valueAt(Schema.number(in: id.range.lower...id.range.upper, "\(id.rawValue)'s range.")))
            })
    }

    /// A Parameter element: a dynamic parameter set at a time.
    static var dynamicParameter: JSONValue {
        Schema.object([
            "type": Schema.string("object"),
            "required": Schema.strings([AHAPKey.parameterID, AHAPKey.parameterValue]),
            // Time, or its alias ParameterTime.
            "anyOf": .array([
                Schema.object(["required": Schema.strings([AHAPKey.time])]),
                Schema.object(["required": Schema.strings([AHAPKey.parameterTime])]),
            ]),
            "properties": Schema.object([
                (AHAPKey.parameterID, Schema.object(["enum": Schema.strings(DynamicParameterID.allCases.map(\.rawValue))])),
                (AHAPKey.time, Schema.ref("time")), (AHAPKey.parameterTime, Schema.ref("time")),
                (AHAPKey.parameterValue, Schema.object(["type": Schema.string("number")])),
            ]),
            "additionalProperties": .bool(false),
            "allOf": dynamicRanges { Schema.object(["properties": Schema.object([AHAPKey.parameterValue: $0])]) },
        ])
    }

    /// A ParameterCurve: a dynamic parameter's control points, relative to the curve's time.
    static var curve: JSONValue {
        Schema.object([
            "type": Schema.string("object"),
            "required": Schema.strings(AHAPKey.curveKeys),
            "properties": Schema.object([
                AHAPKey.parameterID: Schema.object(["enum": Schema.strings(DynamicParameterID.allCases.map(\.rawValue))]),
                AHAPKey.time: Schema.ref("time"),
                AHAPKey.controlPoints: Schema.object([
                    "type": Schema.string("array"), "minItems": Schema.number(2),
                    "maxItems": Schema.number(Double(CoreHapticsLimits.maximumCurvePoints)), "items": Schema.ref("controlPoint"),
                ]),
            ]),
            "additionalProperties": .bool(false),
            "allOf": dynamicRanges {
                Schema.object([
                    "properties": Schema.object([
                        AHAPKey.controlPoints: Schema.object([
                            "items": Schema.object(["properties": Schema.object([AHAPKey.parameterValue: $0])])
                        ])
                    ])
                ])
            },
        ])
    }

    /// A control point: a time from the curve's start and a value.
    static var controlPoint: JSONValue {
        Schema.object([
            "type": Schema.string("object"),
            "required": Schema.strings(AHAPKey.pointKeys),
            "properties": Schema.object([
                AHAPKey.time: Schema.ref("time"), AHAPKey.parameterValue: Schema.object(["type": Schema.string("number")]),
            ]),
            "additionalProperties": .bool(false),
        ])
    }
}
