import Foundation

/// Which charts of a file a conversion keeps, and in which files: every chart of a StepMania song on the timing most of
/// them share goes into one `.sm` (a `.sm` holds a song's difficulties on one timing), each chart into a file of its own when every one is asked for,
/// else the chart asked for (or the reader's default, the hardest), with the others named as left out.
public enum ChartSetConversion {
    /// The selector that asks for every chart of a file.
    public static let everyChart = "all"

    /// Why a chart of the file is not in the output.
    public enum LeftOut: Sendable, Equatable {
        /// The output format holds one chart a file, and one chart was asked for (or none, and the default was read).
        case oneChartAFile
        /// Its tempo map is not the one most charts share (an `.ssc` chart's own timing), and a `.sm` holds one.
        case ownTiming
    }

    /// One output file and the charts it holds, in the file's order.
    public struct Part: Sendable {
        /// Where it goes (nil: standard output).
        public var path: String?
        /// Its charts; one except in a StepMania song.
        public var maps: [BeatMap]
    }

    /// What a conversion writes, and what it leaves out.
    public struct Plan: Sendable {
        /// The files to write.
        public var parts: [Part]
        /// The charts of the input not written, and why.
        public var leftOut: [(chart: ChartCatalog.Entry, why: LeftOut)]
        /// How many charts the input holds (1 for a file of one chart or a list of hits).
        public var chartsInFile: Int
        /// The warnings and notes reading the written charts gave (a value the game clamps), each once.
        public var diagnostics: [Diagnostic] = []
    }

    /// Why every chart cannot go to its own file.
    public enum Refusal: Error, Sendable, Equatable {
        /// Several files need a path to be named after.
        case needsOutputPath
        /// A Beat Saber difficulty's file name says its difficulty, and the Info.dat lists each once.
        case beatSaberNeedsOneAtATime
    }

    /// The plan for converting the file at `path` (read as `format`, nil: detected; `symbol` for Swift source) to `to`
    /// at `output`. `chart` is a chart's name or number as the readers take it, `everyChart` for every one, or nil
    /// (into `.sm`, every chart on the timing most of them share; into another format, the default chart).
    /// Returns the findings of the first chart that does not read; throws `InputError` when the file cannot be read,
    /// and `Refusal` when every chart is asked for in a way that cannot be written.
    public static func plan(
        path: String, format: BeatMapFormat?, symbol: String?, chart: String?, to: BeatMapFormat, output: String?,
        limits: InputLimits = .standard
    ) throws -> Result<Plan, BeatMapFindings> {
        var said: [Diagnostic] = []
        let planned = try plan(
            path: path, format: format, symbol: symbol, chart: chart, to: to, output: output, limits: limits, said: &said)
        return planned.map {
            var p = $0
            p.diagnostics = said
            return p
        }
    }

    static func plan(
        path: String, format: BeatMapFormat?, symbol: String?, chart: String?, to: BeatMapFormat, output: String?,
        limits: InputLimits, said: inout [Diagnostic]
    ) throws -> Result<Plan, BeatMapFindings> {
        let every = chart?.lowercased() == everyChart
        // The file is read once; its catalogue and each of its charts come from those bytes.
        let bytes = try InputFile.read(path, maxBytes: limits.maxFileBytes)
        let chosen = try BeatMapReader.format(of: path, given: format, bytes: bytes)
        let entries = chosen.codec.charts(bytes: bytes, file: path, maxNestingDepth: limits.maxNestingDepth)
        func read(_ selector: String?) throws(InputError) -> Result<BeatMap, BeatMapFindings> {
            let r = try BeatMapReader.read(fileBytes: bytes, path: path, format: chosen, symbol: symbol, chart: selector, limits: limits)
            guard let map = r.map else { return .failure(BeatMapFindings(diagnostics: r.diagnostics)) }
            for d in r.diagnostics where !said.contains(d) { said.append(d) }
            return .success(map)
        }
        guard entries.count > 1, chart == nil || every else {
            return try read(every ? nil : chart).map {
                Plan(parts: [Part(path: output, maps: [$0])], leftOut: [], chartsInFile: max(1, entries.count))
            }
        }
        let first: BeatMap
        switch try read(nil) {
        case .failure(let f): return .failure(f)
        case .success(let m): first = m
        }
        if !every && !to.holdsSeveralCharts {
            // The default chart is the one whose name and hits the default reading gave.
            var others = entries
            let named = entries.indices.filter { entries[$0].name == first.chart }
            if named.count == 1 {
                others.remove(at: named[0])
            } else {
                for k in named where (try? read(entries[k].selector).get())?.times == first.times {
                    others.remove(at: k)
                    break
                }
            }
            return .success(
                Plan(parts: [Part(path: output, maps: [first])], leftOut: others.map { ($0, .oneChartAFile) }, chartsInFile: entries.count))
        }
        var maps: [BeatMap] = []
        for entry in entries {
            switch try read(entry.selector) {
            case .failure(let f): return .failure(f)
            case .success(let m): maps.append(m)
            }
        }
        if to.holdsSeveralCharts {
            // The timing most charts share (the song's), the default chart's on a tie.
            let timings = maps.map(\.tempoMap)
            let song = timings.max { a, b in
                let (na, nb) = (timings.filter { $0 == a }.count, timings.filter { $0 == b }.count)
                return na != nb ? na < nb : b == first.tempoMap && a != first.tempoMap
            }!
            let shared = entries.indices.filter { maps[$0].tempoMap == song }
            let leftOut = entries.indices.filter { !shared.contains($0) }.map { (entries[$0], LeftOut.ownTiming) }
            return .success(Plan(parts: [Part(path: output, maps: shared.map { maps[$0] })], leftOut: leftOut, chartsInFile: entries.count))
        }
        guard !to.writesOneChartAtATime else { throw Refusal.beatSaberNeedsOneAtATime }
        guard let output else { throw Refusal.needsOutputPath }
        // Each file is named by its chart's difficulty where no other chart has it, else by its whole name, else by that
        // and its number.
        let short = maps.indices.map { maps[$0].metadata?.difficulty ?? entries[$0].name }
        let labels = entries.indices.map { k in
            if short.filter({ $0 == short[k] }).count == 1 { return short[k] }
            if entries.filter({ $0.name == entries[k].name }).count == 1 { return entries[k].name }
            return "\(entries[k].name)-\(entries[k].selector)"
        }
        let parts = entries.indices.map { Part(path: ChartCatalog.path(output, chart: labels[$0]), maps: [maps[$0]]) }
        return .success(Plan(parts: parts, leftOut: [], chartsInFile: entries.count))
    }
}
