import Foundation

/// Resolves an AudioCustom `EventWaveformPath` the way the app bundle would:
/// relative to the AHAP file's folder, or, as Apple allows, by its bare file
/// name in that folder. Paths that leave the folder (absolute, `..`, or a
/// symbolic link pointing out) are refused unless explicitly allowed.
public struct WaveformResolver: Sendable {
    /// The outcome of resolving a path.
    public enum Resolution: Sendable, Equatable {
        /// The file exists; its standardized path.
        case found(String)
        /// No candidate exists; the standardized paths that were tried.
        case notFound(tried: [String])
        /// A candidate, or the file a symbolic link points to, lies outside the folder; that path.
        case outsideBase(String)
    }

    /// The folder paths are resolved against.
    public let baseDirectory: String
    /// Whether paths may resolve outside `baseDirectory`.
    public let allowOutside: Bool

    /// A resolver for `baseDirectory`; `allowOutside` lets paths leave it.
    public init(baseDirectory: String, allowOutside: Bool) {
        self.baseDirectory = baseDirectory
        self.allowOutside = allowOutside
    }

    /// Looks for `path` as written, then for its bare file name, in `baseDirectory`, and returns the first that exists. Returns
    /// `.outsideBase` as soon as a candidate leaves the folder, unless `allowOutside` is set.
    public func resolve(_ path: String) -> Resolution {
        let base = URL(fileURLWithPath: baseDirectory).standardizedFileURL
        let candidates = [path, (path as NSString).lastPathComponent].reduce(into: [String]()) { list, p in
            if !list.contains(p) { list.append(p) }
        }
        var tried: [String] = []
        for candidate in candidates {
            let url = candidate.hasPrefix("/") ? URL(fileURLWithPath: candidate) : base.appendingPathComponent(candidate)
            let lexical = url.standardizedFileURL.path
            if !allowOutside && !isInside(lexical, base.path) { return .outsideBase(lexical) }
            tried.append(lexical)
            guard FileManager.default.fileExists(atPath: lexical) else { continue }
            let real = url.resolvingSymlinksInPath().path
            let realBase = base.resolvingSymlinksInPath().path
            if !allowOutside && !isInside(real, realBase) { return .outsideBase(real) }
            return .found(lexical)
        }
        return .notFound(tried: tried)
    }

    private func isInside(_ path: String, _ base: String) -> Bool {
        let b = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(b)
    }
}
