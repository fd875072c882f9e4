import Foundation

/// The measurements `beatmap crossfade` reports: loudness across the transition
/// for the chosen curve, and for linear and equal-power side by side; beat continuity.
public struct CrossfadeReport: Sendable {
    /// The loudness of the transition rendered with one curve.
    public struct CurveLoudness: Sendable {
        /// The curve.
        public let curve: CrossfadeCurve
        /// EBU R128 loudness every 0.1 s across the transition, at output times in seconds.
        public let points: [LoudnessMeter.Point]
        /// The loudness every 0.1 s of the two tracks traded over this curve's fade without losing power
        /// (`FadeReference`), at the same times as `points`: what the dips are measured against.
        public let reference: [LoudnessMeter.Point]
        /// Momentary (400 ms) dip in dB: the lowest level of the mix against `reference` in a window reaching into the
        /// fade; nil when not measurable.
        public let momentaryDip: Double?
        /// Short-term (3 s) dip in dB, measured the same way; nil when not measurable.
        public let shortTermDip: Double?
        /// The momentary (400 ms) rise in dB: the highest level of the mix against `reference` in those windows (a
        /// swell); nil when not measurable.
        public let momentaryRise: Double?
        /// This curve's own fade, in output seconds (a hard cut's is shorter than the others').
        public let fade: ClosedRange<Double>

        /// Whether the momentary (`shortTerm` false) or short-term loudness reaches silence in the fade: its dip is
        /// then measured down to EBU R128's −70 LUFS gate.
        public func reachesSilence(shortTerm: Bool) -> Bool {
            LoudnessMeter.reachesSilence(
                mix: points, reference: reference, from: fade.lowerBound, to: fade.upperBound, shortTerm: shortTerm)
        }
    }

    /// The fade's times and both decks' beats around it (without samples).
    public let result: CrossfadeResult
    /// The chosen curve first, then linear and equal-power unless one of them is the chosen curve.
    public let curves: [CurveLoudness]
    /// Seconds of silence between the fade's start and B's entry (the plan's gap, in whole frames).
    public let gap: Double
    /// What the mix plays past a track's end (`CrossfadeEnds`): the decks loop, a plain `AVAudioPlayer` does not.
    public let ends: [String]

    /// Renders the transition (±4 s) once per compared curve for the loudness report, reading only that stretch
    /// of each deck (the decks are left positioned inside it).
    public init(a: any DeckSource, b: any DeckSource, plan: CrossfadePlan) throws(InputError) {
        let timeline = CrossfadeTimeline(plan: plan, sampleRate: a.sampleRate, outgoing: a.clock, incoming: b.clock)
        result = timeline.result(samples: [], windowStart: 0, outgoing: a.clock, incoming: b.clock)
        gap = Double(timeline.incomingStart - timeline.fadeStart) / Double(timeline.sampleRate)
        ends = CrossfadeEnds.notes(timeline, outgoing: a.duration, incoming: b.duration)
        var list: [CrossfadePlan] = [plan]
        for c in [CrossfadeCurve.linear, .equalPower] where c != plan.curve {
            var p = plan
            p.curve = c
            list.append(p)
        }
        let window = max(0, result.fadeStart - 4)...(result.fadeEnd + 4)
        var curves: [CurveLoudness] = []
        var references: [Int: [LoudnessMeter.Point]] = [:]
        for p in list {
            let source = CrossfadeSource(a, b, plan: p, window: window)
            let samples = source.renderAll()
            if let failure = source.failure { throw failure }
            let start = Double(source.firstFrame) / Double(source.sampleRate)
            let points = LoudnessMeter.series(samples, sampleRate: source.sampleRate, channels: 2).map {
                LoudnessMeter.Point(time: $0.time + start, momentary: $0.momentary, shortTerm: $0.shortTerm)
            }
            // Each curve's dip is measured over its own fade (a hard cut's is shorter than the others'), against the two
            // tracks traded over that fade without losing power.
            let own = source.timeline
            let key = own.fadeFrames
            let reference: [LoudnessMeter.Point]
            if let known = references[key] {
                reference = known
            } else {
                reference = try FadeReference.loudness(a: a, b: b, timeline: own, frames: source.firstFrame..<source.lastFrame)
                references[key] = reference
            }
            let fade = own.fadeSeconds
            curves.append(
                CurveLoudness(
                    curve: p.curve, points: points, reference: reference,
                    momentaryDip: LoudnessMeter.dip(
                        mix: points, reference: reference, from: fade.lowerBound, to: fade.upperBound, shortTerm: false),
                    shortTermDip: LoudnessMeter.dip(
                        mix: points, reference: reference, from: fade.lowerBound, to: fade.upperBound, shortTerm: true),
                    momentaryRise: LoudnessMeter.rise(
                        mix: points, reference: reference, from: fade.lowerBound, to: fade.upperBound, shortTerm: false),
                    fade: fade))
        }
        self.curves = curves
    }

    /// The report for two decks in memory.
    public init(a: Deck, b: Deck, plan: CrossfadePlan) {
        // Decks in memory never fail to read.
        self = try! CrossfadeReport(a: MemoryDeck(a), b: MemoryDeck(b), plan: plan)
    }

    /// The report as plain text: fade times, the loudness dips per curve in dB, the beat clock's relock and flams.
    public var text: String {
        var out = transition + String(format: "; B plays from its own %.3f s\n", result.incomingOffset)
        for note in ends { out += "note: \(note)\n" }
        out += "loudness dip across the transition (EBU R128, libebur128): the mix's lowest level against both tracks\n"
        out += "played unfaded, A's power falling and B's rising linearly across the fade (0 dB: no dip)\n"
        out += "  curve          momentary (400 ms)   short-term (3 s)\n"
        var silent = false
        for c in curves {
            func f(_ v: Double?, _ shortTerm: Bool) -> String {
                guard let v else { return "     n/a   " }
                let floor = c.reachesSilence(shortTerm: shortTerm)
                silent = silent || floor
                // A dip that rounds to 0 is +0.00, never −0.00 (a hard cut measures a hair under 0).
                return String(format: "%+8.2f dB", (v * 100).rounded() == 0 ? 0 : v) + (floor ? "*" : " ")
            }
            let line =
                "  \(c.curve.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0))  \(f(c.momentaryDip, false))         \(f(c.shortTermDip, true))"
            out += String(line.reversed().drop { $0 == " " }.reversed()) + "\n"
        }
        if silent {
            out += "  * down to silence: EBU R128 gates loudness under −70 LUFS, so the dip is measured to that floor\n"
        }
        for c in curves {
            guard let rise = c.momentaryRise, rise >= 0.5 else { continue }
            out += String(
                format: "  %@ rises %+.2f dB above both tracks (momentary): they add in phase, as a track into itself\n", c.curve.rawValue,
                rise)
        }
        if curves.contains(where: { $0.momentaryDip == nil || $0.shortTermDip == nil }) {
            out += "  n/a: both tracks are silent across the fade: no level to dip from\n"
        }
        if let relock = result.relockTime {
            out += String(format: "beat clock: follows the incoming track from its beat at %.3f s\n", relock)
        }
        if !result.outgoingBeats.isEmpty || !result.incomingBeats.isEmpty {
            out += "beats during the fade: \(result.outgoingBeats.count) outgoing, \(result.incomingBeats.count) incoming"
            out +=
                result.collisions.isEmpty
                ? ", no flams\n"
                : ", \(result.collisions.count) flam\(result.collisions.count == 1 ? "" : "s") (beats 5–60 ms apart): "
                    + result.collisions.prefix(6).map { String(format: "%.3f/%.3f s", $0.0, $0.1) }.joined(separator: ", ") + "\n"
        }
        return out
    }

    /// What the transition does, in output seconds: a fade's span (and B's entry after a gap), or a hard cut's instant
    /// and the silence after it (a hard cut has no fade to span).
    public var transition: String {
        let r = result
        if curves.first?.curve == .hardCut {
            let cut = String(format: "hard cut at %.3f s", r.fadeStart)
            return gap > 0.0005 ? cut + String(format: ", B at %.3f s after %.3f s of silence", r.fadeStart + gap, gap) : cut
        }
        let fade = String(format: "fade %.3f–%.3f s", r.fadeStart, r.fadeEnd)
        return gap > 0.0005 ? fade + String(format: " (B enters at %.3f s)", r.fadeStart + gap) : fade
    }

    /// The report as indented JSON: fade times and beats in seconds, flams, and each curve's dips in dB.
    public var json: String {
        let root = JSONObject([
            "fade_start": .real(result.fadeStart), "fade_end": .real(result.fadeEnd), "incoming_offset": .real(result.incomingOffset),
            "relock_time": result.relockTime.map { .real($0) } ?? .null,
            "outgoing_beats": .array(result.outgoingBeats.map { .real($0) }),
            "incoming_beats": .array(result.incomingBeats.map { .real($0) }),
            "collisions": .array(result.collisions.map { .array([.real($0.0), .real($0.1)]) }),
            "curves": .array(
                curves.map { c in
                    .object(
                        JSONObject([
                            "curve": .string(c.curve.rawValue), "momentary_dip_db": c.momentaryDip.map { .real($0) } ?? .null,
                            "short_term_dip_db": c.shortTermDip.map { .real($0) } ?? .null,
                            "momentary_rise_db": c.momentaryRise.map { .real($0) } ?? .null,
                            "momentary_to_silence": .bool(c.reachesSilence(shortTerm: false)),
                            "short_term_to_silence": .bool(c.reachesSilence(shortTerm: true)),
                        ]))
                }),
        ])
        return JSONWriter(indent: "  ").string(from: .object(root))
    }

    /// An SVG chart of each curve's loudness over the transition (momentary 400 ms solid, short-term 3 s dashed, each
    /// drawn only once its window is full of the rendered stretch), with the fade shaded, each curve's dips in the
    /// legend, both decks' beats when there are any, and below it the gains each curve applies to the two decks.
    /// A curve has the same colour in every chart.
    public var svg: String {
        let r = result
        let first = curves.first?.points.first?.time ?? r.fadeStart
        let shown = first...(curves.first?.points.last?.time ?? r.fadeEnd)
        let left = 60.0, width = 900.0
        let hasBeats = !r.outgoingBeats.isEmpty || !r.incomingBeats.isEmpty
        var svg = SVGDocument(width: left + width + 30, height: 640)
        svg.text(
            "Crossfade, \(transition): loudness and gains by curve", x: left, y: 22, size: 15,
            weight: "bold")
        // A window that reaches before the rendered stretch measures silence, not the mix: left out.
        func momentary(_ c: CurveLoudness) -> [LoudnessMeter.Point] {
            c.points.filter { $0.momentary.isFinite && $0.time >= first + 0.4 - 1e-9 }
        }
        func shortTerm(_ c: CurveLoudness) -> [LoudnessMeter.Point] {
            c.points.filter { $0.shortTerm.isFinite && $0.time >= first + 3 - 1e-9 }
        }
        let all = curves.flatMap { momentary($0).map(\.momentary) + shortTerm($0).map(\.shortTerm) }
        let lo = ((all.min() ?? -40) - 3).rounded(.down), hi = ((all.max() ?? 0) + 2).rounded(.up)
        let panel = PlotPanel(x: left, y: 60, width: width, height: 300, xRange: shown, yRange: lo...hi)
        panel.drawAxes(&svg, title: "Loudness, LUFS (solid: momentary 400 ms; dashed: short-term 3 s)", xLabel: "seconds")
        shadeFade(&svg, panel)
        var legend: [(String, String)] = []
        for c in curves {
            let color = Self.color(of: c.curve)
            func db(_ v: Double?) -> String { v.map { String(format: "%+.1f dB", $0) } ?? "n/a" }
            legend.append(("\(c.curve.rawValue): dip \(db(c.momentaryDip)) momentary, \(db(c.shortTermDip)) short-term", color))
            svg.polyline(momentary(c).map { (panel.px($0.time), panel.py($0.momentary)) }, stroke: color, width: 2)
            svg.polyline(shortTerm(c).map { (panel.px($0.time), panel.py($0.shortTerm)) }, stroke: color, width: 1.5, dash: "7 4")
        }
        for t in r.outgoingBeats {
            svg.line(
                x1: panel.px(t), y1: panel.y + panel.height - 12, x2: panel.px(t), y2: panel.y + panel.height, stroke: "#8e44ad", width: 2)
        }
        for t in r.incomingBeats {
            svg.line(
                x1: panel.px(t), y1: panel.y + panel.height - 24, x2: panel.px(t), y2: panel.y + panel.height - 12, stroke: "#d35400",
                width: 2)
        }
        let gains = PlotPanel(x: left, y: 420, width: width, height: 140, xRange: shown, yRange: 0...1)
        gains.drawAxes(&svg, title: "Gain (solid: outgoing deck; dashed: incoming deck)", xLabel: "seconds", yTicks: [0, 0.5, 1])
        shadeFade(&svg, gains)
        for c in curves {
            let color = Self.color(of: c.curve)
            let steps = 200
            var outgoing: [(Double, Double)] = [(gains.px(shown.lowerBound), gains.py(1))]
            var incoming: [(Double, Double)] = [(gains.px(shown.lowerBound), gains.py(0))]
            for i in 0...steps {
                let t = c.fade.lowerBound + (c.fade.upperBound - c.fade.lowerBound) * Double(i) / Double(steps)
                let g = c.curve.gains(min(i, steps - 1), of: steps)
                outgoing.append((gains.px(t), gains.py(i == steps ? 0 : g.out)))
                incoming.append((gains.px(t), gains.py(i == steps ? 1 : g.in)))
            }
            outgoing.append((gains.px(shown.upperBound), gains.py(0)))
            incoming.append((gains.px(shown.upperBound), gains.py(1)))
            svg.polyline(outgoing, stroke: color, width: 2)
            svg.polyline(incoming, stroke: color, width: 1.5, dash: "7 4")
        }
        var y = 600.0
        for row in stride(from: 0, to: legend.count, by: 2) {
            PlotPanel.legend(&svg, x: left, y: y, items: Array(legend[row..<min(legend.count, row + 2)]))
            y += 16
        }
        PlotPanel.legend(
            &svg, x: left, y: y,
            items: [("fade", "#f5cba7")] + (hasBeats ? [("outgoing beats", "#8e44ad"), ("incoming beats", "#d35400")] : []))
        return svg.text
    }

    /// The fade, shaded over a panel's grid.
    private func shadeFade(_ svg: inout SVGDocument, _ panel: PlotPanel) {
        let x0 = max(panel.x, panel.px(result.fadeStart)), x1 = min(panel.x + panel.width, panel.px(result.fadeEnd))
        svg.rect(x: x0, y: panel.y, width: max(1, x1 - x0), height: panel.height, fill: "#f5cba7", opacity: 0.35)
    }

    /// One colour per curve, the same in every chart.
    static func color(of curve: CrossfadeCurve) -> String {
        switch curve {
        case .linear, .tri: return "#2e86de"
        case .equalPower, .qsin: return "#27ae60"
        case .sCurve, .hsin: return "#e74c3c"
        case .hardCut: return "#34495e"
        default: return "#b7950b"
        }
    }
}
