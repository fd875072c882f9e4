import ArgumentParser
import AudioKitLinux
import Foundation

/// The shared entry point: parse, run, and turn tool failures into one line on
/// standard error and exit code 2 (ArgumentParser handles usage errors: 64).
public enum ToolMain {
    /// When `main` started, for the first-frame latency the benchmark reads.
    public static let started = DispatchTime.now().uptimeNanoseconds

    public static func run<Command: ParsableCommand>(_ type: Command.Type, name: String) -> Never {
        _ = started
        Terminal.installSignalCleanup()
        do {
            var command = try type.parseAsRoot()
            try command.run()
            type.exit()
        } catch let failure as ToolFailure {
            Terminal.fail(name, failure.message)
            type.exit(withError: ToolExit.toolFailure)
        } catch let failure as AudioIOError {
            Terminal.fail(name, failure.description)
            type.exit(withError: ToolExit.toolFailure)
        } catch {
            type.exit(withError: error)
        }
    }
}
