import Foundation
import Testing

/// The package reads in small pieces: no source file over 400 lines, no function over 80 lines, so no reader has to
/// scroll through one job to find another.
@Suite("Sizes")
struct SizeTests {
    /// Every Swift file of every target.
    static var sources: [(path: String, text: String)] {
        let root = TestPaths.packageRoot.appendingPathComponent("Sources")
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return targets.sorted().flatMap { LayerTests.sources("Sources/" + $0) }
    }

    @Test func noSourceFileIsLongerThan400Lines() {
        let files = Self.sources
        #expect(files.count > 300)
        for (path, text) in files {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines <= 400, "\(path) has \(lines) lines: give one of its jobs a file of its own")
        }
    }

    @Test func noFunctionIsLongerThan80Lines() throws {
        for (path, text) in Self.sources {
            for f in try FunctionSpans.of(text) where f.lines > 80 {
                Issue.record("\(path):\(f.line): \(f.name) runs \(f.lines) lines: name its steps as functions of their own")
            }
        }
    }

    /// The pages' JavaScript modules, by the same bar: no module over 400 lines, and no function over 80 (a
    /// function starts at a line `function …` or `export function …` at the margin, or a method at two spaces, and
    /// runs to its closing brace at the same indent, as the modules are written).
    @Test func noPageModuleOrFunctionIsLongerThanTheBar() throws {
        let folder = TestPaths.packageRoot.appendingPathComponent("Sources/BrowserPages/Page/js")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }.sorted()
        #expect(names.count >= 10)
        let start = try Regex(#"^(  )?(export )?(async )?(function \w+|[a-zA-Z]\w*)\(.*\) \{$"#)
        for name in names {
            let lines = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count <= 400, "\(name) has \(lines.count) lines: give one of its jobs a module of its own")
            var open: (line: Int, indent: String)? = nil
            for (k, line) in lines.enumerated() {
                if let o = open {
                    if line == o.indent + "}" {
                        #expect(k - o.line + 1 <= 80, "\(name):\(o.line + 1): a function runs \(k - o.line + 1) lines")
                        open = nil
                    }
                } else if (try? start.wholeMatch(in: String(line))) != nil, !line.contains("if ("), !line.contains("for (") {
                    open = (k, line.hasPrefix("  ") ? "  " : "")
                }
            }
        }
    }

    @Test func theSpanFinderSeesNestedBracesStringsAndComments() throws {
        let text = """
            struct S {
                func short() {
                    let s = "}}}"  // }
                    /* { */
                    if true { print(s) }
                }
                func long(
                    a: Int
                ) -> Int {
                    let t = \"\"\"
                        }
                        \"\"\"
                    return a
                }
            }
            """
        let spans = try FunctionSpans.of(text)
        #expect(spans.map(\.name) == ["short", "long"])
        #expect(spans.map(\.lines) == [5, 8])
        #expect(spans.map(\.line) == [2, 7])
    }
}

/// Where each function, initialiser and subscript of a Swift file starts and how many lines it runs, found by
/// counting braces outside strings and comments.
enum FunctionSpans {
    struct Span {
        let name: String
        let line: Int
        let lines: Int
    }

    static func of(_ text: String) throws -> [Span] {
        let declaration = try Regex(
            #"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|static|class|final|override|mutating|nonmutating|nonisolated|convenience|required|dynamic)\s+)*(func\s+([^\s(<]+)|init\b|subscript\b)"#
        )
        var spans: [Span] = []
        // Declarations whose body has not closed, with the depth they were declared at; one without a body (a
        // protocol's requirement) is dropped once the depth leaves it or another declaration takes its place.
        var open: [(name: String, line: Int, depth: Int)] = []
        var depth = 0
        var inBlockComment = false
        var inMultiLineString = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let chars = Array(raw)
            var i = 0
            if inMultiLineString {
                // The literal ends on a line that starts with its closing quotes; the code after them counts.
                guard let quotes = raw.firstIndex(where: { $0 != " " && $0 != "\t" }), raw[quotes...].hasPrefix("\"\"\"") else { continue }
                inMultiLineString = false
                i = raw.distance(from: raw.startIndex, to: quotes) + 3
            } else if !inBlockComment, let m = raw.firstMatch(of: declaration) {
                let name =
                    m.output[2].substring.map(String.init) ?? (m.output[1].substring?.hasPrefix("subscript") == true ? "subscript" : "init")
                open.removeAll { $0.depth >= depth }
                open.append((name, index + 1, depth))
            }
            var inString = false
            while i < chars.count {
                let c = chars[i]
                let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
                if inBlockComment {
                    if c == "*" && next == "/" {
                        inBlockComment = false
                        i += 1
                    }
                } else if inString {
                    if c == "\\" {
                        i += 1
                    } else if c == "\"" {
                        inString = false
                    }
                } else if c == "/" && next == "/" {
                    break
                } else if c == "/" && next == "*" {
                    inBlockComment = true
                    i += 1
                } else if c == "\"" {
                    if next == "\"" && i + 2 < chars.count && chars[i + 2] == "\"" {
                        inMultiLineString = true
                        break
                    }
                    inString = true
                } else if c == "{" {
                    depth += 1
                } else if c == "}" {
                    depth -= 1
                    if let last = open.last, depth == last.depth {
                        spans.append(Span(name: last.name, line: last.line, lines: index + 1 - last.line + 1))
                        open.removeLast()
                    }
                    open.removeAll { $0.depth > depth }
                }
                i += 1
            }
        }
        return spans.sorted { $0.line < $1.line }
    }
}
