import AudioKitLinux
import Foundation
import Testing

/// The built tools: help screens, exit codes, and one report per format.
@Suite("Command line")
struct CLITests {
    static let ahap = TestPaths.binary("ahap-tool")
    static let beatmap = TestPaths.binary("beatmap")

    static func write(_ text: String, name: String, in dir: URL) -> String {
        let path = dir.appendingPathComponent(name).path
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let clean = #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#
    static let bad = "{\"Version\": 1.0,\n \"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticContinuous\"}}]}"
    static let warn =
        #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 2}]}}]}"#

    @Test("options whose values may be negative take them as written: --gain -6, --offset -0.01, --offset -0.1")
    func negativeValues() throws {
        // swift-argument-parser reads "-6" after an option as another flag unless the option parses unconditionally.
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sound = dir.appendingPathComponent("s.wav").path
        try AudioFile.write(HapticSignals.clicks(at: [0.2], seconds: 0.5), to: sound, sampleRate: HapticSignals.rate, channels: 1)
        let pattern = dir.appendingPathComponent("s.ahap").path
        let gain = try run(Self.ahap, ["from-audio", sound, "--gain", "-6", "-o", pattern])
        #expect(gain.status == 0, "\(gain.stderr)")
        let sync = try run(Self.ahap, ["sync", pattern, "--audio", sound, "--offset", "-0.01"])
        #expect(sync.status <= 1 && !sync.stderr.contains("Usage"), "\(sync.stderr)")
        let grid = Self.write(#"{"beats": [0.5, 1.0, 1.5, 2.0]}"#, name: "g.json", in: dir)
        let convert = try run(
            Self.beatmap, ["convert", grid, "--bpm", "120", "--offset", "-0.1", "-o", dir.appendingPathComponent("c.json").path])
        #expect(convert.status == 0, "\(convert.stderr)")
    }

    @Test(
        "help works everywhere",
        arguments: [["--help"], ["validate", "--help"], ["info", "--help"], ["format", "--help"], ["rules", "--help"]])
    func help(_ args: [String]) throws {
        let r = try run(Self.ahap, args)
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE"))
    }

    @Test func exitCodes() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clean = Self.write(Self.clean, name: "clean.ahap", in: dir)
        let bad = Self.write(Self.bad, name: "bad.ahap", in: dir)
        let warn = Self.write(Self.warn, name: "warn.ahap", in: dir)
        #expect(try run(Self.ahap, ["validate", clean]).status == 0)
        let r = try run(Self.ahap, ["validate", bad])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("\(bad):2:"))
        #expect(r.stdout.contains(": error: [ahap.continuous_without_duration]"))
        #expect(try run(Self.ahap, ["validate", warn]).status == 0)
        #expect(try run(Self.ahap, ["validate", "--werror", warn]).status == 1)
        let missing = try run(Self.ahap, ["validate", dir.appendingPathComponent("nope.ahap").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.ahap: no such file"))
        #expect(try run(Self.ahap, ["validate", "--format", "yaml", clean]).status == 64)
    }

    @Test func directoriesAreSearchedAndColourIsOffWhenPiped() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = Self.write(Self.clean, name: "a.ahap", in: dir)
        _ = Self.write(Self.bad, name: "b.ahap", in: dir)
        let r = try run(Self.ahap, ["validate", dir.path])
        #expect(r.status == 1)
        #expect(!r.stdout.contains("\u{1B}["))
        #expect(r.stderr.contains("checked 2 files"))
    }

    @Test("every format parses", arguments: ["json", "sarif", "junit", "github"])
    func formats(_ format: String) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = Self.write(Self.bad, name: "bad.ahap", in: dir)
        let out = dir.appendingPathComponent("report.out").path
        let r = try run(Self.ahap, ["validate", "--format", format, "-o", out, bad])
        #expect(r.status == 1)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("ahap.continuous_without_duration"))
        if format == "json" || format == "sarif" {
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil)
        }
    }

    @Test func formatInPlaceIsAtomicAndIdempotent() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = Self.write(
            "{\"Pattern\": [{\"Event\": {\"EventType\": \"HapticTransient\", \"Time\": 0},},], \"Version\": 1}", name: "f.ahap", in: dir)
        #expect(try run(Self.ahap, ["format", "--check", file]).status == 1)
        #expect(try run(Self.ahap, ["format", "--in-place", file]).status == 0)
        let once = try String(contentsOfFile: file, encoding: .utf8)
        #expect(try run(Self.ahap, ["format", "--check", file]).status == 0)
        #expect(try run(Self.ahap, ["validate", file]).status == 0)
        #expect(once.hasPrefix("{\n    \"Version\": 1,"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["f.ahap"])
        // -o onto the input is refused.
        let r = try run(Self.ahap, ["format", file, "-o", file])
        #expect(r.status == 2)
    }

    @Test func infoReportsCountsAsJSON() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = Self.write(
            #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}, {"Event": {"Time": 0.5, "EventType": "HapticContinuous", "EventDuration": 1.25}}]}"#,
            name: "i.ahap", in: dir)
        let r = try run(Self.ahap, ["info", "--format", "json", file])
        #expect(r.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect((root["duration_seconds"] as? Double) == 1.75)
        #expect(((root["events"] as? [String: Any])?["HapticContinuous"] as? Int) == 1)
    }

    @Test func rulesListsEveryRule() throws {
        let r = try run(Self.ahap, ["rules"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("ahap.continuous_too_long"))
        let one = try run(Self.ahap, ["rules", "ahap.curve_absolute_times"])
        #expect(one.stdout.contains("relative"))
        #expect(try run(Self.ahap, ["rules", "ahap.nope"]).status == 2)
    }

    @Test func audioInfoNamesTheFileOnError() throws {
        let r = try run(Self.beatmap, ["audio-info", "/no/such.wav"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("/no/such.wav: no such file"))
        #expect(r.stderr.split(separator: "\n").count == 1)
    }
}

/// render, plot and new as a user runs them.
@Suite("Command line: render, plot, new")
struct CLIRenderTests {
    static let ahap = TestPaths.binary("ahap-tool")

    @Test func newThenValidateThenRenderThenPlot() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("hb.ahap").path
        #expect(try run(Self.ahap, ["new", "heartbeat", "--param", "beats=3", "-o", file]).status == 0)
        #expect(try run(Self.ahap, ["new", "heartbeat", "-o", file]).status == 2)  // exists: needs --force
        #expect(try run(Self.ahap, ["validate", file]).status == 0)
        let wav = dir.appendingPathComponent("hb.wav").path
        let r = try run(Self.ahap, ["render", file, "-o", wav, "--rate", "44100", "--channels", "2", "--audible"])
        #expect(r.status == 0, "\(r.stderr)")
        let (info, _) = try AudioFile.read(wav)
        #expect(info.sampleRate == 44_100 && info.channels == 2)
        // Three beats 0.8 s apart: the last lub-dub ends 1.6 + 0.18 s + one 15 ms burst in.
        #expect(abs(info.duration - 1.795) < 0.002)
        let svg = dir.appendingPathComponent("hb.svg").path
        #expect(try run(Self.ahap, ["plot", file, "-o", svg]).status == 0)
        _ = try XMLDocument(contentsOf: URL(fileURLWithPath: svg))
        #expect(try run(Self.ahap, ["render", file, "-o", file]).status == 2)  // never overwrites its input
        #expect(try run(Self.ahap, ["new", "heartbeat", "--param", "beats=1000"]).status == 2)
        #expect(try run(Self.ahap, ["new", "--list"]).stdout.contains("notification-success"))
    }

    @Test func renderRefusesBadOptions() throws {
        #expect(try run(Self.ahap, ["render", "samples/ahap/thud.ahap", "-o", "/tmp/x.wav", "--channels", "5"]).status == 64)
        #expect(try run(Self.ahap, ["render", "samples/ahap/thud.ahap", "-o", "/tmp/x.wav", "--low-frequency", "-3"]).status == 64)
    }
}

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Outputs to devices and pipes are written in place, never replaced.
@Suite("Command line: special outputs")
struct CLISpecialOutputTests {
    @Test func aFifoOutputStaysAFifo() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("report.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let captured = dir.appendingPathComponent("captured.txt").path
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat '\(fifo)' > '\(captured)'"]
        try reader.run()
        let r = try run(TestPaths.binary("ahap-tool"), ["validate", "-o", fifo, "samples/broken/late-curve.ahap"])
        reader.waitUntilExit()
        #expect(r.status == 1)
        var st = stat()
        #expect(stat(fifo, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO)
        #expect(try String(contentsOfFile: captured, encoding: .utf8).contains("ahap.continuous_too_long"))
    }
}

/// The play commands end to end: through ALSA into a `type file` PCM (ALSA_CONFIG_PATH
/// points at our own configuration, so no system file is read), against `--output`.
@Suite("Command line: playback")
struct CLIPlaybackTests {
    static func environment(_ dir: URL) throws -> [String: String] {
        let conf = dir.appendingPathComponent("asound.conf").path
        try """
        pcm.!default {
            type file
            slave { pcm { type null } }
            file { @func getenv vars [ ALSA_TEST_OUT ] default "/tmp/alsa-test-out.raw" }
            format "raw"
        }
        pcm.null { type null }
        """.write(toFile: conf, atomically: true, encoding: .utf8)
        return ["ALSA_CONFIG_PATH": conf, "ALSA_TEST_OUT": dir.appendingPathComponent("played.raw").path]
    }

    static func played(_ dir: URL) throws -> [Float] {
        let data = try Data(contentsOf: dir.appendingPathComponent("played.raw"))
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    @Test(
        "what is played equals what --output writes",
        arguments: [
            ["ahap-tool", "play", "samples/ahap/capacitor_charge.ahap", "--audible"],
            [
                "beatmap", "preview", "samples/audio/world1-track-a-88bpm.flac", "--beats", "samples/beatmaps/world1-a.json", "--from", "2",
                "--to", "6",
            ],
            [
                "beatmap", "crossfade", "samples/audio/world1-track-a-88bpm.flac", "samples/audio/world2-track-b-174bpm.flac", "--at", "3",
                "--duration", "2", "--tail", "2", "--curve", "equal-power", "--PLAY",
            ],
        ])
    func playedEqualsWritten(_ command: [String]) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = try Self.environment(dir)
        let tool = TestPaths.binary(command[0])
        let isCrossfade = command.last == "--PLAY"
        let args = Array(command.dropFirst()).filter { $0 != "--PLAY" }
        let out = dir.appendingPathComponent("written.wav").path
        let play = try run(tool, args + (isCrossfade ? ["--play"] : []), environment: env)
        #expect(play.status == 0, "\(play.stderr)")
        let write = try run(tool, args + ["-o", out], environment: env)
        #expect(write.status == 0, "\(write.stderr)")
        let written = try AudioFile.read(out).samples
        let played = try Self.played(dir)
        #expect(played.count == written.count)
        #expect(played == written)
    }

    @Test func noDeviceGivesExitCode3AndOneLine() throws {
        let r = try run(TestPaths.binary("ahap-tool"), ["play", "samples/ahap/thud.ahap", "--device", "akl_no_such_device"])
        #expect(r.status == 3)
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains("no sound device") && r.stderr.contains("--output"))
    }

    @Test func ctrlCStopsPlaybackAndLeavesNoPartialOutput() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = try Self.environment(dir)
        for extra in [["--play"], ["--metronome-output", dir.appendingPathComponent("long.wav").path]] {
            let p = Process()
            p.executableURL = TestPaths.binary("beatmap")
            p.arguments = ["timer", "--bpm", "120", "--minutes", "600"] + extra
            var e = ProcessInfo.processInfo.environment
            for (k, v) in env { e[k] = v }
            p.environment = e
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            // Waits for an event, not a time: the sound reaching the ALSA file, or the metronome's temporary file, both
            // after the signal handlers are installed.
            func started() -> Bool {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
                return names.contains { $0 == "played.raw" || $0.hasSuffix(".tmp") }
            }
            while !started() && p.isRunning { usleep(10_000) }
            #expect(p.isRunning, "a 10-hour metronome cannot be done yet")
            kill(p.processIdentifier, SIGINT)
            p.waitUntilExit()
            #expect(p.terminationReason == .exit && p.terminationStatus == 130, "\(extra)")
            try? FileManager.default.removeItem(at: dir.appendingPathComponent("played.raw"))
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains("long") }
        #expect(left.isEmpty, "\(left)")
    }
}

@Suite("Rule documentation")
struct RuleDocumentationTests {
    @Test func docsRulesMarkdownIsWhatTheToolsGenerate() throws {
        let ahap = try run(TestPaths.binary("ahap-tool"), ["rules", "--markdown"])
        let beatmap = try run(TestPaths.binary("beatmap"), ["rules", "--markdown"])
        let file = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        #expect(
            file == ahap.stdout + "\n" + beatmap.stdout,
            "docs/rules.md is stale: run (ahap-tool rules --markdown; echo; beatmap rules --markdown) > docs/rules.md")
        for id in BeatMapRules.all.map(\.id) + AHAPRuleRegistry.descriptions.map(\.id) { #expect(file.contains("`\(id)`"), "\(id)") }
    }

    @Test func beatmapRulesShowsOneRule() throws {
        let r = try run(TestPaths.binary("beatmap"), ["rules", "beatmap.unconfirmed"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Map not confirmed by the audio"))
        let unknown = try run(TestPaths.binary("beatmap"), ["rules", "beatmap.nope"])
        #expect(unknown.status == 2 && unknown.stderr.contains("beatmap rules"))
    }
}
