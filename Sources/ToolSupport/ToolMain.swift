import ArgumentParser
import AudioKitLinux
import Foundation

/// The shared entry point: parse, run, and turn tool failures into one line on
/// standard error and exit code 2 (ArgumentParser handles usage errors: 64).
public enum ToolMain {
    /// When `main` started, for the first-frame latency the benchmark reads.
    public static let started = DispatchTime.now().uptimeNanoseconds

    /// Parses the command line, runs the command (asynchronous ones too: `beatmap edit` runs a server) and exits with
    /// the documented code (never returns).
    public static func run<Command: AsyncParsableCommand>(_ type: Command.Type, name: String) async -> Never {
        prepare(type, name: name)
        do {
            var command = try type.parseAsRoot()
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
            // Every output of the command, together, only once it has finished.
            try AtomicFile.commitDeferred()
            type.exit()
        } catch {
            exit(error, type: type, name: name)
        }
    }

    /// What every tool does first: note the start, name the tool, install the signal handlers, and refuse an
    /// argument that is not UTF-8.
    static func prepare<Command: ParsableCommand>(_ type: Command.Type, name: String) {
        _ = started
        Terminal.toolName = name
        Signals.install()
        AtomicFile.deferCommits(true)
        if let bad = firstNonUTF8Argument() {
            Terminal.fail(
                name,
                "argument \(bad.index) (\(bad.shown)) is not valid UTF-8, so no file of that name can be opened reliably; rename the file with a UTF-8 name"
            )
            type.exit(withError: ToolExit.toolFailure)
        }
    }

    /// Prints a failure as one line and exits with its code (2 for tool failures; ArgumentParser's otherwise).
    static func exit<Command: ParsableCommand>(_ error: any Error, type: Command.Type, name: String) -> Never {
        // A failure caused by a signal ending the process (Ctrl-C stopping ffmpeg) is not the tool's: it exits 128 + signal.
        Signals.awaitEndIfSignalled()
        switch error {
        case is ToolFailure, is InputError: AtomicFile.discardDeferred()
        default:
            // A finding's exit code (1, or 2 when some input could not be read) still delivers the outputs written.
            do { try AtomicFile.commitDeferred() } catch {
                Terminal.fail(name, CommandLineWording.describe(error))
                type.exit(withError: ToolExit.toolFailure)
            }
        }
        switch error {
        case let failure as ToolFailure:
            Terminal.fail(name, failure.message)
            type.exit(withError: ToolExit.toolFailure)
        case let failure as InputError:
            Terminal.fail(name, CommandLineWording.describe(failure))
            type.exit(withError: ToolExit.toolFailure)
        default:
            type.exit(withError: error)
        }
    }

    /// The first command-line argument whose bytes are not UTF-8 (Swift's `CommandLine.arguments` would
    /// silently replace them, turning a real file name into one that does not exist).
    static func firstNonUTF8Argument() -> (index: Int, shown: String)? {
        for i in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[i] else { continue }
            if String(validatingCString: pointer) == nil {
                let bytes = UnsafeBufferPointer(
                    start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
                return (i, String(decoding: bytes, as: UTF8.self))
            }
        }
        return nil
    }
}
