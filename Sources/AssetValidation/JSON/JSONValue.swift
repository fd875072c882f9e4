/// A decoded JSON value. Objects keep their members in file order, so a
/// rewrite loses nothing; equality of objects ignores member order.
public enum JSONValue: Sendable, Equatable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or exponent, as a 64-bit integer.
    case integer(Int64)
    /// A number with a fraction or exponent (from YAML, also infinity or NaN).
    case real(Double)
    /// A string, with its escapes decoded.
    case string(String)
    /// An array, items in order.
    case array([JSONValue])
    /// An object, members in file order.
    case object(JSONObject)

    /// The value as a Double when it is a number.
    public var number: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .real(let d): d
        default: nil
        }
    }

    /// The string, when the value is a string; else nil.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The items, when the value is an array; else nil.
    public var array: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The object, when the value is an object; else nil.
    public var object: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The boolean, when the value is `true` or `false`; else nil.
    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// A short name of the JSON type, for messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .real: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value of member `key` when this is an object that has one; else nil.
    public subscript(key: String) -> JSONValue? { object?[key] }
}

/// An ordered JSON object.
public struct JSONObject: Sendable, Equatable {
    /// One key of an object with its value.
    public struct Member: Sendable, Equatable {
        /// The member's name, with its escapes decoded.
        public var key: String
        /// The member's value.
        public var value: JSONValue
        /// A member named `key` holding `value`.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in order (file order for a decoded object).
    public var members: [Member]

    /// An object with `members` in the given order; empty by default.
    public init(_ members: [Member] = []) { self.members = members }

    /// An object with the members of a literal such as `["a": .integer(1)]`, in the order written.
    public init(_ pairs: KeyValuePairs<String, JSONValue>) {
        self.members = pairs.map { Member(key: $0.key, value: $0.value) }
    }

    /// The member names, in order.
    public var keys: [String] { members.map(\.key) }
    /// The number of members.
    public var count: Int { members.count }

    /// The value of the first member named `key`, or nil. Setting a value replaces that member's value in place,
    /// or appends a new member at the end; setting nil removes the member.
    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { $0.key == key })?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// True when both have the same number of members and each key has an equal value, whatever the order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        for member in lhs.members where rhs[member.key] != member.value { return false }
        return true
    }
}
