import AudioKitLinux
import Foundation
import Testing

/// Every `.haptic` rule's own examples are its tests, as for the AHAP rules: passing examples produce no finding of
/// the rule, failing ones produce findings at exactly the expected JSON paths, each with a line and column.
@Suite(".haptic rule examples")
struct HapticRuleExampleTests {
    static let rules = HapticRuleRegistry.descriptions

    @Test("every rule has a failing example", arguments: rules)
    func hasFailing(_ rule: RuleDescription) { #expect(!rule.failing.isEmpty) }

    @Test("passing examples are not flagged, failing ones exactly where expected", arguments: rules)
    func examples(_ rule: RuleDescription) {
        for example in rule.passing {
            let found = HapticFileValidator.validate(bytes: Array(example.input.utf8)).diagnostics.filter { $0.ruleID == rule.id }
            #expect(found.isEmpty, "\(rule.id) flagged its passing example at line \(example.line): \(found.map(\.message))")
        }
        for example in rule.failing {
            let found = HapticFileValidator.validate(bytes: Array(example.input.utf8), file: "x.haptic").diagnostics.filter {
                $0.ruleID == rule.id
            }
            #expect(
                found.map { $0.location.jsonPath ?? "?" }.sorted() == example.expected.sorted(),
                "\(rule.id) example at line \(example.line)")
            for d in found {
                #expect(d.location.line != nil && d.location.column != nil && d.severity == rule.defaultSeverity && !d.message.isEmpty)
            }
        }
    }

    @Test("ids are unique and none collides with an AHAP rule")
    func ids() {
        let ids = Self.rules.map(\.id)
        #expect(Set(ids).count == ids.count && ids.allSatisfy { $0.hasPrefix("haptic.") })
        #expect(Set(ids).isDisjoint(with: AHAPRuleRegistry.descriptions.map(\.id)))
    }

    @Test("a clip past the audio-length limit is refused before anything is built from it")
    func hugeTime() throws {
        let text =
            #"{"version": {"major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 0.5}, {"time": 1e300, "amplitude": 0}]}}}}"#
        #expect(HapticFileValidator.validate(bytes: Array(text.utf8)).clip == nil)
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("huge.haptic").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: InputError.self) { try HapticFileValidator.validate(path: path) }
    }

    @Test("a clip round-trips through its JSON")
    func roundTrip() throws {
        let clip = HapticClip(
            amplitude: [
                .init(time: 0, amplitude: 0.2), .init(time: 0.5, amplitude: 0.4, emphasis: .init(amplitude: 0.9, frequency: 0.3)),
                .init(time: 1, amplitude: 0),
            ],
            frequency: [.init(time: 0, frequency: 0.25), .init(time: 1, frequency: 0.75)],
            metadata: JSONObject(["description": .string("x")]))
        let text = JSONWriter(indent: "  ").string(from: clip.jsonValue)
        let back = HapticFileValidator.validate(bytes: Array(text.utf8))
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics.map(\.message))")
        #expect(back.clip == clip)
    }
}
