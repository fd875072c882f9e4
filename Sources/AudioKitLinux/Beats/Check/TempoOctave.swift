import Foundation

/// Whether a beat list runs at half or at double the track's pulse, from the onsets themselves: the tempo of a map
/// and of its track agree at either octave (the check measures the track's tempo through the map), so the octave is
/// read where the two maps differ.
///
/// - At half the pulse, the track has a beat between every two of the map's, as strong as those on them: the
///   strongest onset near the middle of each gap (within a tenth of the gap) is compared with the onsets at the beats.
/// - At double the pulse, every other beat of the map falls between the track's beats: taken in turns (odd and even),
///   one set of beats has much weaker onsets than the other.
///
/// Tempo octave errors are what beat trackers get wrong most (Gouyon et al., "An experimental comparison of audio tempo
/// induction algorithms", IEEE TASLP 14(5), 2006: the "Accuracy 2" measure counts them as right); here the map gives
/// the phase, so comparing the onsets on and between its beats settles the octave that a tempo estimate alone cannot.
struct TempoOctave: Sendable, Equatable {
    /// The median, over the regular gaps between beats, of the strongest onset near the gap's middle, over the onsets at
    /// the beats (the median of the stronger of the alternate sets).
    let midpointRatio: Double
    /// The share of regular gaps with an onset near their middle at least `halfRatio` as strong as the beats'.
    let midpointShare: Double
    /// The median onset of the weaker of the beats taken in turns (odd, even) over the stronger's.
    let alternationRatio: Double
    /// How many regular gaps were compared.
    let gaps: Int
    /// The map's tempo from its typical gap, in BPM.
    let bpm: Double
    /// The first beat (0 or 1) of the stronger of the alternate sets: at double the pulse, the beats to keep.
    let strongerFirst: Int
    /// When the evidence is of the map's tempo grid rather than its hits: the map time of the grid beat the fix keeps
    /// in phase (the first, or at double the pulse the first of the stronger beats). Nil for the hits' evidence.
    var gridAnchor: Double? = nil

    /// For a chart's one-tempo grid: the track's own tempo reading and the hits on the grid's lines, which say its octave
    /// where the onsets cannot (`ChartOctaveEvidence`). Nil for a beat list.
    var chart: ChartOctaveEvidence? = nil

    /// What the evidence is of: "grid" (the map's tempo map, under hits that are right) or "beats" (a beat list).
    var subject: String { gridAnchor == nil ? "beats" : "grid" }

    /// What the evidence says of the map's octave.
    enum Verdict: Sendable, Equatable {
        /// The track's pulse is twice the map's: it has a beat between every two.
        case half
        /// The track's pulse is half the map's: every other beat falls between the track's.
        case double
    }

    /// The middle onsets must reach this share of the beats' (median), in at least `halfShare` of the gaps.
    static let halfRatio = 0.6
    /// The share of gaps that must have such an onset in their middle.
    static let halfShare = 0.75
    /// The weaker alternate beats must stay below this share of the stronger's. On the 44 annotated tracks of
    /// ../shared/corpus/beats the right beat lists' lowest is 0.27 (reggae's one drop); drum loops with eighth-note
    /// hats keep a map at double tempo near 0.3, which is then not said.
    static let doubleRatio = 0.25
    /// Fewer gaps than this say nothing.
    static let minimumGaps = 8

    /// The verdict: half when the middles are as strong as the beats in most gaps and doubling keeps the tempo at most
    /// 210 BPM; double when one set of alternate beats is nearly silent and halving gives 50–210 BPM (a stream of 1/4
    /// notes at 740 "BPM" is no beat list at double the pulse); nil when neither, or when too few gaps were compared.
    /// A chart's grid the onsets say nothing of gets the verdict of its `chart` evidence.
    var verdict: Verdict? {
        guard gaps >= Self.minimumGaps else { return nil }
        return onsetVerdict ?? chart?.verdict(bpm: bpm, onsets: self)
    }

    /// The verdict of the onsets alone.
    var onsetVerdict: Verdict? {
        guard gaps >= Self.minimumGaps else { return nil }
        if midpointShare >= Self.halfShare, midpointRatio >= Self.halfRatio, bpm * 2 <= 210 { return .half }
        if alternationRatio < Self.doubleRatio, bpm / 2 >= 50, bpm / 2 <= 210 { return .double }
        return nil
    }

    /// The evidence for beats placed in the audio at `aligned` (after the global alignment) on `odf`.
    static func measure(_ aligned: [Double], odf: OnsetCurve) -> TempoOctave? {
        guard aligned.count >= minimumGaps + 1 else { return nil }
        let intervals = zip(aligned.dropFirst(), aligned).map { $0 - $1 }
        let typical = Median.of(intervals)
        guard typical > 0 else { return nil }
        let window = min(odf.tuning.maxSearchWindow, 0.1 * typical)
        let atBeats = aligned.map { odf.strongest(near: $0, window: window)?.strength ?? 0 }
        let even = Median.of(stride(from: 0, to: atBeats.count, by: 2).map { atBeats[$0] })
        let odd = Median.of(stride(from: 1, to: atBeats.count, by: 2).map { atBeats[$0] })
        // The beats' level is the stronger set's: at double the pulse, the other set is mostly silent.
        let beatLevel = max(even, odd)
        guard beatLevel > 0 else { return nil }
        var middles: [Double] = []
        for k in intervals.indices where abs(intervals[k] - typical) <= 0.2 * typical {
            middles.append(odf.strongest(near: aligned[k] + intervals[k] / 2, window: window)?.strength ?? 0)
        }
        guard middles.count >= minimumGaps else { return nil }
        return TempoOctave(
            midpointRatio: Median.of(middles) / beatLevel,
            midpointShare: Double(middles.filter { $0 >= halfRatio * beatLevel }.count) / Double(middles.count),
            alternationRatio: min(even, odd) / beatLevel, gaps: middles.count, bpm: 60 / typical, strongerFirst: even >= odd ? 0 : 1)
    }
}
