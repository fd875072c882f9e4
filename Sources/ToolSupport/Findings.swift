import ArgumentParser
import AudioKitLinux
import Foundation

/// Prints a report of findings and tool failures, and picks the exit code.
public enum FindingsOutput {
    /// `emit: false` computes only the exit code (the caller printed its own report).
    public static func finish(tool: String, report: Report, failures: [InputError], options: ReportOptions, emit: Bool = true) throws
        -> Never
    {
        var report = CommandLineWording.worded(report)
        if options.werror { report.diagnostics = report.diagnostics.map { $0.severity == .warning ? $0.with(severity: .error) : $0 } }
        for f in failures { Terminal.fail(tool, CommandLineWording.describe(f)) }
        if emit {
            let text = options.format.reporter.generate(report)
            try Terminal.emit(text, to: options.output, colorize: options.format == .text)
        }
        let errors = report.diagnostics.count(of: .error)
        let warnings = report.diagnostics.count(of: .warning)
        let notes = report.diagnostics.count(of: .note)
        if !options.quiet {
            let files = report.files.count
            Terminal.err(
                "\(tool): checked \(files) file\(files == 1 ? "" : "s"): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(notes) note\(notes == 1 ? "" : "s")\(failures.isEmpty ? "" : ", \(failures.count) could not be read")"
            )
        }
        if !failures.isEmpty { throw ToolExit.toolFailure }
        throw errors > 0 ? ToolExit.problemsFound : ToolExit.clean
    }

    /// For commands whose job is not to report: prints the warnings and notes found while reading `file` on standard
    /// error (never into their output), and goes on.
    public static func say(tool: String, file: String, diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let report = CommandLineWording.worded(Report(toolName: tool, files: [file], diagnostics: diagnostics, rules: []))
        Terminal.err(Terminal.colorize(TextReporter.generate(report), for: STDERR_FILENO))
    }

    /// For commands whose job is not to report (format, info, render, fit, preview): prints the findings that
    /// stopped them from reading `file` on standard error (never into their output), then `failure` as the
    /// tool's error line when given, and exits 1.
    public static func stop(tool: String, file: String, diagnostics: [Diagnostic], failure: String? = nil) throws -> Never {
        let report = CommandLineWording.worded(Report(toolName: tool, files: [file], diagnostics: diagnostics, rules: []))
        Terminal.err(Terminal.colorize(TextReporter.generate(report), for: STDERR_FILENO))
        if let failure { Terminal.fail(tool, failure) }
        throw ToolExit.problemsFound
    }
}
