/// The JSON Schema (draft 2020-12) of a game manifest (`beatmap ci`, the `ValidateAssets` plugin), built from
/// `ManifestSchema`'s tables: each key with its type, a track's required keys, and the ranges of `bpm` and
/// `tolerance_ms`. The files a manifest names are checked by the tools, not by the schema.
public enum ManifestJSONSchema: PublishedJSONSchema {
    /// The schema's file name under `schemas/`, and the last part of its `$id`.
    public static let fileName = "game-manifest.schema.json"

    /// The schema.
    public static var document: JSONValue {
        Schema.object([
            "$schema": Schema.string(Schema.draft),
            "$id": Schema.string(Schema.base + fileName),
            "title": Schema.string("Game manifest (AudioKitLinux)"),
            "description": Schema.string(
                "A game's audio set for beatmap ci: tracks with their declared BPM and beat maps, and AHAP files; paths relative to the manifest."
            ),
            "type": Schema.string("object"),
            "properties": properties(ManifestSchema.topLevel),
            "additionalProperties": .bool(false),
            "$defs": Schema.object([("track", track)]),
        ])
    }

    /// A track: its audio, and its tempo or beat maps (or both).
    static var track: JSONValue {
        Schema.object([
            "type": Schema.string("object"),
            "required": Schema.strings(ManifestSchema.trackRequired),
            "anyOf": .array(ManifestSchema.trackChecks.map { Schema.object(["required": Schema.strings([$0])]) }),
            "properties": properties(ManifestSchema.track),
            "additionalProperties": .bool(false),
        ])
    }

    /// The schema of each key of `keys`, by its kind and, for the numbers and lists, what the reader takes.
    static func properties(_ keys: [(key: String, kind: ManifestSchema.Kind)]) -> JSONValue {
        Schema.object(
            keys.map { entry in
                switch (entry.key, entry.kind) {
                case ("bpm", _): (entry.key, range(ManifestSchema.bpm, "The declared tempo, in beats per minute."))
                case ("tolerance_ms", _):
                    (entry.key, range(ManifestSchema.tolerance, "How far a beat may be from its onset, in milliseconds."))
                case ("tracks", _): (entry.key, Schema.object(["type": Schema.string("array"), "items": Schema.ref("track")]))
                case (_, .list): (entry.key, Schema.object(["type": Schema.string("array"), "items": path]))
                case (_, .string): (entry.key, Schema.object(["type": Schema.string("string")]))
                case (_, .number): (entry.key, Schema.object(["type": Schema.string("number")]))
                }
            })
    }

    /// A path beside the manifest.
    static var path: JSONValue { Schema.object(["type": Schema.string("string"), "minLength": Schema.number(1)]) }

    /// A number strictly between the bounds of `range`.
    static func range(_ range: ManifestSchema.OpenRange, _ description: String) -> JSONValue {
        Schema.object([
            "type": Schema.string("number"), "exclusiveMinimum": Schema.number(range.lower),
            "exclusiveMaximum": Schema.number(range.upper), "description": Schema.string(description),
        ])
    }
}
