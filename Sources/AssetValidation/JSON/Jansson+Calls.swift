import CJansson

/// Every call into Jansson goes through this file. The decoder is strict:
/// duplicate keys are rejected (`JSON_REJECT_DUPLICATES`), and so are NaN,
/// Infinity, trailing commas and comments, which Jansson never accepts.
package enum Jansson {
    /// Jansson seeds its hash function on the first object it makes, reading and writing one global without a lock
    /// (ThreadSanitizer reports the race when two files are parsed at once, as the tools do). Seeding it here, once and
    /// before any parse, orders that write before every read.
    private static let seeded: Void = json_object_seed(0)

    /// Parses `bytes` and converts the result to `JSONValue`.
    package static func decode(_ bytes: UnsafeRawBufferPointer, maxDepth: Int) -> Result<JSONValue, JSONSyntaxError> {
        _ = seeded
        var error = json_error_t()
        let flags = Int(JSON_REJECT_DUPLICATES) | Int(JSON_DECODE_ANY)
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
            let root = json_loadb(base, bytes.count, flags, &error)
        else {
            return .failure(syntaxError(from: error, byteCount: bytes.count))
        }
        defer { json_decref(root) }
        var converter = Converter(maxDepth: maxDepth)
        guard let value = converter.convert(root, depth: 0) else {
            return .failure(
                JSONSyntaxError(
                    kind: .tooDeep,
                    message: "JSON nesting is deeper than \(maxDepth) levels; no AHAP or beat map needs that",
                    line: 1, column: 1, offset: 0))
        }
        return .success(value)
    }

    /// Jansson's bare parse, used by the benchmark as the ceiling to compare with.
    static func parseOnly(_ bytes: UnsafeRawBufferPointer) -> Bool {
        _ = seeded
        var error = json_error_t()
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
            let root = json_loadb(base, bytes.count, Int(JSON_REJECT_DUPLICATES), &error)
        else { return false }
        json_decref(root)
        return true
    }

    private static func syntaxError(from error: json_error_t, byteCount: Int) -> JSONSyntaxError {
        var e = error
        let text = withUnsafeBytes(of: &e.text) { raw -> String in
            let chars = raw.bindMemory(to: CChar.self)
            let end = chars.firstIndex(of: 0) ?? chars.count
            return String(decoding: raw.prefix(end), as: UTF8.self)
        }
        let code = json_error_code(&e)
        let kind: JSONSyntaxError.Kind
        switch code {
        case json_error_duplicate_key: kind = .duplicateKey
        case json_error_numeric_overflow: kind = .numberOutOfRange
        case json_error_invalid_utf8: kind = .invalidUTF8
        default: kind = .syntax
        }
        return JSONSyntaxError(
            kind: kind, message: text, line: max(1, Int(e.line)), column: max(1, Int(e.column)),
            offset: max(0, min(Int(e.position), byteCount)))
    }

    private struct Converter {
        let maxDepth: Int

        mutating func convert(_ node: UnsafeMutablePointer<json_t>, depth: Int) -> JSONValue? {
            guard depth <= maxDepth else { return nil }
            switch node.pointee.type {
            case JSON_NULL: return .null
            case JSON_TRUE: return .bool(true)
            case JSON_FALSE: return .bool(false)
            case JSON_INTEGER: return .integer(Int64(json_integer_value(node)))
            case JSON_REAL: return .real(json_real_value(node))
            case JSON_STRING:
                let length = json_string_length(node)
                guard let chars = json_string_value(node) else { return .string("") }
                let buffer = UnsafeRawBufferPointer(start: chars, count: length)
                return .string(String(decoding: buffer, as: UTF8.self))
            case JSON_ARRAY:
                let count = json_array_size(node)
                var items: [JSONValue] = []
                items.reserveCapacity(count)
                for i in 0..<count {
                    guard let child = json_array_get(node, i), let value = convert(child, depth: depth + 1)
                    else { return nil }
                    items.append(value)
                }
                return .array(items)
            case JSON_OBJECT:
                var members: [JSONObject.Member] = []
                members.reserveCapacity(json_object_size(node))
                var iter = json_object_iter(node)
                while let current = iter {
                    guard let keyPointer = json_object_iter_key(current),
                        let child = json_object_iter_value(current)
                    else { break }
                    let keyLength = json_object_iter_key_len(current)
                    let key = String(
                        decoding: UnsafeRawBufferPointer(start: keyPointer, count: keyLength), as: UTF8.self)
                    guard let value = convert(child, depth: depth + 1) else { return nil }
                    members.append(JSONObject.Member(key: key, value: value))
                    iter = json_object_iter_next(node, current)
                }
                return .object(JSONObject(members))
            default:
                return .null
            }
        }
    }
}

extension JSONValue {
    /// The JSON value in `bytes` (UTF-8, at most `maxDepth` levels deep), read with Jansson; nil when it is not JSON.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 64) -> JSONValue? {
        guard case .success(let value) = bytes.withUnsafeBytes({ Jansson.decode($0, maxDepth: maxDepth) }) else { return nil }
        return value
    }
}
