import ArgumentParser
import AudioKitLinux
import ToolSupport

extension AHAPTool {
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check AHAP files for everything CoreHaptics would reject or silently change, and .haptic files against their spec.",
            discussion: "Reports file:line:col: error|warning|note: [rule] message. Run `ahap-tool rules` for the rule list.")

        @Argument(help: ArgumentHelp("AHAP or .haptic files, directories (searched for both) or glob patterns.", valueName: "path"))
        var paths: [String]

        @OptionGroup var report: ReportOptions
        @OptionGroup var parsing: AHAPParsingOptions

        func run() throws {
            let (files, failures) = InputExpansion.expand(paths, extensions: ["ahap", "haptic"])
            try OutputGuard.check([report.output], against: files)
            let result = AHAPBatch.validate(paths: files, options: parsing.validationOptions)
            let r = Report(
                toolName: "ahap-tool", files: files, diagnostics: result.diagnostics,
                rules: AHAPRuleRegistry.descriptions + HapticRuleRegistry.descriptions)
            try FindingsOutput.finish(tool: "ahap-tool", report: r, failures: failures + result.failures, options: report)
        }
    }
}

/// How AHAP text is read, shared by the commands that read it.
struct AHAPParsingOptions: ParsableArguments {
    @Flag(name: .long, help: "Accept trailing commas and comments (reported as warnings, not errors).")
    var lenient = false

    @Flag(name: .long, help: "Let EventWaveformPath point outside the AHAP file's folder.")
    var allowOutsidePaths = false

    @Flag(name: .long, help: "Do not open AudioCustom files to check that they exist and decode.")
    var noCheckAudio = false

    @OptionGroup(title: "Limits") var limitOptions: LimitOptions

    var validationOptions: AHAPValidationOptions {
        AHAPValidationOptions(
            lenient: lenient, allowPathsOutsideBase: allowOutsidePaths, checkWaveformFiles: !noCheckAudio, limits: limitOptions.limits)
    }
}
