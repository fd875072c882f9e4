import AudioKitLinux

/// The early half of the output guard: before any work, every output a command was given is compared with
/// the inputs it names, so a mistake fails at once. `AtomicFile` checks again, against every file the command
/// actually read, before an output is renamed into place.
public enum OutputGuard {
    /// Throws when any of `outputs` is the same file on disk as any of `inputs`.
    public static func check(_ outputs: [String?], against inputs: [String]) throws(InputError) {
        for output in outputs.compactMap({ $0 }) { try AtomicFile.checkNotAnInput(output, inputs: inputs) }
    }
}
