import Foundation

/// Whether lint reads a map's hits as a beat list (one pulse, judged interval by interval by `beatmap.outlier`) or as a
/// chart (hits on subdivisions of a tempo map, judged by `beatmap.off_grid`): one answer for both rules, so a map is
/// never judged both ways, and the answer `beatmap check` gives (`BeatChecker.tempoMap(for:times:onset:tuning:)`).
enum PulseOrChart {
    /// How a map reads.
    enum Reading: Sendable {
        /// A beat list: one pulse, judged interval by interval.
        case beatList
        /// A chart, its hits judged on this tempo map (its own, the declared one, or the one fitted to its hits; nil
        /// when none fits).
        case chart(TempoMap?)
    }

    /// How `map` reads, from its finite hits (`declared`: the BPM and offset it declares). A steady pulse
    /// (`BeatChecker.isPulse`, 80 % of the intervals on it) of at most 300 BPM is a beat list, unless its hits are
    /// snapped to the declared grid at a step other than its beat (`BeatChecker.isChart`). A looser pulse (60 %: a beat
    /// list with beats missing or extra) is one unless a tempo map (the declared one, else the one fitted to the hits)
    /// puts that pulse off its beat: a chart's run of half beats with rests between is not a beat list with beats
    /// missing. The tempo map is fitted at most once: the slowest step on a long list.
    static func read(_ map: BeatMap, tuning: BeatCheckTuning = .standard) -> Reading {
        if let written = map.writtenTempoMap { return .chart(written) }
        let declared = map.tempoMap
        let t = map.times.filter(\.isFinite).sorted()
        guard t.count >= 3 else { return .beatList }
        let pulse = Median.of((1..<t.count).map { t[$0] - t[$0 - 1] })
        if pulse >= tuning.shortestBeatPeriod {
            if BeatChecker.isPulse(t) {
                guard let declared, BeatChecker.isChart(t, on: declared, tuning: tuning) else { return .beatList }
                return .chart(declared)
            }
            if BeatChecker.isPulse(t, share: 0.6) {
                guard let tempo = declared ?? TempoMapFit.fit(t) else { return .beatList }
                let beat = 60 / tempo.bpm(atTime: Median.of(t))
                return pulse >= 0.8 * beat && pulse <= 1.25 * beat ? .beatList : .chart(tempo)
            }
        }
        return .chart(declared ?? TempoMapFit.fit(t))
    }
}
