import Foundation

extension TempoMap {
    /// The longest a section may last and be a StepMania bridge rather than an author's section: one row, 1/48 beat
    /// of its own tempo…
    static let bridgeBeats = 1.0 / 48
    /// …or under a millisecond, whatever its tempo (no one edits a section that short; the editor refuses one).
    static let bridgeSeconds = 0.001

    /// Whether section `k` is a StepMania bridge: a tempo change between two rows is written as a section of one row
    /// (1/48 beat) from the row before, at the tempo that reaches the change on time (`beatmap draft` and the editor's
    /// saves write them; 498.86 BPM for 2.5 ms before a change to 125 BPM). No author set it and no player hears it:
    /// it is not a tempo of the chart. A section under `bridgeSeconds` is none either. The last section never is one.
    public func isBridge(_ k: Int) -> Bool {
        guard k + 1 < sections.count else { return false }
        // Beats as a file writes them, to 6 decimals: a row is within 1e-5 beat of 1/48.
        return sections[k + 1].beat - sections[k].beat <= Self.bridgeBeats + 1e-5
            || sections[k + 1].time - sections[k].time < Self.bridgeSeconds
    }

    /// Whether stop `k` is a StepMania bridge pause: the delay that `.sm` and `.ssc` files get before a tempo change
    /// between two beats, so that the new section starts on a whole beat (`beatmap draft` and the editor's saves write
    /// them). A section starts when it ends (within a millisecond) and it lasts less than a beat of its own section,
    /// so no line of the grid falls in it: on a grid whose sections start at their own times it changes nothing.
    public func isBridgePause(_ k: Int) -> Bool {
        let stop = stops[k]
        let end = time(ofBeat: stop.beat) + stop.seconds
        let i = sectionIndex(beat: stop.beat)
        guard i + 1 < sections.count, stop.seconds < 60 / sections[i].bpm else { return false }
        let next = sections[i + 1]
        return next.time >= end - 1e-9 && next.time - end < Self.bridgeSeconds
    }

    /// The pauses an author set: every stop and delay but the bridge pauses (`isBridgePause`).
    public var authoredStops: [Stop] { stops.indices.filter { !isBridgePause($0) }.map { stops[$0] } }

    /// The sections an author set: every section but the bridges (`isBridge`).
    public var authoredSections: [Section] { sections.indices.filter { !isBridge($0) }.map { sections[$0] } }
}
