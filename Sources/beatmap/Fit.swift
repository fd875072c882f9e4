import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension Beatmap {
    struct Fit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fit",
            abstract: "Report the BPM and offset that best explain a hand-made beat map (least squares).")

        @Argument(help: ArgumentHelp("The beat map.", valueName: "map"))
        var map: String

        @OptionGroup var mapOptions: MapOptions

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func run() throws {
            let (beatMap, findings) = try mapOptions.read(map, limits: limitOptions.limits)
            guard let beatMap else {
                try FindingsOutput.stop(tool: "beatmap", file: map, diagnostics: findings)
            }
            guard let fit = GridFit(times: beatMap.times) else {
                throw ToolFailure(
                    "\(map): \(beatMap.count) finite beat\(beatMap.count == 1 ? "" : "s"); a grid needs at least 2 distinct times")
            }
            Terminal.out(
                String(
                    format: "%.3f BPM, first beat at %.4f s; residuals: rms %.1f ms, max %.1f ms over %d beats\n", fit.bpm, fit.offset,
                    fit.rmsResidual * 1000, fit.maxResidual * 1000, beatMap.count))
        }
    }
}
