import AudioKitLinux
import Foundation

/// Standard output and error, with colour only on a terminal and never when `NO_COLOR` is set.
public enum Terminal {
    /// True when `fd` is a terminal.
    public static func isTTY(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// True when standard output is a terminal that takes colour.
    public static var colorEnabled: Bool { colorEnabled(for: STDOUT_FILENO) }

    /// True when `fd` is a terminal, `NO_COLOR` is unset or empty, and `TERM` is not `dumb`.
    public static func colorEnabled(for fd: Int32) -> Bool {
        let env = ProcessInfo.processInfo.environment
        if let v = env["NO_COLOR"], !v.isEmpty { return false }
        if env["TERM"] == "dumb" { return false }
        return isTTY(fd)
    }

    /// The name printed before a failure to write standard output (set by `ToolMain`).
    nonisolated(unsafe) static var toolName = "audiokit"

    /// Writes to standard output. When it cannot be written (a closed pipe, a full disk, a closed descriptor),
    /// the tool says so on standard error if it can, removes its temporary files and exits with
    /// `ToolExit.outputFailed` (74): never a crash, never a silent success.
    public static func out(_ text: String) {
        if let failure = writeAll(STDOUT_FILENO, text) {
            // A reader that stopped early (`| head`) is no error worth a line; anything else is said.
            if failure.code != EPIPE {
                _ = writeAll(STDERR_FILENO, "\(toolName): error: cannot write to standard output: \(failure.text)\n")
            }
            AtomicFile.removeTemporaryFiles()
            _exit(ToolExit.outputFailed.rawValue)
        }
    }

    /// Writes a line to standard error (a newline is added when missing). A failure there exits with
    /// `ToolExit.outputFailed` too, since the diagnostics it carries would otherwise be lost.
    public static func err(_ text: String) {
        raw(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Writes `text` to standard error as it is (progress lines, status lines).
    public static func raw(_ text: String) {
        if writeAll(STDERR_FILENO, text) != nil {
            AtomicFile.removeTemporaryFiles()
            _exit(ToolExit.outputFailed.rawValue)
        }
    }

    /// Writes every byte of `text` to `fd`, retrying after signals; the error on failure.
    static func writeAll(_ fd: Int32, _ text: String) -> (code: Int32, text: String)? {
        var bytes = Array(text.utf8)
        var offset = 0
        return bytes.withUnsafeMutableBytes { buffer -> (code: Int32, text: String)? in
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return (errno, String(cString: strerror(errno)))
                }
                offset += n
            }
            return nil
        }
    }

    /// Prints a tool failure as one line on standard error: `tool: error: message`.
    public static func fail(_ tool: String, _ message: String) {
        let useColor = isTTY(STDERR_FILENO) && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        err("\(tool): \(useColor ? "\u{1B}[1;31merror\u{1B}[0m" : "error"): \(message)")
    }

    /// Colours the severity word of text-report lines.
    public static func colorize(_ report: String, for fd: Int32 = STDOUT_FILENO) -> String {
        guard colorEnabled(for: fd) else { return report }
        return report.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var l = String(line)
            for (word, code) in [(": error: ", "1;31"), (": warning: ", "1;33"), (": note: ", "1;36")] {
                if let r = l.range(of: word) {
                    l.replaceSubrange(r, with: ": \u{1B}[\(code)m\(word.dropFirst(2).dropLast(2))\u{1B}[0m: ")
                    break
                }
            }
            return l
        }.joined(separator: "\n")
    }

    /// Writes `text` to `path` atomically, or to standard output when `path` is nil or "-". `replacing` names the one
    /// input the write may replace (an in-place rewrite); every other input is refused.
    public static func emit(_ text: String, to path: String?, colorize shouldColor: Bool = false, replacing: String? = nil)
        throws(ToolFailure)
    {
        if let path, path != "-" {
            do { try AtomicFile.write(text, to: path, replacing: replacing) } catch { throw ToolFailure(error) }
        } else {
            out(shouldColor ? colorize(text) : text)
        }
    }
}
