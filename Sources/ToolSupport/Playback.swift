import ArgumentParser
import AudioKitLinux
import Foundation

/// The device flags of every command that plays (`play`, `preview`, `crossfade --play`, `timer --play`).
public struct DeviceOptions: ParsableArguments {
    /// The ALSA device to play on (`--device`).
    @Option(name: .long, help: ArgumentHelp("ALSA playback device.", valueName: "name"))
    public var device: String = "default"

    /// List the devices and play nothing (`--list-devices`).
    @Flag(name: .long, help: "List the PCM devices ALSA knows, and exit.")
    public var listDevices = false

    /// The defaults: ALSA's default device.
    public init() {}

    /// A session on this device, writing to `output` instead when it is given.
    public func session(output: String? = nil) -> PlaybackSession {
        PlaybackSession(device: device, output: output, listDevices: listDevices)
    }
}

/// The flags of the commands whose job is to play (`ahap-tool play`, `beatmap preview`): the device, or a file instead.
public struct PlaybackOptions: ParsableArguments {
    /// The device flags.
    @OptionGroup(title: "Playback") public var devices: DeviceOptions

    /// Write the audio to this file instead of playing it (`-o`).
    @Option(
        name: [.short, .long],
        help: ArgumentHelp("Write exactly what would be played to this audio file instead (atomically).", valueName: "file"))
    public var output: String?

    /// No device flags given: the default device.
    public init() {}

    /// The parsed values as a plain session.
    public var session: PlaybackSession { devices.session(output: output) }

    /// True when the command is only to list the devices.
    public var listDevices: Bool { devices.listDevices }

    /// Plays `source`, writes it to `--output`, or lists the devices; see `PlaybackSession.run`.
    public func run(_ source: AudioSource, tool: String, inputs: [String]) throws {
        try session.run(source, tool: tool, inputs: inputs)
    }
}

/// Where a play command sends its audio: a device, a file, or (listDevices) nowhere.
public struct PlaybackSession: Sendable {
    /// The ALSA device name.
    public var device: String
    /// Where the audio goes instead of a device, when given.
    public var output: String?
    /// True to list the devices instead of playing.
    public var listDevices: Bool

    /// A session that plays on `device`, or writes to `output` when it is given.
    public init(device: String = "default", output: String? = nil, listDevices: Bool = false) {
        self.device = device
        self.output = output
        self.listDevices = listDevices
    }

    /// How a user picks another device or avoids one: the fix that follows every device error.
    static let deviceHint = "choose one with --device (see --list-devices), or write the audio with --output FILE"

    /// Lists devices, writes the file, or plays; exits with the documented codes
    /// (3: no sound device; 130: interrupted, 128 + the signal for SIGTERM and SIGHUP).
    public func run(_ source: AudioSource, tool: String, inputs: [String]) throws {
        if !listDevices, let output {
            try OutputGuard.check([output], against: inputs)
            let progress = ProgressLine("writing \(output)")
            let frames = try SourceWriter.write(source, to: output, progress: progress.update)
            progress.finish()
            Terminal.err(String(format: "%@: wrote %@: %.3f s", tool, output, Double(frames) / Double(source.sampleRate)))
            return
        }
        try play(source, tool: tool)
    }

    #if Playback
        private func play(_ source: AudioSource, tool: String) throws {
            if listDevices {
                let devices = PCMDevice.list()
                Terminal.out(
                    devices.isEmpty
                        ? "no PCM devices\n" : devices.map { "\($0.name)\n    \($0.description)" }.joined(separator: "\n") + "\n")
                return
            }
            let pcm: PCMDevice
            do {
                pcm = try PCMDevice(name: device, sampleRate: source.sampleRate, channels: source.channels)
            } catch {
                Terminal.fail(tool, error.isNoDevice || error.isBusy ? "\(error.description); \(Self.deviceHint)" : error.description)
                throw error.isNoDevice ? ToolExit.noDevice : ToolExit.toolFailure
            }
            let live = Terminal.isTTY(STDERR_FILENO)
            let summary: Player.Summary
            do {
                summary = try Signals.whilePlaying { () throws(ALSAError) -> Player.Summary in
                    try Player.play(source, device: pcm, shouldStop: { Signals.stopWasRequested }) { s in
                        guard live else { return }
                        let total = s.duration.map { String(format: " / %.1f s", $0) } ?? ""
                        Terminal.raw(String(format: "\r▶ %@  %.1f s%@  underruns: %d\u{1B}[K", pcm.name, s.position, total, s.underruns))
                    }
                }
            } catch {
                if live { Terminal.raw("\r\u{1B}[K") }
                Terminal.fail(tool, error.description)
                throw ToolExit.toolFailure
            }
            if live { Terminal.raw("\r\u{1B}[K") }
            if ProcessInfo.processInfo.environment["AKL_REPORT_LATENCY"] != nil, let first = summary.firstFrameUptime {
                // For bench/run.sh: from main() to the first frame handed to ALSA.
                Terminal.err(String(format: "first-frame-ms %.2f", Double(first - ToolMain.started) / 1e6))
            }
            if summary.underruns > 0 {
                Terminal.err("\(tool): warning: \(summary.underruns) underrun\(summary.underruns == 1 ? "" : "s") recovered")
            }
            if summary.interrupted { throw ExitCode(Signals.stopExitCode) }
            if let failure = source.failure {
                Terminal.fail(tool, "playback stopped early: \(failure.description)")
                throw ToolExit.toolFailure
            }
        }
    #else
        private func play(_ source: AudioSource, tool: String) throws {
            Terminal.fail(
                tool,
                "playback needs ALSA on Linux, and this build has none (built without the Playback trait); write the audio with --output FILE instead"
            )
            throw ToolExit.noDevice
        }
    #endif
}
