import Foundation

/// How an edit of a chart's hit times carries the chart's notes along: the old and new hits are aligned in order, so
/// that each new hit takes the notes (lanes, kinds, hold lengths) of the old hit it continues, shifted by its move; a
/// new hit is a tap in the lane after the previous hit's; a removed hit takes its notes with it. Notes that are not
/// hits (mines) stay where they were.
enum ChartHitEdit {
    /// What leaving a hit unmatched costs, seconds of uneven move: a hit moved alone by up to this keeps its notes (as a
    /// beat list's save keeps a moved beat's label), one moved further is a removed hit and a new one.
    static let reach = 0.2

    /// What the first matched hit's move costs, per second of it: a whole chart moved together (Shift map, a tempo set
    /// with the hits keeping their beats) keeps every hit's notes, however far, and a hit removed at the start is not
    /// read as every hit moved onto its neighbour's place.
    static let firstMove = 0.25

    /// How many more hits than the two lists' difference in length an alignment may leave unmatched; past that (more
    /// than this many hits removed and others added), each new hit takes the nearest free old hit within `reach`.
    static let slack = 64

    /// For each of `new` (ascending), the index of the hit of `old` (ascending) whose notes it takes, or nil for a new
    /// hit. The alignment in order whose moves are the most even (dynamic programming, as sequence alignment with gap
    /// costs: Needleman & Wunsch 1970): a matched hit costs how much its move differs from the previous matched
    /// hit's, an unmatched hit `reach`. A chart shifted or re-timed as a whole keeps every hit's notes: the nearest
    /// old hit to a moved one is its neighbour once the move passes the gap between them.
    static func pairing(old: [Double], new: [Double]) -> [Int?] {
        let n = old.count, m = new.count
        guard n > 0, m > 0 else { return Array(repeating: nil, count: m) }
        let low = min(0, m - n) - slack, high = max(0, m - n) + slack, width = high - low + 1
        guard (n + 1) * width <= 8_000_000 else { return nearestFree(old: old, new: new) }
        // Cell (i, j), j − i within low...high: the best alignment of old[..<i] with new[..<j]; its last matched move.
        let index = { (i: Int, j: Int) -> Int? in
            let k = j - i - low
            return k >= 0 && k < width && j >= 0 && j <= m ? i * width + k : nil
        }
        // Single precision: a cell is 9 bytes, 72 MB at the bound (a 50,000-hit chart); moves are judged to 0.1 ms.
        var cost = [Float](repeating: .infinity, count: (n + 1) * width)
        var last = [Float](repeating: .nan, count: (n + 1) * width)
        var step = [UInt8](repeating: 0, count: (n + 1) * width)
        cost[index(0, 0)!] = 0
        let gap = Float(reach)
        for i in 0...n {
            for j in max(0, i + low)...min(m, i + high) {
                guard let c = index(i, j), !(i == 0 && j == 0) else { continue }
                if i > 0, j > 0, let p = index(i - 1, j - 1), cost[p].isFinite {
                    let move = Float(new[j - 1] - old[i - 1])
                    let total = cost[p] + (last[p].isNaN ? Float(firstMove) * abs(move) : abs(move - last[p]))
                    if total < cost[c] { (cost[c], last[c], step[c]) = (total, move, 1) }
                }
                if i > 0, let p = index(i - 1, j), cost[p] + gap < cost[c] { (cost[c], last[c], step[c]) = (cost[p] + gap, last[p], 2) }
                if j > 0, let p = index(i, j - 1), cost[p] + gap < cost[c] { (cost[c], last[c], step[c]) = (cost[p] + gap, last[p], 3) }
            }
        }
        var out = [Int?](repeating: nil, count: m)
        var (i, j) = (n, m)
        while i > 0 || j > 0, let c = index(i, j) {
            switch step[c] {
            case 1: (out[j - 1], i, j) = (i - 1, i - 1, j - 1)
            case 2: i -= 1
            default: j -= 1
            }
        }
        return out
    }

    /// For each of `new`, the old hit at its time, else the nearest old hit within `reach` no new time equals and not
    /// taken yet: the pairing for edits too many to align.
    static func nearestFree(old: [Double], new: [Double]) -> [Int?] {
        var oldIndex: [Double: Int] = [:]
        for (k, t) in old.enumerated() where oldIndex[t] == nil { oldIndex[t] = k }
        let kept = Set(new)
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
