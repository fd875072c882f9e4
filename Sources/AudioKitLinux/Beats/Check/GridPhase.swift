import Foundation

/// A section of a chart's tempo map (or the whole map) half a beat off the track: its tempo is the track's, but its beats
/// fall on the track's off-beats. The hits may all be right (the game plays them by time); the grid the author edits on
/// is not, and every line, bar number and snap on it is half a beat out. A wrong offset does it, and so does a tempo
/// change placed on an off-beat.
///
/// Measured as `TempoOctave` measures a map at half the pulse, section by section: the onsets in the middle of each gap
/// are compared with those on the beats. On a map at half the tempo they are the track's other beats, about as strong
/// as those on the map's; half a beat off they are the track's beats, and those on the map's are its off-beats. Since a
/// loud backbeat can make the middles of a half-tempo map stronger too, the track's own tempo over the section
/// (`StretchTempo`) must be the section's, not double it, before the section is said to be off. Where the track's
/// pitch classes were analysed, the chord changes decide with the onsets (`BeatPhase`, as a draft's grid is placed):
/// a song whose off-beats sound as loud as its beats is told by where its harmony changes.
struct GridPhase: Sendable, Equatable {
    /// The section's index among the tempo map's sections an author set (0: the first, whose start is the map's
    /// offset), StepMania bridges not counted (`TempoMap.isBridge`), as the editor numbers them.
    let section: Int
    /// The section's start (map time, seconds).
    let start: Double
    /// The section's tempo (BPM).
    let bpm: Double
    /// The track's own tempo over the section's stretch (BPM).
    let trackBPM: Double
    /// The onsets between the section's beats against those on them.
    let evidence: TempoOctave
    /// The map time of the section's first measured beat: the page's fix moves the section holding it by half a beat.
    let anchor: Double
    /// True when the section is the whole map (its other sections, if any, carry it on): said as "the tempo map".
    let wholeMap: Bool
    /// The onsets on the section's lines and the chord changes across them, against the off-beats (`BeatPhase`); nil
    /// without the track's pitch classes, when the onsets between the beats alone decide.
    var phase: BeatPhase.Measure? = nil
    /// True when more of the section's hits sit on its beats than half-way between them: they were written on this
    /// grid (a chart whose offset is half a beat out, notes and all) and are as far off the music as it is, so the fix
    /// moves them with it, each keeping its beat. False when they sit between its beats, on the track's: the grid
    /// alone moves.
    var hitsOnBeats = false
    /// For a whole map whose hits sit on its beats: which way it goes back with them, +1 half a beat later, −1 earlier
    /// (`BeatPhase.barDirection`: the way whose bar lines meet the harmony's changes); nil otherwise (the grid alone
    /// moves, and either way puts its beats on the track's).
    var carriedDirection: Int? = nil

    /// How far the fix moves a whole map with its hits (seconds, later when positive); nil when the grid alone moves.
    var carriedShift: Double? { carriedDirection.map { Double($0) * 30 / bpm } }

    /// The middles must be this many times as strong as the beats (median), in `TempoOctave.halfShare` of the gaps. On
    /// the seven real charts of ../shared/corpus/charts at half their tempo the middles reach 1.29; half a beat off,
    /// three of the seven pass 1.4 (1.58–1.97) and the others (0.95–1.17) are not said.
    static let middleRatio = 1.4
    /// The track's tempo over the section must be within this share of the section's.
    static let tempoAgreement = 0.05
    /// With the track's pitch classes, a section is off when `BeatPhase`'s evidence for its lines is at most minus this:
    /// the annotated beats of 44 excerpts and the grids of the seven shipped charts all measure above 0 (the smallest
    /// 0.02), so their grids half a beat later all measure below it; the margin keeps a grid whose phase the two cues
    /// can hardly tell from being said off. The seven charts' grids moved half a beat measure −0.2 to −1.5.
    static let phaseEvidenceLimit = 0.15

    /// The sections of `tempo` half a beat off the track, each measured on its own beats (whole beats from its start)
    /// from the first hit to the last (map times `times`), placed in the audio by `offset` (map time minus audio time); `onset` gives the track's tempo
    /// over each. A section that carries on the one before it (the same tempo, its start on a whole beat of that one's
    /// grid: a StepMania file's every same-tempo change, or a timing point that changes nothing) is measured with it: a
    /// song's intro whose off-beats are louder than its beats, measured alone behind such a change, read as off.
    static func measure(grid tempo: TempoMap, offset: Double, over times: [Double], odf: OnsetCurve, onset: OnsetStrength) -> [GridPhase] {
        guard let first = times.min(), let last = times.max(), first.isFinite, last.isFinite else { return [] }
        let starts = tempo.sections.indices.filter { $0 == 0 || !carriesOn(tempo, $0) }
        let audioTempo = tempo.shifted(by: -offset)
        return starts.indices.compactMap { g in
            let k = starts[g]
            let section = tempo.sections[k]
            let next = g + 1 < starts.count ? tempo.sections[starts[g + 1]] : nil
            // The section's own beats, counted from its start: a StepMania tempo change between two beats (the
            // second of two songs joined, from beat 63.8125) has its lines there, not on the file's whole beats.
            let base = section.beat
            let from = base + max(0, (tempo.beat(atTime: first) - base).rounded(.up))
            let to = base + (min(next.map { $0.beat - 1 } ?? .infinity, tempo.beat(atTime: last)) - base).rounded(.down)
            guard from.isFinite, to.isFinite, to - from >= Double(TempoOctave.minimumGaps),
                to - from < Double(TempoOctave.maximumGridBeats)
            else { return nil }
            let beats = stride(from: from, through: to, by: 1).map { tempo.time(ofBeat: $0) }
            let phase = BeatPhase.measure(
                onset, tempo: audioTempo, from: beats[0] - offset - 1e-6, to: beats[beats.count - 1] - offset + 1e-6, base: base)
            guard let o = TempoOctave.measure(beats.map { $0 - offset }, odf: odf), off(o, phase),
                let track = StretchTempo.estimate(onset, from: beats[0] - offset, to: beats[beats.count - 1] - offset)?.bpm,
                agrees(track, section.bpm, chords: phase?.chords != nil)
            else { return nil }
            // The track's tempo in the section's octave: the estimate's octave is a guess (`agrees`).
            let trackInOctave = abs(track / section.bpm - 1) <= tempoAgreement ? track : 2 * track
            let lines = Self.lines(times.map { tempo.beat(atTime: $0) }.filter { $0 >= from - 0.5 && $0 <= to + 0.5 }.map { $0 - base })
            // Hits on the grid's 1/4 and 3/4 lines and hardly any on its beats and 1/2 lines: the grid is a quarter beat
            // from them, not half a beat (a "Beat 1 here" on a 16th): that is not this finding's to say.
            guard 4 * (lines.on + lines.between) >= lines.quarters else { return nil }
            let hitsOnBeats = lines.on > lines.between
            let whole = starts.count == 1
            return GridPhase(
                section: (0..<k).filter { !tempo.isBridge($0) }.count, start: section.time, bpm: section.bpm, trackBPM: trackInOctave,
                evidence: o, anchor: beats[0],
                wholeMap: whole, phase: phase?.chords == nil ? nil : phase, hitsOnBeats: hitsOnBeats,
                carriedDirection: hitsOnBeats && whole ? BeatPhase.barDirection(onset, tempo: audioTempo, beats: from...to) : nil)
        }
    }

    /// Whether the onsets between the section's beats alone say it is off (`middleRatio` in `TempoOctave.halfShare` of
    /// the gaps), the chord changes aside.
    var byOnsets: Bool { Self.offByOnsets(evidence) }

    /// Whether the onsets between a section's beats, measured as `o`, say it is off.
    static func offByOnsets(_ o: TempoOctave) -> Bool { o.midpointShare >= TempoOctave.halfShare && o.midpointRatio >= middleRatio }

    /// Whether a section measured so is half a beat off: by `BeatPhase` when the chord changes were measured, else by the
    /// onsets between the beats (`middleRatio` in `TempoOctave.halfShare` of the gaps).
    static func off(_ o: TempoOctave, _ phase: BeatPhase.Measure?) -> Bool {
        if let phase, phase.chords != nil { return phase.evidence <= -phaseEvidenceLimit }
        return offByOnsets(o)
    }

    /// How many of `beats` (hits' beats) sit on whole beats, half-way between and on the 1/4 and 3/4 lines (each within
    /// 1/48 beat).
    static func lines(_ beats: [Double]) -> (on: Int, between: Int, quarters: Int) {
        var (on, between, quarters) = (0, 0, 0)
        for b in beats {
            let f = b - b.rounded(.down)
            if min(f, 1 - f) < 1.0 / 48 {
                on += 1
            } else if abs(f - 0.5) < 1.0 / 48 {
                between += 1
            } else if abs(f - 0.25) < 1.0 / 48 || abs(f - 0.75) < 1.0 / 48 {
                quarters += 1
            }
        }
        return (on, between, quarters)
    }

    /// Whether the track's tempo `track` over a section is the section's `bpm`: within `tempoAgreement`, or, when the
    /// chord changes were measured, within it of half (the tempo estimate's octave is a guess; what must not be is a
    /// track at double the section's tempo, whose beats fall between a half-tempo map's lines, and the chord changes
    /// measure the map's lines against the half-way points, not the tempo).
    static func agrees(_ track: Double, _ bpm: Double, chords: Bool) -> Bool {
        abs(track / bpm - 1) <= tempoAgreement || (chords && abs(2 * track / bpm - 1) <= tempoAgreement)
    }

    /// Whether section `k` of `tempo` carries on the one before it: the same tempo, and its start within a millisecond
    /// of where that one's grid puts its first beat (the pauses between counted).
    static func carriesOn(_ tempo: TempoMap, _ k: Int) -> Bool {
        let (before, section) = (tempo.sections[k - 1], tempo.sections[k])
        guard abs(section.bpm / before.bpm - 1) < 1e-9 else { return false }
        let expected = before.time + (section.beat - before.beat) * 60 / before.bpm + tempo.pauses(from: before.beat, to: section.beat)
        return abs(expected - section.time) < 0.001
    }

    /// The finding (`beatmap.grid_phase`) on this section of a map read from `map`'s file.
    func finding(map: BeatMap) -> Diagnostic {
        let what =
            wholeMap
            ? "the tempo map is half a beat off the track"
            : String(format: "tempo section %d of the map (from %.3f s, %.2f BPM) is half a beat off the track", section + 1, start, bpm)
        let why =
            phase.flatMap { p in
                p.chords.map { chords in
                    let harmony = String(format: "the harmony changes %.2f times as much between them as on them", 1 / chords)
                    return p.onsets <= 1
                        ? harmony + String(format: ", and the onsets between them are %.2f times as strong as those on them", 1 / p.onsets)
                        : harmony
                            + String(
                                format: ", though the onsets on them are %.2f times as strong as those between (loud off-beats)", p.onsets)
                }
            }
            ?? String(
                format: "the onsets between them are %.2f times as strong as those on them, in %.0f %% of %d gaps", evidence.midpointRatio,
                evidence.midpointShare * 100, evidence.gaps)
        let message = String(
            format:
                "%@: its beats fall on the track's off-beats (%@) at the track's own tempo there (%.2f BPM); move %@ half a beat%@ (in the editor: the finding's ½ beat button)",
            what, why, trackBPM,
            carriedDirection != nil ? "the map's offset and every hit" : wholeMap ? "the map's offset" : "the section's start",
            carriedDirection.map {
                " \($0 > 0 ? "later" : "earlier"), each hit keeping its beat: the hits sit on its beats, so they are half a beat off the music too (this way its bar lines meet the harmony's changes)"
            } ?? ", the hits staying where they are")
        return Diagnostic(
            ruleID: BeatMapRules.gridPhase, severity: .warning, location: map.locations.first ?? SourceLocation(file: map.file),
            message: message)
    }
}
