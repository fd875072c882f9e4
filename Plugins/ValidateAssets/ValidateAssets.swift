import Foundation
import PackagePlugin

/// The build-tool plugin a game's target applies (`plugins: [.plugin(name: "ValidateAssets", package:
/// "AudioKitLinux")]`): every `.ahap` and `.haptic` file among the target's files, and every game manifest
/// (`game.json`, or a name ending in `.game.json`), is checked by `validate-assets` on each build. An error fails the
/// build with its `file:line:col`; a warning stays a warning.
///
/// Each file gets its own build command, whose output is a small generated Swift file (a comment): the build system
/// runs the command again only when the file (for a manifest, any file of the target) has changed since, so an
/// unchanged asset costs nothing.
@main
struct ValidateAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        return try AssetCommands.commands(
            files: files, tool: context.tool(named: "validate-assets").url, workDirectory: context.pluginWorkDirectoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension ValidateAssets: XcodeBuildToolPlugin {
        /// The same commands for a target of an Xcode project (an app target with its AHAP resources).
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try AssetCommands.commands(
                files: target.inputFiles.map(\.url), tool: context.tool(named: "validate-assets").url,
                workDirectory: context.pluginWorkDirectoryURL)
        }
    }
#endif

/// The build commands for a target's files.
enum AssetCommands {
    /// One command per asset among `files` (a folder copied as one resource is searched): `validate-assets --stamp
    /// STAMP FILE`.
    static func commands(files given: [URL], tool: URL, workDirectory: URL) -> [Command] {
        let files = given.flatMap(expanded)
        return files.compactMap { file -> Command? in
            let name = file.lastPathComponent.lowercased()
            let isManifest = name == "game.json" || name.hasSuffix(".game.json")
            guard isManifest || name.hasSuffix(".ahap") || name.hasSuffix(".haptic") else { return nil }
            let stamp = workDirectory.appendingPathComponent("ValidateAssets_\(stampName(file.path)).swift")
            return .buildCommand(
                displayName: "Validating \(file.lastPathComponent)", executable: tool,
                arguments: ["--stamp", stamp.path, file.path],
                // A manifest is checked again when any file of the target changes: the files it names among them.
                inputFiles: isManifest ? files : [file], outputFiles: [stamp])
        }
    }

    /// `url`, or the files under it when it is a folder (a `.copy` resource), hidden ones left out.
    static func expanded(_ url: URL) -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue,
            let walker = FileManager.default.enumerator(
                at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [url] }
        return walker.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted { $0.path < $1.path }
    }

    /// A name for `path`'s stamp, unique per path: its last component's letters and digits, and an FNV-1a hash of the
    /// whole path.
    static func stampName(_ path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let stem = String(path.split(separator: "/").last ?? "").map { $0.isLetter || $0.isNumber ? $0 : "_" }
        return String(stem) + "_" + String(hash, radix: 16)
    }
}
