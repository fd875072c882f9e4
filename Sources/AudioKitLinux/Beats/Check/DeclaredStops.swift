import Foundation

/// A stop of the tempo map the track does not have: the hits just after it sit the stop's length late against the
/// track, measured from the hits just before it.
struct RefutedStop: Sendable, Equatable {
    /// Where the stop starts (map time, seconds).
    let time: Double
    /// Its length (seconds): how much later than the track every hit after it sits (with those refuted before it).
    let seconds: Double
    /// The hits after it, up to the tempo map's next event, as a stretch off the track.
    let stretch: BeatStretch
}

extension StretchAlignment {
    /// The fewest hits either side of a stop that judge it.
    static let stopSideHits = 3
    /// How many times better the hits after a stop must sit on the onsets without it (σ = 10 ms) to refute it when as
    /// many are within 25 ms of one either way.
    static let stopAlignmentRatio = 2.0

    /// The stops of `tempo` the track does not pause for, each judged on the hits either side of it, not on the whole map's
    /// offset (which the hits after a stop outvote when they are most of the map: a stop at beat 4 of 16 made the whole map
    /// "99 ms late" and its first hits "not checked").
    ///
    /// For each stop of positive length L, the hits before it (back to the previous stop or tempo change, at most 16, at
    /// least 3) give the offset the track has there, found as the whole map's is (`HitChecker.offset`), and must mostly
    /// sit on clear onsets with it (60 %). The hits after it (up to the next event, at most 16, at least 3) are then
    /// counted on a clear onset within 25 ms as written, and moved L earlier: the stop is refuted when moved puts at
    /// least 60 % of them on one, and either at least 40 % (and 3) more than as written (the test `find` applies to a
    /// stretch) or an alignment with the onsets (`HitChecker.Peaks.alignment`, σ = 10 ms) twice as good.
    /// A stop the song has leaves its later hits on their onsets as written and gains nothing.
    static func refutedStops(_ times: [Double], peaks: HitChecker.Peaks, tempo: TempoMap) -> [RefutedStop] {
        let order = times.indices.sorted { times[$0] < times[$1] }
        let sorted = order.map { times[$0] }
        let events = eventTimes(tempo).sorted()
        var refuted: [RefutedStop] = []
        // In time order, each judged on the hits as the track plays them once the stops refuted before it are taken out.
        var played = sorted
        for stop in tempo.stops.sorted(by: { $0.beat < $1.beat }) where stop.seconds > 0 {
            let at = tempo.time(ofBeat: stop.beat)
            let earlier = refuted.map(\.seconds).reduce(0, +)
            let previous = events.last { $0 < at - 1e-6 } ?? -Double.infinity
            let next = events.first { $0 > at + 1e-6 } ?? Double.infinity
            // A hit on the stop's own beat is played as it starts: before it.
            let split = SortedTimes.upperBound(sorted, at + 1e-6)
            let from = SortedTimes.upperBound(sorted, previous + 1e-6)
            let to = SortedTimes.upperBound(sorted, next + 1e-6)
            let before = Array(played[max(from, split - pieceHits)..<split])
            let after = Array(played[split..<min(to, split + pieceHits)])
            guard before.count >= stopSideHits, after.count >= stopSideHits else { continue }
            let here = HitChecker.offset(before, peaks: peaks)
            guard Double(supported(before, peaks: peaks, offset: here)) >= supportedShare * Double(before.count) else { continue }
            let asWritten = supported(after, peaks: peaks, offset: here)
            let moved = supported(after, peaks: peaks, offset: here + stop.seconds)
            let gain = max(minimumGain, Int((gainShare * Double(after.count)).rounded(.up)))
            // In dense music a hit the stop's length late can still be within 25 ms of the next note's onset (0.1 s late
            // at 180 BPM is 17 ms from the next 1/4): then the onsets' alignment, Gaussian-weighted by distance, decides.
            let sigma = 0.010
            let alignedBetter =
                peaks.alignment(after, shift: here + stop.seconds, sigma: sigma)
                >= stopAlignmentRatio * peaks.alignment(after, shift: here, sigma: sigma)
            guard Double(moved) >= supportedShare * Double(after.count), moved - asWritten >= gain || alignedBetter else { continue }
            // The shift as the onsets give it: the median residual of the moved hits on a clear onset.
            let residuals = after.compactMap { t in nearestClear(t - here - stop.seconds, peaks: peaks).map { t - here - $0 } }
            let shift = earlier + (residuals.isEmpty ? stop.seconds : Median.of(residuals))
            let last = to - 1
            let all = Array(played[split...last])
            var (words, _) = describeEvents(tempo, after: at - 1e-6, through: at + 1e-6, shift: shift)
            if earlier > 0 {
                words.append(String(format: "the stops before it the track does not have either (%.3f s in all)", earlier))
            }
            let stretch = BeatStretch(
                firstIndex: order[split], lastIndex: order[last], start: sorted[split], end: sorted[last], count: all.count,
                shift: shift, supportedAsWritten: supported(all, peaks: peaks, offset: here),
                supportedShifted: supported(all, peaks: peaks, offset: here + stop.seconds), events: words, stopExplainsShift: true)
            refuted.append(RefutedStop(time: at, seconds: stop.seconds, stretch: stretch))
            for k in split..<played.count { played[k] -= stop.seconds }
        }
        return refuted
    }

    /// `times` as the track plays them when the `refuted` stops are taken out: every hit after one moved earlier by its
    /// length.
    static func withoutStops(_ times: [Double], _ refuted: [RefutedStop]) -> [Double] {
        guard !refuted.isEmpty else { return times }
        return times.map { t in t - refuted.filter { t > $0.time + 1e-6 }.map(\.seconds).reduce(0, +) }
    }
}
