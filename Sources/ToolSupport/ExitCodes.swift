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
    /// Standard output or standard error could not be written (a closed pipe, a full disk).
    public static let outputFailed = ExitCode(74)
    /// Interrupted by Ctrl-C (SIGINT); SIGTERM gives 143 and SIGHUP 129, as 128 + the signal.
    public static let interrupted = ExitCode(130)
}
