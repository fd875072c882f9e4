/// The JSON Schema (draft 2020-12) of a JSON beat map, built from `BeatMapJSONKeys` and the tempo map's limits
/// (`TempoMap.bpmRange`, `BeatMapReader.maxTempoChanges`): a plain array of beat times, or an object with the beats and
/// the grid they were placed on. Whether the beats keep time with the track is `beatmap check`'s.
public enum BeatMapJSONSchema {
    /// The schema's file name under `schemas/`, and the last part of its `$id`.
    public static let fileName = "beatmap.schema.json"

    /// The schema as JSON text.
    public static var text: String { Schema.text(document) }

    /// The schema.
    public static var document: JSONValue {
        let number = Schema.object(["type": Schema.string("number")])
        let bpm = Schema.number(in: TempoMap.bpmRange, "Beats per minute.")
        let beat = Schema.object([
            "anyOf": .array(
                [Schema.object(["type": Schema.string("number"), "description": Schema.string("The beat's time in seconds.")])]
                    + BeatMapJSONKeys.beatTime.map { key in
                        Schema.object([
                            "type": Schema.string("object"), "required": Schema.strings([key]),
                            "properties": Schema.object([(key, number)]),
                        ])
                    })
        ])
        let list = Schema.object(["type": Schema.string("array"), "items": Schema.ref("beat")])
        var properties: [(String, JSONValue)] = [
            (BeatMapJSONKeys.schema, Schema.object(["type": Schema.string("string"), "format": Schema.string("uri-reference")]))
        ]
        properties += BeatMapJSONKeys.beats.map { ($0, list) }
        properties += [
            (BeatMapJSONKeys.bpm, bpm),
            (
                BeatMapJSONKeys.offset,
                Schema.object(["type": Schema.string("number"), "description": Schema.string("The first beat's time in seconds.")])
            ),
            (
                BeatMapJSONKeys.tempoChanges,
                Schema.object([
                    "type": Schema.string("array"), "maxItems": Schema.number(Double(BeatMapReader.maxTempoChanges)),
                    "items": Schema.object([
                        "type": Schema.string("object"), "required": Schema.strings(BeatMapJSONKeys.tempoChangeKeys),
                        "properties": Schema.object([("time", number), ("bpm", bpm)]), "additionalProperties": .bool(false),
                    ]),
                ])
            ),
            (
                BeatMapJSONKeys.stops,
                Schema.object([
                    "type": Schema.string("array"), "maxItems": Schema.number(Double(BeatMapReader.maxTempoChanges)),
                    "items": Schema.object([
                        "type": Schema.string("object"), "required": Schema.strings(BeatMapJSONKeys.stopKeys),
                        "properties": Schema.object([
                            ("time", number),
                            (
                                "seconds",
                                Schema.object([
                                    "type": Schema.string("number"), "exclusiveMinimum": Schema.number(0),
                                    "exclusiveMaximum": Schema.number(BeatMapJSONKeys.maximumStop),
                                ])
                            ),
                            (BeatMapJSONKeys.stopDelay, Schema.object(["type": Schema.string("boolean")])),
                        ]),
                        "additionalProperties": .bool(false),
                    ]),
                ])
            ),
        ]
        let grid = [BeatMapJSONKeys.bpm, BeatMapJSONKeys.offset]
        let object = Schema.object([
            "type": Schema.string("object"),
            "anyOf": .array(BeatMapJSONKeys.beats.map { Schema.object(["required": Schema.strings([$0])]) }),
            "properties": Schema.object(properties),
            "additionalProperties": .bool(false),
            // Tempo changes and stops are sections of the grid that bpm and offset begin.
            "dependentRequired": Schema.object([
                (BeatMapJSONKeys.tempoChanges, Schema.strings(grid)), (BeatMapJSONKeys.stops, Schema.strings(grid)),
            ]),
        ])
        return Schema.object([
            "$schema": Schema.string(Schema.draft),
            "$id": Schema.string(Schema.base + fileName),
            "title": Schema.string("Beat map (AudioKitLinux JSON)"),
            "description": Schema.string(
                "Beat times in seconds, as an array or as an object with the grid they were placed on; read by beatmap lint, check and edit."
            ),
            "anyOf": .array([Schema.object(["type": Schema.string("array"), "items": Schema.ref("beat")]), object]),
            "$defs": Schema.object([("beat", beat)]),
        ])
    }
}
