import AudioKitLinux
import Foundation

/// Standard output and error, with colour only on a terminal and never when `NO_COLOR` is set.
public enum Terminal {
    public static func isTTY(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    public static var colorEnabled: Bool {
        let env = ProcessInfo.processInfo.environment
        if let v = env["NO_COLOR"], !v.isEmpty { return false }
        if env["TERM"] == "dumb" { return false }
        return isTTY(STDOUT_FILENO)
    }

    public static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    public static func err(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Prints a tool failure as one line on standard error: `tool: error: message`.
    public static func fail(_ tool: String, _ message: String) {
        let useColor = isTTY(STDERR_FILENO) && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        err("\(tool): \(useColor ? "\u{1B}[1;31merror\u{1B}[0m" : "error"): \(message)")
    }

    /// Colours the severity word of text-report lines.
    public static func colorize(_ report: String) -> String {
        guard colorEnabled else { return report }
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

    /// Writes `text` to `path` atomically, or to standard output when `path` is nil.
    public static func emit(_ text: String, to path: String?, colorize shouldColor: Bool = false) throws(ToolFailure) {
        if let path {
            do { try AtomicFile.write(text, to: path) } catch { throw ToolFailure(error) }
        } else {
            out(shouldColor ? colorize(text) : text)
        }
    }

    /// Removes temporary outputs on SIGINT and SIGTERM, then exits with 128 + signal.
    /// Both signals are unblocked first: a parent that spawned us from a thread that
    /// blocks them (libdispatch's workers do) would otherwise leave Ctrl-C pending forever.
    public static func installSignalCleanup() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { s in
                TemporaryFiles.shared.removeAll()
                _exit(128 + s)
            }
        }
    }
}
