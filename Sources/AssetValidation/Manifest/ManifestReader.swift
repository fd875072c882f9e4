import Foundation

/// The parts of reading a game manifest (`GameManifest.read`): its syntax, its paths resolved beside it, its tolerances
/// and tracks, each problem a finding at its line and column.
struct ManifestReader {
    /// The manifest's path.
    package let path: String
    /// Where each value and key stands in the manifest's text.
    package let index: ManifestPositions
    /// The folder the manifest's paths are relative to.
    package let base: String
    package let resolver: WaveformResolver
    /// The findings so far.
    package var findings: [Diagnostic] = []

    package init(path: String, index: ManifestPositions, allowOutside: Bool) {
        self.path = path
        self.index = index
        let folder = (path as NSString).deletingLastPathComponent
        base = folder.isEmpty ? "." : folder
        resolver = WaveformResolver(baseDirectory: base, allowOutside: allowOutside)
    }

    /// The manifest's value and positions, JSON or (by its `.yaml`/`.yml` extension) YAML; a syntax error is a
    /// `manifest.syntax` finding at its line and column.
    package static func decode(_ bytes: [UInt8], path: String, limits: InputLimits, yaml: YAMLDecoding?) -> Decoded {
        let isYAML = GameManifest.isYAML(path)
        let decoded: Result<(JSONValue, ManifestPositions), JSONSyntaxError>
        if isYAML {
            guard let yaml else {
                return .syntaxError(
                    Diagnostic(
                        ruleID: ManifestRules.syntax, severity: .error, location: SourceLocation(file: path, line: 1, column: 1),
                        message: "a YAML manifest is read with libyaml, which this build does not have; beatmap ci reads it"))
            }
            decoded = yaml(bytes, limits.maxNestingDepth).map { ($0.value, .yaml($0.positions)) }
        } else {
            let pre = JSONTextPreprocessor.process(bytes)
            decoded = pre.bytes.withUnsafeBytes({ Jansson.decode($0, maxDepth: limits.maxNestingDepth) }).map {
                ($0, .json(JSONPositionIndex(validJSON: pre.bytes)))
            }
        }
        switch decoded {
        case .success(let (value, positions)): return .value(value, positions)
        case .failure(let e):
            return .syntaxError(
                Diagnostic(
                    ruleID: ManifestRules.syntax, severity: .error,
                    location: SourceLocation(file: path, line: e.line, column: e.column),
                    message: isYAML ? e.message : JSONSyntaxHints.message(for: e)))
        }
    }

    /// A decoded manifest, or the finding of its syntax error.
    enum Decoded {
        /// The manifest's root value and the positions of its values.
        case value(JSONValue, ManifestPositions)
        /// The syntax error that stopped the decoding.
        case syntaxError(Diagnostic)
    }

    /// Where the value at `pointer` stands.
    package func at(_ pointer: String) -> SourceLocation {
        let p = index.valuePosition(pointer)
        return SourceLocation(file: path, line: p?.line, column: p?.column, jsonPath: pointer)
    }

    /// A `manifest.invalid` finding at the value (or, with `key`, the key) at `pointer`.
    package mutating func invalid(_ pointer: String, _ message: String, key: Bool = false) {
        let p = key ? index.keyPosition(pointer) : index.valuePosition(pointer)
        findings.append(
            Diagnostic(
                ruleID: ManifestRules.invalid, severity: .error,
                location: SourceLocation(file: path, line: p?.line, column: p?.column, jsonPath: pointer), message: message))
    }

    /// The path `value` names, resolved beside the manifest; nil (with a finding) when it is not a path string, does
    /// not exist, or lies outside the manifest's folder without permission.
    package mutating func resolve(_ value: JSONValue?, _ pointer: String) -> String? {
        guard let s = value?.string, !s.isEmpty else {
            invalid(pointer, "expected a path string")
            return nil
        }
        switch resolver.resolve(s) {
        case .found: return base == "." ? s : (base as NSString).appendingPathComponent(s)
        case .notFound:
            findings.append(
                Diagnostic(
                    ruleID: ManifestRules.missingFile, severity: .error, location: at(pointer),
                    message: "\"\(s)\" does not exist next to the manifest"))
        case .outsideBase(let p):
            findings.append(
                Diagnostic(
                    ruleID: ManifestRules.outsideBase, severity: .error, location: at(pointer),
                    message: "\"\(s)\" resolves to \(p), outside the manifest's folder", remedy: Remedy(.allowOutsidePaths, "to permit it"))
            )
        }
        return nil
    }

    /// A `tolerance_ms` value in seconds, else `fallback` (with a finding when it is out of range; the wrong type is
    /// reported by `ManifestSchema`).
    package mutating func tolerance(_ value: JSONValue?, _ pointer: String, default fallback: Double?) -> Double? {
        guard let value, let ms = value.number else { return fallback }
        guard ManifestSchema.tolerance.contains(ms) else {
            invalid(pointer, "tolerance_ms must be a number of milliseconds between 0 and 1000")
            return fallback
        }
        return ms / 1000
    }

    /// The track at `pointer`; nil (with findings) when it is not an object or its audio cannot be found.
    package mutating func track(_ t: JSONValue, _ pointer: String, tolerance manifestTolerance: Double?) -> GameManifest.Track? {
        guard let entry = t.object else {
            invalid(pointer, "a track must be an object such as {\"audio\": \"song.ogg\", \"bpm\": 120, \"beatmaps\": [\"song.json\"]}")
            return nil
        }
        ManifestSchema.check(entry, pointer: pointer, keys: ManifestSchema.track) { invalid($0, $1, key: $2) }
        if ManifestSchema.trackChecks.allSatisfy({ entry[$0] == nil }) {
            invalid(pointer, "this track gives nothing to check: add its \"bpm\" (the tempo is checked) or its \"beatmaps\"")
        }
        let audio = resolve(t["audio"], pointer + "/audio")
        let bpm = t["bpm"]?.number
        if let bpm, !ManifestSchema.bpm.contains(bpm) {
            findings.append(
                Diagnostic(
                    ruleID: ManifestRules.invalid, severity: .error, location: at(pointer + "/bpm"),
                    message: "bpm must be a number between 0 and 1000"))
        }
        let maps = (t["beatmaps"]?.array ?? []).enumerated().compactMap { resolve($0.element, pointer + "/beatmaps/\($0.offset)") }
        guard let audio else { return nil }
        let trackTolerance = tolerance(t["tolerance_ms"], pointer + "/tolerance_ms", default: manifestTolerance)
        return GameManifest.Track(audio: audio, bpm: bpm, beatmaps: maps, path: pointer, tolerance: trackTolerance)
    }
}
