import Foundation
import Testing

@testable import AudioKitLinux

/// A command's outputs are synced to disk together when they are committed: every sync in flight at once, all before
/// the first output takes its name, and none renamed when one cannot be synced.
@Suite("A command's outputs synced together, before any is committed")
struct DeferredSyncTests {
    /// The shim built into `dir`, or nil (with the reason recorded under CI) when no C compiler is on PATH.
    static func buildShim(in dir: URL) throws -> URL? {
        guard let cc = TestPaths.program("cc") ?? TestPaths.program("clang") else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("no C compiler (cc or clang) is on PATH") }
            return nil
        }
        // `fsync(2)` and `rename(2)` watched from inside the tool (what it counts: the file's own comment).
        let source = TestPaths.packageRoot.appendingPathComponent("Tests/tools/sync_shim.c")
        let library = dir.appendingPathComponent("shim.so")
        let r = try run(cc, ["-O2", "-shared", "-fPIC", "-o", library.path, source.path, "-ldl"])
        try #require(r.status == 0, "the shim did not compile: \(r.stderr)")
        return library
    }

    /// Six short sounds of clicks in `dir`/sounds, and an empty `dir`/out.
    static func sounds(in dir: URL) throws -> (sounds: URL, out: URL) {
        let sounds = dir.appendingPathComponent("sounds"), out = dir.appendingPathComponent("out")
        for folder in [sounds, out] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        for k in 0..<6 {
            try FromAudioBatchTests.write([0.1 + 0.1 * Double(k), 0.9], to: sounds.appendingPathComponent("s\(k).wav").path)
        }
        return (sounds, out)
    }

    @Test("the batch's six outputs are synced at once, each once, all before the first is renamed into place")
    func syncedTogetherBeforeAnyRename() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        guard let shim = try Self.buildShim(in: dir) else { return }
        let (sounds, out) = try Self.sounds(in: dir)
        let log = dir.appendingPathComponent("shim.log")
        let r = try run(
            FromAudioBatchTests.tool, ["from-audio", sounds.path, "--out-dir", out.path],
            environment: ["LD_PRELOAD": shim.path, "AKL_SHIM_LOG": log.path, "AKL_EXPECT": "6"])
        #expect(r.status == 0, "\(r.stderr)")
        let counts = try String(contentsOf: log, encoding: .utf8).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(counts.count == 5, "shim log: \(counts)")
        let (syncs, most, renames, late, unsynced) = (counts[0], counts[1], counts[2], counts[3], counts[4])
        #expect(syncs == 6, "each output synced once (a sync elsewhere in the command would count here too)")
        #expect(most == 6, "\(most) of the six syncs were in flight at once; all six should wait on the disk together")
        #expect(renames == 6 && late == 0, "\(renames) outputs renamed, \(late) syncs after the first rename")
        #expect(unsynced == 0, "\(unsynced) outputs renamed into place without a sync")
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(written == (0..<6).map { "s\($0).ahap" })
    }

    @Test("an output that cannot be synced commits none: exit 2, the system's reason, nothing left in the folder")
    func aFailedSyncCommitsNothing() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        guard let shim = try Self.buildShim(in: dir) else { return }
        let (sounds, out) = try Self.sounds(in: dir)
        let r = try run(
            FromAudioBatchTests.tool, ["from-audio", sounds.path, "--out-dir", out.path],
            environment: ["LD_PRELOAD": shim.path, "AKL_FAIL_SYNC": "1"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write: Input/output error"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty, "no output and no temporary file")
    }

    @Test("ConcurrentSync names each file it could not sync, in the order given, with the system's reason")
    func reportsFailuresInOrder() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let paths = (0..<5).map { dir.appendingPathComponent("f\($0)").path }
        for k in [0, 2, 4] { try Data("file \(k)".utf8).write(to: URL(fileURLWithPath: paths[k])) }
        let failed = ConcurrentSync.sync(paths)
        #expect(failed.map(\.path) == [paths[1], paths[3]])
        #expect(failed.allSatisfy { $0.reason == "No such file or directory" })
        #expect(ConcurrentSync.sync([paths[0]]).isEmpty && ConcurrentSync.sync([]).isEmpty)
        #expect(try String(contentsOfFile: paths[2], encoding: .utf8) == "file 2")
    }
}
