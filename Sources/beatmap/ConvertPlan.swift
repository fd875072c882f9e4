import AudioKitLinux
import Foundation
import ToolSupport

/// What `beatmap convert` reads and where it writes it (`ChartSetConversion`), and the notes it prints about charts
/// it leaves out.
enum ConvertPlan {
    /// The plan for the command's options, or the command stopped with the reading's findings or the reason.
    static func make(_ c: Beatmap.Convert, format: BeatMapFormat) throws -> ChartSetConversion.Plan {
        let result: Result<ChartSetConversion.Plan, BeatMapFindings>
        do {
            result = try ChartSetConversion.plan(
                path: c.map, format: c.mapOptions.mapFormat, symbol: c.mapOptions.symbol, chart: c.mapOptions.chart, to: format,
                output: c.output, limits: c.limitOptions.limits)
        } catch ChartSetConversion.Refusal.needsOutputPath {
            throw ToolFailure("\(c.map): --chart all writes each chart to a file of its own, named after -o; give -o")
        } catch ChartSetConversion.Refusal.beatSaberNeedsOneAtATime {
            throw ToolFailure(
                "\(c.map): a Beat Saber difficulty's file name is its difficulty, listed once in Info.dat: convert one chart at a time (--chart N -o Expert.dat), or every chart into one .sm"
            )
        }
        switch result {
        case .failure(let f): try FindingsOutput.stop(tool: "beatmap", file: c.map, diagnostics: f.diagnostics)
        case .success(let plan): return plan
        }
    }

    /// Says which charts of the input are not in the output, and how to get them.
    static func sayLeftOut(_ plan: ChartSetConversion.Plan, input: String, format: BeatMapFormat) {
        let oneAFile = plan.leftOut.filter { $0.why == .oneChartAFile }.map(\.chart)
        let ownTiming = plan.leftOut.filter { $0.why == .ownTiming }.map(\.chart)
        func list(_ charts: [ChartCatalog.Entry]) -> String {
            charts.prefix(8).map { $0.selector == $0.name ? "\"\($0.name)\"" : "\($0.selector). \"\($0.name)\"" }.joined(separator: ", ")
                + (charts.count > 8 ? ", …" : "")
        }
        if !oneAFile.isEmpty {
            Terminal.err(
                "beatmap: note: \(input) holds \(plan.chartsInFile) charts; the \(format.rawValue) format holds one chart a file, so \(oneAFile.count) \(oneAFile.count == 1 ? "was" : "were") not written (\(list(oneAFile))): --chart all writes each to a file of its own, --chart N converts another\n"
            )
        }
        if !ownTiming.isEmpty {
            Terminal.err(
                "beatmap: warning: \(ownTiming.count) of \(input)'s \(plan.chartsInFile) charts \(ownTiming.count == 1 ? "has timing of its own" : "have timing of their own"), and a .sm holds one timing for all its charts, so \(ownTiming.count == 1 ? "it was" : "they were") not written (\(list(ownTiming))): convert each alone with --chart N\n"
            )
        }
    }
}
