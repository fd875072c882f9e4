import Foundation

/// The octave of a chart's one-tempo grid where the onsets on and between its beats cannot tell it: a song whose eighths
/// are as loud as its beats has onsets between every two beats of a grid at its tempo and between every two of one at
/// double it, so Goin' Under written at 420 BPM, or at 105 (twice 210.0001 is past the onsets' 210 BPM bound), said
/// nothing ("map 105.00 BPM vs track 105.00 BPM": the track's tempo is measured through the map).
///
/// Two readings that do not go through the map settle it:
/// - the track's own tempo, `TempoEstimator` on the whole track with no hint, at twice or half the grid's;
/// - the chart's hits on the grid's lines. A chart at its song's tempo puts more hits per line on the beats than on
///   finer lines, as music puts more notes on stronger metrical positions (Palmer and Krumhansl, "Mental representations
///   for musical meter", JEP:HPP 16(4), 1990; Temperley, *Music and Probability*, MIT Press 2007, ch. 2): at half the
///   tempo its 1/2 and 1/4 lines hold as many hits per line as its beats (the song's beats and off-beats); at double,
///   its 1/2 lines hold almost none (the song's 1/4 lines).
///
/// On the seven charts of ../shared/corpus/charts, each written as is: the track reads each chart's own tempo, so
/// none is said. Halved, each chart's 1/2 lines hold 0.5–1.0 hits per beat hit (as is: 0.47–1.0) and its 1/4 lines
/// 0.5–1.0 per line (as is: 0–0.9); doubled, its 1/2 lines hold 0–0.22 hits per beat hit in five of seven (the
/// other two, 0.56 and 0.92, are dense 1/16 charts, not said).
struct ChartOctaveEvidence: Sendable, Equatable {
    /// The track's own tempo reading (BPM).
    let reading: Double
    /// The reading's score at the grid's tempo, when that is the reading's half or double (`TempoEstimate.Alternative`).
    let gridScore: Double?
    /// Hits on the grid's beats.
    let beats: Int
    /// Hits on its 1/2 lines (between two beats).
    let halves: Int
    /// Hits on its 1/4 and 3/4 lines.
    let quarters: Int
    /// Of the grid beats counted from the first hit's, the first (0 or 1) of those taken in turns that hold more hits:
    /// at double the tempo, the beats the song's beats are on.
    let strongerFirst: Int

    /// The reading must be within this share of twice or half the grid's tempo.
    static let readingWithin = 0.03
    /// Half: the 1/2 lines hold at least this many hits per beat hit, and the 1/4 lines as many per line.
    static let flatShare = 0.5
    /// Half: or the onsets between the grid's beats (`TempoOctave`) reach `TempoOctave.halfRatio` in this share of gaps.
    static let nearHalfShare = 0.6
    /// Double: the 1/2 lines hold at most this many hits per beat hit.
    static let sparseShare = 0.25
    /// Double: the grid's tempo must score at most this in the reading (a reading barely preferred is no evidence).
    static let doubleScore = 0.7
    /// Double: at least this many hits on beats.
    static let minimumBeats = 32

    /// The hits at map times `times` on `tempo`'s lines, with the track's reading `reading`; nil for a grid of several
    /// sections (the reading is the whole track's) or without a reading.
    init?(times: [Double], tempo: TempoMap, reading: TempoEstimate?) {
        guard tempo.sections.count == 1, let reading, reading.bpm.isFinite, reading.bpm > 0, let first = times.min() else {
            return nil
        }
        let bpm = tempo.sections[0].bpm
        self.reading = reading.bpm
        gridScore =
            abs(reading.double.bpm / bpm - 1) <= Self.readingWithin
            ? reading.double.score : abs(reading.half.bpm / bpm - 1) <= Self.readingWithin ? reading.half.score : nil
        var beats = 0, halves = 0, quarters = 0, turns = [0, 0]
        let start = tempo.beat(atTime: first).rounded(.up)
        for t in times {
            let beat = tempo.beat(atTime: t)
            guard beat.isFinite, let level = Subdivision.level(ofBeat: beat) else { continue }
            if level == 1 {
                beats += 1
                turns[Int((beat.rounded() - start).magnitude.truncatingRemainder(dividingBy: 2))] += 1
            } else if level == 2 {
                halves += 1
            } else if level == 4 {
                quarters += 1
            }
        }
        (self.beats, self.halves, self.quarters) = (beats, halves, quarters)
        strongerFirst = turns[0] >= turns[1] ? 0 : 1
    }

    /// Hits per line on the 1/2 lines over those on the beats.
    var halfShare: Double { beats == 0 ? 0 : Double(halves) / Double(beats) }
    /// Hits per line on the 1/4 lines (two a beat) over those on the beats.
    var quarterShare: Double { beats == 0 ? 0 : Double(quarters) / 2 / Double(beats) }

    /// What the reading and the hits say of a grid at `bpm`, beside the onsets' evidence `onsets`: half when the track
    /// reads twice it and either the hits' lines are flat or the onsets nearly say half; double when the track reads half
    /// it, preferring that clearly, and the hits leave the grid's 1/2 lines almost empty.
    func verdict(bpm: Double, onsets: TempoOctave) -> TempoOctave.Verdict? {
        let flat = halfShare >= Self.flatShare && quarterShare >= Self.flatShare
        let nearlyHalf = onsets.midpointRatio >= TempoOctave.halfRatio && onsets.midpointShare >= Self.nearHalfShare
        if abs(reading / (2 * bpm) - 1) <= Self.readingWithin, flat || nearlyHalf { return .half }
        if abs(reading / (bpm / 2) - 1) <= Self.readingWithin, beats >= Self.minimumBeats, halfShare <= Self.sparseShare,
            (gridScore ?? 1) <= Self.doubleScore
        {
            return .double
        }
        return nil
    }

    /// The evidence in words, for the finding: "the track reads 210.00 BPM on its own, and the chart's hits …".
    func words(_ verdict: TempoOctave.Verdict, onsets: TempoOctave) -> String {
        let head = String(format: "the track reads %.2f BPM on its own", reading)
        switch verdict {
        case .half where halfShare >= Self.flatShare && quarterShare >= Self.flatShare:
            return head
                + String(
                    format:
                        ", and the chart's hits fall as often between the grid's beats as on them (%d on its beats, %d on its 1/2 lines, %d on its 1/4 lines), as a chart at the track's tempo has them on its beats and off-beats",
                    beats, halves, quarters)
        case .half:
            return head
                + String(
                    format:
                        ", and has onsets between every two of the grid's beats (in %.0f %% of %d gaps, %.2f times as strong as those on them)",
                    onsets.midpointShare * 100, onsets.gaps, onsets.midpointRatio)
        case .double:
            return head
                + String(
                    format:
                        "%@, and the chart's hits leave the grid's 1/2 lines almost empty (%d on its beats, %d on its 1/2 lines): every other beat of the grid is the track's off-beat",
                    gridScore.map { String(format: " (the grid's tempo scores %.2f)", $0) } ?? "", beats, halves)
        }
    }
}
