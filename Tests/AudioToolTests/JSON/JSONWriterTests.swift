import AudioKitLinux
import Foundation
import Testing

/// `JSONWriter`, read back by Foundation's `JSONSerialization` (an independent parser).
@Suite("JSONWriter: long arrays written in parts, members in a given order")
struct JSONWriterTests {
    /// Puts "b" before "a" in objects directly inside the root array, and keeps stored order elsewhere.
    struct BFirst: JSONKeyOrder {
        var root: Int { 0 }
        func element(of place: Int) -> Int { place + 1 }
        func member(_ key: String, of place: Int) -> Int { place + 1 }
        func leadingKeys(at place: Int) -> [String] { place == 1 ? ["b", "a"] : [] }
    }

    @Test("an array long enough to be written in parts reads back whole and in order, one newline at the end")
    func longArray() throws {
        let items = (0..<10_000).map { i in JSONValue.object(JSONObject(["i": .integer(i), "x": .real(Double(i) / 8)])) }
        let text = JSONWriter(indent: "  ").string(from: .array(items))
        #expect(text.hasSuffix("]\n") && !text.hasSuffix("\n\n"))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Double]])
        #expect(parsed.count == 10_000)
        #expect(parsed.enumerated().allSatisfy { $0.element["i"] == Double($0.offset) && $0.element["x"] == Double($0.offset) / 8 })
        // Every line of an item is indented once more than the array's, the same in every part.
        let lines = text.split(separator: "\n")
        #expect(lines.filter { $0 == "  {" }.count == 10_000 && lines.filter { $0 == "  }," }.count == 9_999)
    }

    @Test("numbers and strings are written as their known texts: shortest round trip, a fraction always, escapes")
    func numbersAndStrings() throws {
        let numbers: [(Double, String)] = [
            (0, "0.0"), (-0.0, "-0.0"), (1, "1.0"), (-2.5, "-2.5"), (0.1, "0.1"), (1e16, "1e+16"), (1e-5, "1e-05"),
            (.leastNonzeroMagnitude, "5e-324"), (123_456_789_012, "123456789012.0"), (.nan, "null"), (.infinity, "null"),
        ]
        for (d, text) in numbers { #expect(JSONWriter(indent: "").string(from: .real(d)) == text, "\(d)") }
        let strings: [(String, String)] = [
            ("Time", #""Time""#), ("é🎵", "\"é🎵\""), ("a\"b\\c", #""a\"b\\c""#), ("tab\t", #""tab\t""#),
            ("\u{01}", #""\u0001""#), (String(repeating: "x", count: 40), "\"" + String(repeating: "x", count: 40) + "\""),
        ]
        for (s, text) in strings { #expect(JSONWriter(indent: "").string(from: .string(s)) == text, "\(s)") }
        // A string bridged from Foundation, whose bytes may not be stored as UTF-8, is written the same.
        let bridged = NSString(string: "Parameter é").description
        #expect(JSONWriter(indent: "").string(from: .string(bridged)) == "\"Parameter é\"")
    }

    @Test("each line is indented once for every level it is in, deeper than the indents written whole as well")
    func deepIndent() {
        // Arrays 40 deep around one number: line k opens the array at depth k, the number stands at depth 40.
        var value = JSONValue.integer(7)
        for _ in 0..<40 { value = .array([value]) }
        var expected = ""
        for k in 0..<40 { expected += String(repeating: "\t", count: k) + "[\n" }
        expected += String(repeating: "\t", count: 40) + "7\n"
        for k in (0..<40).reversed() { expected += String(repeating: "\t", count: k) + "]\n" }
        #expect(JSONWriter(indent: "\t").string(from: value) == expected)
    }

    @Test("leading keys come first where the order places them; a second member of a leading name is left out")
    func memberOrder() throws {
        let inner = JSONValue.object(JSONObject([.init(key: "a", value: .integer(1)), .init(key: "z", value: .integer(2))]))
        let item = JSONValue.object(
            JSONObject([
                .init(key: "z", value: .integer(0)), .init(key: "a", value: .integer(1)), .init(key: "b", value: inner),
                .init(key: "a", value: .integer(9)),
            ]))
        let text = JSONWriter(indent: "").string(from: .array([item]), order: BFirst())
        #expect(text == #"[{"b":{"a":1,"z":2},"a":1,"z":0}]"#)
        let plain = JSONWriter(indent: "").string(from: .array([item]))
        #expect(plain == #"[{"z":0,"a":1,"b":{"a":1,"z":2},"a":9}]"#)
    }
}
