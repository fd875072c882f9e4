import Foundation

/// Judges the hits of a chart (a beat map that is not one steady pulse) against its track, on a tempo map.
///
/// 1. The global offset: the shift within ±350 ms that puts the most hits on onset peaks (each hit counts the
///    peak nearest it, Gaussian-weighted with σ = 15 ms and capped in strength, so a few loud off-beats cannot
///    pull it half a beat away), with a mild preference for small shifts; then the median of hit − onset over the
///    hits that meet a clear onset within 25 ms.
/// 2. Each hit on its own time: a hit with a clear onset within the tolerance, or any onset peak (even a weak one)
///    within 30 ms, is confirmed and never flagged.
/// 3. A hit with no onset near it is flagged only when the tempo map offers a better place: a free grid line (no
///    other hit within 25 ms) of a subdivision the chart uses at least as often as the hit's own, within the hit
///    window, with a clear onset within 20 ms of it. The suggestion is that line. A hit with no onset and no such
///    place is left unconfirmed (a soft sound: a vocal, a pad).
/// 4. In a snapped chart (90 % of its hits within 1.5 ms of a grid line, as an editor's snap puts them), a lone hit
///    off every grid line by more than 3 ms (or three times the chart's precision; its neighbours on the grid) and on
///    no clear onset was typed or moved, not snapped: it is flagged, with the free line of a used subdivision that has the most onset evidence
///    (else the nearest) as the suggestion. osu!'s Mapset Verifier reports unsnapped objects the same way.
/// 5. A hit flagged by rule 3 that sits on a grid line of a snapped chart was placed there by the author with the
///    editor's snap: the chart's structure vouches for it and only the audio disagrees, so the finding is a warning
///    (`onSnappedGrid`), not an error. A hit off the grid, on a line of rule 6, or in a list tapped in, has only the
///    audio to go by.
/// 6. In a snapped chart, a hit on a subdivision the chart does not use (fewer than 2 % of its hits), on no clear
///    onset, in a rhythm the chart never repeats, with hits on the chart's usual grid either side (at most one other
///    hit off it beside it), was moved, not snapped: a hit moved by a few subdivisions lands on a finer line (three
///    1/8 beats is 121 ms at 185 BPM). It is flagged as in rule 4. A figure on a rare subdivision that the chart plays
///    again (a pickup, a triplet) is left alone. In a snapped chart a hit is on a subdivision when it is within the
///    chart's own precision of its line, not the 8 ms allowed to hits tapped in.
///
/// A hit that keeps its neighbours' spacing by a step the chart uses is part of a pattern and not flagged; a hit on a
/// grid line and an onset whose motif (the rhythm within a beat either side, at its place in the bar) the chart plays
/// at least twice needs a place four times better again before it is moved.
///
/// Neighbours are compared by beat position on the tempo map, never by list position.
enum HitChecker {
    /// What the checker found for one hit.
    struct Judgement {
        var match: OnsetMatch?
        var flagged = false
        var suggestion: Double? = nil
        var level: Int? = nil
        /// How many times the suggested place's evidence exceeds the hit's own.
        var ratio = 0.0
        /// For a hit off the grid of a snapped chart: its distance to the nearest grid line (seconds).
        var offGrid: Double? = nil
        /// True for a hit of a snapped chart that sits on a grid line: the author put it there with the editor's snap.
        var onSnappedGrid = false
        /// For a hit of a snapped chart moved onto a subdivision the chart does not use: that subdivision (rule 6).
        var unusedLevel: Int? = nil
        /// For a hit moved out of a figure the chart repeats (rule 7): how often the chart plays the figure the
        /// suggested line puts it back in.
        var figurePlays: Int? = nil
    }

    /// Onset peaks as (time, strength), in time order.
    struct Peaks {
        let times: [Double]
        let strengths: [Double]

        init(_ odf: OnsetCurve, floor: Double) {
            var t: [Double] = []
            var s: [Double] = []
            let raw = odf.raw
            if raw.count >= 3 {
                for i in 1..<(raw.count - 1) where raw[i] > raw[i - 1] && raw[i] >= raw[i + 1] && Double(raw[i]) >= floor {
                    let (y0, y1, y2) = (Double(raw[i - 1]), Double(raw[i]), Double(raw[i + 1]))
                    let d = y0 - 2 * y1 + y2
                    let shift = d != 0 ? max(-0.5, min(0.5, 0.5 * (y0 - y2) / d)) : 0
                    t.append(odf.time(Double(i) + shift))
                    s.append(y1)
                }
            }
            times = t
            strengths = s
        }

        /// The index of the first peak at or after `time`.
        func lowerBound(_ time: Double) -> Int { SortedTimes.lowerBound(times, time) }

        /// How well `times` sit on the peaks once `shift` is removed: for each time, its strongest peak within 3σ
        /// (strength capped at 2), Gaussian-weighted by its distance with σ = `sigma`, summed. The peaks are walked in
        /// place: this runs for every candidate shift and every time.
        func alignment(_ times: [Double], shift: Double, sigma: Double) -> Double {
            var sum = 0.0
            for t in times {
                let centre = t - shift
                var best = 0.0
                var k = lowerBound(centre - 3 * sigma)
                while k < self.times.count, self.times[k] <= centre + 3 * sigma {
                    let d = self.times[k] - centre
                    best = max(best, min(strengths[k], 2) * exp(-d * d / (2 * sigma * sigma)))
                    k += 1
                }
                sum += best
            }
            return sum
        }

        /// The peaks within `window` of `time` whose strength is at least `minimum`.
        func near(_ time: Double, window: Double, minimum: Double = 0) -> [(time: Double, strength: Double)] {
            var out: [(Double, Double)] = []
            var k = lowerBound(time - window)
            while k < times.count, times[k] <= time + window {
                if strengths[k] >= minimum { out.append((times[k], strengths[k])) }
                k += 1
            }
            return out
        }
    }

    /// Weakest peak that still counts as an onset under a hit (share of the track's typical peak).
    static let supportFloor = 0.1
    /// A hit with any onset peak this close is confirmed (seconds).
    static let supportWindow = 0.030
    /// A grid line is free when no other hit is this close (seconds).
    static let freeWindow = 0.025
    /// A suggested line needs a clear onset this close (seconds).
    static let lineOnsetWindow = 0.020
    /// A hit is on a subdivision when its grid line is this close (seconds).
    static let onLine = 0.008
    /// A chart is snapped (its hits placed by an editor's snap) when 90 % of its hits lie within this of a grid line
    /// of 1/12 or 1/16 of a beat (seconds): exact in StepMania, whole milliseconds in osu! and Quaver.
    static let snappedWithin = 0.0015
    /// In a snapped chart, a hit further than this from every grid line is off the grid (seconds): at least 3 ms
    /// (osu!'s Mapset Verifier calls an object 2 ms or more from its snap unsnapped), and at least three times the
    /// chart's own precision.
    static let offGridAtLeast = 0.003

    /// The distance from `time` to the nearest grid line of any subdivision (1/1 to 1/16; every line is one of 1/12 or
    /// 1/16).
    static func gridDistance(_ time: Double, tempo: TempoMap) -> Double {
        min(abs(tempo.nearestLine(to: time, level: 16).time - time), abs(tempo.nearestLine(to: time, level: 12).time - time))
    }

    /// How far from every grid line a hit must be to be off the grid, given every hit's `distances` to its nearest
    /// line: nil when the chart is not snapped (fewer than 90 % of its hits within `snappedWithin` of a line: hits
    /// tapped in or placed by ear, where a few milliseconds off the grid say nothing).
    static func offGridLimit(_ distances: [Double]) -> Double? {
        guard distances.count >= 16 else { return nil }
        let sorted = distances.sorted()
        let p90 = sorted[Int(0.9 * Double(sorted.count - 1))]
        return p90 <= snappedWithin ? max(offGridAtLeast, 3 * p90) : nil
    }

    /// The global offset (map minus audio) of `times` against `peaks`.
    static func offset(_ times: [Double], peaks: Peaks) -> Double {
        let step = max(1, times.count / 1500)
        let sample = Swift.stride(from: 0, to: times.count, by: step).map { times[$0] }
        let sigma = 0.015
        func score(_ a: Double) -> Double {
            peaks.alignment(sample, shift: a, sigma: sigma) * (1 - 0.15 * abs(a) / BeatCheckTuning.alignmentOffset)
        }
        var bestA = 0.0
        var bestScore = score(0)
        for a in Swift.stride(from: -BeatCheckTuning.alignmentOffset, through: BeatCheckTuning.alignmentOffset, by: 0.002) {
            let s = score(a)
            if s > bestScore {
                bestScore = s
                bestA = a
            }
        }
        var residuals: [Double] = []
        for t in times {
            let clear = peaks.near(t - bestA, window: 0.025, minimum: BeatCheckTuning.strongEnough)
            if let p = clear.min(by: { abs($0.time - (t - bestA)) < abs($1.time - (t - bestA)) }) { residuals.append(t - p.time) }
        }
        return residuals.count >= 4 ? RobustLine.median(residuals) : bestA
    }

    /// Onset evidence at `time`: the strongest peak within 30 ms, weighted by a Gaussian of σ = 12 ms.
    static func evidence(_ peaks: Peaks, at time: Double) -> (score: Double, peak: (time: Double, strength: Double)?) {
        var best = 0.0
        var at: (Double, Double)? = nil
        for p in peaks.near(time, window: supportWindow) {
            let d = p.time - time
            let s = p.strength * exp(-d * d / (2 * 0.012 * 0.012))
            if s > best {
                best = s
                at = p
            }
        }
        return (best, at)
    }

    /// A hit with an onset at least this strong (share of the track's typical peak) within 20 ms sits on a clear
    /// onset and is never flagged.
    static let clearOnset = 1.0
    /// A motif (the rhythm within a beat around a hit) the chart plays this many times is the chart's own.
    static let repeatedMotif = 2
    /// The weight of a place's rhythm (how often the chart plays the motif a hit would have there) against its evidence
    /// when choosing where a flagged hit goes (an exponent).
    static let motifWeight = 0.5
    /// A hit in a rhythm the chart plays nowhere else is flagged, though it sits on an onset, when a free line with a
    /// clear onset (`clearOnset`) within the hit window puts it in a figure the chart plays at least this often (rule 7).
    static let figureRepeats = 3
    /// How many times more evidence a better place needs against a hit in a repeated motif.
    static let motifBetterBy = 4.0
    /// A step between hits is one the chart uses when at least this share of its steps are it.
    static let commonStep = 0.05
    /// A place must have this many times the evidence of the hit's own to be suggested.
    static let betterBy = 4.0
    /// The weight of the chart's own use of a subdivision against the audio's evidence (an exponent).
    static let structureWeight = 0.5

    /// Judges every hit of `times` (map order) on `tempo` against `odf`, after removing `offset`.
    ///
    /// Evidence for a hit at a place = onset evidence there × (the share of the chart's hits on that place's
    /// subdivision)^0.5: a chart's hits sit on onsets, and mostly on the subdivisions it uses most. A hit is flagged
    /// when a free grid line within the hit window has a clear onset and four times its evidence, and it does not
    /// itself sit on a clear onset.
    static func judge(
        _ times: [Double], odf: OnsetCurve, peaks: Peaks, tempo: TempoMap, offset: Double, tolerance: Double, hitWindow: Double
    ) -> [Judgement] {
        let sorted = times.sorted()
        // Each hit's place in time order, found once (a hit's neighbours are its neighbours in time).
        var rank = [Int](repeating: 0, count: times.count)
        for (k, i) in times.indices.sorted(by: { times[$0] < times[$1] }).enumerated() { rank[i] = k }
        // Each hit's distance to its nearest grid line, in time order; a chart is snapped when most are tiny, and then a
        // hit is on a subdivision only within the chart's own precision.
        let gridDistances = sorted.map { gridDistance($0, tempo: tempo) }
        let offGridLimit = offGridLimit(gridDistances)
        let levels = times.map { tempo.subdivision(of: $0, tolerance: offGridLimit ?? onLine)?.level }
        var sortedLevels = [Int?](repeating: nil, count: sorted.count)
        for (i, level) in levels.enumerated() { sortedLevels[rank[i]] = level }
        var counts: [Int: Double] = [:]
        for l in levels { counts[l ?? 0, default: 0] += 1 }
        let total = Double(times.count) + 0.5 * Double(Subdivision.levels.count + 1)
        func prior(_ level: Int?) -> Double { pow((counts[level ?? 0, default: 0] + 0.5) / total, structureWeight) }
        // A subdivision the chart uses: at least 2 % of its hits, and more than one (in a short chart a lone hit would count).
        let used = Subdivision.levels.filter { counts[$0, default: 0] >= max(2, 0.02 * Double(times.count)) }
        func occupied(_ x: Double, except t: Double) -> Bool {
            var k = SortedTimes.lowerBound(sorted, x - freeWindow)
            while k < sorted.count, sorted[k] <= x + freeWindow {
                if sorted[k] != t { return true }
                k += 1
            }
            return false
        }
        // How often the chart steps from one hit to the next by each interval (in 1/48 beats): a pattern is made of
        // the steps a chart uses, not of any equal spacing.
        var steps: [Int: Int] = [:]
        for k in sorted.indices.dropFirst() {
            steps[Int(((tempo.beat(atTime: sorted[k]) - tempo.beat(atTime: sorted[k - 1])) * 48).rounded()), default: 0] += 1
        }
        func common(_ beats: Double) -> Bool {
            Double(steps[Int((beats * 48).rounded()), default: 0]) >= commonStep * Double(max(1, sorted.count - 1))
        }
        // A motif: the rhythm around a hit (where the hits within a beat either side sit, and where it sits in its beat),
        // in 1/48 beats. A chart repeats its rhythms; a hit whose motif recurs is written, not misplaced.
        // At most 48 hits either side (a beat holds 48 places of 1/48): hits stacked closer than that (a chord of many
        // notes, hits microseconds apart) would make each motif as long as the stack, and the check quadratic.
        let positions = sorted.map { Int((tempo.beat(atTime: $0) * 48).rounded()) }
        func motif(_ k: Int) -> [Int] {
            var m = [((positions[k] % 192) + 192) % 192]
            var j = k - 1
            while j >= 0, k - j <= 48, positions[k] - positions[j] <= 48 {
                m.append(positions[j] - positions[k])
                j -= 1
            }
            j = k + 1
            while j < positions.count, j - k <= 48, positions[j] - positions[k] <= 48 {
                m.append(positions[j] - positions[k])
                j += 1
            }
            return m
        }
        var motifs: [[Int]: Int] = [:]
        for k in positions.indices { motifs[motif(k), default: 0] += 1 }
        /// How much a place `x` for the hit of rank `k` restores the chart's rhythm: 1 + how often the chart plays the
        /// motif the hit would have there (the other hits as they are), to the power `motifWeight`. A hit moved out of a
        /// figure the chart repeats goes back to where the figure has it, rather than to the next line with an onset.
        func rhythm(at x: Double, rank k: Int) -> Double { pow(1 + Double(plays(at: x, rank: k)), motifWeight) }
        /// How often the chart plays the motif the hit of rank `k` would have at `x`, the other hits as they are.
        func plays(at x: Double, rank k: Int) -> Int {
            let p = Int((tempo.beat(atTime: x) * 48).rounded())
            var m = [((p % 192) + 192) % 192]
            var j = k - 1
            var before: [Int] = []
            var after: [Int] = []
            while j >= 0, k - j <= 49, p - positions[j] <= 48 {
                if positions[j] <= p { before.append(positions[j] - p) } else { after.append(positions[j] - p) }
                j -= 1
            }
            j = k + 1
            while j < positions.count, j - k <= 49, positions[j] - p <= 48 {
                if positions[j] >= p { after.append(positions[j] - p) } else { before.append(positions[j] - p) }
                j += 1
            }
            m += before.sorted(by: >).filter { $0 >= -48 }.prefix(48) + after.sorted().prefix(48)
            return motifs[m, default: 0]
        }
        /// A hit off the grid whose neighbours in time are on it: a lone slip. A run of hits off the grid says the tempo
        /// map does not hold there (a tempo change it does not declare), not that each hit is misplaced.
        func loneOffGrid(_ k: Int, limit: Double) -> Bool {
            gridDistances[k] > limit && (k == 0 || gridDistances[k - 1] <= limit)
                && (k + 1 == gridDistances.count || gridDistances[k + 1] <= limit)
        }
        /// A hit on a subdivision the chart does not use, in a rhythm the chart never repeats, with at most one other hit
        /// off the chart's usual grid beside it and hits on it either side: a hit moved onto a finer line (or two
        /// neighbours moved), not a figure the chart plays and not a stretch where the tempo map does not hold (rule 6).
        func loneOnUnusedLevel(_ k: Int, limit: Double) -> Bool {
            func onUsed(_ j: Int) -> Bool { gridDistances[j] <= limit && sortedLevels[j].map(used.contains) == true }
            guard gridDistances[k] <= limit, let level = sortedLevels[k], !used.contains(level),
                motifs[motif(k), default: 0] < repeatedMotif
            else { return false }
            var first = k
            var last = k
            while first > 0, !onUsed(first - 1), k - first < 2 { first -= 1 }
            while last + 1 < sorted.count, !onUsed(last + 1), last - k < 2 { last += 1 }
            return last - first < 2 && first > 0 && last + 1 < sorted.count
        }
        // The free lines of the subdivisions the chart uses within the hit window of `t`, each once at its coarsest level.
        func freeLines(around t: Double) -> [(time: Double, level: Int)] {
            var lines: [(Double, Int)] = []
            for level in used {
                let first = (tempo.beat(atTime: t - hitWindow) * Double(level)).rounded(.up)
                let last = (tempo.beat(atTime: t + hitWindow) * Double(level)).rounded(.down)
                guard first <= last, last - first < 64 else { continue }
                for k in Int(first)...Int(last) where Subdivision.level(ofBeat: Double(k) / Double(level)) == level {
                    let x = tempo.time(ofBeat: Double(k) / Double(level))
                    if abs(x - t) > supportWindow, abs(x - t) <= hitWindow, !occupied(x, except: t) { lines.append((x, level)) }
                }
            }
            return lines
        }
        /// The fix for a hit the snap did not place: the free line with the most evidence (any onset, weighted by the
        /// chart's use of the line's subdivision), else the nearest free line; lines in `taken` belong to other hits.
        func snapFix(_ j: inout Judgement, _ i: Int, at t: Double, lines: [(time: Double, level: Int)], taken: Set<Double> = []) {
            let free = lines.filter { !taken.contains($0.time) }
            let scored = free.map { line in
                (line, evidence(peaks, at: line.time - offset), prior(line.level) * rhythm(at: line.time, rank: rank[i]))
            }
            if let pick = scored.filter({ $0.1.score > 0 }).max(by: { $0.1.score * $0.2 < $1.1.score * $1.2 }) {
                j.suggestion = pick.0.time
                if let p = pick.1.peak { j.match = OnsetMatch(time: p.time, strength: p.strength) }
            } else {
                j.suggestion = free.min { abs($0.time - t) < abs($1.time - t) }?.time
            }
        }
        /// Flags hit `i` (map order) as not placed by the editor's snap, when it is a snapped chart's lone hit off every
        /// grid line (rule 4) or moved onto a line the chart does not use (rule 6), with its fix: the free line with the
        /// most evidence (any onset, weighted by the chart's use of the line's subdivision), else the nearest free line.
        /// False, leaving `j` as it is, otherwise.
        func markUnsnapped(_ j: inout Judgement, _ i: Int, lines: [(time: Double, level: Int)], taken: Set<Double> = []) -> Bool {
            guard let limit = offGridLimit, loneOffGrid(rank[i], limit: limit) || loneOnUnusedLevel(rank[i], limit: limit) else {
                return false
            }
            let distance = gridDistances[rank[i]]
            j.flagged = true
            j.onSnappedGrid = false
            if distance > limit { j.offGrid = distance } else { j.unusedLevel = levels[i] }
            snapFix(&j, i, at: times[i], lines: lines, taken: taken)
            return true
        }
        /// Rule 7: a snapped hit (on an onset or not), in a rhythm the chart plays nowhere else, where a free line with a
        /// clear onset within the hit window puts it in a figure the chart plays at least `figureRepeats` times: a hit moved
        /// out of that figure onto another sound. Flagged with that line (the most played figure, then the most evidence).
        func leftItsFigure(_ j: inout Judgement, _ i: Int) {
            let k = rank[i]
            guard let limit = offGridLimit, gridDistances[k] <= limit, motifs[motif(k), default: 0] < repeatedMotif else { return }
            var best: (line: Double, plays: Int, score: Double, onset: (time: Double, strength: Double))? = nil
            for (x, _) in freeLines(around: times[i]) {
                let there = evidence(peaks, at: x - offset)
                guard let onset = there.peak, onset.strength >= clearOnset, abs(onset.time - (x - offset)) <= lineOnsetWindow else {
                    continue
                }
                let plays = plays(at: x, rank: k)
                guard plays >= figureRepeats else { continue }
                if best.map({ (plays, there.score) > ($0.plays, $0.score) }) ?? true { best = (x, plays, there.score, onset) }
            }
            guard let best else { return }
            j.flagged = true
            j.suggestion = best.line
            j.figurePlays = best.plays
            j.match = OnsetMatch(time: best.onset.time, strength: best.onset.strength)
            j.ratio = Double(best.plays)
        }
        var out: [Judgement] = []
        for (i, t) in times.enumerated() {
            let q = t - offset
            var j = Judgement(level: levels[i])
            if let own = odf.strongest(near: q, window: tolerance), abs(own.time - q) <= tolerance { j.match = own }
            let own = evidence(peaks, at: q)
            if j.match == nil, let p = own.peak { j.match = OnsetMatch(time: p.time, strength: p.strength) }
            if let p = own.peak, p.strength >= clearOnset, abs(p.time - q) <= 0.020 {
                leftItsFigure(&j, i)
                out.append(j)
                continue
            }
            // A hit that keeps its neighbours' spacing on the grid (the same number of beats to the hit before and after
            // it, a step the chart uses) is part of a pattern: a moved hit breaks that spacing. A hit moved to halfway
            // between two neighbours makes an equal spacing too, but of a step the chart does not use.
            if case let k = rank[i], k > 0, k + 1 < sorted.count, let level = levels[i], used.contains(level) {
                let (a, b, c) = (tempo.beat(atTime: sorted[k - 1]), tempo.beat(atTime: t), tempo.beat(atTime: sorted[k + 1]))
                if abs((b - a) - (c - b)) * 60 / tempo.bpm(atTime: t) <= 0.003 && common(b - a) {
                    out.append(j)
                    continue
                }
            }
            // A hit on a grid line, on an onset (however weak), whose motif the chart plays at least `repeatedMotif`
            // times is part of the chart's rhythm: a better place must be `motifBetterBy` times better still.
            let repeated =
                levels[i] != nil && own.peak != nil
                && motifs[motif(rank[i]), default: 0] >= repeatedMotif
            let ownScore = max(own.score, 0.05) * prior(levels[i])
            let lines = freeLines(around: t)
            var best: (line: Double, onset: (time: Double, strength: Double), score: Double, ranked: Double)? = nil
            for (x, level) in lines {
                let there = evidence(peaks, at: x - offset)
                guard let onset = there.peak, onset.strength >= BeatCheckTuning.strongEnough,
                    abs(onset.time - (x - offset)) <= lineOnsetWindow
                else { continue }
                let score = there.score * prior(level)
                let ranked = score * rhythm(at: x, rank: rank[i])
                if ranked > (best?.ranked ?? 0) { best = (x, onset, score, ranked) }
            }
            if let best, best.score >= betterBy * (repeated ? motifBetterBy : 1) * ownScore {
                j.match = OnsetMatch(time: best.onset.time, strength: best.onset.strength)
                j.flagged = true
                j.suggestion = best.line
                j.ratio = best.score / ownScore
                // Snapped to a line of a subdivision the chart uses: the author's choice (rule 5); to a line of one it does
                // not use, lone: moved (rule 6).
                // A hit snapped where the chart plays a rhythm it never repeats, when the line with the onset gives it one
                // the chart does repeat, was moved out of that figure: not the author's choice.
                if let limit = offGridLimit, gridDistances[rank[i]] <= limit {
                    let leftItsFigure =
                        motifs[motif(rank[i]), default: 0] < repeatedMotif && plays(at: best.line, rank: rank[i]) >= repeatedMotif
                    if loneOnUnusedLevel(rank[i], limit: limit) {
                        j.unusedLevel = levels[i]
                    } else if !leftItsFigure {
                        j.onSnappedGrid = true
                    }
                }
            } else if !markUnsnapped(&j, i, lines: lines) {
                leftItsFigure(&j, i)
            }
            out.append(j)
        }
        // A line that several hits would move to belongs to one of them at most: the one whose own place has the
        // least evidence against the line's. The others stay where they are.
        var owner: [Double: Int] = [:]
        for (k, j) in out.enumerated() {
            guard let x = j.suggestion else { continue }
            if let o = owner[x], out[o].ratio >= j.ratio { continue }
            owner[x] = k
        }
        let taken = Set(owner.keys)
        for k in out.indices where out[k].suggestion.map({ owner[$0] != k }) ?? false {
            // A hit the snap did not place (rules 4 and 6) stays flagged and takes the best line left; any other hit
            // that loses the line to another stays where it is.
            out[k].suggestion = nil
            out[k].ratio = 0
            if !markUnsnapped(&out[k], k, lines: freeLines(around: times[k]), taken: taken) { out[k].flagged = false }
        }
        return out
    }
}
