import AudioKitLinux
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One fixed list of findings, including one with no line and one with no file, through every reporter.
@Suite("Reporters")
struct ReporterTests {
    static let diagnostics = [
        Diagnostic(
            ruleID: "ahap.parameter_out_of_range", severity: .warning,
            location: AudioKitLinux.SourceLocation(
                file: "b.ahap", line: 5, column: 89, jsonPath: "/Pattern/0/Event/EventParameters/0/ParameterValue"),
            message: "HapticIntensity 1.5 is outside 0…1; CoreHaptics clamps it to 1"),
        Diagnostic(
            ruleID: "ahap.json_syntax", severity: .error, location: AudioKitLinux.SourceLocation(file: "a.ahap", line: 2, column: 7),
            message: "unexpected token \"<\" & more"),
        Diagnostic(
            ruleID: "ahap.version_missing", severity: .warning, location: AudioKitLinux.SourceLocation(file: "c.ahap", jsonPath: ""),
            message: "no \"Version\"; CoreHaptics assumes 1.0"),
        Diagnostic(
            ruleID: "ahap.unknown_key", severity: .note, location: AudioKitLinux.SourceLocation(line: 1, column: 1, jsonPath: "/Name"),
            message: "\"Name\" is ignored, with a comma"),
    ]

    static let report = Report(
        toolName: "ahap-tool", toolVersion: "9.9.9", files: ["a.ahap", "b.ahap", "c.ahap", "clean.ahap"], diagnostics: diagnostics,
        rules: AHAPRuleRegistry.descriptions)

    @Test func textIsSortedFileLineColumn() {
        let expected = """
            <unknown>:1:1: note: [ahap.unknown_key] "Name" is ignored, with a comma
            a.ahap:2:7: error: [ahap.json_syntax] unexpected token "<" & more
            b.ahap:5:89: warning: [ahap.parameter_out_of_range] HapticIntensity 1.5 is outside 0…1; CoreHaptics clamps it to 1
            c.ahap: warning: [ahap.version_missing] no "Version"; CoreHaptics assumes 1.0

            """
        #expect(TextReporter.generate(Self.report) == expected)
    }

    /// Findings at one place (a map written on one line) come in the order of the hits they name, not of their text.
    @Test func numbersInMessagesSortAsNumbers() {
        let here = AudioKitLinux.SourceLocation(file: "m.json", line: 1, column: 1)
        let found = [100, 13, 9, 109].map {
            Diagnostic(ruleID: "beatmap.off_grid", severity: .warning, location: here, message: "beat \($0) is off the grid")
        }
        #expect(found.sorted().map(\.message) == [9, 13, 100, 109].map { "beat \($0) is off the grid" })
        // A list read without lines (the editor's hits) names each item by its JSON path: "/15" before "/148".
        let items = [148, 15, 2, 152].map {
            Diagnostic(
                ruleID: "beatmap.outlier", severity: .warning, location: AudioKitLinux.SourceLocation(file: "m.json", jsonPath: "/\($0)"),
                message: "a gap before beat \($0)")
        }
        #expect(items.sorted().map(\.location.jsonPath) == ["/2", "/15", "/148", "/152"])
    }

    @Test func githubAnnotations() {
        let out = GitHubActionsReporter.generate(Self.report).split(separator: "\n").map(String.init)
        #expect(out[0] == "::notice line=1,col=1,title=ahap.unknown_key::\"Name\" is ignored, with a comma")
        #expect(out[1] == "::error file=a.ahap,line=2,col=7,title=ahap.json_syntax::unexpected token \"<\" & more")
        #expect(out[3] == "::warning file=c.ahap,title=ahap.version_missing::no \"Version\"; CoreHaptics assumes 1.0")
    }

    @Test func jsonHasSortedKeysAndExplicitNulls() throws {
        let text = JSONReporter.generate(Self.report)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(items.count == 4)
        #expect(items[0]["file"] is NSNull)
        #expect(items[3]["line"] is NSNull)
        #expect(items[2]["column"] as? Int == 89)
        #expect(items[2]["json_path"] as? String == "/Pattern/0/Event/EventParameters/0/ParameterValue")
        #expect(Set(items[0].keys) == ["column", "file", "json_path", "line", "message", "rule_id", "severity"])
        // Keys appear in sorted order in the text.
        let first = try #require(text.range(of: "\"column\"")), last = try #require(text.range(of: "\"severity\""))
        #expect(first.lowerBound < last.lowerBound)
    }

    @Test func sarifFollowsTheSpec() throws {
        let text = SARIFReporter.generate(Self.report)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(
            rules.map { $0["id"] as? String } == [
                "ahap.json_syntax", "ahap.parameter_out_of_range", "ahap.unknown_key", "ahap.version_missing",
            ])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 4)
        for r in results {
            let index = try #require(r["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == r["ruleId"] as? String)
        }
        // No region without a line (SARIF requires startLine >= 1).
        let noLine = try #require(results.first { $0["ruleId"] as? String == "ahap.version_missing" })
        let loc = try #require((noLine["locations"] as? [[String: Any]])?.first)
        #expect((loc["physicalLocation"] as? [String: Any])?["region"] == nil)
        #expect(results.map { $0["level"] as? String } == ["note", "error", "warning", "warning"])
    }

    @Test func junitHasOneCasePerFileAndOneFailurePerError() throws {
        let text = JUnitReporter.generate(Self.report)
        let doc = try XMLDocument(data: Data(text.utf8))
        let cases = try doc.nodes(forXPath: "//testcase")
        // a, b, c, clean, and the fileless note in a case of its own (a finding is never dropped).
        #expect(cases.count == 5)
        let unknown = try #require(
            cases.compactMap { $0 as? XMLElement }.first { $0.attribute(forName: "name")?.stringValue == "<unknown>" })
        #expect(unknown.stringValue?.contains("[ahap.unknown_key]") == true)
        let failures = try doc.nodes(forXPath: "//failure")
        #expect(failures.count == 1)
        #expect((failures.first as? XMLElement)?.attribute(forName: "type")?.stringValue == "ahap.json_syntax")
        #expect((failures.first as? XMLElement)?.attribute(forName: "message")?.stringValue == "unexpected token \"<\" & more")
    }

    @Test func everyReporterIsRegistered() {
        #expect(ReporterRegistry.all.map { $0.identifier } == ["text", "json", "sarif", "junit", "github"])
    }
}
