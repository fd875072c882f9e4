import Foundation

/// A crossfade as the audition page plays it: the same mix `beatmap crossfade` writes, rendered only over the stretch
/// around the transition (from `lead` seconds before the fade to `follow` seconds after it), which the page loops. Every
/// curve of one plan covers the same output frames, so the page can switch curves while the loop plays and hear the
/// same samples of the tracks through another fade. Each request opens its own decks: memory is that stretch, whatever
/// the tracks' length.
public struct CrossfadeAudition: Sendable {
    /// Seconds of the mix before the fade starts.
    public static let lead = 4.0
    /// Seconds of the mix after the fade ends.
    public static let follow = 4.0
    /// The longest fade, and the longest gap, the page takes, in seconds.
    public static let maxSeconds = 10.0
    /// The curves the page compares, in the order it shows them (the plan's own is added when it is another).
    public static let compared: [CrossfadeCurve] = [.linear, .equalPower, .sCurve, .hardCut]

    /// The two tracks and the mix's rate.
    public let inputs: CrossfadeInputs

    /// An audition of the tracks in `inputs`.
    public init(inputs: CrossfadeInputs) { self.inputs = inputs }

    /// `plan` with a tail that renders the whole stretch for every curve (a hard cut's mix is otherwise shorter).
    public static func looped(_ plan: CrossfadePlan) -> CrossfadePlan {
        var p = plan
        p.tail = max(0, plan.duration) + follow + 1
        return p
    }

    /// The output frames the page loops for `plan`: the same for every curve.
    public func frames(of plan: CrossfadePlan) -> Range<Int> {
        let t = CrossfadeTimeline(plan: Self.looped(plan), sampleRate: inputs.sampleRate, outgoing: clock(.a), incoming: clock(.b))
        let rate = Double(inputs.sampleRate)
        let start = max(0, t.fadeStart - Int((Self.lead * rate).rounded()))
        let end = t.incomingStart + Int((max(0, plan.duration) * rate).rounded()) + Int((Self.follow * rate).rounded())
        return start..<end
    }

    /// The mix of `plan` over `frames(of:)`, interleaved stereo at `inputs.sampleRate`: sample for sample what
    /// `beatmap crossfade` writes at those frames. Throws `InputError` when a track cannot be read.
    public func mix(_ plan: CrossfadePlan) throws(InputError) -> [Float] {
        let (a, b) = try inputs.open()
        let range = frames(of: plan)
        let rate = Double(inputs.sampleRate)
        let source = CrossfadeSource(
            a, b, plan: Self.looped(plan), window: (Double(range.lowerBound) / rate)...(Double(range.upperBound) / rate))
        let samples = source.renderAll()
        if let failure = source.failure { throw failure }
        return samples
    }

    /// The mix of `plan` as a 32-bit float WAV file (the format `beatmap crossfade -o x.wav` writes).
    public func wav(_ plan: CrossfadePlan) throws(InputError) -> [UInt8] {
        FloatWAV.bytes(try mix(plan), sampleRate: inputs.sampleRate, channels: 2)
    }

    /// What the page draws for `plan`, `width` points across the stretch: both tracks' waveforms, beats and flams,
    /// and for each compared curve its gains, its momentary loudness and its dips.
    public func view(_ plan: CrossfadePlan, width: Int) throws(InputError) -> CrossfadeAuditionView {
        let range = frames(of: plan)
        let rate = Double(inputs.sampleRate)
        let a = clock(.a), b = clock(.b)
        let timeline = CrossfadeTimeline(plan: Self.looped(plan), sampleRate: inputs.sampleRate, outgoing: a, incoming: b)
        let start = Double(range.lowerBound) / rate, end = Double(range.upperBound) / rate
        let incomingStart = Double(timeline.incomingStart) / rate
        let shift = incomingStart - Double(timeline.incomingOffset) / rate
        let durationFrames = Int((max(0, plan.duration) * rate).rounded())
        let outgoingEnd = Double(timeline.fadeStart + durationFrames) / rate
        let aBeats = a?.beats(from: start, to: min(end, outgoingEnd)) ?? []
        let bBeats = b.map { c in c.beats(from: max(start, incomingStart) - shift, to: end - shift).map { $0 + shift } } ?? []
        let flams = CrossfadeTimeline.flams(aBeats, bBeats).map { [$0.0, $0.1] }
        let points = max(2, min(width, 4000))
        let (da, db) = try inputs.open()
        let ends = CrossfadeEnds.notes(timeline, outgoing: da.duration, incoming: db.duration)
        let peaks = try waveforms(timeline: timeline, frames: range, outgoingEnd: timeline.fadeStart + durationFrames, width: points)
        var curves = Self.compared
        if !curves.contains(plan.curve) { curves.append(plan.curve) }
        var shown: [CrossfadeAuditionView.Curve] = []
        var references: [Int: [LoudnessMeter.Point]] = [:]
        for curve in curves {
            var p = plan
            p.curve = curve
            shown.append(try measure(p, frames: range, width: points, references: &references))
        }
        return CrossfadeAuditionView(
            sampleRate: inputs.sampleRate, windowStart: start, windowEnd: end, fadeStart: Double(timeline.fadeStart) / rate,
            fadeEnd: Double(timeline.incomingStart + durationFrames) / rate, incomingStart: incomingStart,
            incomingOffset: Double(timeline.incomingOffset) / rate, outgoingBeats: aBeats, incomingBeats: bBeats, flams: flams,
            outgoingPeaks: peaks.outgoing, incomingPeaks: peaks.incoming, curve: plan.curve.rawValue, curves: shown, ends: ends)
    }

    /// One curve of the view: its fade, gains, loudness and dips, measured on its own mix of the stretch against the
    /// two tracks traded over its fade (`FadeReference`, kept in `references` by fade length: every curve but a hard cut
    /// shares one).
    private func measure(
        _ plan: CrossfadePlan, frames range: Range<Int>, width: Int, references: inout [Int: [LoudnessMeter.Point]]
    ) throws(InputError) -> CrossfadeAuditionView.Curve {
        let rate = Double(inputs.sampleRate)
        let t = CrossfadeTimeline(plan: Self.looped(plan), sampleRate: inputs.sampleRate, outgoing: clock(.a), incoming: clock(.b))
        let start = Double(range.lowerBound) / rate
        let points = LoudnessMeter.series(try mix(plan), sampleRate: inputs.sampleRate, channels: 2).map {
            LoudnessMeter.Point(time: $0.time + start, momentary: $0.momentary, shortTerm: $0.shortTerm)
        }
        let reference: [LoudnessMeter.Point]
        if let known = references[t.fadeFrames] {
            reference = known
        } else {
            let (a, b) = try inputs.open()
            reference = try FadeReference.loudness(a: a, b: b, timeline: t, frames: range)
            references[t.fadeFrames] = reference
        }
        let fadeStart = t.fadeSeconds.lowerBound, fadeEnd = t.fadeSeconds.upperBound
        var outgoing: [Double] = [], incoming: [Double] = []
        for i in 0..<width {
            let f = range.lowerBound + Int((Double(range.count) * Double(i) / Double(width - 1)).rounded())
            let g = plan.curve.gains(f - t.fadeStart, of: t.fadeFrames)
            outgoing.append(f < t.fadeStart ? 1 : f >= t.outgoingEnd ? 0 : g.out)
            let h = plan.curve.gains(f - t.incomingStart, of: t.fadeFrames)
            incoming.append(f < t.incomingStart ? 0 : f >= t.incomingStart + t.fadeFrames ? 1 : h.in)
        }
        // A momentary value is the mix's only once its 400 ms window lies inside the stretch.
        func shown(_ points: [LoudnessMeter.Point]) -> [[Double]] {
            points.filter { $0.momentary.isFinite && $0.time >= start + 0.4 - 1e-9 }.map { [$0.time, $0.momentary] }
        }
        return CrossfadeAuditionView.Curve(
            curve: plan.curve.rawValue, fadeStart: fadeStart, fadeEnd: max(fadeStart, fadeEnd),
            momentaryDip: LoudnessMeter.dip(mix: points, reference: reference, from: fadeStart, to: fadeEnd, shortTerm: false),
            shortTermDip: LoudnessMeter.dip(mix: points, reference: reference, from: fadeStart, to: fadeEnd, shortTerm: true),
            momentaryRise: LoudnessMeter.rise(mix: points, reference: reference, from: fadeStart, to: fadeEnd, shortTerm: false),
            momentaryToSilence: LoudnessMeter.reachesSilence(
                mix: points, reference: reference, from: fadeStart, to: fadeEnd, shortTerm: false),
            shortTermToSilence: LoudnessMeter.reachesSilence(
                mix: points, reference: reference, from: fadeStart, to: fadeEnd, shortTerm: true),
            loudness: shown(points), reference: shown(reference),
            outgoingGain: outgoing, incomingGain: incoming, swift: CrossfadeCode.swift(plan, timeline: t), command: nil)
    }

    /// Each track's peak level in `width` bins across the stretch, where it sounds in the mix (A until the longest fade
    /// ends, B from its entry), before any fade gain.
    private func waveforms(timeline t: CrossfadeTimeline, frames range: Range<Int>, outgoingEnd: Int, width: Int) throws(InputError) -> (
        outgoing: [Float], incoming: [Float]
    ) {
        let (a, b) = try inputs.open()
        func peaks(_ deck: FileDeck, from first: Int, to last: Int, trackFrame: Int) throws(InputError) -> [Float] {
            var bins = [Float](repeating: 0, count: width)
            guard last > first else { return bins }
            try deck.seek(toFrame: trackFrame)
            var block = [Float](repeating: 0, count: 2 * 4096)
            var f = first
            while f < last {
                let n = min(4096, last - f)
                try block.withUnsafeMutableBufferPointer { p throws(InputError) in try deck.read(into: p.baseAddress!, count: n) }
                for i in 0..<n {
                    let bin = min(width - 1, (f + i - range.lowerBound) * width / max(1, range.count))
                    bins[bin] = max(bins[bin], abs(block[2 * i]), abs(block[2 * i + 1]))
                }
                f += n
            }
            return bins
        }
        let aEnd = min(range.upperBound, outgoingEnd)
        let bFirst = max(range.lowerBound, t.incomingStart)
        return (
            try peaks(a, from: range.lowerBound, to: aEnd, trackFrame: range.lowerBound),
            try peaks(b, from: bFirst, to: range.upperBound, trackFrame: t.incomingOffset + bFirst - t.incomingStart)
        )
    }

    private enum Side { case a, b }

    private func clock(_ side: Side) -> BeatClock? {
        switch side {
        case .a: return inputs.outgoingTempo.map(BeatClock.init(tempo:))
        case .b: return inputs.incomingTempo.map(BeatClock.init(tempo:))
        }
    }
}

/// What the audition page draws and offers for one plan: times in output seconds (deck A starts at 0).
public struct CrossfadeAuditionView: Encodable, Sendable {
    /// One curve at the plan's transition.
    public struct Curve: Encodable, Sendable {
        /// The curve's name, as the command line takes it.
        public let curve: String
        /// Its fade, in output seconds (a hard cut's is a point).
        public let fadeStart: Double
        /// The end of its fade.
        public let fadeEnd: Double
        /// The momentary (400 ms) loudness dip across the fade in dB (EBU R128): the mix's lowest level against
        /// `reference`; nil when not measurable.
        public let momentaryDip: Double?
        /// The short-term (3 s) dip, measured the same way; nil when not measurable.
        public let shortTermDip: Double?
        /// The momentary rise in dB: the mix's highest level against `reference` (a swell); nil when not measurable.
        public let momentaryRise: Double?
        /// Whether the momentary dip reaches silence: it is then measured down to the −70 LUFS gate.
        public let momentaryToSilence: Bool
        /// Whether the short-term dip reaches silence.
        public let shortTermToSilence: Bool
        /// Momentary loudness every 0.1 s as [seconds, LUFS], silence left out.
        public let loudness: [[Double]]
        /// The momentary loudness the dips are measured against, the same way: both tracks unfaded, A's power falling and
        /// B's rising linearly across this curve's fade (`FadeReference`).
        public let reference: [[Double]]
        /// The gain on deck A at each of the view's points, evenly spaced across the stretch.
        public let outgoingGain: [Double]
        /// The gain on deck B at the same points.
        public let incomingGain: [Double]
        /// The transition with this curve as the game's Swift code (`AVAudioPlayer`).
        public let swift: String
        /// The `beatmap crossfade` command that writes this curve's mix (the stretch and what follows), set by the tools
        /// (`CrossfadeCommand`); nil from the library.
        public var command: String?
    }

    /// The mix's rate in Hz.
    public let sampleRate: Int
    /// The looped stretch: its first output second.
    public let windowStart: Double
    /// The end of the looped stretch.
    public let windowEnd: Double
    /// Where the fade starts (after quantizing to A's beats or bars).
    public let fadeStart: Double
    /// Where a fade of the plan's length ends.
    public let fadeEnd: Double
    /// Where B starts sounding (the fade start plus any gap).
    public let incomingStart: Double
    /// B's own time at its entry.
    public let incomingOffset: Double
    /// A's beats in the stretch while it sounds.
    public let outgoingBeats: [Double]
    /// B's beats in the stretch once it sounds.
    public let incomingBeats: [Double]
    /// Pairs of A and B beats 5–60 ms apart: audible flams.
    public let flams: [[Double]]
    /// A's peak level per point across the stretch (0 where it does not sound).
    public let outgoingPeaks: [Float]
    /// B's peak level per point across the stretch.
    public let incomingPeaks: [Float]
    /// The plan's curve.
    public let curve: String
    /// The compared curves: linear, equal power, S-curve, hard cut and the plan's own.
    public var curves: [Curve]
    /// What the mix plays past a track's end (`CrossfadeEnds`): the decks loop, a plain `AVAudioPlayer` does not.
    public let ends: [String]
}
