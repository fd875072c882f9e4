import Foundation

/// A tempo map, as chart editors store one (StepMania and ArrowVortex, the osu! and Quaver editors, ChroMapper):
/// the audio time of beat 0, tempo sections that each start at a beat, and stops (pauses of some seconds after a
/// beat). Beats are quarter notes; `beatsPerBar` is for display and for writers.
///
/// seconds(beat) = time of the section holding the beat + (beat − its first beat) · 60 / its BPM, plus every stop
/// at an earlier beat (StepMania's rule: a note on a stop's row is hit before the pause). Formats whose timing
/// points restart the grid at a time (osu!, Quaver) are built with `init(timingPoints:)`, which starts each section
/// on the next whole beat, so positions and subdivisions are counted from each timing point.
public struct TempoMap: Sendable, Equatable {
    /// One tempo: from `beat` on, `bpm` beats per minute; `time` is the audio time of `beat`, stops included.
    public struct Section: Sendable, Equatable {
        /// The first beat of the section.
        public let beat: Double
        /// Its tempo.
        public let bpm: Double
        /// The audio time of `beat`, in seconds.
        public let time: Double
    }

    /// A pause of `seconds` after the note at `beat` (StepMania `#STOPS`), or a delay: a pause before the note just
    /// after `beat` (StepMania `#DELAYS`, kept `delayLead` before the beat it delays).
    public struct Stop: Sendable, Equatable {
        /// The beat the pause follows.
        public let beat: Double
        /// How long the pause lasts.
        public let seconds: Double
        /// True for a delay: the pause comes before the note `delayLead` after `beat`, wherever that note lies (a
        /// tempo typed in the editor may put it between two rows).
        public let delay: Bool

        /// A pause of `seconds` after `beat`; a `delay` pauses before the beat `delayLead` after it.
        public init(beat: Double, seconds: Double, delay: Bool = false) {
            self.beat = beat
            self.seconds = seconds
            self.delay = delay
        }
    }

    /// The audio time of beat 0, in seconds (StepMania −`#OFFSET`).
    public let offset: Double
    /// The tempo sections, by beat; the first starts at beat 0 and also covers negative beats.
    public let sections: [Section]
    /// The stops, by beat.
    public let stops: [Stop]
    /// Spans of beats passed in (almost) no time, by beat, none overlapping: StepMania's warps and its tempos above
    /// `bpmRange` (`TempoMap+Warps.swift`). Each section after one starts at its end.
    public let warps: [Warp]
    /// Beats to a bar (4 unless the format says otherwise).
    public let beatsPerBar: Int

    /// Tempos below and above these are refused by every reader: no chart is written outside them.
    public static let bpmRange: ClosedRange<Double> = 1...10_000

    /// One steady tempo from `offset`.
    public init(offset: Double, bpm: Double, beatsPerBar: Int = 4) {
        self.init(uncheckedOffset: offset, changes: [(0, bpm)], stops: [], beatsPerBar: beatsPerBar)
    }

    /// Tempo changes at beats (the first applies from beat 0 whatever its beat), and stops. Nil when a tempo is not
    /// finite or outside `bpmRange`, a beat or stop is not finite, or a stop is negative.
    public init?(offset: Double, changes: [(beat: Double, bpm: Double)], stops: [Stop] = [], beatsPerBar: Int = 4) {
        guard offset.isFinite, !changes.isEmpty, changes.allSatisfy({ $0.beat.isFinite && Self.bpmRange.contains($0.bpm) }),
            stops.allSatisfy({ $0.beat.isFinite && $0.seconds.isFinite && $0.seconds >= 0 })
        else { return nil }
        self.init(uncheckedOffset: offset, changes: changes, stops: stops, beatsPerBar: beatsPerBar)
    }

    /// Timing points that each restart the grid at an audio time (osu! uninherited points, Quaver `TimingPoints`):
    /// each starts a section on the beat after the previous section's last whole beat. Nil when there is none,
    /// or a time or tempo is not usable.
    public init?(timingPoints: [(time: Double, bpm: Double)], beatsPerBar: Int = 4) {
        let points = timingPoints.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        guard let first = points.first, points.allSatisfy({ $0.time.isFinite && Self.bpmRange.contains($0.bpm) }) else { return nil }
        var sections = [Section(beat: 0, bpm: first.bpm, time: first.time)]
        for p in points.dropFirst() {
            let last = sections[sections.count - 1]
            if p.time <= last.time {
                sections[sections.count - 1] = Section(beat: last.beat, bpm: p.bpm, time: last.time)
                continue
            }
            let reached = last.beat + (p.time - last.time) * last.bpm / 60
            let beat = (reached - 1e-6).rounded(.up)
            sections.append(Section(beat: max(beat, last.beat + 1), bpm: p.bpm, time: p.time))
        }
        offset = first.time
        self.sections = sections
        stops = []
        warps = []
        self.beatsPerBar = beatsPerBar
    }

    /// Timing points (as `init(timingPoints:)`) and pauses at audio times (`time`, `seconds`), each starting inside a
    /// section and ending by the next section's time: a JSON map's `"tempo_changes"` and `"stops"`. A pause is a stop (a
    /// hit at its time comes before it), or a `delay` (after it), as StepMania's `#STOPS` and `#DELAYS` are. Nil when the
    /// timing points are not usable, or a pause is negative, not finite, starts inside another, or runs past the next
    /// section.
    public init?(
        timingPoints: [(time: Double, bpm: Double)], stops pauses: [(time: Double, seconds: Double, delay: Bool)], beatsPerBar: Int = 4
    ) {
        guard let grid = TempoMap(timingPoints: timingPoints, beatsPerBar: beatsPerBar) else { return nil }
        var map = grid
        var lastEnd = -Double.infinity
        for pause in pauses.sorted(by: { $0.time < $1.time }) {
            guard pause.time.isFinite, pause.seconds.isFinite, pause.seconds >= 0, pause.time >= lastEnd - 1e-9 else { return nil }
            let k = map.sections.lastIndex { $0.time <= pause.time } ?? 0
            if k + 1 < map.sections.count, pause.time + pause.seconds > map.sections[k + 1].time + 1e-6 { return nil }
            // A delay sits just before its beat (the row of 1/48 beat its time is on, to the microsecond it was written
            // to), as the StepMania reader puts one.
            var beat = map.beat(atTime: pause.time)
            if pause.delay {
                let row = (beat * 48).rounded() / 48
                beat = (abs(beat - row) < 1e-4 ? row : beat) - Self.delayLead
            }
            map = TempoMap(
                offset: map.offset, sections: map.sections,
                stops: map.stops + [Stop(beat: beat, seconds: pause.seconds, delay: pause.delay)],
                beatsPerBar: beatsPerBar)
            lastEnd = pause.time + pause.seconds
        }
        self = map
    }

    /// How far before its beat a delay's pause sits (beats): a hit on that beat comes after the pause.
    public static let delayLead = 1e-6

    /// The beat a delay pauses before (`delayLead` after its own beat, on the row of 1/48 beat when it is within a
    /// nanobeat of one); nil for a stop (a hit on its beat comes before the pause).
    public static func delayedBeat(of stop: Stop) -> Double? {
        guard stop.delay else { return nil }
        let beat = stop.beat + delayLead
        let row = (beat * 48).rounded() / 48
        return abs(beat - row) < 1e-9 ? row : beat
    }

    /// Sections with their times as given, stops and warps.
    init(offset: Double, sections: [Section], stops: [Stop], warps: [Warp] = [], beatsPerBar: Int) {
        self.offset = offset
        self.sections = sections
        self.stops = stops
        self.warps = warps
        self.beatsPerBar = beatsPerBar
    }

    private init(uncheckedOffset: Double, changes: [(beat: Double, bpm: Double)], stops: [Stop], beatsPerBar: Int) {
        let sorted = changes.enumerated().sorted { ($0.element.beat, $0.offset) < ($1.element.beat, $1.offset) }.map(\.element)
        let stops = stops.sorted { $0.beat < $1.beat }
        var sections: [Section] = []
        for c in sorted {
            let beat = sections.isEmpty ? 0 : max(0, c.beat)
            if let last = sections.last, beat <= last.beat {
                sections[sections.count - 1] = Section(beat: last.beat, bpm: c.bpm, time: last.time)
                continue
            }
            let time =
                sections.last.map { $0.time + (beat - $0.beat) * 60 / $0.bpm } ?? uncheckedOffset
            sections.append(Section(beat: beat, bpm: c.bpm, time: time))
        }
        // Section times include the stops before them.
        var shifted: [Section] = []
        for s in sections {
            let paused = stops.filter { $0.beat < s.beat }.reduce(0) { $0 + $1.seconds }
            shifted.append(Section(beat: s.beat, bpm: s.bpm, time: s.time + paused))
        }
        offset = uncheckedOffset
        self.sections = shifted
        self.stops = stops
        warps = []
        self.beatsPerBar = max(1, beatsPerBar)
    }

    /// The index of the section that holds `beat`.
    func sectionIndex(beat: Double) -> Int { max(0, SortedTimes.upperBound(sections, beat) { $0.beat } - 1) }

    /// The audio time of `beat`, in seconds. Inside a warp, the warp's start plus the stops passed in it (and, for a
    /// span played above `bpmRange`, the beats at its tempo).
    public func time(ofBeat beat: Double) -> Double {
        if let w = warp(holding: beat) {
            var t = sectionTime(ofBeat: w.beat) + (beat - w.beat) * 60 / (w.bpm ?? .infinity)
            t += pauses(from: w.beat, to: beat)
            return t
        }
        return sectionTime(ofBeat: beat)
    }

    /// The index of the first stop at or after `beat` (the stops are by beat).
    func firstStop(atOrAfter beat: Double) -> Int { SortedTimes.lowerBound(stops, beat) { $0.beat } }

    /// The seconds of the stops from beat `a` to before beat `b`.
    func pauses(from a: Double, to b: Double) -> Double {
        var sum = 0.0
        for stop in stops[firstStop(atOrAfter: a)...] {
            guard stop.beat < b else { break }
            sum += stop.seconds
        }
        return sum
    }

    /// The audio time of `beat` from the section holding it.
    func sectionTime(ofBeat beat: Double) -> Double {
        let s = sections[sectionIndex(beat: beat)]
        var t = s.time + (beat - s.beat) * 60 / s.bpm
        t += pauses(from: s.beat, to: beat)
        return t
    }

    /// The beat at audio time `time` (a time inside a stop gives the stop's beat).
    public func beat(atTime time: Double) -> Double {
        let lo = max(0, SortedTimes.upperBound(sections, time) { $0.time } - 1)
        let s = sections[lo]
        var t = s.time
        var b = s.beat
        let end = lo + 1 < sections.count ? sections[lo + 1].beat : Double.infinity
        for stop in stops[firstStop(atOrAfter: s.beat)...] {
            guard stop.beat < end else { break }
            let reach = t + (stop.beat - b) * 60 / s.bpm
            if time <= reach { break }
            if time <= reach + stop.seconds { return stop.beat }
            t = reach + stop.seconds
            b = stop.beat
        }
        return b + (time - t) * s.bpm / 60
    }

    /// The tempo at `time`.
    public func bpm(atTime time: Double) -> Double { sections[sectionIndex(beat: beat(atTime: time))].bpm }

    /// Each section's start time and tempo, in order: the map as timing points (what `init(timingPoints:)` takes, what
    /// osu! and Quaver write, and the editor's grid).
    public var timingPoints: [(time: Double, bpm: Double)] { sections.map { ($0.time, $0.bpm) } }

    /// This map with the tempo `bpm` from audio time `time` on, the beat kept continuous there (the phase does not
    /// jump), as a beat clock changes tempo: the sections that start at or after `time` are dropped. A change at or
    /// before the first section's time replaces its tempo, beat 0 staying where it is. `bpm` must be positive and
    /// finite (a precondition).
    public func changingTempo(to bpm: Double, atTime time: Double) -> TempoMap {
        precondition(bpm > 0 && bpm.isFinite, "BPM must be positive")
        let first = sections[0]
        guard time > first.time else {
            return TempoMap(
                offset: offset, sections: [Section(beat: first.beat, bpm: bpm, time: first.time)], stops: [], beatsPerBar: beatsPerBar)
        }
        let kept = sections.filter { $0.time < time }
        let section = Section(beat: beat(atTime: time), bpm: bpm, time: time)
        return TempoMap(
            offset: offset, sections: kept + [section], stops: stops.filter { $0.beat < section.beat },
            warps: warps.filter { $0.end <= section.beat }, beatsPerBar: beatsPerBar)
    }

    /// The tempo that holds longest between `start` and `end` (seconds), the map's beat BPM.
    public func mainBPM(from start: Double, to end: Double) -> Double {
        var held: [Double: Double] = [:]
        for (i, s) in sections.enumerated() {
            let a = max(start, s.time)
            let b = min(end, i + 1 < sections.count ? sections[i + 1].time : end)
            if b > a { held[s.bpm, default: 0] += b - a }
        }
        return held.max { $0.value < $1.value }?.key ?? sections[sectionIndex(beat: beat(atTime: start))].bpm
    }

    /// The grid line of `time` at `level` divisions of the beat (1 = the beat, 2 = eighths, 3 = triplets, 4 =
    /// sixteenths…), and its audio time.
    public func nearestLine(to time: Double, level: Int) -> (beat: Double, time: Double) {
        let b = beat(atTime: time)
        let n = Double(max(1, level))
        let lower = (b * n).rounded(.down) / n
        let upper = lower + 1 / n
        let (tl, tu) = (self.time(ofBeat: lower), self.time(ofBeat: upper))
        return abs(time - tl) <= abs(tu - time) ? (lower, tl) : (upper, tu)
    }

    /// The coarsest of `levels` (divisions of the beat, coarsest first) that has a grid line within `tolerance`
    /// seconds of `time`, with that line; nil when `time` is off every level.
    public func subdivision(of time: Double, levels: [Int] = Subdivision.levels, tolerance: Double) -> (
        level: Int, beat: Double, time: Double
    )? {
        for level in levels {
            let line = nearestLine(to: time, level: level)
            if abs(line.time - time) <= tolerance { return (level, line.beat, line.time) }
        }
        return nil
    }
}

/// The subdivisions of a beat that charts are written on.
public enum Subdivision {
    /// 1/1, 1/2, 1/3, 1/4, 1/6, 1/8, 1/12 and 1/16 of a beat, coarsest first.
    public static let levels = [1, 2, 3, 4, 6, 8, 12, 16]

    /// The level a beat position lies on exactly (within 1/192 of a beat), coarsest first; nil when none.
    public static func level(ofBeat beat: Double) -> Int? {
        levels.first { n in abs(beat * Double(n) - (beat * Double(n)).rounded()) < Double(n) / 192 }
    }

    /// "1/4" for 4.
    public static func name(_ level: Int) -> String { "1/\(level)" }
}
