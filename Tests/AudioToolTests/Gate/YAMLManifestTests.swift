import AudioKitLinux
import Foundation
import Testing

@Suite("YAML manifests")
struct YAMLManifestTests {
    @Test("plain scalars are typed by the YAML 1.2 core schema, quoted ones stay strings")
    func scalarTyping() throws {
        #expect(YAMLScalar.resolve("172") == .integer(172))
        #expect(YAMLScalar.resolve("-3") == .integer(-3))
        #expect(YAMLScalar.resolve("0x1F") == .integer(31))
        #expect(YAMLScalar.resolve("172.5") == .real(172.5))
        #expect(YAMLScalar.resolve("1e3") == .real(1000))
        #expect(YAMLScalar.resolve(".5") == .real(0.5))
        #expect(YAMLScalar.resolve("~") == .null)
        #expect(YAMLScalar.resolve("true") == .bool(true))
        #expect(YAMLScalar.resolve("audio/a.flac") == .string("audio/a.flac"))
        #expect(YAMLScalar.resolve("1.2.3") == .string("1.2.3"))
        #expect(YAMLScalar.resolve("-") == .string("-"))
        // Past Int64: a real, as JSON readers do.
        #expect(YAMLScalar.resolve("9223372036854775808") == .real(9_223_372_036_854_775_808))
        let quoted = try LibYAML.decode(Array("a: \"172\"\nb: 172\n".utf8)).get().value
        #expect(quoted["a"] == .string("172"))
        #expect(quoted["b"] == .integer(172))
    }

    @Test("samples/game.yaml holds exactly what samples/game.json holds")
    func sampleManifestsAgree() throws {
        let yaml = try LibYAML.decode(Array(try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("samples/game.yaml")))).get()
        let jsonBytes = Array(try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("samples/game.json")))
        let json = try #require(AHAPValidator.validate(bytes: jsonBytes, rules: []).document?.root)
        #expect(yaml.value == json)
        // Positions: the first track's bpm is on line 6 (`    bpm: 88`), column 10.
        #expect(yaml.positions["/tracks/0/bpm"] == TextPosition(line: 6, column: 10, offset: yaml.positions["/tracks/0/bpm"]!.offset))
    }

    @Test("errors carry the YAML line and column")
    func errorsPointIntoTheFile() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("game.yaml")
        try "tracks:\n  - audio: a.flac\n    audio: b.flac\n".write(to: bad, atomically: true, encoding: .utf8)
        let (m, findings) = try GameManifest.read(bad.path)
        #expect(m == nil)
        #expect(findings.first?.location.line == 3)
        #expect(findings.first?.message.contains("duplicate key") == true)

        try "tracks: [a, b\nahap: []\n".write(to: bad, atomically: true, encoding: .utf8)
        let (_, syntax) = try GameManifest.read(bad.path)
        #expect(syntax.first?.ruleID == "manifest.syntax")
        #expect((syntax.first?.location.line ?? 0) >= 2)

        try FileManager.default.createDirectory(at: dir.appendingPathComponent("audio"), withIntermediateDirectories: true)
        try "tracks:\n  - audio: audio/missing.flac\n    bpm: 400000\n".write(to: bad, atomically: true, encoding: .utf8)
        let (_, content) = try GameManifest.read(bad.path)
        #expect(content.map(\.ruleID).sorted() == ["manifest.invalid", "manifest.missing_file"])
        #expect(content.first { $0.ruleID == "manifest.invalid" }?.location.line == 3)
        #expect(content.first { $0.ruleID == "manifest.missing_file" }?.location.line == 2)
    }

    @Test("an alias bomb is refused, not expanded")
    func aliasBomb() throws {
        var text = "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
        for (name, previous) in zip(["b", "c", "d", "e", "f", "g"], ["a", "b", "c", "d", "e", "f"]) {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        // 10^7 values if expanded; the budget is 10^6.
        guard case .failure(let error) = LibYAML.decode(Array(text.utf8)) else {
            Issue.record("the alias bomb was expanded")
            return
        }
        #expect(error.message.contains("aliases"))
    }

    @Test("nesting deeper than the limit is refused")
    func depthLimit() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        guard case .failure(let error) = LibYAML.decode(Array(deep.utf8), maxDepth: 64) else {
            Issue.record("100 levels accepted with a limit of 64")
            return
        }
        #expect(error.kind == .tooDeep)
        #expect(throws: Never.self) { try LibYAML.decode(Array(deep.utf8), maxDepth: 128).get() }
    }
}
