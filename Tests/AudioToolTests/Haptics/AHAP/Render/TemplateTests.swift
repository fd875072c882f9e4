import AudioKitLinux
import Foundation
import Testing

@Suite("AHAP templates")
struct TemplateTests {
    @Test("every template validates with no finding at all", arguments: AHAPTemplates.all.map(\.name))
    func validatesClean(_ name: String) throws {
        let pattern = try #require(AHAPTemplates.named(name)).pattern()
        let text = AHAPFormatter.format(pattern.jsonValue)
        let ds = AHAPValidator.validate(bytes: Array(text.utf8), file: "\(name).ahap").diagnostics
        #expect(ds.isEmpty, "\(ds.map { "\($0.ruleID): \($0.message)" })")
    }

    @Test func everyHapticInTheDigestHasATemplate() {
        let names = Set(AHAPTemplates.all.map(\.name))
        for required in [
            "transient", "heartbeat", "capacitor-charge", "thud", "crescendo", "decrescendo", "breath-pulse", "tap", "wall-collision",
            "error", "wheel-click", "impact-light", "impact-medium", "impact-heavy", "impact-soft", "impact-rigid",
            "notification-success", "notification-warning", "notification-error",
        ] {
            #expect(names.contains(required), "\(required)")
        }
    }

    @Test func formulasFromTheSeeds() throws {
        // breath pulse: sharpness 0.3·v, intensity 0.3 + 0.3·v (seeds 002, 4.1)
        let breath = try #require(AHAPTemplates.named("breath-pulse")).pattern(["v": 0.5]).events[0]
        #expect(abs(breath.value(of: .hapticSharpness) - 0.15) < 1e-9)
        #expect(abs(breath.value(of: .hapticIntensity) - 0.45) < 1e-9)
        // wall collision: intensity min(1, velocity/500) · lerp(0.6, 0.9, a)
        let wall = try #require(AHAPTemplates.named("wall-collision")).pattern(["a": 1, "velocity": 250]).events[0]
        #expect(abs(wall.value(of: .hapticIntensity) - 0.45) < 1e-9)
        #expect(abs(wall.value(of: .hapticSharpness) - 0.9) < 1e-9)
        // kindling: 10 events, 0.3 → 0.7 over 2.0 s at sharpness 0.6
        let kindling = try #require(AHAPTemplates.named("crescendo")).pattern()
        #expect(kindling.events.count == 10)
        #expect(kindling.events.first?.value(of: .hapticIntensity) == 0.3)
        #expect(abs((kindling.events.last?.value(of: .hapticIntensity) ?? 0) - 0.7) < 1e-9)
        #expect(abs(kindling.duration - 2.0) < 1e-9)
        #expect(kindling.events.allSatisfy { $0.value(of: .hapticSharpness) == 0.6 })
        let banking = try #require(AHAPTemplates.named("decrescendo")).pattern()
        #expect(abs(banking.duration - 3.0) < 1e-9)
        #expect(abs((banking.events.last?.value(of: .hapticIntensity) ?? 0) - 0.2) < 1e-9)
    }

    @Test func badParametersAreRefused() throws {
        let t = try #require(AHAPTemplates.named("tap"))
        #expect(throws: TemplateError.self) { try t.pattern(["a": 2]) }
        #expect(throws: TemplateError.self) { try t.pattern(["b": 0.5]) }
        #expect(throws: TemplateError.self) { try t.pattern(["a": .nan]) }
    }
}
