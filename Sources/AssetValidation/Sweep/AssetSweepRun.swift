import Foundation

/// One run of `validate-assets`: the files found, their findings as a report, and the exit code.
public struct AssetSweepRun: Sendable {
    /// The report of every file checked.
    public var report: Report
    /// The paths that could not be found or read, or were over a limit.
    public var failures: [InputError]
    /// 0 clean (notes allowed), 1 an error (or a warning with `werror`), 2 a path that could not be checked.
    public var exitCode: Int32

    /// Checks every file `paths` name (`AssetSweep.files`) with `options`.
    public static func run(paths: [String], options: AHAPValidationOptions, werror: Bool) -> AssetSweepRun {
        var (files, failures) = AssetSweep.files(paths)
        var diagnostics: [Diagnostic] = []
        for file in files {
            do throws(InputError) {
                diagnostics += try AssetSweep.check(file, options: options)
            } catch {
                failures.append(error)
            }
        }
        // A file named both on its own and by a manifest is checked twice: its findings are listed once.
        var seen = Set<String>()
        diagnostics = diagnostics.filter {
            seen.insert("\($0.location.file ?? "") \($0.location.line ?? 0) \($0.location.column ?? 0) \($0.ruleID) \($0.message)").inserted
        }
        let report = Report(
            toolName: "validate-assets", files: files, diagnostics: diagnostics,
            rules: AHAPRuleRegistry.descriptions + HapticRuleRegistry.descriptions + ManifestRules.descriptions)
        let problems = diagnostics.contains { $0.severity == .error || (werror && $0.severity == .warning) }
        let code: Int32 = !failures.isEmpty ? 2 : problems ? 1 : 0
        return AssetSweepRun(report: report, failures: failures, exitCode: code)
    }

    /// Writes the build's stamp at `path` when the run was `clean`, a Swift comment naming the files; removes it
    /// otherwise, so that the next build checks the files again and shows their findings.
    public static func stamp(_ path: String, files: [String], clean: Bool) throws {
        let url = URL(fileURLWithPath: path)
        guard clean else {
            try? FileManager.default.removeItem(at: url)
            return
        }
        let text = "// Checked by validate-assets, clean:\n" + files.map { "// \($0)\n" }.joined()
        try Data(text.utf8).write(to: url, options: .atomic)
    }
}
