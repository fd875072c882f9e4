import Foundation

/// Whether lint reads a map's hits as a beat list (one pulse, judged interval by interval by `beatmap.outlier`) or as a
/// chart (hits on subdivisions of a tempo map, judged by `beatmap.off_grid`): one answer for both rules, so a map is
/// never judged both ways, and the answer `beatmap check` gives (`BeatChecker.tempoMap(for:times:onset:tuning:)`).
enum PulseOrChart {
    /// True when `times` (finite, any order; a map without a tempo map of its own) read as a beat list, `declared` the
    /// BPM and offset the map declares. A steady pulse (`BeatChecker.isPulse`, 80 % of the intervals on it) of at most
    /// 300 BPM is one, unless its hits are snapped to the declared grid at a step other than its beat
    /// (`BeatChecker.isChart`). A looser pulse (60 %: a beat list with beats missing or extra) is one unless a tempo
    /// map (the declared one, else the one fitted to the hits) puts that pulse off its beat: a chart's run of half beats
    /// with rests between is not a beat list with beats missing.
    static func isBeatList(_ times: [Double], declared: TempoMap?, tuning: BeatCheckTuning = .standard) -> Bool {
        let t = times.sorted()
        guard t.count >= 3 else { return true }
        let pulse = Median.of((1..<t.count).map { t[$0] - t[$0 - 1] })
        guard pulse >= tuning.shortestBeatPeriod else { return false }
        if BeatChecker.isPulse(t) { return declared.map { !BeatChecker.isChart(t, on: $0, tuning: tuning) } ?? true }
        guard BeatChecker.isPulse(t, share: 0.6) else { return false }
        guard let tempo = declared ?? TempoMapFit.fit(t) else { return true }
        let beat = 60 / tempo.bpm(atTime: Median.of(t))
        return pulse >= 0.8 * beat && pulse <= 1.25 * beat
    }
}
