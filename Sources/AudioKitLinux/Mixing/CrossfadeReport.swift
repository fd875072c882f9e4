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
        /// Momentary (400 ms) dip in dB: the lowest level in the fade minus the level around it; nil when not measurable.
        public let momentaryDip: Double?
        /// Short-term (3 s) dip in dB, measured the same way; nil when not measurable.
        public let shortTermDip: Double?
    }

    /// The fade's times and both decks' beats around it (without samples).
    public let result: CrossfadeResult
    /// The chosen curve first, then linear and equal-power unless one of them is the chosen curve.
    public let curves: [CurveLoudness]

    /// Renders the transition (±4 s) once per compared curve for the loudness report, reading only that stretch
    /// of each deck (the decks are left positioned inside it).
    public init(a: any DeckSource, b: any DeckSource, plan: CrossfadePlan) throws(InputError) {
        let timeline = CrossfadeTimeline(plan: plan, sampleRate: a.sampleRate, outgoing: a.clock, incoming: b.clock)
        result = timeline.result(samples: [], windowStart: 0, outgoing: a.clock, incoming: b.clock)
        var list: [CrossfadePlan] = [plan]
        for c in [CrossfadeCurve.linear, .equalPower] where c != plan.curve {
            var p = plan
            p.curve = c
            list.append(p)
        }
        let window = max(0, result.fadeStart - 4)...(result.fadeEnd + 4)
        var curves: [CurveLoudness] = []
        for p in list {
            let source = CrossfadeSource(a, b, plan: p, window: window)
            let samples = source.renderAll()
            if let failure = source.failure { throw failure }
            let start = Double(source.firstFrame) / Double(source.sampleRate)
            let points = LoudnessMeter.series(samples, sampleRate: source.sampleRate, channels: 2).map {
                LoudnessMeter.Point(time: $0.time + start, momentary: $0.momentary, shortTerm: $0.shortTerm)
            }
            // Each curve's dip is measured over its own fade (a hard cut's is shorter than the others').
            let own = CrossfadeTimeline(plan: p, sampleRate: a.sampleRate, outgoing: a.clock, incoming: b.clock)
                .result(samples: [], windowStart: 0, outgoing: nil, incoming: nil)
            curves.append(
                CurveLoudness(
                    curve: p.curve, points: points,
                    momentaryDip: LoudnessMeter.dip(points, from: own.fadeStart, to: own.fadeEnd, shortTerm: false),
                    shortTermDip: LoudnessMeter.dip(points, from: own.fadeStart, to: own.fadeEnd, shortTerm: true)))
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
        var out = String(
            format: "fade %.3f–%.3f s; the incoming track enters at its %.3f s\n", result.fadeStart, result.fadeEnd, result.incomingOffset)
        out += "loudness dip across the transition (EBU R128, libebur128):\n"
        out += "  curve          momentary (400 ms)   short-term (3 s)\n"
        for c in curves {
            func f(_ v: Double?) -> String { v.map { String(format: "%+8.2f dB", $0) } ?? "     n/a" }
            out +=
                "  \(c.curve.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0))  \(f(c.momentaryDip))          \(f(c.shortTermDip))\n"
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
                        ]))
                }),
        ])
        return JSONWriter(indent: "  ").string(from: .object(root))
    }

    /// An SVG chart of each curve's momentary and short-term loudness in LUFS over the transition, with the fade
    /// shaded and both decks' beats marked.
    public var svg: String {
        let r = result
        let total = Double(r.samples.count / 2) / Double(r.sampleRate)
        let shown = (curves.first?.points.first?.time ?? 0)...(curves.first?.points.last?.time ?? total)
        let left = 60.0, width = 900.0
        var svg = SVGDocument(width: left + width + 30, height: 420)
        svg.text(
            String(format: "Crossfade %.3f–%.3f s: loudness by curve", r.fadeStart, r.fadeEnd), x: left, y: 22, size: 15, weight: "bold")
        let all = curves.flatMap { $0.points.map(\.momentary) }.filter(\.isFinite)
        let lo = ((all.min() ?? -40) - 3).rounded(.down), hi = ((all.max() ?? 0) + 2).rounded(.up)
        let panel = PlotPanel(x: left, y: 60, width: width, height: 300, xRange: shown, yRange: lo...hi)
        svg.rect(
            x: panel.px(r.fadeStart), y: panel.y, width: max(1, panel.px(r.fadeEnd) - panel.px(r.fadeStart)), height: panel.height,
            fill: "#f9e79f", opacity: 0.5)
        panel.drawAxes(&svg, title: "LUFS (solid: momentary 400 ms, dashed: short-term 3 s)", xLabel: "seconds")
        let colors = ["#e74c3c", "#2e86de", "#27ae60"]
        var legend: [(String, String)] = []
        for (i, c) in curves.enumerated() {
            let color = colors[i % colors.count]
            legend.append((c.curve.rawValue, color))
            svg.polyline(
                c.points.filter { $0.momentary.isFinite }.map { (panel.px($0.time), panel.py($0.momentary)) }, stroke: color, width: 2)
            svg.polyline(
                c.points.filter { $0.shortTerm.isFinite }.map { (panel.px($0.time), panel.py($0.shortTerm)) }, stroke: color, width: 1)
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
        PlotPanel.legend(&svg, x: left, y: 410, items: legend + [("outgoing beats", "#8e44ad"), ("incoming beats", "#d35400")])
        return svg.text
    }
}
