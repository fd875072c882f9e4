import ArgumentParser
import AudioKitLinux

/// Prints a report of findings and tool failures, and picks the exit code.
public enum FindingsOutput {
    /// `emit: false` computes only the exit code (the caller printed its own report).
    public static func finish(tool: String, report: Report, failures: [ToolFailure], options: ReportOptions, emit: Bool = true) throws
        -> Never
    {
        var report = report
        if options.werror { report.diagnostics = report.diagnostics.map { $0.severity == .warning ? $0.with(severity: .error) : $0 } }
        for f in failures { Terminal.fail(tool, f.message) }
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
}
