import Foundation

/// How an edit of a chart's hit times carries the chart's notes along: a hit whose time is unchanged keeps its notes
/// as they were; a moved hit (the nearest old hit within `reach` that is no longer in the list) keeps its notes (lanes,
/// kinds, hold lengths) shifted by the move; a new hit is a tap in the lane after the previous hit's; a removed hit
/// takes its notes with it. Notes that are not hits (mines) stay where they were.
enum ChartHitEdit {
    /// How far a hit may move and still keep its notes, seconds (as a beat list's save keeps a moved beat's label).
    static let reach = 0.2

    /// For each of `new` (ascending), the index of the hit of `old` (ascending) whose notes it takes, or nil for a new hit.
    static func pairing(old: [Double], new: [Double]) -> [Int?] {
        var oldIndex: [Double: Int] = [:]
        for (k, t) in old.enumerated() where oldIndex[t] == nil { oldIndex[t] = k }
        let kept = Set(new)
        // The old hits no new time equals, in time order: a moved hit takes the nearest of these still free.
        var free = old.indices.filter { !kept.contains(old[$0]) }
        var freeTimes = free.map { old[$0] }
        return new.map { t in
            if let k = oldIndex[t] { return k }
            var best: Int? = nil
            let lo = SortedTimes.lowerBound(freeTimes, t)
            for c in [lo - 1, lo] where c >= 0 && c < free.count && abs(old[free[c]] - t) <= reach {
                if best.map({ abs(old[free[c]] - t) < abs(old[free[$0]] - t) }) ?? true { best = c }
            }
            guard let b = best else { return nil }
            freeTimes.remove(at: b)
            return free.remove(at: b)
        }
    }

    /// The index of the hit of `hits` (ascending) that a note at `time` belongs to: the nearest, when it is within the
    /// readers' chord rule of it (`ChartHits.sameChord`); nil otherwise.
    static func hit(of time: Double, in hits: [Double]) -> Int? {
        guard let near = SortedTimes.nearest(hits, time),
            ChartHits.sameChord(min(hits[near], time), max(hits[near], time))
        else { return nil }
        return near
    }

    /// A chart's notes after its hits moved from `hits` to `times` (`carry` on `ChartNote`s): a moved hit's notes, holds'
    /// ends included, shifted with it; a new hit a tap in the lane after the previous hit's, of `lanes`.
    static func notes(_ notes: [ChartNote], hits: [Double], to times: [Double], lanes: Int) -> [ChartNote] {
        carry(
            notes, time: \.time, lane: \.lane, isHit: \.isHit, hits: hits, to: times, lanes: lanes,
            shifted: { n, d in ChartNote(time: n.time + d, lane: n.lane, kind: n.kind, end: n.end.map { $0 + d }) },
            made: { ChartNote(time: $0, lane: $1) })
    }

    /// The records of a chart after its hits moved from `hits` to `times`. `records` are the chart's notes in any form
    /// (each with its time, lane, and whether it is a hit); `shifted` moves one by a time, `made` makes a tap at a time in a
    /// lane. The result is in time order (records at one time in their old order).
    static func carry<Record>(
        _ records: [Record], time: (Record) -> Double, lane: (Record) -> Int, isHit: (Record) -> Bool, hits: [Double],
        to times: [Double], lanes: Int, shifted: (Record, Double) -> Record, made: (Double, Int) -> Record
    ) -> [Record] {
        var members: [[Int]] = Array(repeating: [], count: hits.count)
        var out: [(time: Double, order: Int, record: Record)] = []
        for (i, r) in records.enumerated() {
            if isHit(r), let h = hit(of: time(r), in: hits) {
                members[h].append(i)
            } else if !isHit(r) {
                out.append((time(r), i, r))
            }
        }
        var previousLane = -1
        for (j, k) in pairing(old: hits, new: times).enumerated() {
            if let k, !members[k].isEmpty {
                let shift = times[j] - hits[k]
                for i in members[k] {
                    let r = shift == 0 ? records[i] : shifted(records[i], shift)
                    out.append((time(r), i, r))
                }
                previousLane = lane(records[members[k][0]])
            } else {
                previousLane = (previousLane + 1) % max(1, lanes)
                out.append((times[j], records.count + j, made(times[j], previousLane)))
            }
        }
        return out.sorted { ($0.time, $0.order) < ($1.time, $1.order) }.map(\.record)
    }
}
