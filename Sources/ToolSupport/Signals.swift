import AudioKitLinux
import Foundation
import Synchronization

/// The tools' signal handling (the library installs none). SIGINT, SIGTERM and SIGHUP either end the process
/// at once, removing temporary outputs (exit 128 + signal), or, while something is playing, ask the player to
/// stop at its next period so the device is dropped and the terminal left clean.
public enum Signals {
    private static let playing = Atomic<Bool>(false)
    private static let stopRequested = Atomic<Int32>(0)
    /// The signal that is ending the process (0 while none is).
    private static let ending = Atomic<Int32>(0)

    /// Installs the handlers; called once by `ToolMain`. SIGPIPE is ignored: a closed pipe is an error return
    /// (EPIPE), handled where output is written.
    public static func install() {
        var set = sigset_t()
        sigemptyset(&set)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, s) }
        // A parent that spawned us from a thread that blocks these (libdispatch's workers do) would otherwise
        // leave Ctrl-C pending forever.
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        signal(SIGPIPE, SIG_IGN)
        for s in [SIGINT, SIGTERM, SIGHUP] {
            signal(s) { received in
                if Signals.playing.load(ordering: .relaxed) {
                    Signals.stopRequested.store(received, ordering: .relaxed)
                    return
                }
                Signals.ending.store(received, ordering: .relaxed)
                ChildProcesses.terminateAll()
                AtomicFile.removeTemporaryFiles()
                _exit(128 + received)
            }
        }
    }

    /// When a signal is ending the process, waits for its handler (removing temporary files on another thread) to exit
    /// with 128 + the signal, instead of reporting the failure the signal itself caused: a child it stopped, a read it
    /// cut short. Returns at once otherwise.
    public static func awaitEndIfSignalled() {
        guard ending.load(ordering: .relaxed) != 0 else { return }
        while true { sleep(1) }
    }

    /// Runs `body` (a playback loop) with the signals turned into a stop request, which `stopRequested` reports.
    public static func whilePlaying<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        stopRequested.store(0, ordering: .relaxed)
        playing.store(true, ordering: .relaxed)
        defer { playing.store(false, ordering: .relaxed) }
        return try body()
    }

    /// True once SIGINT, SIGTERM or SIGHUP arrived during `whilePlaying`.
    public static var stopWasRequested: Bool { stopRequested.load(ordering: .relaxed) != 0 }

    /// The exit code for the stop request: 128 + the signal (130 for Ctrl-C).
    public static var stopExitCode: Int32 { 128 + stopRequested.load(ordering: .relaxed) }
}
