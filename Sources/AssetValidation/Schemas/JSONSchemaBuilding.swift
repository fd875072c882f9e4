/// A JSON Schema published under `schemas/`: its file name (the last part of its `$id`) and its document.
public protocol PublishedJSONSchema {
    /// The schema's file name under `schemas/`, and the last part of its `$id`.
    static var fileName: String { get }
    /// The schema.
    static var document: JSONValue { get }
}

extension PublishedJSONSchema {
    /// The schema as JSON text: two-space indentation, members in the order built, a final newline.
    public static var text: String { Schema.text(document) }
}

/// Small builders for JSON Schema (draft 2020-12) documents as `JSONValue`s, so each schema reads as its table.
package enum Schema {
    /// The draft every schema of this package follows.
    package static let draft = "https://json-schema.org/draft/2020-12/schema"
    /// Where the schemas are published; `$id`s are this and the file name.
    package static let base = "https://raw.githubusercontent.com/OWNER/audiokit-linux/main/schemas/"

    /// An object with these members, in this order.
    package static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue { .object(JSONObject(pairs)) }

    /// An object with these members, in this order (members built in a loop).
    package static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }

    /// A JSON string.
    package static func string(_ s: String) -> JSONValue { .string(s) }

    /// A JSON number.
    package static func number(_ d: Double) -> JSONValue { d == d.rounded() && abs(d) < 1e15 ? .integer(Int64(d)) : .real(d) }

    /// An array of strings.
    package static func strings(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }

    /// `{"$ref": "#/$defs/name"}`.
    package static func ref(_ name: String) -> JSONValue { object(["$ref": string("#/$defs/" + name)]) }

    /// A number within `range`, with `description`.
    package static func number(in range: ClosedRange<Double>, _ description: String) -> JSONValue {
        object([
            "type": string("number"), "minimum": number(range.lowerBound), "maximum": number(range.upperBound),
            "description": string(description),
        ])
    }

    /// `{"if": {"properties": {key: {"const": value}}, "required": [key]}, "then": then}`.
    package static func when(_ key: String, is value: String, then: JSONValue) -> JSONValue {
        object([
            "if": object(["properties": object([(key, object(["const": string(value)]))]), "required": strings([key])]),
            "then": then,
        ])
    }

    /// `{"if": {"properties": {key: {"enum": values}}, "required": [key]}, "then": then}`.
    package static func when(_ key: String, isOneOf values: [String], then: JSONValue) -> JSONValue {
        object([
            "if": object(["properties": object([(key, object(["enum": strings(values)]))]), "required": strings([key])]),
            "then": then,
        ])
    }

    /// The schema's text: two-space indentation, members in the order built, a final newline.
    package static func text(_ schema: JSONValue) -> String { JSONWriter(indent: "  ").string(from: schema) }
}
