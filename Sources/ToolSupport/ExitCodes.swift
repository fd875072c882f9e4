import ArgumentParser

/// The exit codes both tools use (documented in README.md).
public enum ToolExit {
    /// Everything checked is clean (notes allowed).
    public static let clean = ExitCode(0)
    /// Problems were found: an error, or a warning with `--werror`.
    public static let problemsFound = ExitCode(1)
    /// The tool could not do its job: unreadable input, unsupported format, a limit.
    public static let toolFailure = ExitCode(2)
    /// No sound device (play commands).
    public static let noDevice = ExitCode(3)
    /// Interrupted by Ctrl-C.
    public static let interrupted = ExitCode(130)
}
