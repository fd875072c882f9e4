import Foundation

/// Which of a grid's two phases is the beat: its lines, or the lines half a beat later. A fold of the onset strength at
/// the beat period peaks at both when the off-beats are as loud as the beats (a hi-hat or an off-beat bass on every
/// eighth), and so does a beat tracker's cost; two cues of Goto's beat tracking tell them apart:
///
/// - **onsets**: the mean over the beats of the onset strength's largest value within `reach` of each, over the same at
///   the off-beats (the half-way points): the drums' strong beats (Goto, "An audio-based real-time beat tracking system
///   for music with or without drum-sounds", JNMR 30(2), 2001);
/// - **chord changes**: the mean change of the pitch-class profile (`PitchClasses`, each half beat's mean profile, one
///   minus the cosine of two in a row) across the beats, over the same across the off-beats: harmony changes on the
///   beat (Goto & Muraoka, "Real-time beat tracking for drumless audio signals: chord change detection for musical
///   decisions", Speech Communication 27, 1999).
///
/// The evidence for the grid's own phase is log(onsets) + `chordWeight` × log(chord changes): above 0, its lines are the
/// beats. Measured with this analysis (`DraftAnalysis.onset`) on the annotated beats of the 44 excerpts of
/// ../shared/corpus/beats and on the grids of the seven charts of ../shared/corpus/charts, the onsets alone name the
/// beat in 50 of 51 and the chord changes alone in 38; the two alike weighed, in all 51. The one the onsets miss is
/// Mecha-Tribe Assault, whose off-beats sound louder than its beats; its chords change on the beats
/// (`bench/draft_phase.py` drafts each song and says where its beats fall).
public enum BeatPhase {
    /// Seconds each side of a line within which its onset strength is taken.
    static let reach = 0.030
    /// The weight of the chord changes against the onsets: alike (from 0.5 to 1.25 all 51 songs above are right on their
    /// annotated beats; at 0.5 the Mecha-Tribe Assault draft's own grid, 179.965 BPM over the whole song, is not).
    static let chordWeight = 1.0
    /// The fewest beats the evidence is measured over.
    static let minimumBeats = 8

    /// The two cues over a stretch of a grid, each as the lines' measure over the off-beats' (above 1: the lines).
    public struct Measure: Sendable, Equatable {
        /// The onset strength on the lines over that half-way between them.
        public let onsets: Double
        /// The chord changes across the lines over those across the off-beats; nil without pitch classes.
        public let chords: Double?

        /// The evidence that the lines are the beats: log(`onsets`) + `chordWeight` × log(`chords`) (above 0: the beats).
        public var evidence: Double { log(onsets) + chordWeight * log(chords ?? 1) }
    }

    /// The evidence that the lines of `tempo` between `start` and `end` (audio seconds) are the beats and not the
    /// off-beats (above 0: the beats); nil over fewer than `minimumBeats` beats.
    public static func evidence(_ onset: OnsetStrength, tempo: TempoMap, from start: Double, to end: Double) -> Double? {
        measure(onset, tempo: tempo, from: start, to: end)?.evidence
    }

    /// Both cues for the lines of `tempo` between `start` and `end` (audio seconds); nil over fewer than `minimumBeats`
    /// beats. The lines are the whole beats counted from beat `base` (a section's start: a StepMania tempo change between
    /// two beats has its lines there).
    public static func measure(_ onset: OnsetStrength, tempo: TempoMap, from start: Double, to end: Double, base: Double = 0)
        -> Measure?
    {
        let first = base + (tempo.beat(atTime: start) - base).rounded(.up)
        let last = base + (tempo.beat(atTime: end) - base).rounded(.down) - 1
        guard first.isFinite, last.isFinite, last - first + 1 >= Double(minimumBeats), last - first < 1e6 else { return nil }
        let beats = stride(from: first, through: last, by: 1).map { tempo.time(ofBeat: $0) }
        let offBeats = stride(from: first, through: last, by: 1).map { tempo.time(ofBeat: $0 + 0.5) }
        return Measure(
            onsets: ratio(mean(beats.map { peak(onset, at: $0) }), mean(offBeats.map { peak(onset, at: $0) })),
            chords: chordChanges(onset, tempo: tempo, beats: first...last))
    }

    /// The onset strength's largest value within `reach` of `t`.
    static func peak(_ onset: OnsetStrength, at t: Double) -> Double {
        let lo = max(0, Int(onset.frame(ofTime: t - reach).rounded(.up)))
        let hi = min(onset.values.count - 1, Int(onset.frame(ofTime: t + reach).rounded(.down)))
        guard lo <= hi else { return 0 }
        return Double(onset.values[lo...hi].max() ?? 0)
    }

    /// The mean change of the pitch-class profile across the beats `beats` over that across the off-beats; nil without
    /// profiles.
    static func chordChanges(_ onset: OnsetStrength, tempo: TempoMap, beats: ClosedRange<Double>) -> Double? {
        let n = PitchClasses.count
        let frames = onset.pitchClasses.count / n
        guard frames > 0 else { return nil }
        // Each half beat's mean profile, unit length.
        let halves = stride(from: beats.lowerBound, through: beats.upperBound + 0.5, by: 0.5).map {
            profile(onset, from: tempo.time(ofBeat: $0), to: tempo.time(ofBeat: $0 + 0.5))
        }
        // The change across the line between halves k − 1 and k: an off-beat when k is odd, a beat when even.
        var across = (beat: [Double](), offBeat: [Double]())
        for k in 1..<halves.count {
            let change = 1 - zip(halves[k - 1], halves[k]).reduce(0) { $0 + $1.0 * $1.1 }
            if k % 2 == 0 { across.beat.append(change) } else { across.offBeat.append(change) }
        }
        guard !across.beat.isEmpty else { return nil }
        return ratio(mean(across.beat), mean(across.offBeat))
    }

    /// Which way a whole chart half a beat off (its notes on its beats, and its beats on the track's off-beats) goes back:
    /// +1 half a beat later, −1 earlier. Either puts its beats on the track's; they differ by a beat in where its bars
    /// fall. The harmony changes most at the bar (Goto & Muraoka's measure level), so the way whose bar lines (every
    /// `beatsPerBar` of its beats from its beat 0) meet the larger mean change of the pitch-class profile, a beat's mean
    /// against the next, is taken; +1 without profiles or when alike.
    public static func barDirection(_ onset: OnsetStrength, tempo: TempoMap, beats: ClosedRange<Double>) -> Int {
        let n = PitchClasses.count
        let frames = onset.pitchClasses.count / n
        let bar = max(1, tempo.beatsPerBar)
        guard frames > 0, beats.upperBound - beats.lowerBound >= Double(2 * bar) else { return 1 }
        // Each beat of the track (the map's half-way points, b + 0.5) as a mean profile, unit length.
        func profile(_ b: Double) -> [Double] {
            Self.profile(onset, from: tempo.time(ofBeat: b), to: tempo.time(ofBeat: b + 1))
        }
        // Half a beat later, the map's beat b becomes b + 0.5 and its bars start at b + 0.5 with b a bar line; half a
        // beat earlier, at b − 0.5, which is (b − 1) + 0.5.
        var later: [Double] = [], earlier: [Double] = []
        var b = beats.lowerBound.rounded(.up)
        var previous = profile(b - 0.5)
        while b + 0.5 <= beats.upperBound {
            let next = profile(b + 0.5)
            let change = 1 - zip(previous, next).reduce(0) { $0 + $1.0 * $1.1 }
            let k = ((Int(b) % bar) + bar) % bar
            if k == 0 { later.append(change) } else if k == bar - 1 { earlier.append(change) }
            previous = next
            b += 1
        }
        return mean(earlier) > mean(later) ? -1 : 1
    }

    /// The mean pitch-class profile of `onset`'s frames from `start` to `end` (audio seconds), unit length (all zero
    /// when they hold none or are silent).
    static func profile(_ onset: OnsetStrength, from start: Double, to end: Double) -> [Double] {
        let n = PitchClasses.count
        let frames = onset.pitchClasses.count / n
        let lo = max(0, Int(onset.frame(ofTime: start).rounded(.up)))
        let hi = min(frames, Int(onset.frame(ofTime: end).rounded(.up)))
        var sum = [Double](repeating: 0, count: n)
        if lo < hi { for f in lo..<hi { for c in 0..<n { sum[c] += Double(onset.pitchClasses[f * n + c]) } } }
        let norm = sum.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return norm > 0 ? sum.map { $0 / norm } : sum
    }

    static func mean(_ x: [Double]) -> Double { x.isEmpty ? 0 : x.reduce(0, +) / Double(x.count) }

    /// `a` over `b`, both kept off zero.
    static func ratio(_ a: Double, _ b: Double) -> Double { (a + 1e-9) / (b + 1e-9) }
}
