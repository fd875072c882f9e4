import Foundation

/// Resolves an AudioCustom `EventWaveformPath` the way the app bundle would:
/// relative to the AHAP file's folder, or, as Apple allows, by its bare file
/// name in that folder. Paths that leave the folder (absolute, `..`, or a
/// symbolic link pointing out) are refused unless explicitly allowed.
public struct WaveformResolver: Sendable {
    public enum Resolution: Sendable, Equatable {
        case found(String)
        case notFound(tried: [String])
        case outsideBase(String)
    }

    public let baseDirectory: String
    public let allowOutside: Bool

    public init(baseDirectory: String, allowOutside: Bool) {
        self.baseDirectory = baseDirectory
        self.allowOutside = allowOutside
    }

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
