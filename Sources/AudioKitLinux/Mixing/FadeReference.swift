import Foundation

/// What a crossfade's loudness dip is measured against: the level the two tracks have themselves, traded without
/// losing power. Each deck is played alone, unfaded except for a power weight, A's `1 − x` and B's `x`, where the
/// transition's progress `x` rises linearly from the fade's start to the end of B's fade-in (a gap included), and the two
/// powers are summed (EBU R128 loudness is a mean power, so the sum is taken on the meter's windows of each deck).
///
/// Before and after the transition the reference is the mix itself, sample for sample, so a dip is only what the fade
/// does. Inside it, the reference neither dips nor swells, whatever the music does and whether or not the two tracks are
/// alike: a linear fade between two equally loud, unrelated tracks reads 10·log10(½² + ½²) = −3 dB at its middle and an
/// equal-power one 0 dB, while a linear fade of a track into itself, in step, reads 0 dB (its gains sum to one) as it
/// sounds. A gap reads as the silence it is.
public enum FadeReference {
    /// The reference loudness every 0.1 s over output frames `frames` (times in output seconds, as the mix's points
    /// are shifted by the caller): A read from the stretch's first frame on, B from its entry, each weighted by the
    /// transition's progress. Throws `InputError` when a deck cannot be read; leaves both decks inside the stretch.
    public static func loudness(a: any DeckSource, b: any DeckSource, timeline t: CrossfadeTimeline, frames: Range<Int>) throws(InputError)
        -> [LoudnessMeter.Point]
    {
        let start = Double(frames.lowerBound) / Double(t.sampleRate)
        try a.seek(toFrame: frames.lowerBound)
        let outgoing = try render(a, first: frames.lowerBound, frames: frames) { 1 - progress(t, $0) }
        let bFirst = max(frames.lowerBound, min(frames.upperBound, t.incomingStart))
        try b.seek(toFrame: t.incomingOffset + bFirst - t.incomingStart)
        let incoming = try render(b, first: bFirst, frames: frames) { progress(t, $0) }
        let la = LoudnessMeter.series(outgoing, sampleRate: t.sampleRate, channels: 2)
        let lb = LoudnessMeter.series(incoming, sampleRate: t.sampleRate, channels: 2)
        guard la.count == lb.count else { return [] }
        return zip(la, lb).map { p, q in
            LoudnessMeter.Point(
                time: p.time + start, momentary: powerSum(p.momentary, q.momentary), shortTerm: powerSum(p.shortTerm, q.shortTerm))
        }
    }

    /// The transition's progress at output frame `f`: 0 before the fade starts, 1 once B's fade-in is over, linear
    /// between (a step for a hard cut without a gap).
    public static func progress(_ t: CrossfadeTimeline, _ f: Int) -> Double {
        let end = t.incomingStart + t.fadeFrames
        if f >= end { return 1 }
        if f < t.fadeStart { return 0 }
        return Double(f - t.fadeStart) / Double(end - t.fadeStart)
    }

    /// Two loudness figures of unrelated signals summed as powers (−∞ is silence).
    static func powerSum(_ x: Double, _ y: Double) -> Double {
        let p = (x.isFinite ? pow(10, x / 10) : 0) + (y.isFinite ? pow(10, y / 10) : 0)
        return p > 0 ? 10 * log10(p) : -.infinity
    }

    /// One deck over `frames`, silent before output frame `first`, each frame scaled by the deck's gain and the square
    /// root of `weight` (a power weight).
    private static func render(_ deck: any DeckSource, first: Int, frames: Range<Int>, weight: (Int) -> Double) throws(InputError)
        -> [Float]
    {
        var out = [Float](repeating: 0, count: 2 * frames.count)
        var block = [Float](repeating: 0, count: 2 * 8192)
        var f = first
        while f < frames.upperBound {
            let n = min(8192, frames.upperBound - f)
            try block.withUnsafeMutableBufferPointer { p throws(InputError) in try deck.read(into: p.baseAddress!, count: n) }
            for i in 0..<n {
                let g = deck.gain * max(0, weight(f + i)).squareRoot()
                let k = 2 * (f + i - frames.lowerBound)
                out[k] = Float(Double(block[2 * i]) * g)
                out[k + 1] = Float(Double(block[2 * i + 1]) * g)
            }
            f += n
        }
        return out
    }
}
