import Foundation
import PackagePlugin

/// `swift package validate-assets [PATH…] [--werror] [--format FORMAT]`: checks every AHAP, `.haptic` and game manifest
/// in the package (or in the paths given), as the build-tool plugin does one target at a time.
@main
struct ValidateAssetsCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "validate-assets").url
        // Paths are taken as given; with none, the whole package is searched (build folders and hidden ones skipped).
        var hasPath = false
        var takesValue = false
        for argument in arguments {
            if takesValue {
                takesValue = false
            } else if argument.hasPrefix("-") {
                takesValue = ["--format", "--stamp"].contains(argument)
            } else {
                hasPath = true
            }
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = hasPath ? arguments : arguments + [context.package.directoryURL.path]
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("validate-assets exited with status \(process.terminationStatus): see the findings above")
        }
    }
}
