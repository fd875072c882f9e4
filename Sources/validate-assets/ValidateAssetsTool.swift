import ArgumentParser
import AssetValidation
import Foundation

/// The checker the `ValidateAssets` plugins run: AssetValidation alone, built with no system library.
@main
struct ValidateAssetsTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate-assets",
        abstract: "Check AHAP files, .haptic clips and game manifests with no system library: the ValidateAssets plugin's checker.",
        discussion: """
            Reports file:line:col: error|warning|note: [rule] message, as Xcode and SwiftPM show them. Waveform files are \
            looked for, not decoded, and beat maps and tracks are left to beatmap ci: ahap-tool validate and beatmap ci \
            run the same rules with the audio library. Exit codes: 0 clean, 1 problems found, 2 a file could not be read, \
            64 bad command line.
            """)

    @Argument(help: ArgumentHelp("Files, or folders searched for .ahap, .haptic and game.json.", valueName: "path"))
    var paths: [String]

    @Option(
        help: ArgumentHelp(
            "Write this (a Swift comment) once every file is clean, for the build to skip unchanged files.", valueName: "file"))
    var stamp: String?

    @Option(
        help: ArgumentHelp("The report's format: \(ReporterRegistry.all.map { $0.identifier }.joined(separator: ", ")).", valueName: "name")
    )
    var format = "text"

    @Flag(help: "Treat warnings as errors.")
    var werror = false

    @Flag(help: "Accept trailing commas and comments (reported as warnings, not errors).")
    var lenient = false

    func validate() throws {
        guard ReporterRegistry.reporter(for: format) != nil else {
            throw ValidationError("unknown format \"\(format)\"; use \(ReporterRegistry.all.map { $0.identifier }.joined(separator: ", "))")
        }
    }

    func run() throws {
        let run = AssetSweepRun.run(paths: paths, options: AHAPValidationOptions(lenient: lenient), werror: werror)
        let reporter = ReporterRegistry.reporter(for: format)!
        let text = reporter.generate(run.report)
        FileHandle.standardOutput.write(Data(text.utf8))
        for failure in run.failures { FileHandle.standardError.write(Data("validate-assets: error: \(failure.description)\n".utf8)) }
        if let stamp {
            try AssetSweepRun.stamp(stamp, files: run.report.files, clean: run.exitCode == 0)
        }
        if run.exitCode != 0 { throw ExitCode(run.exitCode) }
    }
}
