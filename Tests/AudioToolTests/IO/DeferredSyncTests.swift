import Foundation
import Testing

@testable import AudioKitLinux

/// A command's outputs are synced to disk together when they are committed: every sync in flight at once, all before
/// the first output takes its name, and none renamed when one cannot be synced.
@Suite("A command's outputs synced together, before any is committed")
struct DeferredSyncTests {
    /// `fsync(2)` and `rename(2)` watched from inside the tool: each sync waits, up to 5 s, until `AKL_EXPECT` syncs
    /// are in flight together (as a slow disk's flush would hold them), and is counted with the most in flight at once;
    /// a rename to a name not starting ".akl-" (an output taking its name) is counted, and a sync that comes after one
    /// is noted. With `AKL_FAIL_SYNC` set, every sync fails with EIO. The tool's own counts (not a child process's) are
    /// written to `AKL_SHIM_LOG` at exit.
    static let shim = #"""
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <errno.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>
        #include <sys/syscall.h>
        static int in_flight, most, syncs, renames, late;
        static pid_t tool;
        __attribute__((constructor)) static void start(void) { tool = getpid(); }
        int fsync(int fd) {
            int now = __atomic_add_fetch(&in_flight, 1, __ATOMIC_SEQ_CST);
            int seen = __atomic_load_n(&most, __ATOMIC_SEQ_CST);
            while (now > seen && !__atomic_compare_exchange_n(&most, &seen, now, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {}
            if (__atomic_load_n(&renames, __ATOMIC_SEQ_CST) > 0) __atomic_add_fetch(&late, 1, __ATOMIC_SEQ_CST);
            const char *expect = getenv("AKL_EXPECT");
            int wanted = expect ? atoi(expect) : 1;
            for (int waited = 0; waited < 5000 && __atomic_load_n(&most, __ATOMIC_SEQ_CST) < wanted; waited++) usleep(1000);
            long r = syscall(SYS_fsync, fd);
            __atomic_add_fetch(&syncs, 1, __ATOMIC_SEQ_CST);
            __atomic_sub_fetch(&in_flight, 1, __ATOMIC_SEQ_CST);
            if (getenv("AKL_FAIL_SYNC")) { errno = EIO; return -1; }
            return (int)r;
        }
        int rename(const char *from, const char *to) {
            static int (*real)(const char *, const char *);
            if (!real) real = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
            const char *base = strrchr(to, '/');
            if (strncmp(base ? base + 1 : to, ".akl-", 5) != 0) __atomic_add_fetch(&renames, 1, __ATOMIC_SEQ_CST);
            return real(from, to);
        }
        __attribute__((destructor)) static void report(void) {
            const char *path = getenv("AKL_SHIM_LOG");
            FILE *f = path && getpid() == tool ? fopen(path, "w") : NULL;
            if (!f) return;
            fprintf(f, "%d %d %d %d\n", syncs, most, renames, late);
            fclose(f);
        }
        """#

    /// The shim built into `dir`, or nil (with the reason recorded under CI) when no C compiler is on PATH.
    static func buildShim(in dir: URL) throws -> URL? {
        guard let cc = TestPaths.program("cc") ?? TestPaths.program("clang") else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("no C compiler (cc or clang) is on PATH") }
            return nil
        }
        let source = dir.appendingPathComponent("shim.c"), library = dir.appendingPathComponent("shim.so")
        try shim.write(to: source, atomically: true, encoding: .utf8)
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
        try #require(counts.count == 4, "shim log: \(counts)")
        let (syncs, most, renames, late) = (counts[0], counts[1], counts[2], counts[3])
        #expect(syncs == 6, "each output synced once (a sync elsewhere in the command would count here too)")
        #expect(most == 6, "\(most) of the six syncs were in flight at once; all six should wait on the disk together")
        #expect(renames == 6 && late == 0, "\(renames) outputs renamed, \(late) syncs after the first rename")
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
