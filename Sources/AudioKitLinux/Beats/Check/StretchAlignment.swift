import Foundation

/// A run of a chart's hits that sits off the track by an offset of its own: after a stop, a delay or a tempo change the
/// song does not have, or where the track was edited, every later hit moves together.
public struct BeatStretch: Sendable, Equatable {
    /// Map-order indices of the stretch's first and last hits.
    public let firstIndex: Int
    /// Map-order index of the stretch's last hit.
    public let lastIndex: Int
    /// Time of the first hit (map time, seconds).
    public let start: Double
    /// Time of the last hit (map time, seconds).
    public let end: Double
    /// How many hits the stretch holds.
    public let count: Int
    /// How much later than the rest of the map the stretch sits against the track (seconds; negative: earlier).
    public let shift: Double
    /// Hits of the stretch with a clear onset within 25 ms where they are written, once the map's offset is allowed for.
    public let supportedAsWritten: Int
    /// Hits of the stretch with a clear onset within 25 ms once moved by `shift`.
    public let supportedShifted: Int
    /// The stops and tempo changes of the tempo map between the hit before the stretch and its first hit, described.
    public let events: [String]
    /// True when one of `events` is a stop or delay whose length is the stretch's shift (within 15 ms or 20 %): the
    /// chart pauses where the song does not.
    public let stopExplainsShift: Bool
}

/// Finds stretches of a chart's hits that sit off the track by an offset of their own.
///
/// The hits, in time order, are cut at every stop and tempo change of the tempo map (where a wrong event moves every
/// later hit at once) and into pieces of at most 16 hits. For each piece of at least 6 hits, the offset within ±350 ms of
/// the whole map's that puts most of its hits on onset peaks is found as for the whole map (`HitChecker.offset`: each
/// hit counts its nearest peak, Gaussian-weighted with σ = 15 ms), then refined to the median residual of the hits on a
/// clear onset. A piece is off the track when that offset is more than half the tolerance from the map's and it puts at
/// least 60 % of the piece's hits on a clear onset within 25 ms, and at least 40 % (and 3) more than the map's offset
/// does: a piece the map's offset already explains never qualifies. Neighbouring pieces off the track form one
/// stretch.
///
/// This is the windowed form of a global alignment (a piecewise-constant offset), the way beat-tracking evaluation
/// allows a per-segment offset in its continuity measures (Davies, Degara and Plumbley, "Evaluation Methods for Musical
/// Audio Beat Tracking Algorithms", 2009); a drift that grows along the track shows here as pieces whose offsets grow.
enum StretchAlignment {
    /// A piece needs this many hits to be judged.
    static let minimumHits = 6
    /// The most hits in one piece.
    static let pieceHits = 16
    /// How far from the map's offset a piece's own is searched (seconds).
    static let searchRange = 0.35
    /// A hit is on a clear onset when one is this close (seconds).
    static let onOnset = 0.025
    /// Share of a piece's hits its own offset must put on clear onsets.
    static let supportedShare = 0.6
    /// Share of a piece's hits its own offset must put on clear onsets beyond what the map's offset does.
    static let gainShare = 0.4
    /// The fewest hits that gain.
    static let minimumGain = 3

    /// The stretches of `times` (map order) off the track against `peaks`, with the whole map's `offset`, on `tempo`.
    static func find(
        _ times: [Double], peaks: HitChecker.Peaks, offset: Double, tempo: TempoMap, tolerance: Double
    ) -> [BeatStretch] {
        let order = times.indices.sorted { times[$0] < times[$1] }
        let sorted = order.map { times[$0] }
        guard !sorted.isEmpty else { return [] }
        let boundaries = eventTimes(tempo).sorted()
        var next = 0
        /// True when an event lies between the hits `k - 1` and `k` (the boundaries are walked once, in order).
        func cut(_ k: Int) -> Bool {
            while next < boundaries.count, boundaries[next] < sorted[k - 1] { next += 1 }
            return next < boundaries.count && boundaries[next] < sorted[k]
        }
        var pieces: [Range<Int>] = []
        var start = 0
        for k in 1...sorted.count where k == sorted.count || cut(k) {
            let n = k - start
            let parts = max(1, Int((Double(n) / Double(pieceHits)).rounded(.up)))
            for p in 0..<parts { pieces.append((start + p * n / parts)..<(start + (p + 1) * n / parts)) }
            start = k
        }
        var off: [(piece: Range<Int>, shift: Double, asWritten: Int, shifted: Int)] = []
        for piece in pieces where piece.count >= minimumHits {
            let hits = Array(sorted[piece])
            let n = Double(hits.count)
            let gain = max(minimumGain, Int((gainShare * n).rounded(.up)))
            // A piece the map's offset already puts mostly on onsets cannot gain enough: not searched.
            let asWritten = supported(hits, peaks: peaks, offset: offset)
            guard asWritten + gain <= hits.count else { continue }
            let local = localOffset(hits, peaks: peaks, around: offset)
            let shifted = supported(hits, peaks: peaks, offset: local)
            guard abs(local - offset) > tolerance / 2, Double(shifted) >= supportedShare * n, shifted - asWritten >= gain else { continue }
            off.append((piece, local - offset, asWritten, shifted))
        }
        // Neighbouring pieces off the track are one stretch.
        var stretches: [BeatStretch] = []
        var k = 0
        while k < off.count {
            var j = k
            while j + 1 < off.count, off[j + 1].piece.lowerBound == off[j].piece.upperBound { j += 1 }
            var first = off[k].piece.lowerBound
            var last = off[j].piece.upperBound - 1
            let shift = Median.of(off[k...j].map(\.shift))
            // The stretch's ends where the hits change sides: a hit on its onset as written is not part of it, one on its
            // onset only once shifted is.
            func written(_ i: Int) -> Bool { nearestClear(sorted[i] - offset, peaks: peaks) != nil }
            func moved(_ i: Int) -> Bool { nearestClear(sorted[i] - offset - shift, peaks: peaks) != nil }
            while first < last, written(first), !moved(first) { first += 1 }
            while first > 0, !written(first - 1), moved(first - 1) { first -= 1 }
            while last > first, written(last), !moved(last) { last -= 1 }
            while last + 1 < sorted.count, !written(last + 1), moved(last + 1) { last += 1 }
            let hits = Array(sorted[first...last])
            let before = first > 0 ? sorted[first - 1] : -Double.infinity
            let (events, explains) = describeEvents(tempo, after: before, through: sorted[first], shift: shift)
            stretches.append(
                BeatStretch(
                    firstIndex: order[first], lastIndex: order[last], start: sorted[first], end: sorted[last], count: last - first + 1,
                    shift: shift, supportedAsWritten: supported(hits, peaks: peaks, offset: offset),
                    supportedShifted: supported(hits, peaks: peaks, offset: offset + shift), events: events, stopExplainsShift: explains))
            k = j + 1
        }
        return stretches
    }

    /// The times at which the tempo map's stops start and its tempo changes.
    static func eventTimes(_ tempo: TempoMap) -> [Double] {
        tempo.sections.dropFirst().map(\.time) + tempo.stops.map { tempo.time(ofBeat: $0.beat) }
    }

    /// The map offset (map minus audio) near `around` that puts the most of `hits` on onset peaks, with the whole map's
    /// mild preference for small shifts (a shift at the edge of the search loses `BeatCheckTuning.offsetShiftPenalty` of
    /// its score), refined to the median residual of those on a clear onset. Without that preference a piece of 16 hits
    /// of a song with a sound on every half beat took the shift half a beat away as readily as its own: Pico's hits, 47 ms
    /// early, read "150 ms late" once the map's offset was another song's.
    static func localOffset(_ hits: [Double], peaks: HitChecker.Peaks, around: Double) -> Double {
        let sigma = 0.015
        let penalty = peaks.tuning.offsetShiftPenalty
        func score(_ a: Double) -> Double { peaks.alignment(hits, shift: a, sigma: sigma) * (1 - penalty * abs(a - around) / searchRange) }
        var best = around
        var bestScore = score(around)
        for a in Swift.stride(from: around - searchRange, through: around + searchRange, by: 0.002) {
            let s = score(a)
            if s > bestScore + 1e-9 {
                bestScore = s
                best = a
            }
        }
        let residuals = hits.compactMap { t in
            nearestClear(t - best, peaks: peaks).map { t - $0 }
        }
        return residuals.count >= minimumHits / 2 ? Median.of(residuals) : best
    }

    /// How many of `hits` have a clear onset within 25 ms once `offset` is removed.
    static func supported(_ hits: [Double], peaks: HitChecker.Peaks, offset: Double) -> Int {
        hits.filter { nearestClear($0 - offset, peaks: peaks) != nil }.count
    }

    /// The clear onset (strength at least `BeatCheckTuning.strongEnough`) nearest `time` within 25 ms.
    static func nearestClear(_ time: Double, peaks: HitChecker.Peaks) -> Double? {
        peaks.near(time, window: onOnset, minimum: peaks.tuning.strongEnough).map(\.time).min { abs($0 - time) < abs($1 - time) }
    }

    /// The stops and tempo changes after `after` up to `through` (map time), in words, and whether one of them is a stop
    /// as long as `shift`.
    static func describeEvents(_ tempo: TempoMap, after: Double, through: Double, shift: Double) -> ([String], Bool) {
        var events: [(Double, String)] = []
        var explains = false
        for stop in tempo.stops {
            let t = tempo.time(ofBeat: stop.beat)
            guard t >= after, t < through else { continue }
            let kind = stop.seconds < 0 ? "negative stop" : "stop"
            events.append((t, String(format: "the %@ of %.3f s at beat %.3f (%.3f s)", kind, stop.seconds, stop.beat, t)))
            if abs(stop.seconds - shift) <= max(0.015, 0.2 * abs(shift)) { explains = true }
        }
        for section in tempo.sections.dropFirst() where section.time >= after && section.time < through {
            events.append(
                (
                    section.time,
                    String(format: "the tempo change to %.3f BPM at beat %.3f (%.3f s)", section.bpm, section.beat, section.time)
                ))
        }
        return (events.sorted { $0.0 < $1.0 }.map(\.1), explains)
    }
}

extension StretchAlignment {
    /// The finding for `stretch`: an error beyond the tolerance, a warning within it (as for the whole map's offset).
    static func finding(_ stretch: BeatStretch, map: BeatMap, tolerance: Double) -> Diagnostic {
        let ms = abs(stretch.shift) * 1000
        let side = stretch.shift > 0 ? "late" : "early"
        var message = String(
            format:
                "hits %d to %d (%.3f–%.3f s, %d hits) sit %.0f ms %@ against the track while the map's other hits are on it: %d of them meet a clear onset when moved %.0f ms %@, %d as written",
            RuleText.ordinal(stretch.firstIndex), RuleText.ordinal(stretch.lastIndex), stretch.start, stretch.end, stretch.count, ms, side,
            stretch.supportedShifted, ms,
            stretch.shift > 0 ? "earlier" : "later", stretch.supportedAsWritten)
        if stretch.events.isEmpty {
            message += String(
                format: ". Move them %.0f ms %@, or check the tempo map before them", ms, stretch.shift > 0 ? "earlier" : "later")
        } else {
            message += ". Just before them the tempo map has " + stretch.events.joined(separator: " and ")
            message +=
                stretch.stopExplainsShift
                ? ", as long as the shift: the track does not pause there. Remove the stop, or shorten it to what the song holds"
                : String(format: "; correct it so that they move %.0f ms %@", ms, stretch.shift > 0 ? "earlier" : "later")
        }
        let severity: Severity = abs(stretch.shift) > tolerance ? .error : .warning
        let location =
            map.locations.indices.contains(stretch.firstIndex) ? map.locations[stretch.firstIndex] : SourceLocation(file: map.file)
        return Diagnostic(ruleID: BeatMapRules.stretchOffset, severity: severity, location: location, message: message)
    }
}
