import ArgumentParser
import AudioKitLinux
import ToolSupport

@main
struct AHAPTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ahap-tool",
        abstract: "Validate, inspect and format Apple Haptic and Audio Pattern (.ahap) files on Linux.",
        discussion: """
            Validate, inspect, render, make and convert Apple Haptic and Audio Pattern files and .haptic clips. \
            Exit codes: 0 clean (notes allowed); 1 problems found (an error, or a warning with --werror); \
            2 the tool could not run (unreadable file, limit exceeded); 64 bad command line.
            """,
        version: VersionText.full,
        subcommands: [
            Validate.self, Info.self, Format.self, Rules.self, Render.self, Plot.self, New.self, Play.self, FromAudio.self, Sync.self,
            Convert.self, Audition.self, Schema.self,
        ])

    static func main() async { await ToolMain.run(AHAPTool.self, name: "ahap-tool") }
}
