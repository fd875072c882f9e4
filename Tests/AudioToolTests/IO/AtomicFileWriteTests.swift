import AudioKitLinux
import Foundation
import Testing

/// `AtomicFile.write`: the bytes given, whole, under the name given, with nothing left beside them; a write that
/// cannot be made says why and leaves nothing.
@Suite("AtomicFile: a write puts the bytes in place whole, or nothing")
struct AtomicFileWriteTests {
    @Test("text is written as its UTF-8 bytes, a replaced file keeps its permissions, and no temporary file stays")
    func textAndPermissions() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.ahap").path
        let text = "{\"Pattern\": [\"é\", \"🎵\", \"\\n\"]}\n" + String(repeating: "x", count: 100_000)
        try AtomicFile.write(text, to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(text.utf8))
        // A new file takes the umask's mode, as a file the shell makes would.
        let mask = umask(0)
        umask(mask)
        #expect(try Self.mode(path) == 0o666 & ~mask)

        chmod(path, 0o600)
        try AtomicFile.write(Data("second".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(try Self.mode(path) == 0o600)
        try AtomicFile.write("", to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.ahap"])
    }

    @Test("a folder that does not exist is refused with the system's reason and the way to fix it")
    func missingFolder() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("no-such-folder/out.ahap").path
        let error = try #require(throws: InputError.self) { try AtomicFile.write("text", to: path) }
        #expect(error.kind == .writeFailed && error.path == path)
        #expect(error.reason == "cannot write: No such file or directory")
        #expect(error.fix?.contains("folder exists") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("a device is written in place, not replaced")
    func device() throws {
        try AtomicFile.write("nothing to keep", to: "/dev/null")
        #expect(FileKind(path: "/dev/null") == .special(name: "a character device"))
    }

    private static func mode(_ path: String) throws -> mode_t {
        var st = stat()
        try #require(stat(path, &st) == 0)
        return st.st_mode & 0o7777
    }
}
