import AudioKitLinux
import Foundation
import Testing

/// The upstream projects' own test files (../shared/corpus/haptic-interchange, PAIRS.md): each pair at the tolerance
/// its project's test uses, where our output follows the same rule; the differences we chose are asserted as such.
@Suite("Haptic interchange pairs", .enabled(if: TestPaths.interchangeAvailable, TestPaths.interchangeMissing))
struct HapticInterchangeTests {
    static let root = TestPaths.shared.appendingPathComponent("corpus/haptic-interchange")
    static func path(_ p: String) -> String { root.appendingPathComponent(p).path }

    static func clip(_ p: String) throws -> HapticClip {
        let result = try HapticFileValidator.validate(path: path(p))
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(p): \(result.diagnostics.map(\.message))")
        return try #require(result.clip)
    }

    static func expected(_ p: String) throws -> AHAPPattern {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path(p))))
        let result = AHAPValidator.validate(bytes: bytes, file: p, options: AHAPValidationOptions(lenient: true, checkWaveformFiles: false))
        return try #require(result.document?.pattern)
    }

    /// Each parameter's control points on the pattern's timeline (a curve's Time plus a point's Time for ours; upstream
    /// writes absolute point times, so `absolute` takes them as they are), with the points chained curves share
    /// written once.
    static func points(_ pattern: AHAPPattern, _ id: DynamicParameterID, absolute: Bool) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        for c in pattern.curves where c.parameterID == id {
            for p in c.controlPoints {
                let t = absolute ? p.time : c.time + p.time
                if let last = out.last, abs(last.0 - t) < 1e-9, abs(last.1 - p.value) < 1e-9 { continue }
                out.append((t, p.value))
            }
        }
        return out
    }

    /// Compares our conversion with the expected AHAP at upstream's tolerances: events' times and durations equal as
    /// 32-bit floats, parameter and control-point values within 1e-7; control points compared on the timeline.
    static func compare(_ ours: AHAPPattern, _ theirs: AHAPPattern, _ name: String, sharpnessDiffers: Bool = false) {
        let a = ours.events
        let b = theirs.events
        #expect(a.count == b.count, "\(name): \(a.count) events, expected \(b.count)")
        for (x, y) in zip(a, b) {
            #expect(x.rawType == y.rawType && Float(x.time) == Float(y.time), "\(name): event at \(x.time) vs \(y.time)")
            #expect(x.duration.map(Float.init) == y.duration.map(Float.init), "\(name): duration \(String(describing: x.duration))")
            for id in [EventParameterID.hapticIntensity, .hapticSharpness] {
                if sharpnessDiffers && id == .hapticSharpness && x.eventType == .hapticContinuous { continue }
                #expect(abs(x.value(of: id) - y.value(of: id)) <= 1e-7, "\(name): \(id.rawValue) \(x.value(of: id)) vs \(y.value(of: id))")
            }
        }
        for id in [DynamicParameterID.hapticIntensityControl, .hapticSharpnessControl] {
            let p = points(ours, id, absolute: false)
            let q = points(theirs, id, absolute: true)
            #expect(p.count == q.count, "\(name): \(id.rawValue) \(p.count) points, expected \(q.count)")
            for (x, y) in zip(p, q) {
                #expect(abs(x.0 - y.0) <= 1e-6 && abs(x.1 - y.1) <= 1e-7, "\(name): \(id.rawValue) \(x) vs \(y)")
            }
        }
        for c in ours.curves {
            #expect(c.controlPoints.count >= 2 && c.controlPoints.count <= 16 && c.controlPoints.first?.time == 0)
        }
    }

    static let metaPairs = ["valid_v1", "multiple_emphasis", "2_points", "3_points", "16_points", "17_points", "long_clip"]
    static let lofeltPairs: [(String, String)] = [
        ("datamodel/test_data/valid_v1.haptic", "datamodel/test_data/ios/ahap_from_valid_v1.ahap"),
        ("datamodel/test_data/ios/valid_v1_multiple_emphasis.haptic", "datamodel/test_data/ios/valid_v1_multiple_transients.ahap"),
        ("datamodel/test_data/ios/2_points.haptic", "datamodel/test_data/ios/2_points.ahap"),
        ("datamodel/test_data/ios/3_points.haptic", "datamodel/test_data/ios/3_points.ahap"),
        ("datamodel/test_data/ios/16_points.haptic", "datamodel/test_data/ios/16_points.ahap"),
        ("datamodel/test_data/ios/17_points.haptic", "datamodel/test_data/ios/17_points.ahap"),
        ("datamodel/test_data/ios/long_clip.haptic", "datamodel/test_data/ios/long_clip.ahap"),
    ]

    @Test(".haptic to AHAP matches Meta's expected files on the timeline", arguments: metaPairs)
    func meta(_ name: String) throws {
        let clip = try Self.clip("meta-haptics-sdk/test_files/\(name).haptic")
        Self.compare(HapticToAHAP.convert(clip), try Self.expected("meta-haptics-sdk/test_files/\(name).ahap"), name)
    }

    @Test(".haptic to AHAP matches Lofelt's expected files, curve chunks included", arguments: lofeltPairs.map(\.0))
    func lofelt(_ input: String) throws {
        let expectedPath = Self.lofeltPairs.first { $0.0 == input }!.1
        var ours = HapticToAHAP.convert(try Self.clip("NiceVibrations/\(input)"))
        let theirs = try Self.expected("NiceVibrations/\(expectedPath)")
        if input.hasSuffix("valid_v1_multiple_emphasis.haptic") {
            // Lofelt's exporter drops the emphasis on the first breakpoint (time 0); Meta's keeps it, and so do we.
            let first = ours.elements.firstIndex {
                if case .event(let e) = $0 { e.eventType == .hapticTransient && e.time == 0 } else { false }
            }
            #expect(first != nil && !theirs.events.contains { $0.eventType == .hapticTransient && $0.time == 0 })
            if let first { ours.elements.remove(at: first) }
        }
        Self.compare(ours, theirs, input)
        // Lofelt chunks as we do: the same number of curves, starting at the same times.
        #expect(ours.curves.count == theirs.curves.count, "\(input)")
        for (x, y) in zip(ours.curves, theirs.curves) {
            #expect(Float(x.time) == Float(y.time) && x.controlPoints.count == y.controlPoints.count)
        }
    }

    @Test("a clip without a frequency envelope: sharpness √0.5 (the spec), where both exporters write 0")
    func requiredOnly() throws {
        let ours = HapticToAHAP.convert(try Self.clip("NiceVibrations/datamodel/test_data/valid_required_v1.haptic"))
        let theirs = try Self.expected("NiceVibrations/datamodel/test_data/ios/ahap_from_valid_v1_required.ahap")
        Self.compare(ours, theirs, "valid_required_v1", sharpnessDiffers: true)
        let continuous = ours.events.filter { $0.eventType == .hapticContinuous }
        #expect(!continuous.isEmpty && continuous.allSatisfy { abs($0.value(of: .hapticSharpness) - 0.5.squareRoot()) < 1e-12 })
        #expect(theirs.events.filter { $0.eventType == .hapticContinuous }.allSatisfy { $0.value(of: .hapticSharpness) == 0 })
    }

    @Test("split: curves and continuous events in one file, transients in the other; none without emphasis")
    func split() throws {
        let halves = HapticToAHAP.split(try Self.clip("meta-haptics-sdk/test_files/valid_v1.haptic"))
        Self.compare(halves.continuous, try Self.expected("meta-haptics-sdk/test_files/valid_v1_continuous.ahap"), "valid_v1_continuous")
        Self.compare(
            try #require(halves.transients), try Self.expected("meta-haptics-sdk/test_files/valid_v1_transients.ahap"),
            "valid_v1_transients")
        let three = HapticToAHAP.split(try Self.clip("meta-haptics-sdk/test_files/3_points.haptic"))
        Self.compare(three.continuous, try Self.expected("meta-haptics-sdk/test_files/3_points_continuous.ahap"), "3_points_continuous")
        #expect(three.transients == nil)
    }

    @Test("Meta's 17-point curve is refused by Core Haptics' limit; ours is chained as 16 + 2 and validates")
    func seventeenPoints() throws {
        let theirs = try Self.expected("meta-haptics-sdk/test_files/17_points.ahap")
        #expect(theirs.curves.contains { $0.controlPoints.count == 17 })
        let ours = HapticToAHAP.convert(try Self.clip("meta-haptics-sdk/test_files/17_points.haptic"))
        let intensity = ours.curves.filter { $0.parameterID == .hapticIntensityControl }
        #expect(intensity.map(\.controlPoints.count) == [16, 2])
        let text = AHAPFormatter.format(ours.jsonValue)
        let found = AHAPValidator.validate(bytes: Array(text.utf8), options: AHAPValidationOptions(checkWaveformFiles: false)).diagnostics
        #expect(!found.contains { $0.severity != .note }, "\(found.map(\.message))")
    }

    /// Upstream's validation tests: each file, and the rule that must flag it at the place upstream names.
    static let invalid: [(String, String)] = [
        ("meta-haptics-sdk/test_files/validation_v1_amplitude.haptic", "haptic.value_out_of_range"),
        ("meta-haptics-sdk/test_files/validation_v1_sequence.haptic", "haptic.time_order"),
        ("meta-haptics-sdk/test_files/validation_v1_emphasis_amplitude.haptic", "haptic.emphasis_below_envelope"),
        ("meta-haptics-sdk/test_files/validation_v1_emphasis_amplitude_range.haptic", "haptic.value_out_of_range"),
        ("meta-haptics-sdk/test_files/validation_v1_emphasis_frequency_range.haptic", "haptic.value_out_of_range"),
        ("meta-haptics-sdk/test_files/invalid_empty_amplitude_envelope.haptic", "haptic.too_few_breakpoints"),
        ("meta-haptics-sdk/test_files/invalid_single_amplitude_breakpoint.haptic", "haptic.too_few_breakpoints"),
        ("meta-haptics-sdk/test_files/invalid_zero_duration.haptic", "haptic.zero_duration"),
        ("meta-haptics-sdk/test_files/invalid_fields_v1.haptic", "haptic.structure"),
        ("meta-haptics-sdk/test_files/invalid_freq_bp_outside_amp_env.haptic", "haptic.frequency_past_end"),
        ("NiceVibrations/datamodel/test_data/invalid_version_v1.haptic", "haptic.version_unsupported"),
        ("NiceVibrations/android-instrumented-test/raw/invalid.haptic", "haptic.structure"),
    ]

    @Test("every invalid upstream file is flagged by the matching rule, with a line and column", arguments: invalid.map(\.0))
    func invalidFiles(_ file: String) throws {
        let rule = Self.invalid.first { $0.0 == file }!.1
        let found = try HapticFileValidator.validate(path: Self.path(file)).diagnostics
        let hits = found.filter { $0.ruleID == rule }
        #expect(!hits.isEmpty, "\(file): \(found.map { "\($0.ruleID) \($0.message)" })")
        #expect(hits.allSatisfy { $0.location.line != nil && $0.location.column != nil })
    }

    @Test("upstream's valid files have no error")
    func validFiles() throws {
        for file in [
            "meta-haptics-sdk/test_files/valid_v1.haptic", "meta-haptics-sdk/test_files/validation_v1_optionals.haptic",
            "meta-haptics-sdk/test_files/valid_beta_impulses.haptic", "meta-haptics-sdk/test_files/valid_required_v1.haptic",
            "NiceVibrations/datamodel/test_data/v1_additional_fields.haptic",
        ] {
            let found = try HapticFileValidator.validate(path: Self.path(file)).diagnostics
            #expect(!found.contains { $0.severity == .error }, "\(file): \(found.map(\.message))")
        }
    }
}
