/// Why some text is not the JSON we accept, and where (1-based line and column,
/// the column counted in characters as Jansson does, and the byte offset).
public struct JSONSyntaxError: Error, Sendable, Equatable {
    /// The category of a syntax error.
    public enum Kind: String, Sendable {
        /// Text that is not well-formed JSON or YAML.
        case syntax
        /// An object or mapping that has the same key twice.
        case duplicateKey
        /// Nesting deeper than the depth limit, or a YAML document that expands to more values than its node limit.
        case tooDeep
        /// A number too large for Jansson to hold.
        case numberOutOfRange
        /// Bytes that are not valid UTF-8.
        case invalidUTF8
        /// Text in UTF-16 or UTF-32 instead of UTF-8.
        case wrongEncoding
    }

    /// The category of the error.
    public var kind: Kind
    /// What is wrong, in the parser's words.
    public var message: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in characters.
    public var column: Int
    /// 0-based byte offset from the start of the text.
    public var offset: Int

    /// An error of `kind` at a 1-based `line` and `column` (in characters) and a 0-based byte `offset`.
    public init(kind: Kind, message: String, line: Int, column: Int, offset: Int) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
    }
}
