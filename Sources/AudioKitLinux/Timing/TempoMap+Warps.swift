import Foundation

/// Warps: spans of beats StepMania passes in (almost) no time, as its `TimingData` keeps them.
///
/// - A warp (`.ssc` `#WARPS`, and what StepMania 5's `.sm` loader makes of a negative tempo or a negative stop)
///   passes its beats in no time; a note inside it is not judged (`TimingData::IsJudgableAtRow`) unless a stop or
///   delay sits on its row (simfile's `TimingEngine.hittable`), and a stop inside it still pauses.
/// - A tempo above `bpmRange` (StepMania plays up to 9,999,999 BPM; `FAST_BPM_WARP`) is a span played at that tempo:
///   its notes are judged, a few milliseconds apart at most. Keeping it out of the sections keeps every section's
///   tempo within `bpmRange`, which the grid, the editor and the writers rely on.
extension TempoMap {
    /// A span of beats passed in (almost) no time.
    public struct Warp: Sendable, Equatable {
        /// Its first beat.
        public let beat: Double
        /// Its length in beats.
        public let length: Double
        /// nil for a warp (no time passes, its notes are not judged); the tempo of a span played faster than `bpmRange`.
        public let bpm: Double?

        /// A span of `length` beats from `beat`: a warp when `bpm` is nil, else played at `bpm`.
        public init(beat: Double, length: Double, bpm: Double? = nil) {
            self.beat = beat
            self.length = length
            self.bpm = bpm
        }

        /// The first beat after it.
        public var end: Double { beat + length }
    }

    /// Tempo changes, stops and warps as StepMania's `TimingData` holds them: a change above `bpmRange` plays its
    /// beats, up to the next change, at that tempo as a `Warp` span. Nil when a tempo is not positive and finite, a
    /// beat or stop is not usable, a warp's length is not positive, or the last tempo is above `bpmRange` (the rest
    /// of the chart would pass in no time).
    public init?(
        offset: Double, changes: [(beat: Double, bpm: Double)], stops: [Stop] = [], warps given: [Warp], beatsPerBar: Int = 4
    ) {
        let sorted = changes.enumerated().sorted { ($0.element.beat, $0.offset) < ($1.element.beat, $1.offset) }.map(\.element)
        guard sorted.allSatisfy({ $0.bpm > 0 && $0.bpm.isFinite }),
            given.allSatisfy({ $0.beat.isFinite && $0.length.isFinite && $0.length > 0 }),
            sorted.last.map({ $0.bpm <= Self.bpmRange.upperBound }) ?? true
        else { return nil }
        var spans = given.map { Warp(beat: $0.beat, length: $0.length) }
        var normal: [(beat: Double, bpm: Double)] = []
        for (k, c) in sorted.enumerated() {
            guard c.bpm > Self.bpmRange.upperBound else {
                normal.append(c)
                continue
            }
            // Played at its own tempo until the next change; the tempo before it stays in the sections meanwhile.
            let next = sorted[(k + 1)...].first { $0.beat > c.beat }?.beat ?? c.beat
            if next > c.beat { spans.append(Warp(beat: c.beat, length: next - c.beat, bpm: c.bpm)) }
        }
        guard let plain = TempoMap(offset: offset, changes: normal.isEmpty ? [(0, sorted.first?.bpm ?? 60)] : normal, stops: stops)
        else { return nil }
        self = plain.warped(by: Self.coalesced(spans), beatsPerBar: beatsPerBar)
    }

    /// `spans` by beat, those that meet joined into one (as simfile's engine joins intersecting warps); a joined span
    /// is a warp when either part is.
    static func coalesced(_ spans: [Warp]) -> [Warp] {
        var out: [Warp] = []
        for w in spans.sorted(by: { $0.beat < $1.beat }) {
            if let last = out.last, w.beat < last.end {
                let bpm = last.bpm.flatMap { a in w.bpm.map { max(a, $0) } }
                out[out.count - 1] = Warp(beat: last.beat, length: max(last.end, w.end) - last.beat, bpm: bpm)
            } else {
                out.append(w)
            }
        }
        return out
    }

    /// This map (which has no warps) with `spans` passed in no time or at their own tempo: the sections inside a
    /// span are dropped, one starts at each span's end, and every later time moves earlier by the time the span no
    /// longer takes.
    func warped(by spans: [Warp], beatsPerBar: Int) -> TempoMap {
        guard !spans.isEmpty else { return self }
        // What each span saves: the time its beats take at the sections' tempos (without the stops in it, which still
        // pause), less the time they take now. Spans are by beat and apart, so the saving before a section that no
        // span holds is the sum over the spans that end by its beat.
        let saving = spans.map { w in
            time(ofBeat: w.end) - time(ofBeat: w.beat) - pauses(from: w.beat, to: w.end) - w.length * 60 / (w.bpm ?? .infinity)
        }
        var starts = [(sections[0].beat, sections[0].bpm)]
        var k = 0
        for s in sections.dropFirst() {
            while k < spans.count && spans[k].end < s.beat { k += 1 }
            if k < spans.count && spans[k].beat < s.beat && s.beat <= spans[k].end { continue }
            starts.append((s.beat, s.bpm))
        }
        starts += spans.map { ($0.end, sections[sectionIndex(beat: $0.end)].bpm) }
        starts.sort { $0.0 < $1.0 }
        var moved: [Section] = []
        var saved = 0.0
        var next = 0
        for (beat, bpm) in starts {
            while next < spans.count && spans[next].end <= beat {
                saved += saving[next]
                next += 1
            }
            moved.append(Section(beat: beat, bpm: bpm, time: time(ofBeat: beat) - saved))
        }
        return TempoMap(offset: offset, sections: moved, stops: stops, warps: spans, beatsPerBar: max(1, beatsPerBar))
    }

    /// The warp or fast span that holds `beat` (from its first beat to before its end).
    public func warp(holding beat: Double) -> Warp? {
        // The last warp starting at or before `beat` (they do not overlap), if `beat` is before its end.
        let k = SortedTimes.upperBound(warps, beat) { $0.beat } - 1
        return k >= 0 && warps[k].end > beat ? warps[k] : nil
    }

    /// How many beats from `a` to `b` lie in warps and fast spans: beats that pass in (almost) no time.
    public func warpedBeats(from a: Double, to b: Double) -> Double {
        warps.reduce(0) { $0 + max(0, min($1.end, b) - max($1.beat, a)) }
    }

    /// True when StepMania judges a note at `beat`: not inside a warp, or on the row of a stop or delay there.
    public func judges(beat: Double) -> Bool {
        guard let w = warp(holding: beat), w.bpm == nil else { return true }
        return stops.contains { abs($0.beat - beat) < 1e-6 || TempoMap.delayedBeat(of: $0).map { abs($0 - beat) < 1e-9 } == true }
    }
}
