import ArgumentParser
import AudioKitLinux
import Foundation

/// The early half of the output guard: before any work, every output a command was given is compared with
/// the inputs it names and with its other outputs, so a mistake fails at once. `AtomicFile` checks again, against
/// every file the command actually read, before an output is renamed into place.
public enum OutputGuard {
    /// Throws when two of `outputs` name the same file (a usage error, exit 64: one would silently replace the
    /// other), when any of them is the same file on disk as any of `inputs` (exit 2), or, unless the command makes its
    /// outputs' folders itself (`makesFolders`), when one is a folder or lies in a folder that does not exist (exit 2).
    public static func check(_ outputs: [String?], against inputs: [String], makesFolders: Bool = false) throws {
        // One look at each path (not one per pair): a batch of thousands of outputs is checked in linear time.
        var seen: [FileKey: String] = [:]
        for output in outputs.compactMap({ $0 }) where !takesAny(output) {
            if !makesFolders { try checkPlace(output) }
            let key = FileKey(output)
            if let first = seen[key] {
                throw ValidationError(
                    first == output
                        ? "two outputs are both \(output): one would replace the other; give each output its own file"
                        : "the outputs \(first) and \(output) are the same file: one would replace the other; give each output its own file"
                )
            }
            seen[key] = output
        }
        for input in inputs {
            if let output = seen[FileKey(input)] { try AtomicFile.checkNotAnInput(output, inputs: [input]) }
        }
    }

    /// Throws (exit 2) when one of `outputs` exists and `replacing` is false: a command whose output is a file people
    /// edit by hand (a drafted chart) is not written over unless asked with `flag`.
    public static func refuseExisting(_ outputs: [String?], replacing: Bool, flag: String, losing what: String) throws {
        guard !replacing, let existing = outputs.compactMap({ $0 }).first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            return
        }
        throw ToolFailure("\(existing): already exists, and \(what); give another -o, or pass \(flag) to replace it")
    }

    /// Throws (exit 2) when `output` is a folder, or names a folder that does not exist: the file could never be
    /// written there, and the command would otherwise find out only after its work.
    static func checkPlace(_ output: String) throws {
        var isFolder: ObjCBool = false
        if output.hasSuffix("/") || (FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) && isFolder.boolValue) {
            throw ToolFailure("\(output): names a folder, not a file; give a file name in it")
        }
        let folder = (output as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            throw ToolFailure("\(output): the folder \(folder) does not exist; create it first (mkdir -p \(folder))")
        }
        if !isFolder.boolValue { throw ToolFailure("\(output): \(folder) is a file, not a folder; give a path in a folder") }
    }

    /// Standard output ("-") and devices such as /dev/null take any number of outputs.
    static func takesAny(_ path: String) -> Bool { path == "-" || AtomicFile.isSpecialFile(path) }

    /// What makes two paths one file (`AtomicFile.isSameFile`): the device and inode of a file that exists, else
    /// the path once `.`, `..` and links are resolved.
    enum FileKey: Hashable {
        case file(FileIdentity)
        case path(String)

        init(_ path: String) {
            if let id = FileIdentity(path: path) {
                self = .file(id)
            } else {
                self = .path(URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path)
            }
        }
    }
}
