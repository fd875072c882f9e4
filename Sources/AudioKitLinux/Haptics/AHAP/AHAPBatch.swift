import Foundation

/// Validates many files in parallel (one task per file, across all cores),
/// and returns the results in input order. Only each file's findings are kept,
/// never its text or parsed pattern, so memory stays flat in the number of files.
public enum AHAPBatch {
    /// What a batch validation found, over all files.
    public struct Result: Sendable {
        /// The paths validated, in input order.
        public var files: [String]
        /// The findings of every file that was read, in input order.
        public var diagnostics: [Diagnostic]
        /// Files that could not be read or were over a limit, and why.
        public var failures: [InputError]
    }

    /// Validates every file of `paths` with `options`, in parallel (`.haptic` files by `HapticFileValidator`). Nothing is thrown: a file that cannot be read or is over a limit goes
    /// to `failures` instead of `diagnostics`.
    public static func validate(paths: [String], options: AHAPValidationOptions) -> Result {
        let slots = ResultSlots<Swift.Result<[Diagnostic], InputError>>(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in
            let r: Swift.Result<[Diagnostic], InputError>
            do throws(InputError) {
                r = .success(try HapticInput.read(path: paths[i], options: options).diagnostics)
            } catch {
                r = .failure(error)
            }
            slots.set(i, r)
        }
        var diagnostics: [Diagnostic] = []
        var failures: [InputError] = []
        for r in slots.values {
            switch r {
            case .success(let v): diagnostics += v
            case .failure(let f): failures.append(f)
            case nil: break
            }
        }
        return Result(files: paths, diagnostics: diagnostics, failures: failures)
    }
}

/// Expands command-line inputs: files as given, directories searched
/// recursively for the given extensions, and glob patterns the shell left unexpanded.
public enum InputExpansion {
    /// Expands `arguments` into file paths: files as given, directories searched for files whose lowercased extension is in `extensions`
    /// (sorted), and glob patterns. An argument that matches nothing, or a directory without such files, becomes a `.notFound` failure.
    public static func expand(_ arguments: [String], extensions: Set<String>) -> (paths: [String], failures: [InputError]) {
        var paths: [String] = []
        var failures: [InputError] = []
        for arg in arguments {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: arg, isDirectory: &isDirectory) {
                if isDirectory.boolValue {
                    let found = files(under: arg, extensions: extensions)
                    if found.isEmpty {
                        failures.append(
                            InputError(
                                .notFound, path: arg,
                                reason: "no .\(extensions.sorted().joined(separator: " or .")) files in this directory"))
                    }
                    paths += found
                } else {
                    paths.append(arg)
                }
            } else if arg.contains("*") || arg.contains("?") || arg.contains("[") {
                let matches = glob(arg)
                if matches.isEmpty { failures.append(InputError(.notFound, path: arg, reason: "no file matches this pattern")) }
                paths += matches
            } else {
                failures.append(InputError(.notFound, path: arg, reason: "no such file or directory", fix: "check the path"))
            }
        }
        return (paths, failures)
    }

    static func files(under directory: String, extensions: Set<String>) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var result: [String] = []
        while let item = enumerator.nextObject() as? String {
            let ext = (item as NSString).pathExtension.lowercased()
            let path = (directory as NSString).appendingPathComponent(item)
            // Only regular files: a FIFO named x.ahap would block the read forever.
            if extensions.contains(ext), FileKind(path: path) == .regular { result.append(path) }
        }
        return result.sorted()
    }

    static func glob(_ pattern: String) -> [String] {
        var g = glob_t()
        defer { globfree(&g) }
        guard Glibc.glob(pattern, 0, nil, &g) == 0 else { return [] }
        return (0..<Int(g.gl_pathc)).compactMap { g.gl_pathv[$0].map { String(cString: $0) } }.sorted()
    }
}
