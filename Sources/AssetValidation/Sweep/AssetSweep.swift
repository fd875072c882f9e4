import Foundation

/// What the `ValidateAssets` plugin checks on each build, with nothing but this target (no system library): AHAP
/// files, `.haptic` clips, and game manifests with the AHAP files they name. What needs an audio library (that a
/// waveform decodes, a pattern's timing against its sound, a beat map against its track, a declared BPM) is left to
/// `ahap-tool validate` and `beatmap ci`, and a note says so where it applies.
public enum AssetSweep {
    /// The kinds of file the sweep checks.
    public enum Kind: Sendable, Equatable {
        /// An AHAP pattern.
        case ahap
        /// A `.haptic` clip.
        case haptic
        /// A game manifest (`game.json`, `game.yaml`, or a name ending in `.game.json` or `.game.yaml`).
        case manifest
    }

    /// The kind of the file at `path`, by its name; nil for a file the sweep does not check.
    public static func kind(of path: String) -> Kind? {
        let name = (path as NSString).lastPathComponent.lowercased()
        if name.hasSuffix(".ahap") { return .ahap }
        if name.hasSuffix(".haptic") { return .haptic }
        for ext in [".json", ".yaml", ".yml"] where name == "game" + ext || name.hasSuffix(".game" + ext) { return .manifest }
        return nil
    }

    /// The files `paths` name: a file as given (whatever its name), a folder searched for the files `kind(of:)` knows,
    /// hidden folders and `.build` left out. A path that is not there, or a folder without such files, is a failure.
    public static func files(_ paths: [String]) -> (files: [String], failures: [InputError]) {
        var files: [String] = []
        var failures: [InputError] = []
        for path in paths {
            switch FileKind(path: path) {
            case .directory:
                let found = search(path)
                if found.isEmpty {
                    failures.append(
                        InputError(.notFound, path: path, reason: "no .ahap, .haptic or game manifest (game.json) in this folder"))
                }
                files += found
            case .missing:
                failures.append(InputError(.notFound, path: path, reason: "no such file or directory", fix: "check the path"))
            default:
                files.append(path)
            }
        }
        return (files, failures)
    }

    /// The findings on the file at `path`, checked as its kind (an unknown name is read as AHAP, as `ahap-tool validate`
    /// reads it). Throws when the file cannot be read or is over a limit.
    public static func check(_ path: String, options: AHAPValidationOptions = .init()) throws(InputError) -> [Diagnostic] {
        switch kind(of: path) ?? .ahap {
        case .ahap:
            let result = try AHAPCheck.validate(path: path, options: options)
            return result.diagnostics + audioNote(path, result.document, options: options)
        case .haptic: return try HapticFileValidator.validate(path: path, options: options).diagnostics
        case .manifest: return try manifest(path, options: options)
        }
    }

    /// A manifest's own findings, then those of each AHAP file it names.
    package static func manifest(_ path: String, options: AHAPValidationOptions) throws(InputError) -> [Diagnostic] {
        if GameManifest.isYAML(path) {
            return [
                Diagnostic(
                    ruleID: ManifestRules.syntax, severity: .note, location: SourceLocation(file: path, line: 1, column: 1),
                    message:
                        "not checked here: a YAML manifest is read with libyaml, which this checker is built without; beatmap ci checks it (or write the manifest as game.json)"
                )
            ]
        }
        let (manifest, findings) = try GameManifest.read(path, limits: options.limits, yaml: nil)
        guard let manifest else { return findings }
        var all = findings
        for ahap in manifest.ahap {
            do throws(InputError) {
                let result = try AHAPCheck.validate(path: ahap, options: options)
                all += result.diagnostics + audioNote(ahap, result.document, options: options)
            } catch {
                all.append(
                    Diagnostic(
                        ruleID: ManifestRules.missingFile, severity: .error, location: SourceLocation(file: ahap, line: 1, column: 1),
                        message: error.reason + (error.fix.map { "; \($0)" } ?? "")))
            }
        }
        let audio = manifest.tracks.count + manifest.tracks.reduce(0) { $0 + $1.beatmaps.count }
        if audio > 0 {
            all.append(
                Diagnostic(
                    ruleID: ManifestRules.invalid, severity: .note, location: manifest.location("/tracks"),
                    message:
                        "\(audio) track and beat-map file\(audio == 1 ? "" : "s") found; their tempo and timing need the audio library: beatmap ci checks them"
                ))
        }
        return all
    }

    /// A note when the pattern plays sound files, whose decoding and timing this checker leaves to `ahap-tool validate`.
    static func audioNote(_ path: String, _ document: AHAPDocument?, options: AHAPValidationOptions) -> [Diagnostic] {
        guard options.audio == nil, options.checkWaveformFiles,
            document?.pattern.events.contains(where: { $0.eventType == .audioCustom }) == true
        else { return [] }
        return [
            Diagnostic(
                ruleID: "ahap.waveform_unreadable", severity: .note, location: SourceLocation(file: path, line: 1, column: 1),
                message:
                    "the AudioCustom files were found, not decoded, and the haptics' timing against them was not checked: ahap-tool validate does both"
            )
        ]
    }

    /// The files under `folder` the sweep knows, sorted; hidden folders and `.build` are not entered.
    package static func search(_ folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let item = walker.nextObject() as? String {
            let name = (item as NSString).lastPathComponent
            let path = (folder as NSString).appendingPathComponent(item)
            if name.hasPrefix(".") || name == "build" && item.hasPrefix(".build") {
                if FileKind(path: path) == .directory { walker.skipDescendants() }
                continue
            }
            // Only regular files: a FIFO named x.ahap would block the read forever.
            if kind(of: name) != nil, FileKind(path: path) == .regular { found.append(path) }
        }
        return found.sorted()
    }
}
