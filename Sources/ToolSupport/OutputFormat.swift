import ArgumentParser
import AudioKitLinux

/// The report formats, listed in `--help` with their descriptions.
public enum OutputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    case text, json, sarif, junit, github

    /// The library's reporter for this format.
    public var reporter: any Reporter.Type { ReporterRegistry.reporter(for: rawValue)! }

    /// The names `--help` lists.
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// Flags shared by every command that reports findings.
public struct ReportOptions: ParsableArguments {
    /// The report format (`--format`).
    @Option(name: .long, help: "Report format: text (file:line:col, for Xcode and editors), json, sarif, junit or github.")
    public var format: OutputFormat = .text

    @Option(
        name: [.short, .long],
        help: ArgumentHelp("Write the report to this file (atomically) instead of standard output.", valueName: "file"))
    /// Where the report goes (`-o`); standard output when nil.
    public var output: String?

    /// Warnings count as errors for the exit code (`--werror`).
    @Flag(name: .long, help: "Treat warnings as errors for the exit code.")
    public var werror = false

    /// No summary line on standard error (`--quiet`).
    @Flag(name: [.short, .long], help: "Print no summary line on standard error.")
    public var quiet = false

    /// The defaults: text to standard output.
    public init() {}
}
