import Foundation

/// Rule 9: one fix at a time, the clearest first. A hit on a grid line is flagged only for the rhythm around it (a
/// subdivision the chart does not use, a figure it plays nowhere else, a better line with an onset); when that rhythm
/// holds another flagged hit, within a beat of it, with a clearer case (more evidence for its fix, or as much and
/// earlier), the rhythm may be wrong because that hit was moved, not this one. Such a hit waits: it stays flagged as a
/// "maybe" naming the hit to fix first, and the next check, with that hit in its place, judges it afresh. So fixes
/// applied from the top never move a hit the author placed because its neighbour was misplaced. A hit off every line,
/// or one moved onto another's line, is wrong whatever its neighbours do, and never waits; nor does a hit of a list
/// tapped in (not snapped), which sits on no line its author chose.
enum NeighbourFirst {
    /// The judgements (map order) with each such hit marked as waiting for its clearest neighbour.
    static func resolve(_ judged: [HitChecker.Judgement], in c: HitJudging) -> [HitChecker.Judgement] {
        // Only a snapped chart's hits sit on lines its author chose; a list tapped in has no rhythm to break.
        guard let limit = c.chart.offGridLimit else { return judged }
        var byRank = [Int](repeating: 0, count: judged.count)
        for (i, k) in c.chart.rank.enumerated() { byRank[k] = i }
        let positions = c.chart.positions
        var out = judged
        for i in judged.indices where waits(judged[i]) && c.chart.gridDistances[c.chart.rank[i]] <= limit {
            let k = c.chart.rank[i]
            var clearest: Int? = nil
            for step in [-1, 1] {
                var r = k + step
                while r >= 0, r < positions.count, abs(positions[r] - positions[k]) <= 48 {
                    let m = byRank[r]
                    if isError(judged[m]), clearer(judged[m], r, than: judged[i], k),
                        clearest.map({ clearer(judged[m], r, than: judged[$0], c.chart.rank[$0]) }) ?? true
                    {
                        clearest = m
                    }
                    r += step
                }
            }
            if let m = clearest { out[i].waitsFor = c.times[m] }
        }
        return out
    }

    /// An error (not a "maybe") whose case rests on the rhythm around a hit on a line.
    static func waits(_ j: HitChecker.Judgement) -> Bool { isError(j) && j.offGrid == nil && j.sharesLineWith == nil }

    /// Flagged, and not a "maybe" of a hit the chart's snap placed.
    static func isError(_ j: HitChecker.Judgement) -> Bool { j.flagged && !j.isSnappedMaybe }

    /// True when `a` (rank `ra`) has the clearer case than `b` (rank `rb`): more evidence for its fix, or as much and
    /// earlier. A strict order, so two hits never wait for each other.
    static func clearer(_ a: HitChecker.Judgement, _ ra: Int, than b: HitChecker.Judgement, _ rb: Int) -> Bool {
        a.ratio > b.ratio || (a.ratio == b.ratio && ra < rb)
    }
}
