import AudioKitLinux

/// A failure of the command itself (not a finding about the content), printed as one line on standard error
/// and mapped to exit code 2. Library errors (`InputError`) become one through `CommandLineWording`.
public struct ToolFailure: Error, Sendable, CustomStringConvertible {
    /// The line printed after `tool: error: `.
    public var message: String

    /// A failure with this message.
    public init(_ message: String) { self.message = message }

    /// The library's error, worded for the command line.
    public init(_ error: InputError) { self.message = CommandLineWording.describe(error) }

    /// The message.
    public var description: String { message }
}

/// How the tools word what the library reports as data: the flag that raises each limit.
public enum CommandLineWording {
    /// The flag that raises `limit` (docs/limits.md).
    public static func flag(for limit: InputLimit) -> String {
        switch limit {
        case .fileSize: "--max-file-size"
        case .nestingDepth: "--max-json-depth"
        case .events: "--max-events"
        case .curvePoints: "--max-curve-points"
        case .beats: "--max-beats"
        case .audioSeconds: "--max-audio-seconds"
        case .channels: "--max-channels"
        }
    }

    /// The flag (with its argument) that applies a remedy.
    public static func flag(for setting: Remedy.Setting) -> String {
        switch setting {
        case .lenient: "--lenient"
        case .allowOutsidePaths: "--allow-outside-paths"
        case .symbol: "--symbol NAME"
        }
    }

    /// A remedy as the tools say it: "pass --lenient to accept it".
    public static func remedyText(_ remedy: Remedy) -> String { "pass \(flag(for: remedy.setting)) \(remedy.purpose)" }

    /// The report with every remedy written into its message as a flag, ready for any reporter.
    public static func worded(_ report: Report) -> Report {
        var report = report
        report.diagnostics = report.diagnostics.map { d in
            var worded = d
            worded.message = d.messageWithRemedy(remedyText)
            worded.remedy = nil
            return worded
        }
        return report
    }

    /// The error's line, with the flag that raises its limit when it has one.
    public static func describe(_ error: InputError) -> String {
        guard let limit = error.limit else { return error.description }
        return "\(error.description) (\(flag(for: limit)))"
    }
}
