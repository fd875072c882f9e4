import Foundation

/// The checks a save makes before it writes anything, so that a save either changes every file it writes (the map and
/// its sidecar) or none.
extension EditorSession {
    /// True when anything is at `path`, a symbolic link to nowhere included (`lstat`, links not followed).
    static func anythingAt(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// Refuses to write or remove the sidecar at `path` unless it is as this session last read or wrote it (`expected`,
    /// nil: there was none), and a file: a teammate's change on disk is never overwritten, and a folder in its place
    /// stops the save before the map is written.
    static func checkSidecar(_ path: String, expected: [UInt8]?) throws(InputError) {
        var st = stat()
        guard lstat(path, &st) == 0 else {
            guard expected == nil else {
                throw InputError(
                    .writeFailed, path: path, reason: "the sidecar was removed on disk since the editor read it; nothing was saved",
                    fix: "reload the page, or restore the file")
            }
            return
        }
        let kind = st.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFLNK else {
            throw InputError(
                .writeFailed, path: path, reason: "is not a file, so the grid and markers cannot be kept there; nothing was saved",
                fix: "move it away, or untick keeping the grid and markers beside the map")
        }
        let current = try InputFile.read(path, maxBytes: InputLimits.standard.maxFileBytes)
        guard current == expected else {
            throw InputError(
                .writeFailed, path: path,
                reason: expected == nil
                    ? "a sidecar appeared on disk since the editor opened the map; nothing was saved"
                    : "the sidecar changed on disk since the editor read it; nothing was saved",
                fix: "reload the page to take the change, or save under another name")
        }
    }

    /// Refuses, when the editor starts, a draft's `--save-as` target that a save could not write: a format the editor
    /// does not save, a folder that does not exist, or a file that exists.
    static func checkDraftTarget(_ path: String) throws(InputError) {
        let ext = (path as NSString).pathExtension.lowercased()
        guard ["json", "txt", "csv", "swift"].contains(ext) else {
            throw InputError(
                .unsupportedFormat, path: path, reason: "a draft is saved as .json, .txt, .csv or .swift, not \".\(ext)\"",
                fix: "give a name ending in .json (keeps the grid and markers), .txt, .csv or .swift")
        }
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw InputError(
                .writeFailed, path: path, reason: "the folder \(folder) does not exist", fix: "create it first, or save elsewhere")
        }
        guard !anythingAt(path) else {
            throw InputError(
                .writeFailed, path: path, reason: "already exists; a draft is never written over a file",
                fix: "start the editor with it as the map, or choose another name")
        }
    }
}
