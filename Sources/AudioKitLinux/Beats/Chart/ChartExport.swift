import Foundation

/// A list of hits written as a chart file that StepMania or ArrowVortex, the osu! editor or Quaver open, on a given
/// tempo map, and read back before anything is written: the text is refused unless every hit comes back within the
/// format's rounding (rows of 1/48 beat in `.sm`, whole milliseconds in `.osu` and `.qua`) and nothing else comes back.
public enum ChartExport {
    /// The chart formats a list of hits can be exported to on its own (a Beat Saber difficulty also needs an `Info.dat`).
    public static var formats: Set<BeatMapFormat> { Set(BeatMapCodecs.all.filter { $0.exportsAlone }.map { $0.format }) }

    /// The chart text of `times` on `tempo` in `format` (one of `formats`), its song title `title` and its audio file
    /// `audio` (a name beside the chart, as the games look for it). Throws `InputError` (`.writeFailed`, at `path`) when
    /// there is no hit, or the text does not read back as the same hits.
    public static func text(
        _ times: [Double], tempo: TempoMap, format: BeatMapFormat, title: String, audio: String, path: String
    ) throws(InputError) -> String {
        try text(BeatMap(times: times), tempo: tempo, format: format, title: title, audio: audio, path: path)
    }

    /// As `text(_:tempo:format:title:audio:path:)`, for a map that may carry a chart's notes (lanes, holds, mines),
    /// lane count and metadata, which the chart keeps.
    public static func text(
        _ given: BeatMap, tempo: TempoMap, format: BeatMapFormat, title: String, audio: String, path: String
    ) throws(InputError) -> String {
        var map = given
        map.times = given.times.filter(\.isFinite).sorted()
        // A chart with no hit reads back as no beat map at all: refuse it before anything is written.
        guard !map.times.isEmpty else {
            throw InputError(.writeFailed, path: path, reason: "there is no hit to write; nothing was written", fix: "add hits first")
        }
        map.tempoMap = tempo
        guard format.codec.exportsAlone else {
            throw InputError(.writeFailed, path: path, reason: "\(format) is not a chart format the hits can be exported to alone")
        }
        let text = format.codec.write(map, BeatMapWriteOptions(title: title, audio: audio))
        let within = format.codec.writeRounding(map) + 1e-6
        let back = BeatMapReader.read(bytes: Array(text.utf8), file: path, format: format).map?.times.sorted() ?? []
        guard let worst = mismatch(map.times, back), worst <= within else {
            let moved =
                mismatch(map.times, back).map {
                    String(
                        format: "a hit would read back %.1f ms from where it is (the chart's rows allow %.1f ms)", $0 * 1000, within * 1000)
                } ?? "\(back.count) hits would read back for \(map.times.count)"
            throw InputError(
                .writeFailed, path: path, reason: "the chart written would not read back as the same hits: \(moved); nothing was written",
                fix:
                    "put the grid where the hits are (a pause beside a hit off the grid's rows moves it across the pause), or save as .json"
            )
        }
        return text
    }

    /// The largest distance from a hit of either list to the nearest hit of the other; nil when one list is empty and
    /// the other is not.
    static func mismatch(_ a: [Double], _ b: [Double]) -> Double? {
        guard !a.isEmpty || !b.isEmpty else { return 0 }
        guard !a.isEmpty, !b.isEmpty else { return nil }
        func farthest(_ xs: [Double], from ys: [Double]) -> Double {
            var worst = 0.0
            var k = 0
            for x in xs {
                while k + 1 < ys.count, abs(ys[k + 1] - x) <= abs(ys[k] - x) { k += 1 }
                worst = max(worst, abs(ys[k] - x))
            }
            return worst
        }
        return max(farthest(a, from: b), farthest(b, from: a))
    }
}
