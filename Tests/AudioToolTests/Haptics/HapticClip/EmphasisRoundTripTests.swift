import AudioKitLinux
import Foundation
import Testing

/// Issue #24, 4: an emphasis written under the envelope's curves plays otherwise than the clip says (a pattern's
/// intensity curve multiplies its transients, its sharpness curve adds to them), and the round trip said nothing was
/// lost. Every such emphasis is now reported; the split output keeps every one.
@Suite("Emphasis round trip", .enabled(if: TestPaths.interchangeAvailable, TestPaths.interchangeMissing))
struct EmphasisRoundTripTests {
    static let root = TestPaths.shared.appendingPathComponent("corpus/haptic-interchange")

    static func hapticFiles() -> [URL] {
        let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (e?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "haptic" }.sorted { $0.path < $1.path }
    }

    /// The emphases of a `.haptic` file, read with Foundation's JSON parser (not ours): time, amplitude, frequency.
    static func emphases(_ url: URL) throws -> [(time: Double, amplitude: Double, frequency: Double)] {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let signals = root?["signals"] as? [String: Any]
        let envelopes = (signals?["continuous"] as? [String: Any])?["envelopes"] as? [String: Any]
        return (envelopes?["amplitude"] as? [[String: Any]] ?? []).compactMap { b in
            guard let e = b["emphasis"] as? [String: Any], let t = b["time"] as? Double, let a = e["amplitude"] as? Double,
                let f = e["frequency"] as? Double
            else { return nil }
            return (t, a, f)
        }
    }

    @Test func theSplitTransientsKeepEveryEmphasisOfTheCorpus() throws {
        var checked = 0
        for url in Self.hapticFiles() {
            let expected = try Self.emphases(url)
            // Files the validator refuses (upstream's out-of-range cases) are not converted.
            let validated = try HapticFileValidator.validate(path: url.path)
            guard !expected.isEmpty, let clip = validated.clip, !validated.diagnostics.contains(where: { $0.severity == .error }) else {
                continue
            }
            let transients = try #require(HapticToAHAP.split(clip).transients, "\(url.lastPathComponent)")
            let back = try #require(AHAPToHaptic.convert(transients).clip)
            let got = back.amplitude.compactMap { b in b.emphasis.map { (time: b.time, amplitude: $0.amplitude, frequency: $0.frequency) } }
            #expect(got.count == expected.count, "\(url.lastPathComponent)")
            for (g, e) in zip(got, expected) {
                #expect(
                    abs(g.time - e.time) < 1e-6 && abs(g.amplitude - e.amplitude) < 1e-4 && abs(g.frequency - e.frequency) < 1e-4,
                    "\(url.lastPathComponent): \(g) for \(e)")
            }
            checked += 1
        }
        #expect(checked >= 20, "only \(checked) corpus files with emphasis")
    }

    @Test func anEmphasisUnderAZeroEnvelopeIsReportedNotSilenced() throws {
        let file = Self.root.appendingPathComponent("NiceVibrations/clip-players/test_data/ramp_down_with_emp.haptic")
        let r = try run(
            TestPaths.binary("ahap-tool"), ["convert", file.path, "-o", TestPaths.scratch().appendingPathComponent("o.ahap").path])
        #expect(r.status == 0)
        // The emphasis (amplitude 1.0) sits on the breakpoint where the envelope is 0: the curve is 0 there.
        #expect(r.stderr.contains("\(file.path):22:"), "\(r.stderr)")
        #expect(r.stderr.contains("plays at amplitude 0.000"), "\(r.stderr)")
        let strict = try run(
            TestPaths.binary("ahap-tool"),
            ["convert", file.path, "-o", TestPaths.scratch().appendingPathComponent("o.ahap").path, "--werror"])
        #expect(strict.status == 1)
    }

    @Test func theReportedLevelIsWhatTheCurvesMakeOfIt() throws {
        // Meta's valid_v1.haptic: emphasis (0.6, 0.7) on a breakpoint of amplitude 0.2 and frequency 0.99 (read by hand):
        // the curve there is 0.8·√0.2, so it plays at (√0.6 · 0.8·√0.2)² = 0.0768; sharpness 0.7 + √0.99 clamps to 1.
        let file = Self.root.appendingPathComponent("meta-haptics-sdk/test_files/valid_v1.haptic")
        let clip = try #require(try HapticFileValidator.validate(path: file.path).clip)
        let losses = HapticToAHAP.emphasisLosses(clip)
        #expect(losses.count == 1)
        let played = pow(0.6.squareRoot() * 0.8 * 0.2.squareRoot(), 2)
        #expect(losses.first?.message.contains(String(format: "plays at amplitude %.3f, frequency 1.000", played)) == true, "\(losses)")
        #expect(HapticToAHAP.emphasisLosses(clip, tolerance: 1).isEmpty)
    }
}
