import ArgumentParser
import AudioKitLinux

/// The shared entry point: parse, run, and turn tool failures into one line on
/// standard error and exit code 2 (ArgumentParser handles usage errors: 64).
public enum ToolMain {
    public static func run<Command: ParsableCommand>(_ type: Command.Type, name: String) -> Never {
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
