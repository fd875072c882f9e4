import AudioKitLinux
import Foundation
import Testing

@Suite("ahap-tool from-audio and sync")
struct FromAudioCLITests {
    static let tool = TestPaths.binary("ahap-tool")

    static func writeClicks(_ folder: URL) throws -> String {
        let path = folder.appendingPathComponent("clicks.wav").path
        try AudioFile.write(HapticSignals.clicks(at: [0.2, 0.6, 1.0], seconds: 1.4), to: path, sampleRate: HapticSignals.rate, channels: 1)
        return path
    }

    /// The transients of the AHAP file at `path` (time, intensity), read back with Foundation's own JSON reader.
    static func transients(_ path: String) throws -> [(time: Double, intensity: Double)] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        return (json?["Pattern"] as? [[String: Any]] ?? []).compactMap { $0["Event"] as? [String: Any] }
            .filter { $0["EventType"] as? String == "HapticTransient" }
            .compactMap { event in
                let parameters = event["EventParameters"] as? [[String: Any]] ?? []
                guard let time = event["Time"] as? Double,
                    let intensity = parameters.first(where: { $0["ParameterID"] as? String == "HapticIntensity" })?["ParameterValue"]
                        as? Double
                else { return nil }
                return (time, intensity)
            }
    }

    @Test(
        "--preset studio: a transient at each click, a clean pattern, and the sound's own level: a quarter the amplitude, half the intensity"
    )
    func studioPreset() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Three copies of one click (HapticSignals' clicks each draw new noise).
        let one = HapticSignals.clicks(at: [0.2], seconds: 1.4)
        var clicks = one
        for shift in [0.4, 0.8] {
            let by = Int((shift * Double(HapticSignals.rate)).rounded())
            for i in 0..<(one.count - by) where one[i] != 0 { clicks[i + by] = one[i] }
        }
        var intensities: [[Double]] = []
        for (name, gain) in [("loud", Float(1)), ("quiet", Float(0.25))] {
            let sound = folder.appendingPathComponent("\(name).wav").path
            try AudioFile.write(clicks.map { $0 * gain }, to: sound, sampleRate: HapticSignals.rate, channels: 1)
            let out = folder.appendingPathComponent("\(name).ahap").path
            // Studio's threshold sits within the file's own range of scores, so of identical clicks (their flux read at
            // different places between frames) only some keep a transient at its default; at sensitivity 1, all.
            let atDefault = folder.appendingPathComponent("\(name)-default.ahap").path
            #expect(try run(Self.tool, ["from-audio", sound, "--preset", "studio", "-o", atDefault]).status == 0)
            let defaultCount = try String(contentsOfFile: atDefault, encoding: .utf8).components(separatedBy: "HapticTransient").count - 1
            #expect(defaultCount >= 1 && defaultCount < 3, "\(name): \(defaultCount) at the default sensitivity")
            let r = try run(Self.tool, ["from-audio", sound, "--preset", "studio", "--sensitivity", "1", "-o", out])
            #expect(r.status == 0, "\(r.stderr)")
            let v = try run(Self.tool, ["validate", "--werror", out])
            #expect(v.status == 0 && v.stdout.isEmpty, "\(v.stdout)")
            let transients = try Self.transients(out)
            #expect(transients.count == 3, "\(name): \(transients)")
            for (t, click) in zip(transients, [0.2, 0.6, 1.0]) { #expect(abs(t.time - click) < 0.003, "\(name): \(t.time)") }
            intensities.append(transients.map(\.intensity))
        }
        // Studio applies the gain before its analysis: the sound at a twentieth of the amplitude raised by 26.02 dB is the
        // loud one, transients and all. (Its rises are under the 0.05 minimum until raised, so a gain applied after the
        // analysis finds no peak at all.)
        let faint = folder.appendingPathComponent("faint.wav").path
        try AudioFile.write(clicks.map { $0 * 0.05 }, to: faint, sampleRate: HapticSignals.rate, channels: 1)
        let raised = folder.appendingPathComponent("raised.ahap").path
        #expect(try run(Self.tool, ["from-audio", faint, "--preset", "studio", "--gain", "26.0206", "-o", raised]).status == 0)
        let expected = try Self.transients(folder.appendingPathComponent("loud-default.ahap").path)
        let got = try Self.transients(raised)
        #expect(got.count == expected.count && !got.isEmpty, "\(got) against \(expected)")
        for (a, b) in zip(got, expected) {
            #expect(abs(a.time - b.time) < 1e-4 && abs(a.intensity - b.intensity) < 2e-3, "\(a) against \(b)")
        }
        // Not normalised: intensity is √amplitude, so a quarter of the amplitude plays at half the intensity.
        for (loud, quiet) in zip(intensities[0], intensities[1]) { #expect(abs(quiet / loud - 0.5) < 0.01, "\(quiet) against \(loud)") }
    }

    @Test("from-audio writes a pattern that validates with no finding, and --split two")
    func writesCleanPatterns() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sound = try Self.writeClicks(folder)
        let out = folder.appendingPathComponent("clicks.ahap").path
        let plot = folder.appendingPathComponent("clicks.svg").path
        let r = try run(Self.tool, ["from-audio", sound, "-o", out, "--plot", plot, "--with-audio"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("3 transients"), "\(r.stderr)")
        let v = try run(Self.tool, ["validate", "--werror", out])
        #expect(v.status == 0 && v.stdout.isEmpty, "\(v.stdout)")
        // Written in the form `format` writes: no blank line after the closing brace.
        let formatted = try run(Self.tool, ["format", "--check", out])
        #expect(formatted.status == 0, "\(formatted.stdout)\(formatted.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("\"EventWaveformPath\": \"clicks.wav\""))
        #expect(try String(contentsOfFile: plot, encoding: .utf8).contains("sound: √amplitude"))
        let split = try run(Self.tool, ["from-audio", sound, "-o", folder.appendingPathComponent("s.ahap").path, "--split"])
        #expect(split.status == 0, "\(split.stderr)")
        for name in ["s_continuous.ahap", "s_transients.ahap"] {
            let p = folder.appendingPathComponent(name).path
            #expect(try run(Self.tool, ["validate", "--werror", p]).status == 0, "\(name)")
            #expect(try run(Self.tool, ["format", "--check", p]).status == 0, "\(name) is not in canonical form")
        }
        #expect(
            try String(contentsOfFile: folder.appendingPathComponent("s_transients.ahap").path, encoding: .utf8).contains("HapticTransient")
        )
    }

    @Test("from-audio refuses silence, a sound outside the AHAP folder with --with-audio, and its own input as output")
    func refusals() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let silent = folder.appendingPathComponent("silent.wav").path
        try AudioFile.write([Float](repeating: 0, count: 44_100), to: silent, sampleRate: 44_100, channels: 1)
        let out = folder.appendingPathComponent("x.ahap").path
        let r = try run(Self.tool, ["from-audio", silent, "-o", out])
        #expect(r.status == 2 && r.stderr.contains("silent") && !FileManager.default.fileExists(atPath: out), "\(r.stderr)")
        let sound = try Self.writeClicks(folder)
        let sub = folder.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let away = try run(Self.tool, ["from-audio", sound, "-o", sub.appendingPathComponent("x.ahap").path, "--with-audio"])
        #expect(away.status == 2 && away.stderr.contains("not in the folder"), "\(away.stderr)")
        let same = try run(Self.tool, ["from-audio", sound, "-o", sound])
        #expect(same.status == 2, "\(same.stderr)")
        #expect(try AudioFile.info(sound).frames > 0, "the input is untouched")
        let bad = try run(Self.tool, ["from-audio", sound, "-o", out, "--sensitivity", "2"])
        #expect(bad.status == 64)
    }

    @Test("sync passes the pair and flags a 40 ms shift, exit 1 with --werror, in SARIF too")
    func syncExitCodes() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sound = try Self.writeClicks(folder)
        let out = folder.appendingPathComponent("p.ahap").path
        #expect(try run(Self.tool, ["from-audio", sound, "-o", out]).status == 0)
        let good = try run(Self.tool, ["sync", out, "--audio", sound, "--werror"])
        #expect(good.status == 0, "\(good.stdout)")
        #expect(good.stdout.contains("note: [ahap.audio_sync_lag] haptic lag"))
        // The sound starting 40 ms early is the pattern lagging by 40 ms.
        let late = try run(Self.tool, ["sync", out, "--audio", sound, "--offset=-0.04", "--werror"])
        #expect(late.status == 1, "\(late.stdout)")
        #expect(late.stdout.contains("40 ms behind the sound"))
        let sarif = try run(Self.tool, ["sync", out, "--audio", sound, "--offset=-0.04", "--format", "sarif"])
        #expect(sarif.stdout.contains("ahap.audio_sync_transient") && sarif.stdout.contains("\"startLine\""))
        let none = try run(Self.tool, ["sync", out])
        #expect(none.status == 2 && none.stderr.contains("--audio"), "\(none.stderr)")
        // Nothing to check is a failure: a pattern with no haptic event, and a .haptic clip (convert it first).
        let onlyAudio = folder.appendingPathComponent("a.ahap").path
        try #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "clicks.wav"}}]}"#
            .write(toFile: onlyAudio, atomically: true, encoding: .utf8)
        let empty = try run(Self.tool, ["sync", onlyAudio, "--audio", sound])
        #expect(empty.status == 2 && empty.stderr.contains("no haptic event"), "\(empty.stderr)")
        let clip = folder.appendingPathComponent("c.haptic").path
        try
            #"{"version": {"major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 0.5}, {"time": 1, "amplitude": 0}]}}}}"#
            .write(toFile: clip, atomically: true, encoding: .utf8)
        #expect(try run(Self.tool, ["sync", clip, "--audio", sound]).status == 64)
    }
}

@Suite("ahap-tool --split never writes an empty half")
struct SplitHalvesTests {
    @Test("from-audio of a swell writes the continuous half only; convert of emphasis only writes the transients half")
    func emptyHalves() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tool = TestPaths.binary("ahap-tool")
        let swell = folder.appendingPathComponent("swell.wav").path
        try AudioFile.write(HapticSignals.swell(), to: swell, sampleRate: HapticSignals.rate, channels: 1)
        let r = try run(tool, ["from-audio", swell, "-o", folder.appendingPathComponent("s.ahap").path, "--split"])
        #expect(r.status == 0 && r.stderr.contains("not written"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("s_continuous.ahap").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s_transients.ahap").path))
        let clip = folder.appendingPathComponent("e.haptic").path
        try
            #"{"version": {"major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 0, "emphasis": {"amplitude": 1, "frequency": 0.5}}, {"time": 0.1, "amplitude": 0}]}}}}"#
            .write(toFile: clip, atomically: true, encoding: .utf8)
        let c = try run(tool, ["convert", clip, "-o", folder.appendingPathComponent("e.ahap").path, "--split"])
        #expect(c.status == 0, "\(c.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("e_continuous.ahap").path))
        let t = folder.appendingPathComponent("e_transients.ahap").path
        #expect(try run(tool, ["validate", "--werror", t]).status == 0)
    }
}
