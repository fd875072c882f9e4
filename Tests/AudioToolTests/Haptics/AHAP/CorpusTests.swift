import AudioKitLinux
import Foundation
import Testing

/// The 70 real files in ../shared/corpus/ahap: every file gets a verdict, and
/// the verdicts agree with facts established without our code.
@Suite("AHAP corpus", .enabled(if: TestPaths.corpusAvailable, TestPaths.corpusMissing))
struct CorpusTests {
    static let results: [String: [Diagnostic]] = {
        let paths = TestPaths.corpusFiles().map(\.path)
        let batch = AHAPBatch.validate(paths: paths, options: AHAPValidationOptions())
        return Dictionary(grouping: batch.diagnostics) { URL(fileURLWithPath: $0.location.file ?? "").lastPathComponent }
    }()

    static func files(with rule: String) -> Set<String> {
        Set(results.filter { $0.value.contains { $0.ruleID == rule } }.keys)
    }

    @Test func everyFileGetsAVerdictWithoutToolFailures() {
        let paths = TestPaths.corpusFiles().map(\.path)
        #expect(paths.count == 70)
        let batch = AHAPBatch.validate(paths: paths, options: AHAPValidationOptions())
        #expect(batch.failures.isEmpty)
        #expect(batch.files.count == 70)
        // Every diagnostic names its file, a line and a column.
        #expect(batch.diagnostics.allSatisfy { $0.location.file != nil && $0.location.line != nil && $0.location.column != nil })
    }

    @Test func trailingCommasAreExactlyTheFilesStrictParsersReject() {
        // Independent: the files that `jq .` and Python's json module refuse (run by hand on the corpus;
        // Foundation's JSONSerialization on Linux accepts trailing commas, so it cannot serve here).
        let rejected: Set<String> = [
            "apple__unityplugins__AHAPs_Recharge.ahap", "apple__unityplugins__Bounce.ahap", "apple__unityplugins__Bouncing.ahap",
            "apple__unityplugins__Close.ahap", "apple__unityplugins__Jump.ahap", "apple__unityplugins__Open.ahap",
            "apple__unityplugins__Recharge.ahap", "apple__unityplugins__Spin.ahap",
        ]
        #expect(Self.files(with: "ahap.json_trailing_comma") == rejected)
        #expect(rejected.allSatisfy { $0.hasPrefix("apple__unityplugins__") })
    }

    @Test func absoluteCurveTimesMatchAnIndependentScan() {
        // Independent: Foundation's parser, first control point Time equal to the curve's Time > 0.
        var expected: Set<String> = []
        for url in TestPaths.corpusFiles() {
            guard let root = (try? JSONSerialization.jsonObject(with: Data(contentsOf: url))) as? [String: Any],
                let pattern = root["Pattern"] as? [[String: Any]]
            else { continue }
            for item in pattern {
                guard let curve = item["ParameterCurve"] as? [String: Any], let t = (curve["Time"] as? NSNumber)?.doubleValue, t > 0,
                    let first = (curve["ParameterCurveControlPoints"] as? [[String: Any]])?.first,
                    let ft = (first["Time"] as? NSNumber)?.doubleValue
                else { continue }
                if abs(ft - t) < 1e-9 { expected.insert(url.lastPathComponent) }
            }
        }
        #expect(!expected.isEmpty)
        #expect(Self.files(with: "ahap.curve_absolute_times") == expected)
    }

    @Test func knownQuirksAreFlagged() {
        // From reference/AHAP-FORMAT.md and the corpus README.
        let recoil = Self.results["apple__unityplugins__Recoil.ahap"] ?? []
        #expect(recoil.contains { $0.ruleID == "ahap.parameter_out_of_range" && $0.message.contains("HapticSharpness -1") })
        let invalid = Self.results["Lofelt__NiceVibrations__invalid_fields.ahap"] ?? []
        #expect(invalid.contains { $0.ruleID == "ahap.unknown_element" && $0.message.contains("ParameterCurves") })
        #expect(Self.files(with: "ahap.curve_too_many_points").contains("vsaravind007__personal-blog__tears-of-steel.ahap"))
        #expect(!Self.files(with: "ahap.curve_too_many_points").contains("Lofelt__NiceVibrations__16_points.ahap"))
    }

    @Test func theLargestPatternHas4601Events() throws {
        let url = TestPaths.ahapCorpus.appendingPathComponent("vsaravind007__personal-blog__tears-of-steel.ahap")
        let result = try AHAPValidator.validate(path: url.path)
        let pattern = try #require(result.document?.pattern)
        #expect(pattern.events.count == 4601)
        #expect(abs(pattern.duration - 734) < 1)
    }

    @Test func parallelAndSerialValidationAgree() throws {
        let paths = TestPaths.corpusFiles().map(\.path)
        let parallel = AHAPBatch.validate(paths: paths, options: AHAPValidationOptions()).diagnostics
        var serial: [Diagnostic] = []
        for p in paths { serial += try AHAPValidator.validate(path: p).diagnostics }
        #expect(parallel == serial)
    }
}
