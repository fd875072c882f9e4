import Foundation
import PackagePlugin

/// Lists the pages' files for `PageAssets` at build time: every file under the target's `Page` folder (the
/// folder SwiftPM embeds in the binary) goes into a generated table by its file name, so a new page module is served
/// without anyone adding it to a list.
@main
struct PageIndex: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let page = target.directoryURL.appending(path: "Page")
        let found = FileManager.default.enumerator(
            at: page, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        let files = (found?.compactMap { $0 as? URL } ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EditorPageFiles.swift")
        return [
            .buildCommand(
                displayName: "Listing the editor's page files", executable: try context.tool(named: "page-index").url,
                arguments: [output.path] + files.map(\.path), inputFiles: files, outputFiles: [output])
        ]
    }
}
