import AudioKitLinux
import Foundation
import Testing

/// Issue #24, 10: a stalled ffprobe or ffmpeg hung the tool for ever, and a signal left it running. Stand-ins that
/// never answer take the real programs' place on PATH.
@Suite(
    "Child programs",
    .enabled(
        if: TestPaths.program("ffmpeg") != nil && TestPaths.program("ffprobe") != nil,
        "ffmpeg is not installed (apt install ffmpeg): the child-program limits are not tested"))
struct ChildProgramTests {
    /// A folder holding a short AAC file and a `bin/` with `stalled` standing in for that program (the other is the real one).
    static func workspace(stalled: String, script: String = "exec sleep 600") throws -> (dir: URL, m4a: String, path: String) {
        let dir = TestPaths.scratch()
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let m4a = dir.appendingPathComponent("a.m4a").path
        let make = try run(
            try #require(TestPaths.program("ffmpeg")), ["-v", "error", "-f", "lavfi", "-i", "sine=f=440:d=2", "-c:a", "aac", m4a])
        #expect(make.status == 0, "\(make.stderr)")
        for name in ["ffmpeg", "ffprobe"] {
            let target = bin.appendingPathComponent(name).path
            if name == stalled {
                try Data("#!/bin/sh\n\(script)\n".utf8).write(to: URL(fileURLWithPath: target))
                chmod(target, 0o755)
            } else {
                try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: try #require(TestPaths.program(name)).path)
            }
        }
        return (dir, m4a, bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"))
    }

    @Test(arguments: ["ffprobe", "ffmpeg"])
    func aChildThatProducesNothingIsStopped(_ program: String) throws {
        let w = try Self.workspace(stalled: program)
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let r = try run(TestPaths.binary("beatmap"), ["bpm", w.m4a], environment: ["PATH": w.path, "AKL_CHILD_STALL_SECONDS": "1"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("\(program) produced nothing for 1 s and was stopped"), "\(r.stderr)")
    }

    @Test func aSignalEndsTheChildBeforeTheTool() throws {
        let pidFile = TestPaths.scratch().appendingPathComponent("ffmpeg.pid").path
        try FileManager.default.createDirectory(
            atPath: (pidFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let w = try Self.workspace(stalled: "ffmpeg", script: "echo $$ > '\(pidFile)'\nexec sleep 600")
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let tool = Process()
        tool.executableURL = TestPaths.binary("beatmap")
        tool.arguments = ["bpm", w.m4a]
        tool.environment = ProcessInfo.processInfo.environment.merging(["PATH": w.path]) { $1 }
        tool.standardOutput = FileHandle.nullDevice
        tool.standardError = FileHandle.nullDevice
        try tool.run()
        // Waits for the event (the stand-in has started), not for a time.
        var child: Int32 = 0
        for _ in 0..<600 where child == 0 {
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
                let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                child = pid
            } else {
                usleep(50_000)
            }
        }
        #expect(child > 0, "the stand-in ffmpeg never started")
        tool.terminate()
        tool.waitUntilExit()
        #expect(tool.terminationStatus == 128 + SIGTERM)
        // Ended: gone, or a zombie waiting for its new parent to reap it.
        var ended = false
        for _ in 0..<200 where !ended {
            let stat = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
            ended = stat.isEmpty || stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") == true
            if !ended { usleep(50_000) }
        }
        #expect(ended, "ffmpeg \(child) still runs after the tool ended")
        if !ended { kill(child, SIGKILL) }
    }
}
