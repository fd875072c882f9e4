import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

/// What every command that writes a beat map or chart checks before it writes: a format it can name, and an output
/// our own readers take.
enum MapOutput {
    /// `given`, else the format `path`'s extension names, else text for standard output or a path without an
    /// extension. An extension no format has is a usage error naming `flag`: the map is not written as text under it.
    /// A `.ssc` is refused: what is written is StepMania's `.sm` text, which readers of `.ssc` (StepMania's own, Python
    /// `simfile`) would take for an SSC file without charts.
    static func format(_ given: BeatMapFormat?, path: String?, flag: String) throws -> BeatMapFormat {
        if let path, (path as NSString).pathExtension.lowercased() == "ssc", given == nil || given == .stepmania {
            let sm = ((path as NSString).deletingPathExtension as NSString).appendingPathExtension("sm") ?? path
            throw ValidationError(
                "\(path): a new StepMania chart is written as .sm (StepMania 5 and ArrowVortex open it), not .ssc, whose readers would find no chart in it; use \(sm)"
            )
        }
        if let given { return given }
        guard let path, !(path as NSString).pathExtension.isEmpty else { return .text }
        guard let format = BeatMapFormat.detect(path: path, bytes: []) else {
            throw ValidationError(
                "cannot tell the format of \(path) from its extension; use .json, .txt, .csv, .swift, .sm, .osu, .qua, .dat or .chart, or name it with \(flag)"
            )
        }
        return format
    }

    /// The note for a path given without an extension and no format named: it is written as a text list, which a user
    /// who meant a chart (`-o song`, `-o .sm`) should hear about.
    static func sayPlainText(_ given: BeatMapFormat?, path: String?, flag: String) {
        guard given == nil, let path, (path as NSString).pathExtension.isEmpty, path != "-", !AtomicFile.isSpecialFile(path) else { return }
        Terminal.err(
            "beatmap: note: \(path) has no extension: written as a text list of times, one a line; for another format give it one (.json, .sm, .osu, …) or name it with \(flag)\n"
        )
    }

    /// Throws when `text` is larger than the readers accept under `limits` (so nothing is written that our own
    /// `lint` would refuse).
    static func checkSize(_ text: String, path: String?, limits: InputLimits) throws {
        let bytes = text.utf8.count
        guard bytes > limits.maxFileBytes else { return }
        throw ToolFailure(
            "\(path ?? "output"): would be \(bytes) bytes, more than the \(limits.maxFileBytes) the readers take; raise --max-file-size to write it"
        )
    }
}
