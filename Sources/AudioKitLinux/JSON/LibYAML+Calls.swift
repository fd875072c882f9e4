import CYAML

/// Every call into libyaml goes through this file. libyaml parses (YAML 1.1
/// syntax); plain scalars are typed by the YAML 1.2 core schema (null, bool,
/// int, float, else string), quoted scalars are strings. Duplicate keys are rejected as in our JSON, and
/// aliases are expanded under a node budget so that a "billion laughs"
/// document is refused instead of exhausting memory.
public enum LibYAML {
    /// Parses the first YAML document in `bytes`. Fails with a `JSONSyntaxError` for invalid YAML or UTF-8, an empty
    /// document, a mapping key that is not a scalar, a duplicate key, nesting deeper than `maxDepth`, or more than
    /// `maxNodes` values after aliases are expanded.
    public static func decode(_ bytes: [UInt8], maxDepth: Int = 64, maxNodes: Int = 1_000_000) -> Result<YAMLDecoded, JSONSyntaxError> {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return .failure(JSONSyntaxError(kind: .syntax, message: "libyaml could not start", line: 1, column: 1, offset: 0))
        }
        defer { yaml_parser_delete(&parser) }
        var document = yaml_document_t()
        let loaded = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return yaml_parser_load(&parser, &document)
        }
        guard loaded == 1 else { return .failure(parserError(parser)) }
        defer { yaml_document_delete(&document) }
        guard let root = yaml_document_get_root_node(&document) else {
            return .failure(JSONSyntaxError(kind: .syntax, message: "the YAML file has no document", line: 1, column: 1, offset: 0))
        }
        var converter = Converter(maxDepth: maxDepth, maxNodes: maxNodes)
        return withUnsafeMutablePointer(to: &document) { doc in
            switch converter.convert(root, document: doc, pointer: "", depth: 0) {
            case .success(let value): .success(YAMLDecoded(value: value, positions: converter.positions))
            case .failure(let error): .failure(error)
            }
        }
    }

    private static func parserError(_ parser: yaml_parser_t) -> JSONSyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        let context = parser.context.map { String(cString: $0) + ": " } ?? ""
        let mark = parser.problem_mark
        let kind: JSONSyntaxError.Kind = parser.error == YAML_READER_ERROR ? .invalidUTF8 : .syntax
        return JSONSyntaxError(
            kind: kind, message: context + problem, line: Int(mark.line) + 1, column: Int(mark.column) + 1, offset: Int(mark.index))
    }

    private struct Converter {
        let maxDepth: Int
        let maxNodes: Int
        var nodes = 0
        var positions: [String: TextPosition] = [:]

        mutating func convert(
            _ node: UnsafeMutablePointer<yaml_node_t>, document: UnsafeMutablePointer<yaml_document_t>, pointer: String, depth: Int
        ) -> Result<JSONValue, JSONSyntaxError> {
            let mark = node.pointee.start_mark
            let position = TextPosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1, offset: Int(mark.index))
            nodes += 1
            guard depth <= maxDepth else {
                return .failure(error(.tooDeep, "YAML nesting is deeper than \(maxDepth) levels; no manifest needs that", position))
            }
            guard nodes <= maxNodes else {
                return .failure(error(.tooDeep, "the YAML expands to more than \(maxNodes) values (aliases?); refusing it", position))
            }
            positions[pointer] = position
            switch node.pointee.type {
            case YAML_SCALAR_NODE:
                let scalar = node.pointee.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                // libyaml's loader gives untagged scalars the default `!!str` tag, so tags cannot be
                // told from no tag: plain scalars are typed by the schema, quoted ones are strings.
                return .success(scalar.style == YAML_PLAIN_SCALAR_STYLE ? YAMLScalar.resolve(text) : .string(text))
            case YAML_SEQUENCE_NODE:
                var items: [JSONValue] = []
                var item = node.pointee.data.sequence.items.start
                while let current = item, current != node.pointee.data.sequence.items.top {
                    guard let child = yaml_document_get_node(document, current.pointee) else { break }
                    switch convert(child, document: document, pointer: JSONPointer.appending(pointer, items.count), depth: depth + 1) {
                    case .success(let value): items.append(value)
                    case .failure(let e): return .failure(e)
                    }
                    item = current + 1
                }
                return .success(.array(items))
            case YAML_MAPPING_NODE:
                var object = JSONObject()
                var pair = node.pointee.data.mapping.pairs.start
                while let current = pair, current != node.pointee.data.mapping.pairs.top {
                    guard let keyNode = yaml_document_get_node(document, current.pointee.key),
                        let valueNode = yaml_document_get_node(document, current.pointee.value)
                    else { break }
                    let keyMark = keyNode.pointee.start_mark
                    let keyPosition = TextPosition(line: Int(keyMark.line) + 1, column: Int(keyMark.column) + 1, offset: Int(keyMark.index))
                    guard keyNode.pointee.type == YAML_SCALAR_NODE else {
                        return .failure(error(.syntax, "a mapping key must be a plain string", keyPosition))
                    }
                    let scalar = keyNode.pointee.data.scalar
                    let key = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                    guard object[key] == nil else {
                        return .failure(error(.duplicateKey, "duplicate key \"\(key)\"; remove one of the two", keyPosition))
                    }
                    positions["#" + JSONPointer.appending(pointer, key)] = keyPosition
                    switch convert(valueNode, document: document, pointer: JSONPointer.appending(pointer, key), depth: depth + 1) {
                    case .success(let value): object.members.append(JSONObject.Member(key: key, value: value))
                    case .failure(let e): return .failure(e)
                    }
                    pair = current + 1
                }
                return .success(.object(object))
            default:
                return .success(.null)
            }
        }

        private func error(_ kind: JSONSyntaxError.Kind, _ message: String, _ p: TextPosition) -> JSONSyntaxError {
            JSONSyntaxError(kind: kind, message: message, line: p.line, column: p.column, offset: p.offset)
        }
    }
}

/// The YAML 1.2 core schema's typing of plain scalars.
public enum YAMLScalar {
    /// The value of the plain scalar `text`: null, a boolean, an integer (decimal, `0x` hex or `0o` octal),
    /// a float (including `.inf` and `.nan`), or else the text as a string.
    public static func resolve(_ text: String) -> JSONValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .real(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .real(-.infinity)
        case ".nan", ".NaN", ".NAN": return .real(.nan)
        default: break
        }
        if isInteger(text) {
            if let i = Int64(text.hasPrefix("+") ? String(text.dropFirst()) : text) { return .integer(i) }
            return Double(text).map(JSONValue.real) ?? .string(text)
        }
        if text.hasPrefix("0x"), let i = Int64(text.dropFirst(2), radix: 16) { return .integer(i) }
        if text.hasPrefix("0o"), let i = Int64(text.dropFirst(2), radix: 8) { return .integer(i) }
        if isFloat(text), let d = Double(text) { return .real(d) }
        return .string(text)
    }

    /// `[-+]?[0-9]+`
    private static func isInteger(_ text: String) -> Bool {
        let digits = text.utf8.drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
        return !digits.isEmpty && text.utf8.count - digits.count <= 1 && digits.allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ text: String) -> Bool {
        var s = Substring(text)
        if s.first == "-" || s.first == "+" { s = s.dropFirst() }
        let mantissa = s.prefix { $0 != "e" && $0 != "E" }
        let exponent = s.dropFirst(mantissa.count)
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, !mantissa.isEmpty, mantissa != "." else { return false }
        guard parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return false }
        if parts.count == 1 && parts[0].isEmpty { return false }
        if !exponent.isEmpty {
            var e = exponent.dropFirst()
            if e.first == "-" || e.first == "+" { e = e.dropFirst() }
            guard !e.isEmpty, e.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        }
        return true
    }
}
