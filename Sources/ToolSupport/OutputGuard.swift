import ArgumentParser
import AudioKitLinux

/// The early half of the output guard: before any work, every output a command was given is compared with
/// the inputs it names and with its other outputs, so a mistake fails at once. `AtomicFile` checks again, against
/// every file the command actually read, before an output is renamed into place.
public enum OutputGuard {
    /// Throws when two of `outputs` name the same file (a usage error, exit 64: one would silently replace the
    /// other), or when any of them is the same file on disk as any of `inputs` (exit 2).
    public static func check(_ outputs: [String?], against inputs: [String]) throws {
        let given = outputs.compactMap { $0 }
        for (i, a) in given.enumerated() {
            for b in given[(i + 1)...] where sameFile(a, b) {
                throw ValidationError(
                    a == b
                        ? "two outputs are both \(a): one would replace the other; give each output its own file"
                        : "the outputs \(a) and \(b) are the same file: one would replace the other; give each output its own file")
            }
        }
        for output in given { try AtomicFile.checkNotAnInput(output, inputs: inputs) }
    }

    /// True when `a` and `b` are one file (`AtomicFile.isSameFile`). Standard output ("-") and devices such as
    /// /dev/null take any number of outputs.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        if a == "-" || b == "-" || AtomicFile.isSpecialFile(a) || AtomicFile.isSpecialFile(b) { return false }
        return AtomicFile.isSameFile(a, b)
    }
}
