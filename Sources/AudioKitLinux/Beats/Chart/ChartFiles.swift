import Foundation

/// What reading a written map back gave, against the hits it was written from.
public struct ChartReadBack: Sendable, Equatable {
    /// Hits written (finite, within a day of 0 s).
    public let expected: Int
    /// Hits read back.
    public let read: Int
    /// The largest distance from a hit of either list to the nearest of the other (seconds); nil when nothing read back.
    public let worst: Double?

    /// The lanes a chart's notes were in (its highest lane used, plus one); nil for a list of hits, which goes to the
    /// format's lanes in turn.
    public var lanes: Int? = nil
    /// The lanes the written chart holds, read back; nil when unknown.
    public var lanesRead: Int? = nil

    /// Hits that did not come back on their own: merged with another on one row or millisecond, or into a chord.
    public var merged: Int { max(0, expected - read) }

    /// True when the chart's lanes did not all fit the format's: the notes of the lanes past `lanesRead` were written in
    /// lane `lane % lanesRead`, beside or onto another's.
    public var foldsLanes: Bool { lanes.flatMap { a in lanesRead.map { $0 < a } } ?? false }

    /// True when every hit came back on its own within `tolerance` seconds, each in its own lane.
    public func isExact(within tolerance: Double = 0.001) -> Bool {
        read == expected && (worst ?? .infinity) <= tolerance && !foldsLanes
    }

    /// What `back` holds against the hits of `map` that were written.
    init(_ map: BeatMap, _ back: BeatMapReadResult) {
        let expected = ChartWriter.writable(map).sorted()
        let read = (back.map?.times ?? []).filter(\.isFinite).sorted()
        self.init(expected: expected.count, read: read.count, worst: ChartExport.mismatch(expected, read))
        lanes = map.notes.map(\.lane).max().map { $0 + 1 }
        // A format that declares no lane count (Beat Saber) is judged by the lanes its notes read back in.
        lanesRead = back.map?.lanes ?? back.map?.notes.map(\.lane).max().map { $0 + 1 }
    }

    /// The figures as given.
    public init(expected: Int, read: Int, worst: Double?, lanes: Int? = nil, lanesRead: Int? = nil) {
        self.expected = expected
        self.read = read
        self.worst = worst
        self.lanes = lanes
        self.lanesRead = lanesRead
    }

    /// The warning for `path`, or nil when `isExact(within:)`.
    public func warning(path: String, within tolerance: Double = 0.001) -> String? {
        guard !isExact(within: tolerance) else { return nil }
        var parts: [String] = []
        if let worst, worst > tolerance {
            parts.append(String(format: "read back, its hits are up to %.1f ms from the map's", worst * 1000))
        }
        if worst == nil { parts.append("read back, it holds no hit") }
        if merged > 0 {
            parts.append(
                "\(merged) of \(expected) hits share a place with another (the format's finest step, or a chord) and read back as one")
        }
        if read > expected {
            parts.append("\(read - expected) more hits read back than were written (a chord split over the format's steps)")
        }
        if foldsLanes, let lanes, let lanesRead {
            parts.append(
                "the chart's \(lanes) lanes went into \(lanesRead), the most this format takes: a note of lane n past them went to lane n mod \(lanesRead), beside or onto another's"
            )
        }
        return "\(path): " + parts.joined(separator: "; ")
    }
}

/// A map written as the files of a format, each with the text to write, and what the chart read back as.
public struct ChartFileSet: Sendable {
    /// Each file: where (nil: standard output) and its text. A Beat Saber difficulty comes with its `Info.dat`.
    public var files: [(path: String?, text: String)]
    /// What the main file read back as.
    public var readBack: ChartReadBack
}

/// Writes a map as the files of a format and reads them back before anything is written, so that what the chart holds
/// is known, not assumed: a format that cannot hold a time (rows of 1/48 beat, whole milliseconds) or two hits at one
/// place says so with the true figures.
public enum ChartFiles {
    /// The files of `map` in `format` at `path` (nil: standard output): one file, or for Beat Saber the difficulty and
    /// the `Info.dat` beside it, written new or with the difficulty added to the one there. Throws `InputError` when a
    /// Beat Saber difficulty has no path, or the `Info.dat` there cannot take it.
    public static func make(
        _ map: BeatMap, format: BeatMapFormat, path: String?, title: String, audio: String, symbol: String = "beatMap",
        limits: InputLimits = .standard
    ) throws(InputError) -> ChartFileSet {
        try format.codec.files(map, path: path, options: BeatMapWriteOptions(title: title, audio: audio, symbol: symbol), limits: limits)
    }

    /// One StepMania file at `path` holding every chart of `charts` (a song's difficulties, all on the first one's tempo
    /// map), each read back by its number: the read-back counts every chart's hits and gives the worst distance of any.
    public static func stepMania(charts: [BeatMap], path: String?, title: String, audio: String) -> ChartFileSet {
        let entries = charts.map { (difficulty: $0.metadata?.difficulty ?? "Hard", meter: $0.metadata?.meter ?? 1, map: $0) }
        let text = ChartWriter.stepMania(charts: entries, title: title, music: audio)
        var total = ChartReadBack(expected: 0, read: 0, worst: 0)
        for (k, map) in charts.enumerated() {
            let back = BeatMapReader.read(bytes: Array(text.utf8), file: path ?? "<stdout>", format: .stepmania, chart: String(k + 1))
            let one = ChartReadBack(map, back)
            // The first chart whose lanes fold is the one the warning names.
            let folded = total.foldsLanes ? total : one
            total = ChartReadBack(
                expected: total.expected + one.expected, read: total.read + one.read,
                worst: one.worst.flatMap { w in total.worst.map { max($0, w) } }, lanes: folded.lanes, lanesRead: folded.lanesRead)
        }
        return ChartFileSet(files: [(path, text)], readBack: total)
    }
}
