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
