/// Moving a tempo map in time.
extension TempoMap {
    /// The map moved later by `seconds` (earlier when negative): every section, stop and warp at the same beat, and
    /// every section's start exactly `seconds` later (a timing point's time kept as it was given, not worked out again
    /// from the beats).
    public func shifted(by seconds: Double) -> TempoMap {
        guard seconds != 0 else { return self }
        let moved = sections.map { Section(beat: $0.beat, bpm: $0.bpm, time: $0.time + seconds) }
        return TempoMap(offset: offset + seconds, sections: moved, stops: stops, warps: warps, beatsPerBar: beatsPerBar)
    }

    /// The map with each section starting `beats` of its own beats later (each restarting the grid there, as timing
    /// points do); stops are dropped (a fitted map has none). The map itself when that cannot be built.
    func timingPointsShifted(byBeats beats: Double) -> TempoMap {
        TempoMap(timingPoints: sections.map { ($0.time + beats * 60 / $0.bpm, $0.bpm) }, beatsPerBar: beatsPerBar) ?? self
    }
}
