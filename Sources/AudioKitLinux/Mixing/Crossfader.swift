import Foundation

/// Where and how deck B replaces deck A.
public struct CrossfadePlan: Sendable {
    /// What the fade start snaps to on A's beat clock: nothing, the next beat or the next bar.
    public enum Quantize: String, Sendable, CaseIterable { case none, beat, bar }

    /// Requested start of the fade, seconds into deck A's playback (A starts at 0).
    public var at: Double
    /// Length of the fade in seconds (ignored by a hard cut).
    public var duration: Double
    /// The gain curve of the fade.
    public var curve: CrossfadeCurve
    /// Whether the start moves to A's next beat or bar (needs A's tempo).
    public var quantize: Quantize
    /// Start B so that one of its beats falls on the fade start (needs B's tempo): its first beat at or after
    /// `incomingFrom`.
    public var phaseAlign: Bool
    /// Where B's own track starts playing, seconds into it (0: its beginning).
    public var incomingFrom: Double
    /// Silence between A's cut and B's start (hard cuts, the intermission's 0.5 s).
    public var gap: Double
    /// Seconds of B rendered after the fade ends.
    public var tail: Double

    /// A fade starting `at` seconds and `duration` seconds long; by default equal-power, not quantized or
    /// phase-aligned, B from its start, without a gap, and with 5 s of B after it.
    public init(
        at: Double, duration: Double, curve: CrossfadeCurve = .equalPower, quantize: Quantize = .none, phaseAlign: Bool = false,
        gap: Double = 0, tail: Double = 5, incomingFrom: Double = 0
    ) {
        self.incomingFrom = incomingFrom
        self.at = at
        self.duration = duration
        self.curve = curve
        self.quantize = quantize
        self.phaseAlign = phaseAlign
        self.gap = gap
        self.tail = tail
    }
}

/// What the fade did, besides the samples.
public struct CrossfadeResult: Sendable {
    /// Interleaved stereo.
    public let samples: [Float]
    /// Sample rate of `samples`, in Hz.
    public let sampleRate: Int
    /// Output time of the first sample (non-zero when only a window was rendered).
    public let windowStart: Double
    /// Actual fade start after quantizing, in output seconds.
    public let fadeStart: Double
    /// End of the fade in output seconds: B's entry plus the fade length.
    public let fadeEnd: Double
    /// B's track position (seconds) at the fade start.
    public let incomingOffset: Double
    /// Beats of each deck during the fade, in output time.
    public let outgoingBeats: [Double]
    /// B's beats during the fade, in output time.
    public let incomingBeats: [Double]
    /// Pairs of beats of the two decks 5–60 ms apart during the fade: audible flams.
    public let collisions: [(Double, Double)]
    /// The output time at which the beat clock follows B: its first beat at or after the fade's midpoint.
    public let relockTime: Double?
}

/// Where each deck sounds in the mix, in output frames: A from frame 0 until the fade ends,
/// B from `incomingStart` (its own track from `incomingOffset`), and the mix's length.
public struct CrossfadeTimeline: Sendable {
    /// The plan this timeline places.
    public let plan: CrossfadePlan
    /// The mix's sample rate in Hz.
    public let sampleRate: Int
    /// First frame of the fade (after quantizing to A's beats or bars).
    public let fadeStart: Int
    /// Length of the fade in frames (0 for a hard cut).
    public let fadeFrames: Int
    /// First frame at which B sounds (the fade start plus any gap).
    public let incomingStart: Int
    /// B's own track frame at `incomingStart` (non-zero when phase-aligned).
    public let incomingOffset: Int
    /// Frames in the whole mix: up to the end of the fade, then the tail.
    public let totalFrames: Int

    /// The timeline of `plan` at `sampleRate`; A's clock quantizes the start, B's phase-aligns its entry.
    public init(plan: CrossfadePlan, sampleRate: Int, outgoing: BeatClock?, incoming: BeatClock?) {
        self.plan = plan
        self.sampleRate = sampleRate
        let rate = Double(sampleRate)
        var start = max(0, plan.at)
        if plan.quantize != .none, let clock = outgoing { start = clock.nextBeat(after: start, bar: plan.quantize == .bar) }
        fadeStart = Int((start * rate).rounded())
        fadeFrames = Int(((plan.curve == .hardCut ? 0 : max(0, plan.duration)) * rate).rounded())
        incomingStart = fadeStart + Int((plan.gap * rate).rounded())
        let from = max(0, plan.incomingFrom)
        var offset = Int((from * rate).rounded())
        if plan.phaseAlign, let clock = incoming {
            offset = Int((clock.time(ofBeat: max(0, clock.beatPosition(at: from - 1e-9).rounded(.up))) * rate).rounded())
        }
        incomingOffset = offset
        totalFrames = incomingStart + fadeFrames + Int((plan.tail * rate).rounded())
    }

    /// The frame after A's last sounding frame.
    public var outgoingEnd: Int { fadeStart + fadeFrames }

    /// The fade in output seconds: from its first frame until B's fade-in ends (after any gap).
    public var fadeSeconds: ClosedRange<Double> {
        let rate = Double(sampleRate)
        return Double(fadeStart) / rate...Double(incomingStart + fadeFrames) / rate
    }

    /// The pairs of `outgoing` and `incoming` beats (output seconds) 5–60 ms apart: audible flams.
    public static func flams(_ outgoing: [Double], _ incoming: [Double]) -> [(Double, Double)] {
        outgoing.flatMap { x in incoming.filter { abs(x - $0) >= 0.005 && abs(x - $0) <= 0.060 }.map { (x, $0) } }
    }

    /// The fade's times and the beats of both decks around it, with `samples` rendered from `windowStart`.
    public func result(samples: [Float], windowStart: Int, outgoing: BeatClock?, incoming: BeatClock?) -> CrossfadeResult {
        let rate = Double(sampleRate)
        let start = fadeSeconds.lowerBound, end = fadeSeconds.upperBound
        let bOffset = Double(incomingOffset) / rate
        let aBeats = outgoing?.beats(from: start, to: end) ?? []
        let bShift = Double(incomingStart) / rate - bOffset
        let bBeats = incoming.map { c in c.beats(from: start - bShift, to: end - bShift).map { $0 + bShift } } ?? []
        let collisions = Self.flams(aBeats, bBeats)
        let relock = incoming.map { c in c.nextBeat(after: (start + end) / 2 - bShift) + bShift }
        return CrossfadeResult(
            samples: samples, sampleRate: sampleRate, windowStart: Double(windowStart) / rate, fadeStart: start, fadeEnd: end,
            incomingOffset: bOffset, outgoingBeats: aBeats, incomingBeats: bBeats, collisions: collisions, relockTime: relock)
    }
}

/// Renders two decks in memory through a crossfade (for short material and tests; files stream through `CrossfadeSource`).
public enum Crossfader {
    /// Renders the mix; with `window` (output seconds), only that stretch of it (the samples then start at the window's start).
    public static func render(_ a: Deck, _ b: Deck, plan: CrossfadePlan, window: ClosedRange<Double>? = nil) -> CrossfadeResult {
        precondition(a.sampleRate == b.sampleRate, "decks must share a sample rate")
        let source = CrossfadeSource(MemoryDeck(a), MemoryDeck(b), plan: plan, window: window)
        return source.timeline.result(
            samples: source.renderAll(), windowStart: source.firstFrame, outgoing: a.clock, incoming: b.clock)
    }
}

/// The crossfade as a stream: both decks are read block by block as the mix is produced, so a
/// player hears it at once and a file is written with memory that does not grow with the tracks.
public final class CrossfadeSource: AudioSource {
    /// The outgoing deck (A).
    public let a: any DeckSource
    /// The incoming deck (B).
    public let b: any DeckSource
    /// Where each deck sounds, in output frames.
    public let timeline: CrossfadeTimeline
    /// The first and past-the-last output frames this source produces.
    public let firstFrame: Int
    /// The output frame after the last one this source produces.
    public let lastFrame: Int
    /// The read or seek error that stopped the mix early, if one did.
    public private(set) var failure: InputError?
    private var position: Int
    private var outgoing: [Float]
    private var incoming: [Float]
    private let blockFrames: Int

    /// The decks' sample rate in Hz.
    public var sampleRate: Int { timeline.sampleRate }
    /// Always 2: the mix is interleaved stereo.
    public let channels = 2
    /// Frames this source produces, from `firstFrame` to `lastFrame`.
    public var frameCount: Int? { lastFrame - firstFrame }

    /// The mix of `a` into `b` (both at the same rate); with `window` (output seconds), only that stretch.
    /// Both decks are moved to where the window starts.
    public init(_ a: any DeckSource, _ b: any DeckSource, plan: CrossfadePlan, window: ClosedRange<Double>? = nil, blockFrames: Int = 8192)
    {
        precondition(a.sampleRate == b.sampleRate, "decks must share a sample rate")
        self.a = a
        self.b = b
        let t = CrossfadeTimeline(plan: plan, sampleRate: a.sampleRate, outgoing: a.clock, incoming: b.clock)
        timeline = t
        let rate = Double(t.sampleRate)
        let first = window.map { max(0, min(t.totalFrames, Int(($0.lowerBound * rate).rounded()))) } ?? 0
        firstFrame = first
        lastFrame = window.map { max(first, min(t.totalFrames, Int(($0.upperBound * rate).rounded()))) } ?? t.totalFrames
        position = first
        self.blockFrames = blockFrames
        outgoing = [Float](repeating: 0, count: 2 * blockFrames)
        incoming = outgoing
        do {
            try a.seek(toFrame: firstFrame)
            try b.seek(toFrame: t.incomingOffset + max(0, firstFrame - t.incomingStart))
        } catch {
            failure = error
        }
    }

    /// Mixes the next block of up to `blockFrames` interleaved stereo frames into `buffer` and returns its frame
    /// count; 0 at the end or after a read error, which is kept in `failure`.
    public func nextBlock(into buffer: inout [Float]) -> Int {
        let n = min(blockFrames, lastFrame - position)
        guard n > 0, failure == nil else { return 0 }
        if buffer.count < 2 * n { buffer = [Float](repeating: 0, count: 2 * n) }
        let t = timeline
        let end = position + n
        let aCount = max(0, min(end, t.outgoingEnd) - position)
        let bFirst = max(position, t.incomingStart)
        let bCount = max(0, end - bFirst)
        do {
            if aCount > 0 {
                try outgoing.withUnsafeMutableBufferPointer { p throws(InputError) in try a.read(into: p.baseAddress!, count: aCount) }
            }
            if bCount > 0 {
                try incoming.withUnsafeMutableBufferPointer { p throws(InputError) in try b.read(into: p.baseAddress!, count: bCount) }
            }
        } catch {
            failure = error
            return 0
        }
        let curve = t.plan.curve
        let aGain = a.gain, bGain = b.gain
        buffer.withUnsafeMutableBufferPointer { o in
            for i in 0..<n {
                let f = position + i
                var l = 0.0, r = 0.0
                if i < aCount {
                    var g = aGain
                    if f >= t.fadeStart { g *= curve.gains(f - t.fadeStart, of: t.fadeFrames).out }
                    l += Double(outgoing[2 * i]) * g
                    r += Double(outgoing[2 * i + 1]) * g
                }
                if f >= bFirst {
                    let k = f - bFirst
                    var g = bGain
                    if f < t.incomingStart + t.fadeFrames { g *= curve.gains(f - t.incomingStart, of: t.fadeFrames).in }
                    l += Double(incoming[2 * k]) * g
                    r += Double(incoming[2 * k + 1]) * g
                }
                o[2 * i] = Float(l)
                o[2 * i + 1] = Float(r)
            }
        }
        position = end
        return n
    }

    /// Everything left, interleaved (for windows and short mixes).
    public func renderAll() -> [Float] {
        var all: [Float] = []
        all.reserveCapacity(2 * (lastFrame - position))
        var block: [Float] = []
        while true {
            let n = nextBlock(into: &block)
            if n == 0 { break }
            all += block[0..<(2 * n)]
        }
        return all
    }
}
