import Foundation

/// Where a command that converts many inputs writes each one's output in a folder: a file given by name goes to the
/// folder under its own name, a file found in a folder given by name keeps its place below that folder, and the
/// extension is replaced. Two inputs that would write one output are refused before any work.
public enum BatchOutputs {
    /// One input and the output it writes.
    public struct Item: Sendable, Equatable {
        /// The input's path, as found.
        public var input: String
        /// The output's path in the folder, with the new extension.
        public var output: String
    }

    /// Every input of `arguments` (files, folders searched for files whose lowercased extension is in `extensions`,
    /// glob patterns), each with its output under `folder` ending in `newExtension`. Throws the first argument that
    /// finds nothing, or two inputs whose outputs would be one file (such as `click.wav` and `click.ogg`).
    public static func plan(_ arguments: [String], into folder: String, extensions: Set<String>, newExtension: String) throws(InputError)
        -> [Item]
    {
        var items: [Item] = []
        for argument in arguments {
            let (paths, failures) = InputExpansion.expand([argument], extensions: extensions)
            if let failure = failures.first { throw failure }
            let root = FileKind(path: argument) == .directory ? argument : nil
            for path in paths {
                let relative = root.map { relativePath(of: path, under: $0) } ?? (path as NSString).lastPathComponent
                let output = (folder as NSString).appendingPathComponent((relative as NSString).deletingPathExtension + "." + newExtension)
                items.append(Item(input: path, output: output))
            }
        }
        var seen: [String: String] = [:]
        for item in items {
            let key = (item.output as NSString).standardizingPath
            if let first = seen[key] {
                throw InputError(
                    .writeFailed, path: item.input, reason: "it would write \(item.output), as \(first) does",
                    fix: "rename one of the two, or convert them in two runs into different folders")
            }
            seen[key] = item.input
        }
        return items
    }

    /// `path` (found by searching `folder`) relative to `folder`.
    static func relativePath(of path: String, under folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : (path as NSString).lastPathComponent
    }
}
