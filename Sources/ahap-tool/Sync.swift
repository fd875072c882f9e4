import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension AHAPTool {
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Check that a pattern keeps time with its sound: lag, each transient against the audio onsets, haptics in silence.",
            discussion: """
                Without --audio, the pattern's own AudioCustom events are the sound (validate runs the same check on such \
                patterns). Findings: ahap.audio_sync_lag (the envelopes match best more than 25 ms apart), \
                ahap.audio_sync_transient (a transient more than 25 ms from its onset), ahap.haptics_in_silence. A note gives \
                the measurements. Exit 1 when a finding is an error, or a warning with --werror.
                """)

        @Argument(help: ArgumentHelp("The AHAP file.", valueName: "pattern"))
        var file: String

        @Option(name: .long, help: ArgumentHelp("The sound the pattern plays with.", valueName: "sound"))
        var audio: String?

        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp("When the sound starts, in seconds of the pattern (default 0; negative: before it).", valueName: "s"))
        var offset: Double = 0

        @OptionGroup var report: ReportOptions
        @OptionGroup var parsing: AHAPParsingOptions

        func validate() throws {
            try OptionBounds.check(offset, in: -3600...3600, flag: "--offset", unit: "s")
            if HapticFileFormat(path: file) == .haptic {
                throw ValidationError("sync checks an AHAP pattern; convert the clip first (ahap-tool convert \(file) -o CLIP.ahap)")
            }
        }

        func run() throws {
            try OutputGuard.check([report.output], against: [file] + (audio.map { [$0] } ?? []))
            var options = parsing.validationOptions
            if let audio { _ = try AudioFile.info(audio, limits: options.limits.audio) }
            options.syncSound = audio.map { .file(path: $0, offset: offset) } ?? .patternAudio
            // One read of the pattern: the sync rules run on it, and it says whether it has a sound of its own.
            let result = try AHAPValidator.validate(path: file, options: options, rules: AHAPRuleRegistry.syncRules)
            guard let document = result.document else {
                try FindingsOutput.stop(tool: "ahap-tool", file: file, diagnostics: result.diagnostics)
            }
            // A check with nothing to check is a failure, not a pass.
            guard document.pattern.events.contains(where: { $0.eventType == .hapticTransient || $0.eventType == .hapticContinuous })
            else {
                throw ToolFailure("\(file) has no haptic event (HapticTransient or HapticContinuous); there is nothing to keep in time")
            }
            if audio == nil && !document.pattern.events.contains(where: { $0.eventType == .audioCustom }) {
                throw ToolFailure("\(file) has no AudioCustom event to check against; pass --audio SOUND")
            }
            // The measurements note is there whenever the check ran; without it the sound could not be analysed (a damaged
            // file, say): run the analysis again to say why (exit 2), never pass on a check that did not run.
            if !result.diagnostics.contains(where: { $0.ruleID == AudioSyncLagRule.description.id && $0.severity == .note }),
                let sound = options.syncSound
            {
                let render = RenderOptions(
                    baseDirectory: document.baseDirectory ?? FileManager.default.currentDirectoryPath,
                    allowPathsOutsideBase: options.allowPathsOutsideBase, audioLimits: options.limits.audio)
                _ = try PatternSync.analyze(pattern: document.pattern, sound: sound, render: render)
                throw ToolFailure("\(file): the sync check could not run on its sound")
            }
            let r = Report(toolName: "ahap-tool", files: [file], diagnostics: result.diagnostics, rules: AHAPRuleRegistry.descriptions)
            try FindingsOutput.finish(tool: "ahap-tool", report: r, failures: [], options: report)
        }
    }
}
