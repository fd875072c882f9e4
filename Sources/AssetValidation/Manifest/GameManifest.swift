import Foundation

/// One game's audio set: tracks with their declared BPM and beat maps, and AHAP files.
/// Paths are relative to the manifest's folder and may not leave it (unless allowed).
public struct GameManifest: Sendable {
    /// One track entry: its audio file, declared tempo and beat maps.
    public struct Track: Sendable {
        /// Path of the track's audio file, joined to the manifest's folder.
        public let audio: String
        /// The declared tempo in BPM; nil when the entry declares none (no tempo check is run).
        public let bpm: Double?
        /// Paths of the beat maps to check against this track; entries that are missing or outside the folder are left out.
        public let beatmaps: [String]
        /// JSON path of this track in the manifest, for findings.
        public let path: String
        /// How far a beat may be from its onset before it is flagged, in seconds (`tolerance_ms`, per track or for
        /// the whole manifest); nil when the manifest sets none (`beatmap ci` then uses the beat checker's default).
        public let tolerance: Double?
    }

    /// The manifest's path, as given.
    public let file: String
    /// The manifest's folder ("." when the path has none), against which every entry is resolved.
    public let baseDirectory: String
    /// The track entries whose audio path resolved; the others are reported as findings.
    public let tracks: [Track]
    /// Paths of the AHAP files to validate, joined to the manifest's folder.
    public let ahap: [String]
    /// The limits every job applies to the files it reads.
    public let limits: InputLimits
    package let positions: ManifestPositions

    /// Every file the manifest names: tracks, beat maps and AHAP files.
    public var files: [String] { tracks.flatMap { [$0.audio] + $0.beatmaps } + ahap }

    /// Reads a manifest, JSON or (by its `.yaml`/`.yml` extension) YAML: its syntax, then every key against
    /// `ManifestSchema`, the tracks and the AHAP files (each path resolved beside it), and that it lists something.
    /// `yaml` reads a YAML manifest (without it, one is a `manifest.syntax` error saying so); AudioKitLinux's
    /// `read(_:allowOutside:limits:)` reads with libyaml.
    public static func read(_ path: String, allowOutside: Bool = false, limits: InputLimits = .standard, yaml: YAMLDecoding?)
        throws(InputError) -> (GameManifest?, [Diagnostic])
    {
        let bytes = try InputFile.read(path, maxBytes: limits.maxFileBytes)
        let (root, index): (JSONValue, ManifestPositions)
        switch ManifestReader.decode(bytes, path: path, limits: limits, yaml: yaml) {
        case .syntaxError(let syntax): return (nil, [syntax])
        case .value(let value, let positions): (root, index) = (value, positions)
        }
        var reader = ManifestReader(path: path, index: index, allowOutside: allowOutside)
        guard let object = root.object else {
            reader.invalid("", "the manifest must be an object with \"tracks\" and \"ahap\"")
            return (nil, reader.findings)
        }
        // Nothing the manifest says is skipped: an unknown key or a value of the wrong type is an error, never ignored.
        ManifestSchema.check(object, pointer: "", keys: ManifestSchema.topLevel) { reader.invalid($0, $1, key: $2) }
        let manifestTolerance = reader.tolerance(object["tolerance_ms"], "/tolerance_ms", default: nil)
        let tracks = (object["tracks"]?.array ?? []).enumerated().compactMap { i, t in
            reader.track(t, "/tracks/\(i)", tolerance: manifestTolerance)
        }
        let ahap = (object["ahap"]?.array ?? []).enumerated().compactMap { reader.resolve($0.element, "/ahap/\($0.offset)") }
        if tracks.isEmpty && ahap.isEmpty && reader.findings.isEmpty {
            // A gate never passes on nothing.
            reader.invalid(
                "",
                "the manifest lists no track and no AHAP file, so there is nothing to check; list them under \"tracks\" and \"ahap\"")
        }
        return (
            GameManifest(file: path, baseDirectory: reader.base, tracks: tracks, ahap: ahap, limits: limits, positions: index),
            reader.findings
        )
    }

    /// Whether `path` names a YAML manifest (by its `.yaml` or `.yml` extension); any other is read as JSON.
    public static func isYAML(_ path: String) -> Bool { path.hasSuffix(".yaml") || path.hasSuffix(".yml") }

    /// Where a JSON pointer stands in the manifest.
    public func location(_ pointer: String) -> SourceLocation {
        let p = positions.valuePosition(pointer)
        return SourceLocation(file: file, line: p?.line, column: p?.column, jsonPath: pointer)
    }
}

/// Positions of values in a manifest, by JSON pointer: from the JSON text, or recorded while reading YAML.
package enum ManifestPositions: Sendable {
    case json(JSONPositionIndex)
    case yaml([String: TextPosition])

    func valuePosition(_ pointer: String) -> TextPosition? {
        switch self {
        case .json(let index): index.valuePosition(pointer)
        case .yaml(let positions): positions[pointer]
        }
    }

    /// Where the key of the member at `pointer` stands (the YAML reader records it under "#" and the pointer).
    package func keyPosition(_ pointer: String) -> TextPosition? {
        switch self {
        case .json(let index): index.keyPosition(pointer) ?? index.valuePosition(pointer)
        case .yaml(let positions): positions["#" + pointer] ?? positions[pointer]
        }
    }
}
