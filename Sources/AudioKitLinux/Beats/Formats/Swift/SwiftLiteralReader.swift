import Foundation

/// Reads the beat map array literal out of the game's Swift source, such as
/// `static let beatMap: [TimeInterval] = [0.5, 1.0, 1.5]`. Comments and
/// string literals are skipped; numbers may use `_` separators, exponents and
/// hexadecimal; a trailing comma is fine (Swift allows it). Each beat keeps its
/// line and column in the Swift file.
enum SwiftLiteralReader {
    struct Candidate {
        let name: String
        let line: Int
        let column: Int
        let result: Result<([Double], [SourceLocation]), ParseFailure>
        /// The scalar offsets of the literal's content, between `[` and `]` (nil when it is not closed).
        var content: Range<Int>? = nil
    }

    struct ParseFailure: Error {
        let line: Int
        let column: Int
        let message: String
        var remedy: Remedy? = nil
    }

    static func read(_ text: String, file: String?, symbol: String?) -> BeatMapReadResult {
        let chars = Array(text.unicodeScalars)
        let candidates = scan(chars, file: file)
        let chosen: Candidate
        if let symbol {
            guard let c = candidates.first(where: { $0.name == symbol }) else {
                let names = candidates.map(\.name)
                return BeatMapReader.failure(
                    file, 1, 1, "no array named \"\(symbol)\"\(names.isEmpty ? "" : "; arrays found: \(names.joined(separator: ", "))")")
            }
            chosen = c
        } else {
            switch choose(candidates) {
            case .success(let c): chosen = c
            case .failure(let f): return BeatMapReader.failure(file, f.line, f.column, f.message, remedy: f.remedy)
            }
        }
        switch chosen.result {
        case .failure(let f): return BeatMapReader.failure(file, f.line, f.column, f.message)
        case .success(let (times, locations)): return BeatMapReader.finished(times, locations, file: file)
        }
    }

    /// The unicode-scalar offsets of the content of the array `read` would read from `text` (between its brackets):
    /// what a save replaces, so that every byte outside the literal is kept.
    static func literalContent(_ text: String, symbol: String?) -> Range<Int>? {
        let candidates = scan(Array(text.unicodeScalars), file: nil)
        let chosen: Candidate?
        if let symbol {
            chosen = candidates.first { $0.name == symbol }
        } else if case .success(let c) = choose(candidates) {
            chosen = c
        } else {
            chosen = nil
        }
        return chosen?.content
    }

    /// The array to read when no `--symbol` is given: the only array literal in the file, or else the only one
    /// whose name says it holds beats (`beatMap`, `beats`, `level1Beats`). Another array never stands in for it:
    /// when that array cannot be read, its first unreadable element is the error.
    static func choose(_ candidates: [Candidate]) -> Result<Candidate, ParseFailure> {
        if candidates.count == 1 { return .success(candidates[0]) }
        let named = candidates.filter { $0.name.lowercased().contains("beat") }
        if named.count == 1 { return .success(named[0]) }
        guard let first = candidates.first else {
            return .failure(
                ParseFailure(
                    line: 1, column: 1,
                    message: "no array literal found; expected e.g. static let beatMap: [TimeInterval] = [0.5, 1.0]"))
        }
        let pool = named.isEmpty ? candidates : named
        return .failure(
            ParseFailure(
                line: (named.isEmpty ? first : named[1]).line, column: (named.isEmpty ? first : named[1]).column,
                message: "several arrays (\(pool.map(\.name).joined(separator: ", ")))",
                remedy: Remedy(.symbol, "to say which holds the beats")))
    }

    /// Finds `let|var NAME (: Type)? = [ … ]` declarations outside comments and strings.
    static func scan(_ c: [Unicode.Scalar], file: String?) -> [Candidate] {
        var scanner = Scanner(c: c, file: file)
        var result: [Candidate] = []
        while scanner.i < c.count {
            scanner.skipTrivia()
            guard scanner.i < c.count else { break }
            if c[scanner.i] == "\"" {
                scanner.skipString()
            } else if Scanner.isIdent(c[scanner.i]) {
                if let candidate = scanner.declaration() { result.append(candidate) }
            } else {
                scanner.i += 1
            }
        }
        return result
    }

    /// Where the scan is in the text, and its line.
    private struct Scanner {
        let c: [Unicode.Scalar]
        let file: String?
        var i = 0
        var line = 1
        var lineStart = 0

        static func isIdent(_ s: Unicode.Scalar) -> Bool { s.properties.isAlphabetic || s == "_" || ("0"..."9").contains(s) }

        /// Moves past blanks, line ends and comments.
        mutating func skipTrivia() {
            while i < c.count {
                if c[i] == "\n" {
                    line += 1
                    lineStart = i + 1
                    i += 1
                } else if c[i] == " " || c[i] == "\t" || c[i] == "\r" {
                    i += 1
                } else if c[i] == "/" && i + 1 < c.count && c[i + 1] == "/" {
                    while i < c.count && c[i] != "\n" { i += 1 }
                } else if c[i] == "/" && i + 1 < c.count && c[i + 1] == "*" {
                    i += 2
                    while i + 1 < c.count && !(c[i] == "*" && c[i + 1] == "/") {
                        if c[i] == "\n" {
                            line += 1
                            lineStart = i + 1
                        }
                        i += 1
                    }
                    i = min(i + 2, c.count)  // an unterminated comment ends the text, not past it
                } else {
                    return
                }
            }
        }

        /// Moves past a string literal that starts at `i` (it ends at its line).
        mutating func skipString() {
            i += 1
            while i < c.count && c[i] != "\"" && c[i] != "\n" {
                if c[i] == "\\" { i += 1 }
                i += 1
            }
            i = min(i + 1, c.count)
        }

        /// The identifier at `i`, moved past.
        mutating func identifier() -> String {
            let start = i
            while i < c.count && Self.isIdent(c[i]) { i += 1 }
            return String(String.UnicodeScalarView(c[start..<i]))
        }

        /// A word at `i`: when it starts `let|var NAME (: Type)? = [`, the array that follows.
        mutating func declaration() -> Candidate? {
            let word = identifier()
            guard word == "let" || word == "var" else { return nil }
            skipTrivia()
            let nameStart = i
            let name = identifier()
            let nameLine = line, nameColumn = nameStart - lineStart + 1
            skipTrivia()
            if i < c.count && c[i] == ":" {
                // Type annotation: skip to the `=` at bracket depth 0.
                var depth = 0
                while i < c.count && !(c[i] == "=" && depth == 0) && c[i] != "\n" {
                    if c[i] == "[" || c[i] == "(" || c[i] == "<" { depth += 1 }
                    if c[i] == "]" || c[i] == ")" || c[i] == ">" { depth -= 1 }
                    i += 1
                }
            }
            skipTrivia()
            guard i < c.count, c[i] == "=" else { return nil }
            i += 1
            skipTrivia()
            guard i < c.count, c[i] == "[" else { return nil }
            i += 1
            return array(name: name, line: nameLine, column: nameColumn)
        }

        /// The elements of the array literal `name` whose `[` is just before `i`.
        mutating func array(name: String, line nameLine: Int, column nameColumn: Int) -> Candidate {
            let contentStart = i
            var contentEnd: Int? = nil
            var times: [Double] = []
            var locations: [SourceLocation] = []
            var failure: ParseFailure? = nil
            while i < c.count {
                skipTrivia()
                guard i < c.count else { break }
                if c[i] == "]" {
                    contentEnd = i
                    i += 1
                    break
                }
                let tokenStart = i, tokenLine = line, tokenColumn = i - lineStart + 1
                while i < c.count && c[i] != "," && c[i] != "]" && c[i] != "\n"
                    && !(c[i] == "/" && i + 1 < c.count && (c[i + 1] == "/" || c[i + 1] == "*"))
                { i += 1 }
                let token = String(String.UnicodeScalarView(c[tokenStart..<i])).trimmingCharacters(in: .whitespacesAndNewlines)
                if let v = SwiftLiteralReader.number(token) {
                    times.append(v)
                    locations.append(SourceLocation(file: file, line: tokenLine, column: tokenColumn))
                } else if failure == nil {
                    failure = ParseFailure(
                        line: tokenLine, column: tokenColumn,
                        message:
                            "element \(times.count) of \(name), \"\(token.prefix(40))\", is not a number literal; beat maps must be literal seconds"
                    )
                }
                skipTrivia()
                if i < c.count && c[i] == "," { i += 1 }
            }
            return Candidate(
                name: name, line: nameLine, column: nameColumn,
                result: failure.map { .failure($0) } ?? .success((times, locations)),
                content: contentEnd.map { contentStart..<$0 })
        }
    }

    /// A Swift floating-point or integer literal, with an optional sign.
    static func number(_ token: String) -> Double? {
        var t = token.replacingOccurrences(of: "_", with: "")
        var sign = 1.0
        if t.hasPrefix("-") {
            sign = -1
            t.removeFirst()
        } else if t.hasPrefix("+") {
            t.removeFirst()
        }
        guard let first = t.first, first.isNumber else { return nil }
        if t.hasPrefix("0x") { return Double(t).map { $0 * sign } ?? Int(t.dropFirst(2), radix: 16).map { Double($0) * sign } }
        return Double(t).map { $0 * sign }
    }
}
