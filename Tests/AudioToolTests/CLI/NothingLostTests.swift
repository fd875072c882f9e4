import AudioKitLinux
import Foundation
import Testing

/// The fault probe's reproductions, run through the real binaries: no input overwritten, no crash on a
/// closed output, no hang on a FIFO, nothing left behind after a signal, no allocation in proportion to a file.
@Suite("Nothing lost")
struct NothingLostTests {
    static let samples = TestPaths.packageRoot.appendingPathComponent("samples")

    /// A scratch folder holding copies of the samples the reproductions use.
    static func workspace() throws -> URL {
        let dir = TestPaths.scratch()
        let fm = FileManager.default
        for (from, to) in [
            ("broken/late-curve.ahap", "late.ahap"), ("beatmaps/world1-a.json", "m.json"),
            ("audio/world1-track-a-88bpm.flac", "t.flac"), ("audio/world1-track-b-95bpm.flac", "b.flac"),
            ("ahap/thud.ahap", "thud.ahap"), ("ahap/sfx_haptic_thud.wav", "sfx_haptic_thud.wav"),
        ] {
            try fm.copyItem(at: samples.appendingPathComponent(from), to: dir.appendingPathComponent(to))
        }
        let manifest = #"{"tracks": [{"audio": "t.flac", "bpm": 88, "beatmaps": ["m.json"]}], "ahap": ["thud.ahap"]}"#
        try Data(manifest.utf8).write(to: dir.appendingPathComponent("game.json"))
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("link.flac").path, withDestinationPath: "t.flac")
        return dir
    }

    static let overwrites: [(tool: String, args: [String], victim: String)] = [
        ("ahap-tool", ["validate", "late.ahap", "-o", "late.ahap"], "late.ahap"),
        ("beatmap", ["lint", "m.json", "-o", "m.json"], "m.json"),
        ("beatmap", ["check", "m.json", "--audio", "t.flac", "-o", "m.json"], "m.json"),
        ("beatmap", ["check", "m.json", "--audio", "t.flac", "-o", "t.flac"], "t.flac"),
        ("beatmap", ["check", "m.json", "--audio", "t.flac", "--plot", "t.flac"], "t.flac"),
        ("beatmap", ["check", "m.json", "--audio", "t.flac", "--plot", "link.flac"], "t.flac"),
        ("beatmap", ["ci", "game.json", "-o", "game.json"], "game.json"),
        ("beatmap", ["ci", "game.json", "-o", "m.json"], "m.json"),
        ("beatmap", ["ci", "game.json", "-o", "sfx_haptic_thud.wav"], "sfx_haptic_thud.wav"),
        ("beatmap", ["crossfade", "t.flac", "b.flac", "--plot", "t.flac"], "t.flac"),
        ("beatmap", ["crossfade", "t.flac", "b.flac", "-o", "link.flac"], "t.flac"),
        ("beatmap", ["detect", "t.flac", "-o", "t.flac", "--map-format", "json"], "t.flac"),
        ("ahap-tool", ["render", "thud.ahap", "-o", "sfx_haptic_thud.wav"], "sfx_haptic_thud.wav"),
        ("ahap-tool", ["plot", "thud.ahap", "-o", "sfx_haptic_thud.wav"], "sfx_haptic_thud.wav"),
    ]

    @Test("no output is written over a file the command reads", arguments: 0..<overwrites.count)
    func neverOverwritesAnInput(_ i: Int) throws {
        let c = Self.overwrites[i]
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let victim = dir.appendingPathComponent(c.victim)
        let before = try Data(contentsOf: victim)
        let args = c.args.map { $0.contains(".") ? dir.appendingPathComponent($0).path : $0 }
        let r = try run(TestPaths.binary(c.tool), args)
        let label = "\(c.tool) \(c.args.joined(separator: " "))"
        #expect(r.status == 2, "\(label): exit \(r.status)\n\(r.stderr.suffix(400))")
        #expect(r.stderr.contains("is also an input"), "\(label): \(r.stderr.suffix(400))")
        #expect(try Data(contentsOf: victim) == before, "\(label) changed \(c.victim)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "\(label) left \(leftovers)")
    }

    @Test func formatInPlaceWritesThroughASymlinkAndKeepsTheMode() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("late.ahap").path
        let link = dir.appendingPathComponent("link.ahap").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "late.ahap")
        chmod(target, 0o640)
        let r = try run(TestPaths.binary("ahap-tool"), ["format", "--in-place", link])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "late.ahap")
        let check = try run(TestPaths.binary("ahap-tool"), ["format", "--check", target])
        #expect(check.status == 0, "the target was not formatted: \(check.stderr)")
        var st = stat()
        stat(target, &st)
        #expect(st.st_mode & 0o777 == 0o640)
    }

    /// Runs a shell line (for redirections the Process API cannot express); `TOOL` is replaced by the binary.
    static func shell(_ line: String, tool: String = "ahap-tool") throws -> CommandResult {
        try run(
            URL(fileURLWithPath: "/bin/bash"), ["-c", line.replacingOccurrences(of: "TOOL", with: TestPaths.binary(tool).path)])
    }

    @Test(
        "a closed or full standard output or error exits 74 without a crash",
        arguments: [
            "TOOL validate samples/broken/late-curve.ahap > /dev/full; echo \"exit=$?\" >&2",
            "TOOL validate samples/broken/late-curve.ahap 2> /dev/full; echo \"exit=$?\" >&2",
            "TOOL validate samples/broken/late-curve.ahap >&- 2>&-; echo \"exit=$?\" >&2",
            "TOOL format BIG | head -c 10 > /dev/null; echo \"exit=${PIPESTATUS[0]}\" >&2",
            "trap '' PIPE; TOOL format BIG | head -c 10 > /dev/null; echo \"exit=${PIPESTATUS[0]}\" >&2",
        ])
    func closedOutputs(_ line: String) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = dir.appendingPathComponent("big.ahap")
        let events = (0..<4000).map { #"{"Event": {"Time": \#(Double($0) * 0.01), "EventType": "HapticTransient"}}"# }
        try Data(#"{"Version": 1, "Pattern": [\#(events.joined(separator: ",\n"))]}"#.utf8).write(to: big)
        let r = try Self.shell(line.replacingOccurrences(of: "BIG", with: big.path))
        #expect(r.stderr.contains("exit=74"), "\(line)\n\(r.stderr.suffix(600))")
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack dump"), "\(r.stderr.suffix(600))")
    }

    @Test func aFIFONeverHangsValidation() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("x.ahap").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for name in ["thud.ahap", "sfx_haptic_thud.wav"] {
            try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("ahap/\(name)"), to: dir.appendingPathComponent(name))
        }
        // A watchdog checks, until the runs end, whether a reader has the FIFO open (a non-blocking open for writing
        // succeeds only then): that reader is blocked, so it is recorded and released. No wall-clock bound.
        let watch = FIFOWatch()
        let watchdog = Thread {
            while !watch.isDone {
                let fd = open(fifo, O_WRONLY | O_NONBLOCK)
                if fd >= 0 {
                    watch.sawReader()
                    close(fd)
                }
                usleep(20_000)
            }
        }
        watchdog.start()
        defer { watch.finish() }
        let walk = try run(TestPaths.binary("ahap-tool"), ["validate", dir.path])
        #expect(walk.status == 0, "\(walk.stderr)")
        #expect(walk.stderr.contains("checked 1 file"), "the FIFO was not skipped by the walk: \(walk.stderr)")
        let named = try run(TestPaths.binary("ahap-tool"), ["validate", fifo])
        #expect(named.status == 2)
        #expect(named.stderr.contains("FIFO"), "\(named.stderr)")
        let audio = try run(TestPaths.binary("beatmap"), ["audio-info", fifo])
        #expect(audio.status == 2 && audio.stderr.contains("FIFO"), "\(audio.stderr)")
        watch.finish()
        #expect(!watch.readerSeen, "a FIFO blocked a reader")
    }

    @Test func sighupRemovesTheTemporaryOutput() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Twenty 30 s continuous events at 96 kHz: long enough to be caught while writing.
        let events = (0..<20).map {
            #"{"Event": {"Time": \#($0 * 30), "EventType": "HapticContinuous", "EventDuration": 30, "EventParameters": []}}"#
        }
        let pattern = dir.appendingPathComponent("long.ahap")
        try Data(#"{"Version": 1, "Pattern": [\#(events.joined(separator: ","))]}"#.utf8).write(to: pattern)
        let process = Process()
        process.executableURL = TestPaths.binary("ahap-tool")
        process.arguments = ["render", pattern.path, "-o", dir.appendingPathComponent("out.wav").path, "--rate", "96000"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        func temporaries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix(".tmp") }
        }
        // Waits for the event (the temporary output exists), however slow the build (sanitizers) makes the start.
        while temporaries().isEmpty && process.isRunning { usleep(5_000) }
        #expect(!temporaries().isEmpty, "the render finished before the signal could be sent")
        kill(process.processIdentifier, SIGHUP)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 129)
        #expect(temporaries().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.wav").path))
    }

    @Test func longOutputNamesAreWrittenAndErrorsNameTheRealOutput() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = String(repeating: "n", count: 246) + ".wav"  // 250 bytes: legal, near NAME_MAX
        let out = dir.appendingPathComponent(name).path
        let ok = try run(TestPaths.binary("ahap-tool"), ["render", Self.samples.appendingPathComponent("ahap/thud.ahap").path, "-o", out])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
        let missing = dir.appendingPathComponent("no-such-folder/out.wav").path
        let bad = try run(
            TestPaths.binary("ahap-tool"), ["render", Self.samples.appendingPathComponent("ahap/thud.ahap").path, "-o", missing])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains(missing) && !bad.stderr.contains(".tmp"), "\(bad.stderr)")
    }

    /// A sparse RF64 file whose header claims `seconds` of 8-bit audio; nothing but the header is on disk.
    static func sparseRF64(_ path: String, seconds: Double, channels: Int, rate: Int) -> Bool {
        let frames = UInt64(seconds * Double(rate))
        let dataBytes = frames * UInt64(channels)
        var h = Data()
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { h.append(contentsOf: $0) } }
        func u32(_ v: UInt64) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { h.append(contentsOf: $0) } }
        func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { h.append(contentsOf: $0) } }
        h.append(contentsOf: Array("RF64".utf8))
        u32(0xFFFF_FFFF)
        h.append(contentsOf: Array("WAVEds64".utf8))
        u32(28)
        u64(4 + 36 + 24 + 8 + dataBytes)
        u64(dataBytes)
        u64(frames)
        u32(0)
        h.append(contentsOf: Array("fmt ".utf8))
        u32(16)
        u16(1)
        u16(channels)
        u32(UInt64(rate))
        u32(UInt64(rate * channels))
        u16(channels)
        u16(8)
        h.append(contentsOf: Array("data".utf8))
        u32(0xFFFF_FFFF)
        guard FileManager.default.createFile(atPath: path, contents: h) else { return false }
        return truncate(path, off_t(h.count) + off_t(dataBytes)) == 0
    }

    @Test func aHugeSparseFileWithinTheLimitsIsRefusedOrStreamedNotAllocated() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = dir.appendingPathComponent("big.wav").path
        try #require(
            Self.sparseRF64(big, seconds: 13_800, channels: 32, rate: 768_000),
            "this file system cannot hold a 339 GB sparse file; the test needs one")
        let info = try run(TestPaths.binary("beatmap"), ["audio-info", big])
        #expect(info.stdout.contains("13800.000 s"), "\(info.stdout)\(info.stderr)")
        // As an AudioCustom sound: refused in one line, the haptics still rendered.
        let pattern = dir.appendingPathComponent("custom.ahap")
        try Data(
            #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "big.wav"}}, {"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#
                .utf8
        ).write(to: pattern)
        let render = try run(TestPaths.binary("ahap-tool"), ["render", pattern.path, "-o", dir.appendingPathComponent("r.wav").path])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stderr.contains("million samples"), "\(render.stderr)")
        // As a crossfade deck: streamed, so only the few seconds mixed are decoded.
        let mix = try run(
            TestPaths.binary("beatmap"),
            [
                "crossfade", big, big, "--at", "1", "--duration", "1", "--tail", "1", "--rate", "8000", "-o",
                dir.appendingPathComponent("x.wav").path,
            ])
        #expect(mix.status == 0, "\(mix.stderr)")
        #expect(try AudioFile.info(dir.appendingPathComponent("x.wav").path).duration == 3)
    }

    @Test func renderSpansOnlyWhatItRenders() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pattern = dir.appendingPathComponent("far.ahap")
        try Data(
            #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}, {"Event": {"Time": 1e308, "EventType": "HapticTransient"}}]}"#
                .utf8
        ).write(to: pattern)
        let out = dir.appendingPathComponent("far.wav").path
        let r = try run(TestPaths.binary("ahap-tool"), ["render", pattern.path, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try AudioFile.info(out).duration < 1)
        // A pattern CoreHaptics rejects is refused unless --force.
        let broken = Self.samples.appendingPathComponent("broken/late-curve.ahap").path
        let refused = try run(TestPaths.binary("ahap-tool"), ["render", broken, "-o", out + "2.wav"])
        #expect(refused.status == 1 && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "2.wav"))
        let forced = try run(TestPaths.binary("ahap-tool"), ["render", broken, "-o", out + "2.wav", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
    }

    @Test(
        "every duration and tempo option is bounded",
        arguments: [
            ["crossfade", "samples/audio/click.wav", "samples/audio/click.wav", "--tail", "1e7"],
            ["crossfade", "samples/audio/click.wav", "samples/audio/click.wav", "--gap", "1e9"],
            ["timer", "--bpm", "1e-300"], ["grid", "--bpm", "1e-300", "--duration", "10"],
            ["grid", "--bpm", "120", "--duration", "10", "--offset", "1e300"], ["bpm", "samples/audio/click.wav", "--expect", "1e-300"],
        ])
    func boundedOptions(_ args: [String]) throws {
        let r = try run(TestPaths.binary("beatmap"), args)
        #expect(r.status == 64, "\(args): exit \(r.status) \(r.stderr)")
    }

    @Test func aNonUTF8FileNameIsNamedAsSuch() throws {
        let r = try Self.shell("TOOL validate \"$(printf 'x\\377.ahap')\"")
        #expect(r.status == 2)
        #expect(r.stderr.contains("not valid UTF-8"), "\(r.stderr)")
    }

    @Test func aMissingSoundCardNumberIsNoDevice() throws {
        let r = try run(TestPaths.binary("ahap-tool"), ["play", "samples/ahap/thud.ahap", "--device", "hw:99,0"])
        #expect(r.status == 3, "\(r.stderr)")
    }

    @Test func crossfadeReportsOnlyAfterTheMixIsWritten() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plot = dir.appendingPathComponent("x.svg").path
        let r = try run(
            TestPaths.binary("beatmap"),
            [
                "crossfade", "samples/audio/world1-track-a-88bpm.flac", "samples/audio/world1-track-b-95bpm.flac", "--at", "2", "--plot",
                plot,
                "-o", dir.appendingPathComponent("no-such-folder/mix.wav").path,
            ])
        #expect(r.status == 2)
        #expect(!r.stdout.contains("loudness"), "the report was printed for a mix that failed")
        #expect(!FileManager.default.fileExists(atPath: plot))
    }

    @Test func silentCheckFailsTheGateThroughTheCLI() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let track = dir.appendingPathComponent("silence.wav").path
        try AudioFile.write([Float](repeating: 0, count: 20 * 8_000), to: track, sampleRate: 8_000, channels: 1)
        let map = dir.appendingPathComponent("m.csv").path
        try Data("0.25\r\n0.931818\r\n1.613636\r\n2.295455\r\n2.977273\r\n".utf8).write(to: URL(fileURLWithPath: map))
        let r = try run(TestPaths.binary("beatmap"), ["check", map, "--audio", track])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("beatmap.unconfirmed"))
        let fit = try run(TestPaths.binary("beatmap"), ["fit", map])
        #expect(fit.stdout.contains("88.000 BPM") && fit.stdout.contains("over 5 beats"), "\(fit.stdout)")
    }
}

/// What the FIFO watchdog saw: whether a reader ever had the FIFO open, and whether the runs are over.
final class FIFOWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var seen = false
    private var done = false

    var readerSeen: Bool { lock.withLock { seen } }
    var isDone: Bool { lock.withLock { done } }
    func sawReader() { lock.withLock { seen = true } }
    func finish() { lock.withLock { done = true } }
}
