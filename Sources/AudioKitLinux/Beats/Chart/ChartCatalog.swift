import Foundation

/// The charts one file holds (a StepMania song's difficulties, a Clone Hero chart's tracks, the difficulties a Beat
/// Saber `Info.dat` lists), so that a command can read and keep every one of them, not only the one it reads by
/// default.
public enum ChartCatalog {
    /// One chart of a file.
    public struct Entry: Sendable, Equatable {
        /// What `BeatMapReader.read(path:format:symbol:chart:limits:)` takes as `chart` to read exactly this one: its
        /// number in a StepMania file (names repeat there), its section name in a `.chart`, "characteristic difficulty"
        /// in an `Info.dat`.
        public let selector: String
        /// Its name as the file gives it (StepMania's steps type, difficulty and description; the section's name).
        public let name: String
    }

    /// Every chart of the file at `path` read as `format` (nil: detected), in file order. Empty for a file that holds one
    /// chart (osu! and Quaver keep one difficulty a file, a Beat Saber difficulty file is one), for a list of hits, and for
    /// a file that does not read: the reader says why when it is read. Throws `InputError` when the file cannot be read.
    public static func charts(path: String, format: BeatMapFormat? = nil, limits: InputLimits = .standard) throws(InputError)
        -> [Entry]
    {
        let bytes = try InputFile.read(path, maxBytes: limits.maxFileBytes)
        guard let format = format ?? BeatMapFormat.detect(path: path, bytes: bytes) else { return [] }
        return format.codec.charts(bytes: bytes, file: path, maxNestingDepth: limits.maxNestingDepth)
    }

    /// Where chart `name` goes when each chart of a file is written to its own file beside `output`:
    /// `song.osu` gives `song.Hard.osu` (the name's letters, digits, `-` and `_`; anything else becomes `_`).
    public static func path(_ output: String, chart name: String) -> String {
        let ext = (output as NSString).pathExtension
        let base = ext.isEmpty ? output : String(output.dropLast(ext.count + 1))
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        return ext.isEmpty ? "\(base).\(safe)" : "\(base).\(safe).\(ext)"
    }
}
