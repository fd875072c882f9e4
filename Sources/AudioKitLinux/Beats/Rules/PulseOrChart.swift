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

    /// How `map` reads, from its finite hits.
    static func read(_ map: BeatMap) -> Reading {
        if let written = map.writtenTempoMap { return .chart(written) }
        var fitted: TempoMap?? = nil
        let fit = { (t: [Double]) -> TempoMap? in
            if let f = fitted { return f }
            let f = TempoMapFit.fit(t)
            fitted = .some(f)
            return f
        }
        let finite = map.times.filter(\.isFinite)
        if isBeatList(finite, declared: map.tempoMap, fit: fit) { return .beatList }
        return .chart(map.tempoMap ?? fit(finite))
    }

    /// True when `times` (finite, any order; a map without a tempo map of its own) read as a beat list, `declared` the
    /// BPM and offset the map declares. A steady pulse (`BeatChecker.isPulse`, 80 % of the intervals on it) of at most
    /// 300 BPM is one, unless its hits are snapped to the declared grid at a step other than its beat
    /// (`BeatChecker.isChart`). A looser pulse (60 %: a beat list with beats missing or extra) is one unless a tempo
    /// map (the declared one, else the one fitted to the hits) puts that pulse off its beat: a chart's run of half beats
    /// with rests between is not a beat list with beats missing.
    static func isBeatList(
        _ times: [Double], declared: TempoMap?, tuning: BeatCheckTuning = .standard, fit: ([Double]) -> TempoMap? = { TempoMapFit.fit($0) }
    ) -> Bool {
        let t = times.sorted()
        guard t.count >= 3 else { return true }
        let pulse = Median.of((1..<t.count).map { t[$0] - t[$0 - 1] })
        guard pulse >= tuning.shortestBeatPeriod else { return false }
        if BeatChecker.isPulse(t) { return declared.map { !BeatChecker.isChart(t, on: $0, tuning: tuning) } ?? true }
        guard BeatChecker.isPulse(t, share: 0.6) else { return false }
        guard let tempo = declared ?? fit(t) else { return true }
        let beat = 60 / tempo.bpm(atTime: Median.of(t))
        return pulse >= 0.8 * beat && pulse <= 1.25 * beat
    }
}
