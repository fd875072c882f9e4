import Foundation

/// Where and how deck B replaces deck A.
public struct CrossfadePlan: Sendable {
    public enum Quantize: String, Sendable, CaseIterable { case none, beat, bar }

    /// Requested start of the fade, seconds into deck A's playback (A starts at 0).
    public var at: Double
    public var duration: Double
    public var curve: CrossfadeCurve
    public var quantize: Quantize
    /// Start B so that one of its beats falls on the fade start (needs B's tempo).
    public var phaseAlign: Bool
    /// Silence between A's cut and B's start (hard cuts, the intermission's 0.5 s).
    public var gap: Double
    /// Seconds of B rendered after the fade ends.
    public var tail: Double

    public init(
        at: Double, duration: Double, curve: CrossfadeCurve = .equalPower, quantize: Quantize = .none, phaseAlign: Bool = false,
        gap: Double = 0, tail: Double = 5
    ) {
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
    public let sampleRate: Int
    /// Output time of the first sample (non-zero when only a window was rendered).
    public let windowStart: Double
    /// Actual fade start after quantizing, in output seconds.
    public let fadeStart: Double
    public let fadeEnd: Double
    /// B's track position (seconds) at the fade start.
    public let incomingOffset: Double
    /// Beats of each deck during the fade, in output time.
    public let outgoingBeats: [Double]
    public let incomingBeats: [Double]
    /// Pairs of beats of the two decks 5–60 ms apart during the fade: audible flams.
    public let collisions: [(Double, Double)]
    /// The output time at which the beat clock follows B: its first beat at or after the fade's midpoint.
    public let relockTime: Double?
}

/// Renders two decks through a crossfade.
public enum Crossfader {
    /// Renders the mix; with `window` (output seconds), only that stretch of it (the samples then start at the window's start).
    public static func render(_ a: Deck, _ b: Deck, plan: CrossfadePlan, window: ClosedRange<Double>? = nil) -> CrossfadeResult {
        precondition(a.sampleRate == b.sampleRate, "decks must share a sample rate")
        let rate = Double(a.sampleRate)
        var start = max(0, plan.at)
        if plan.quantize != .none, let clock = a.clock { start = clock.nextBeat(after: start, bar: plan.quantize == .bar) }
        let fadeLength = plan.curve == .hardCut ? 0 : max(0, plan.duration)
        let startFrame = Int((start * rate).rounded())
        let fadeFrames = Int((fadeLength * rate).rounded())
        let gapFrames = Int((plan.gap * rate).rounded())
        let bStartFrame = startFrame + gapFrames
        // B's own position when it enters: from its start, or from the beat nearest its start when phase-aligned.
        var bOffsetFrames = 0
        if plan.phaseAlign, let bc = b.clock {
            bOffsetFrames = Int((bc.time(ofBeat: max(0, bc.beatPosition(at: 0).rounded(.up))) * rate).rounded())
        }
        let total = bStartFrame + fadeFrames + Int((plan.tail * rate).rounded())
        let first = window.map { max(0, min(total, Int(($0.lowerBound * rate).rounded()))) } ?? 0
        let last = window.map { max(first, min(total, Int(($0.upperBound * rate).rounded()))) } ?? total
        var out = [Float](repeating: 0, count: (last - first) * 2)
        out.withUnsafeMutableBufferPointer { o in
            for f in first..<last {
                var l = 0.0, r = 0.0
                if f < startFrame + fadeFrames {
                    let (al, ar) = a.frame(f)
                    var g = a.gain
                    if f >= startFrame { g *= plan.curve.gains(f - startFrame, of: fadeFrames).out }
                    l += Double(al) * g
                    r += Double(ar) * g
                }
                if f >= bStartFrame {
                    let (bl, br) = b.frame(f - bStartFrame + bOffsetFrames)
                    var g = b.gain
                    if f < bStartFrame + fadeFrames { g *= plan.curve.gains(f - bStartFrame, of: fadeFrames).in }
                    l += Double(bl) * g
                    r += Double(br) * g
                }
                o[2 * (f - first)] = Float(l)
                o[2 * (f - first) + 1] = Float(r)
            }
        }
        let fadeStart = Double(startFrame) / rate
        let fadeEnd = Double(bStartFrame + fadeFrames) / rate
        let bOffset = Double(bOffsetFrames) / rate
        let aBeats = a.clock?.beats(from: fadeStart, to: fadeEnd) ?? []
        let bShift = Double(bStartFrame) / rate - bOffset
        let bBeats = b.clock.map { c in c.beats(from: fadeStart - bShift, to: fadeEnd - bShift).map { $0 + bShift } } ?? []
        var collisions: [(Double, Double)] = []
        for x in aBeats {
            for y in bBeats where abs(x - y) >= 0.005 && abs(x - y) <= 0.060 { collisions.append((x, y)) }
        }
        let relock = b.clock.map { c in c.nextBeat(after: (fadeStart + fadeEnd) / 2 - bShift) + bShift }
        return CrossfadeResult(
            samples: out, sampleRate: a.sampleRate, windowStart: Double(first) / rate, fadeStart: fadeStart, fadeEnd: fadeEnd,
            incomingOffset: bOffset,
            outgoingBeats: aBeats, incomingBeats: bBeats, collisions: collisions, relockTime: relock)
    }
}

/// The crossfade as a stream: the mix rendered window by window, so a player hears
/// it at once and a file is written without holding the whole mix in memory.
public final class CrossfadeSource: AudioSource {
    public let a: Deck
    public let b: Deck
    public let plan: CrossfadePlan
    public let frameCount: Int?
    private var position = 0
    public var sampleRate: Int { a.sampleRate }
    public let channels = 2

    public init(_ a: Deck, _ b: Deck, plan: CrossfadePlan) {
        self.a = a
        self.b = b
        self.plan = plan
        let meta = Crossfader.render(a, b, plan: plan, window: 0...0)
        frameCount = Int(((meta.fadeEnd + plan.tail) * Double(a.sampleRate)).rounded())
    }

    public func nextBlock(into buffer: inout [Float]) -> Int {
        let rate = Double(sampleRate)
        let n = min(8192, (frameCount ?? 0) - position)
        guard n > 0 else { return 0 }
        buffer = Crossfader.render(a, b, plan: plan, window: (Double(position) / rate)...(Double(position + n) / rate)).samples
        let got = buffer.count / 2
        position += got
        return got
    }
}
