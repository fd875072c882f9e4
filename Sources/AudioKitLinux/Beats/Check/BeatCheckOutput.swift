import Foundation

/// JSON and SVG renderings of a beat check.
public enum BeatCheckOutput {
    /// The check as indented JSON: per-beat evidence (errors in ms), offset, drift, both tempos in BPM, the decoder
    /// delay and the findings.
    public static func json(_ r: BeatCheckReport, map: BeatMap, audio: String) -> String {
        func ms(_ v: Double?) -> JSONValue { v.map { .real(($0 * 1e4).rounded() / 10) } ?? .null }
        func plays(_ n: Int?) -> JSONValue { n.map { .integer(Int64($0)) } ?? .null }
        let beats: [JSONValue] = r.beats.map { b in
            .object(
                JSONObject([
                    "index": .integer(Int64(b.index)), "time": .real(b.time),
                    "audio_time": b.audioTime.map { .real(($0 * 1e6).rounded() / 1e6) } ?? .null,
                    "error_ms": ms(b.error), "strength": .real((b.strength * 1000).rounded() / 1000), "flagged": .bool(b.flagged),
                    "suggestion": b.suggestion.map { .real(($0 * 1e6).rounded() / 1e6) } ?? .null,
                    "subdivision": b.level.map { .string(Subdivision.name($0)) } ?? .null,
                    "off_grid_ms": ms(b.offGrid),
                    "unused_subdivision": b.unusedSubdivision.map { .string(Subdivision.name($0)) } ?? .null,
                    "on_snapped_grid": .bool(b.onSnappedGrid),
                    "stretch_shift_ms": ms(b.stretchShift), "figure_plays": plays(b.figurePlays),
                    "waits_for": b.waitsFor.map { .real(($0 * 1e6).rounded() / 1e6) } ?? .null,
                ]))
        }
        let root = JSONObject([
            "map": .string(map.file ?? ""), "audio": .string(audio),
            "audio_duration": .real(r.onset.audio.duration),
            "beats_checked": .integer(Int64(r.checkedCount)), "beats_flagged": .integer(Int64(r.flaggedCount)),
            "offset_ms": ms(r.offset), "drift": r.drift.map { .real($0) } ?? .null,
            "map_bpm": r.mapBPM.map { .real($0) } ?? .null, "audio_bpm": r.audioBPM.map { .real($0) } ?? .null,
            "decoder_delay_ms": ms(r.decoderDelay),
            "tempo_map": r.tempoMap.map { TempoMapOutput.json($0, source: r.tempoSource ?? "") } ?? .null,
            "stretches": .array(
                r.stretches.map { st in
                    .object(
                        JSONObject([
                            "first_index": .integer(Int64(st.firstIndex)), "last_index": .integer(Int64(st.lastIndex)),
                            "start": .real(st.start), "end": .real(st.end), "hits": .integer(Int64(st.count)),
                            "shift_ms": ms(st.shift), "supported_as_written": .integer(Int64(st.supportedAsWritten)),
                            "supported_shifted": .integer(Int64(st.supportedShifted)),
                            "events": .array(st.events.map { .string($0) }),
                        ]))
                }),
            "tempo_octave": r.octave.map { o in
                .object(
                    JSONObject([
                        "midpoint_ratio": .real((o.midpointRatio * 1000).rounded() / 1000),
                        "midpoint_share": .real((o.midpointShare * 1000).rounded() / 1000),
                        "alternation_ratio": .real((o.alternationRatio * 1000).rounded() / 1000), "gaps": .integer(Int64(o.gaps)),
                        "bpm": .real((o.bpm * 1000).rounded() / 1000),
                        "verdict": o.verdict.map { .string($0 == .half ? "half" : "double") } ?? .null,
                        "subject": .string(o.subject),
                        "track_reading_bpm": o.chart.map { .real(($0.reading * 1000).rounded() / 1000) } ?? .null,
                        "hits_on_lines": o.chart.map {
                            .object(
                                JSONObject([
                                    "beats": .integer(Int64($0.beats)), "halves": .integer(Int64($0.halves)),
                                    "quarters": .integer(Int64($0.quarters)),
                                ]))
                        } ?? .null,
                    ]))
            } ?? .null,
            "grid_phase": .array(
                r.gridPhases.map { g in
                    .object(
                        JSONObject([
                            "section": .integer(Int64(g.section)), "start": .real(g.start), "bpm": .real(g.bpm),
                            "track_bpm": .real((g.trackBPM * 1000).rounded() / 1000),
                            "midpoint_ratio": .real((g.evidence.midpointRatio * 1000).rounded() / 1000),
                            "midpoint_share": .real((g.evidence.midpointShare * 1000).rounded() / 1000),
                            "gaps": .integer(Int64(g.evidence.gaps)),
                        ]))
                }),
            "beats": .array(beats),
            "diagnostics": .array(r.diagnostics.map(JSONReporter.value)),
        ])
        return JSONWriter(indent: "  ").string(from: .object(root))
    }

    /// Onset strength with the beat map over it; misaligned beats in red, with arrows to their onsets.
    public static func svg(_ r: BeatCheckReport, map: BeatMap, title: String) -> String {
        let duration = max(r.onset.audio.duration, (map.times.filter(\.isFinite).max() ?? 0) + 0.1)
        let left = 60.0, width = 1100.0, height = 200.0
        var svg = SVGDocument(width: left + width + 30, height: height + 120)
        svg.text(title, x: left, y: 22, size: 15, weight: "bold")
        svg.text(
            String(
                format: "%d beats, %d flagged, offset %@, %@", map.count, r.flaggedCount,
                r.offset.map { String(format: "%+.0f ms", $0 * 1000) } ?? "n/a",
                r.audioBPM.map { String(format: "track %.2f BPM", $0) } ?? ""), x: left, y: 40, size: 11, fill: "#555")
        PlotPanel.legend(
            &svg, x: left + 600, y: 40,
            items: [("onset strength", "#2e86de"), ("beat", "#27ae60"), ("misaligned beat", "#e74c3c"), ("matched onset", "#8e44ad")])
        let v = r.onset.values.map(Double.init)
        let top = max(v.max() ?? 1, 1e-9)
        let panel = PlotPanel(x: left, y: 60, width: width, height: height, xRange: 0...duration, yRange: 0...1)
        panel.drawAxes(&svg, title: "", xLabel: "seconds", yTicks: [0, 0.5, 1])
        let columns = Int(width)
        var points: [(Double, Double)] = [(panel.px(0), panel.py(0))]
        for c in 0..<columns {
            let a = c * v.count / columns, b = max(a + 1, (c + 1) * v.count / columns)
            let m = v[a..<min(b, v.count)].max() ?? 0
            points.append((panel.px(r.onset.time(ofFrame: Double(a))), panel.py(m / top)))
        }
        points.append((panel.px(duration), panel.py(0)))
        svg.polygon(points, fill: "#2e86de", opacity: 0.5)
        let flagged = Set(r.beats.filter(\.flagged).map(\.index))
        for (i, t) in map.times.enumerated() where t.isFinite {
            let color = flagged.contains(i) ? "#e74c3c" : "#27ae60"
            svg.line(
                x1: panel.px(t), y1: panel.y, x2: panel.px(t), y2: panel.y + height, stroke: color, width: flagged.contains(i) ? 2 : 1,
                dash: flagged.contains(i) ? nil : "3,3")
        }
        for b in r.beats where b.flagged {
            if let a = b.audioTime {
                svg.line(x1: panel.px(b.time), y1: panel.y + 12, x2: panel.px(a), y2: panel.y + 12, stroke: "#8e44ad", width: 2)
                svg.circle(x: panel.px(a), y: panel.y + 12, r: 3, fill: "#8e44ad")
            }
            svg.text("\(RuleText.ordinal(b.index))", x: panel.px(b.time), y: panel.y - 3, size: 9, anchor: "middle", fill: "#e74c3c")
        }
        return svg.text
    }
}
