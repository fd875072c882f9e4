/// The JSON Schema (draft 2020-12) of a JSON beat map, built from `BeatMapJSONKeys` and the tempo map's limits
/// (`TempoMap.bpmRange`, `BeatMapReader.maxTempoChanges`): a plain array of beat times, or an object with the beats and
/// the grid they were placed on. Whether the beats keep time with the track is `beatmap check`'s.
public enum BeatMapJSONSchema: PublishedJSONSchema {
    /// The schema's file name under `schemas/`, and the last part of its `$id`.
    public static let fileName = "beatmap.schema.json"

    /// The schema: a plain array of beats, or the map object.
    public static var document: JSONValue {
        Schema.object([
            "$schema": Schema.string(Schema.draft),
            "$id": Schema.string(Schema.base + fileName),
            "title": Schema.string("Beat map (AudioKitLinux JSON)"),
            "description": Schema.string(
                "Beat times in seconds, as an array or as an object with the grid they were placed on; read by beatmap lint, check and edit."
            ),
            "anyOf": .array([Schema.object(["type": Schema.string("array"), "items": Schema.ref("beat")]), mapObject]),
            "$defs": Schema.object([("beat", beat)]),
        ])
    }

    static let number = Schema.object(["type": Schema.string("number")])
    static let bpm = Schema.number(in: TempoMap.bpmRange, "Beats per minute.")

    /// A beat: its time in seconds, or an object holding it under one of `BeatMapJSONKeys.beatTime`.
    static var beat: JSONValue {
        Schema.object([
            "anyOf": .array(
                [Schema.object(["type": Schema.string("number"), "description": Schema.string("The beat's time in seconds.")])]
                    + BeatMapJSONKeys.beatTime.map { key in
                        Schema.object([
                            "type": Schema.string("object"), "required": Schema.strings([key]),
                            "properties": Schema.object([(key, number)]),
                        ])
                    })
        ])
    }

    /// The map object: the beats under one of their names, the grid (bpm, offset) and its sections.
    static var mapObject: JSONValue {
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
            (BeatMapJSONKeys.tempoChanges, sections(BeatMapJSONKeys.tempoChangeKeys, [("time", number), ("bpm", bpm)])),
            (BeatMapJSONKeys.stops, sections(BeatMapJSONKeys.stopKeys, stopProperties)),
        ]
        let grid = [BeatMapJSONKeys.bpm, BeatMapJSONKeys.offset]
        return Schema.object([
            "type": Schema.string("object"),
            "anyOf": .array(BeatMapJSONKeys.beats.map { Schema.object(["required": Schema.strings([$0])]) }),
            "properties": Schema.object(properties),
            "additionalProperties": .bool(false),
            // Tempo changes and stops are sections of the grid that bpm and offset begin.
            "dependentRequired": Schema.object([
                (BeatMapJSONKeys.tempoChanges, Schema.strings(grid)), (BeatMapJSONKeys.stops, Schema.strings(grid)),
            ]),
        ])
    }

    /// A stop's members: its time, its length and whether it is a delay.
    static var stopProperties: [(String, JSONValue)] {
        [
            ("time", number),
            (
                "seconds",
                Schema.object([
                    "type": Schema.string("number"), "exclusiveMinimum": Schema.number(0),
                    "exclusiveMaximum": Schema.number(BeatMapJSONKeys.maximumStop),
                ])
            ),
            (BeatMapJSONKeys.stopDelay, Schema.object(["type": Schema.string("boolean")])),
        ]
    }

    /// An array of at most `BeatMapReader.maxTempoChanges` objects with `required` keys and only `properties`.
    static func sections(_ required: [String], _ properties: [(String, JSONValue)]) -> JSONValue {
        Schema.object([
            "type": Schema.string("array"), "maxItems": Schema.number(Double(BeatMapReader.maxTempoChanges)),
            "items": Schema.object([
                "type": Schema.string("object"), "required": Schema.strings(required),
                "properties": Schema.object(properties), "additionalProperties": .bool(false),
            ]),
        ])
    }
}
