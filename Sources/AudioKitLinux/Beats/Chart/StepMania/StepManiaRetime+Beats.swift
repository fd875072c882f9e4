import Foundation

/// Whether a re-timed StepMania song's charts keep their notes' times or their beats. A designer who fixes the song's
/// offset or tempo with the notes (the checker's "the whole map is 32 ms later", a BPM 1 % off) moves every chart with
/// the grid, as ArrowVortex does (StepMania places notes in beats); one who fits the grid under the notes (a tempo
/// change added where the music changes) keeps every note's time. The edited chart's hits tell which.
extension StepManiaRetime {
    /// Each chart's `rows` (times on `old`) as they go onto the new map `new`, and the move that took them there: each
    /// kept at its beat when the edited chart's `hits` (its new times) match its rows carried by beat more often than
    /// left at their times (`followed`), otherwise each at its time.
    static func carried(
        _ rows: [[(time: Double, text: [Character])]], edited: Int?, hits: [Double], from old: TempoMap, to new: TempoMap
    ) -> (rows: [[(time: Double, text: [Character])]], carry: (Double) -> Double, followed: Bool) {
        let byBeat = { (t: Double) in new.time(ofBeat: old.beat(atTime: t)) }
        guard let edited, followsGrid(rows[edited].map(\.time), hits: hits, from: old, to: new) else { return (rows, { $0 }, false) }
        return (rows.map { $0.map { (byBeat($0.time), $0.text) } }, byBeat, true)
    }

    /// True when a chart's hits at `times` on the tempo map `old`, now at `hits` on `new`, moved with the grid: more of
    /// them kept their beats than their times (an offset or tempo fixed with the notes).
    static func followsGrid(_ times: [Double], hits: [Double], from old: TempoMap, to new: TempoMap) -> Bool {
        !hits.isEmpty && matched(times.map { new.time(ofBeat: old.beat(atTime: $0)) }, hits) > matched(times, hits)
    }

    /// How many of `a` and `b` pair up within a millisecond, one to one (a greedy walk of both sorted lists).
    static func matched(_ a: [Double], _ b: [Double]) -> Int {
        let (x, y) = (a.sorted(), b.sorted())
        var (i, j, n) = (0, 0, 0)
        while i < x.count && j < y.count {
            if abs(x[i] - y[j]) <= 0.001 {
                (i, j, n) = (i + 1, j + 1, n + 1)
            } else if x[i] < y[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return n
    }

    /// How many charts other than `edited` had their notes' times changed between the song's bytes `old` and `new` (each
    /// read on its own file's tempo map): 0 when every other chart kept its times.
    static func otherChartsMoved(old: [UInt8], new: [UInt8], edited: String?) -> Int {
        func charts(_ bytes: [UInt8]) -> (times: [[Double]], edited: Int?)? {
            let msd = MSDText(BeatMapText.normalizingLineEndings(bytes))
            guard case .success(let (chosen, tempo, _)) = StepManiaChart.locate(msd, file: nil, chart: edited) else { return nil }
            let ssc = msd.values.contains { $0.tag == "NOTEDATA" }
            let data = msd.values.filter { ($0.tag == "NOTES" || $0.tag == "NOTES2") && $0.params.count >= (ssc ? 1 : 6) }.map {
                $0.params[$0.params.count - 1]
            }
            return (data.map { rowTimes($0.text, tempo: tempo).map(\.time) }, data.firstIndex { $0.range == chosen.notes?.range })
        }
        guard let a = charts(old), let b = charts(new), a.times.count == b.times.count else { return 0 }
        return a.times.indices.filter { k in
            k != a.edited && (a.times[k].count != b.times[k].count || matched(a.times[k], b.times[k]) < a.times[k].count)
        }.count
    }
}
