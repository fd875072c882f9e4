/// A YAML document turned into the same `JSONValue` the JSON readers produce,
/// with the position of every value by JSON pointer, so findings about a YAML
/// manifest point at its line and column.
public struct YAMLDecoded: Sendable {
    /// The document's content as a JSON value.
    public var value: JSONValue
    /// The line, column and byte offset of every value, by JSON pointer ("" for the root), and of every mapping key
    /// under "#" and the pointer of its value.
    public var positions: [String: TextPosition]

    /// A document of `value`, its values at `positions`.
    public init(value: JSONValue, positions: [String: TextPosition]) {
        self.value = value
        self.positions = positions
    }
}

/// Reads YAML text (at most `maxDepth` levels deep) into a `YAMLDecoded`, or says where it is not YAML. AudioKitLinux's
/// is libyaml's; the `ValidateAssets` plugin's checker has none.
public typealias YAMLDecoding = @Sendable (_ bytes: [UInt8], _ maxDepth: Int) -> Result<YAMLDecoded, JSONSyntaxError>
