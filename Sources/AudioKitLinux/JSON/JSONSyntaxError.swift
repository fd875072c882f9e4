/// Why some text is not the JSON we accept, and where (1-based line and column,
/// the column counted in characters as Jansson does, and the byte offset).
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public enum Kind: String, Sendable {
        case syntax
        case duplicateKey
        case tooDeep
        case numberOutOfRange
        case invalidUTF8
        case wrongEncoding
    }

    public var kind: Kind
    public var message: String
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(kind: Kind, message: String, line: Int, column: Int, offset: Int) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
    }
}
