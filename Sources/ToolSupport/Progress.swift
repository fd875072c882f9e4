import Foundation

/// A one-line progress indicator on standard error, shown only on a terminal.
public final class ProgressLine {
    private let label: String
    private let enabled: Bool
    private var lastPercent = -1

    /// A progress line that starts with `label`; silent when standard error is not a terminal.
    public init(_ label: String) {
        self.label = label
        self.enabled = Terminal.isTTY(STDERR_FILENO)
    }

    /// Shows `fraction` (0…1) as a percentage, redrawing only when the percentage changes.
    public func update(_ fraction: Double) {
        guard enabled else { return }
        let percent = Int(fraction * 100)
        guard percent != lastPercent else { return }
        lastPercent = percent
        Terminal.raw("\r\(label) \(percent)%")
    }

    /// Clears the line.
    public func finish() {
        guard enabled, lastPercent >= 0 else { return }
        Terminal.raw("\r\u{1B}[K")
    }
}

/// A progress line for work done in parallel, "label k of n", advanced from any thread; shown only on a terminal.
public final class ProgressCount: @unchecked Sendable {
    private let label: String
    private let total: Int
    private let enabled: Bool
    private let lock = NSLock()
    private var done = 0

    /// A count of `total` things, shown after `label`.
    public init(_ label: String, total: Int) {
        self.label = label
        self.total = total
        self.enabled = Terminal.isTTY(STDERR_FILENO)
    }

    /// One more done.
    public func advance() {
        lock.withLock {
            done += 1
            if enabled { Terminal.raw("\r\(label) \(done) of \(total)") }
        }
    }

    /// Clears the line.
    public func finish() {
        lock.withLock { if enabled && done > 0 { Terminal.raw("\r\u{1B}[K") } }
    }
}

/// A one-line progress indicator for work in named steps ("label: step…"), each replacing the last; shown only on a
/// terminal, and cleared when the work is done.
public final class ProgressSteps {
    private let label: String
    private let enabled: Bool
    private var shown = false

    /// Steps shown after `label`; silent when standard error is not a terminal.
    public init(_ label: String) {
        self.label = label
        self.enabled = Terminal.isTTY(STDERR_FILENO)
    }

    /// Shows `step` as the work now under way.
    public func step(_ step: String) {
        guard enabled else { return }
        shown = true
        Terminal.raw("\r\u{1B}[K\(label): \(step)…")
    }

    /// Clears the line.
    public func finish() {
        guard enabled, shown else { return }
        shown = false
        Terminal.raw("\r\u{1B}[K")
    }
}
