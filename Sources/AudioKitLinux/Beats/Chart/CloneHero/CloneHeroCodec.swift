import Foundation

/// Clone Hero / Moonscraper `.chart`: read and written by `CloneHeroChart`; its tracks are its charts.
enum CloneHeroCodec: BeatMapCodec {
    static let format = BeatMapFormat.clonehero
    static let extensions = ["chart"]
    static let isChart = true

    static func read(_ input: BeatMapReadInput) -> BeatMapReadResult {
        CloneHeroChart.read(bytes: input.bytes, file: input.file, chart: input.chart, maxBeats: input.limits.maxBeats)
    }

    static func write(_ map: BeatMap, _ options: BeatMapWriteOptions) -> String {
        CloneHeroChart.write(map, title: options.title, audio: options.audio)
    }

    /// Each track by its section name.
    static func charts(bytes: [UInt8], file: String?, maxNestingDepth: Int) -> [ChartCatalog.Entry] {
        let text = BeatMapText.normalizingLineEndings(String(decoding: bytes, as: UTF8.self))
        guard case .success(let sections) = CloneHeroChart.sections(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text) else {
            return []
        }
        return CloneHeroChart.tracks(sections).map { ChartCatalog.Entry(selector: $0.name, name: $0.name) }
    }
}
