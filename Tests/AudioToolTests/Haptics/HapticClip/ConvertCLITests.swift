import AudioKitLinux
import Foundation
import Testing

@Suite("ahap-tool convert and .haptic on the command line")
struct ConvertCLITests {
    static let tool = TestPaths.binary("ahap-tool")

    static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let good = """
        {"version": {"major": 1, "minor": 0, "patch": 0}, "metadata": {"description": "t"},
         "signals": {"continuous": {"envelopes": {
           "amplitude": [{"time": 0, "amplitude": 0.25}, {"time": 0.5, "amplitude": 0.5, "emphasis": {"amplitude": 1, "frequency": 0.8}},
                         {"time": 1, "amplitude": 0}],
           "frequency": [{"time": 0, "frequency": 0.5}, {"time": 1, "frequency": 1}]}}}}
        """

    @Test("convert writes AHAP (and --split two files) that validate without a warning; render and info take .haptic")
    func convert() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = try Self.write(Self.good, "t.haptic", in: folder)
        let out = folder.appendingPathComponent("t.ahap").path
        let r = try run(Self.tool, ["convert", clip, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let v = try run(Self.tool, ["validate", out])
        #expect(v.status == 0 && !v.stdout.contains("warning") && !v.stdout.contains("error"), "\(v.stdout)")
        // In the form `format` writes, down to the one newline at the end.
        #expect(try run(Self.tool, ["format", "--check", out]).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8).hasSuffix("}\n"))
        #expect(try !String(contentsOfFile: out, encoding: .utf8).hasSuffix("\n\n"))
        let pattern = try #require(AHAPValidator.validate(path: out).document?.pattern)
        // √0.25 = 0.5 at 0; √0.5 × 0.8 at the emphasis; the transient √1 = 1, sharpness 0.8 as written.
        let intensity = pattern.curves.first { $0.parameterID == .hapticIntensityControl }!.controlPoints.map(\.value)
        #expect(abs(intensity[0] - 0.5) < 1e-12 && abs(intensity[1] - 0.5.squareRoot() * 0.8) < 1e-12)
        let transient = try #require(pattern.events.first { $0.eventType == .hapticTransient })
        #expect(transient.time == 0.5 && transient.value(of: .hapticIntensity) == 1 && transient.value(of: .hapticSharpness) == 0.8)
        let split = try run(Self.tool, ["convert", clip, "-o", folder.appendingPathComponent("s.ahap").path, "--split"])
        #expect(split.status == 0)
        for name in ["s_continuous.ahap", "s_transients.ahap"] {
            let check = try run(Self.tool, ["validate", "--werror", folder.appendingPathComponent(name).path])
            #expect(check.status == 0, "\(name): \(check.stdout)")
        }
        let wav = folder.appendingPathComponent("t.wav").path
        #expect(try run(Self.tool, ["render", clip, "-o", wav, "--channels", "1"]).status == 0)
        #expect(try AudioFile.info(wav).duration > 0.99)
        let info = try run(Self.tool, ["info", clip, "--format", "json"])
        #expect(info.status == 0 && info.stdout.contains("HapticTransient"))
    }

    @Test("convert an AHAP to .haptic: a clip that validates, and a warning on the line of what is lost")
    func toHaptic() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let thud = TestPaths.packageRoot.appendingPathComponent("samples/ahap/thud.ahap").path
        let out = folder.appendingPathComponent("thud.haptic").path
        let r = try run(Self.tool, ["convert", thud, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("thud.ahap:25:13: warning: [ahap.lost_in_conversion] AudioCustom event dropped"), "\(r.stderr)")
        #expect(try run(Self.tool, ["validate", "--werror", out]).status == 0)
        #expect(
            try String(contentsOfFile: out, encoding: .utf8).hasSuffix("}\n")
                && !String(contentsOfFile: out, encoding: .utf8).hasSuffix("\n\n"))
        let strict = try run(Self.tool, ["convert", thud, "-o", out, "--werror"])
        #expect(strict.status == 1)
        let clip = try #require(HapticFileValidator.validate(path: out).clip)
        #expect(clip.amplitude.contains { $0.emphasis.map { abs($0.amplitude - 1) < 1e-12 && abs($0.frequency - 0.15) < 1e-12 } ?? false })
    }

    @Test("validate reports a broken .haptic with line and column in every format, and convert refuses it")
    func broken() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = Self.good.replacingOccurrences(of: #""time": 0.5, "amplitude": 0.5"#, with: #""time": 0.5, "amplitude": 1.5"#)
        let clip = try Self.write(text, "bad.haptic", in: folder)
        let r = try run(Self.tool, ["validate", clip])
        #expect(r.status == 1)
        #expect(r.stdout.contains("bad.haptic:3:") && r.stdout.contains("[haptic.value_out_of_range]"), "\(r.stdout)")
        let sarif = try run(Self.tool, ["validate", clip, "--format", "sarif"])
        #expect(sarif.stdout.contains("\"haptic.value_out_of_range\"") && sarif.stdout.contains("\"startColumn\""))
        let junit = try run(Self.tool, ["validate", folder.path, "--format", "junit"])
        #expect(junit.stdout.contains("haptic.value_out_of_range"))
        let out = folder.appendingPathComponent("bad.ahap").path
        let c = try run(Self.tool, ["convert", clip, "-o", out])
        #expect(c.status == 1 && !FileManager.default.fileExists(atPath: out), "\(c.stderr)")
        let same = try run(Self.tool, ["convert", clip, "-o", clip.replacingOccurrences(of: ".haptic", with: ".ahap")])
        #expect(same.status == 1)
        #expect(try run(Self.tool, ["convert", clip, "-o", folder.appendingPathComponent("x.txt").path]).status == 64)
        // The broken clip is refused for Android too, and nothing is written.
        let json = folder.appendingPathComponent("x.json").path
        #expect(try run(Self.tool, ["convert", clip, "-o", json]).status == 1 && !FileManager.default.fileExists(atPath: json))
    }
}
