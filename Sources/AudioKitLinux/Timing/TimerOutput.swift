import Foundation

/// Text, JSON, SVG and CSV renderings of the timer model (its pulses as data; the haptics library turns them into a pattern).
public enum TimerOutput {
    /// Seconds between the rows of the drift table and the JSON.
    public static let rowInterval = 30.0
    /// The beat-pulse export covers this many beats (two bars of 4/4).
    public static let pulseBeats = 8.0

    /// The drift table, a row every `step` seconds, marking when the drift leaves the hit window.
    public static func table(_ reports: [TimerDriftReport], every step: Double = rowInterval, hitWindow: Double) -> String {
        var out = ""
        for r in reports {
            out += String(
                format: "%.0f BPM at %.0f fps: beat %.4f s, naive timer beat %.4f s\n", r.bpm, r.framesPerSecond, 60 / r.bpm,
                ceil(60 / r.bpm * r.framesPerSecond - 1e-9) / r.framesPerSecond)
            out += "  time      beat   locked (s)   naive (s)   drift (ms)\n"
            for row in r.checkpoints(every: step) {
                out += String(
                    format: "  %6.1f  %6d  %11.4f  %10.4f  %+10.1f\n", row.lockedTime, row.beat, row.lockedTime, row.naiveTime,
                    row.drift * 1000)
            }
            if let first = r.firstBeat(beyond: hitWindow) {
                out += String(
                    format: "  beat %d (%.1f s) is already %.0f ms late: outside the ±%.0f ms hit window\n", first.beat, first.lockedTime,
                    first.drift * 1000, hitWindow * 1000)
            } else {
                out += String(format: "  stays within ±%.0f ms (final drift %+.1f ms)\n", hitWindow * 1000, r.finalDrift * 1000)
            }
            out += "\n"
        }
        return out
    }

    /// The drift rows as JSON, a row every `step` seconds.
    public static func json(_ reports: [TimerDriftReport], every step: Double = rowInterval) -> String {
        let items: [JSONValue] = reports.map { r in
            .object(
                JSONObject([
                    "bpm": .real(r.bpm), "fps": .real(r.framesPerSecond), "final_drift_ms": .real(r.finalDrift * 1000),
                    "checkpoints": .array(
                        r.checkpoints(every: step).map {
                            .object(
                                JSONObject([
                                    "beat": .integer(Int64($0.beat)), "locked": .real($0.lockedTime), "naive": .real($0.naiveTime),
                                    "drift_ms": .real($0.drift * 1000),
                                ]))
                        }),
                ]))
        }
        return JSONWriter(indent: "  ").string(from: .array(items))
    }

    /// An SVG chart of each report's drift in milliseconds against seconds of music, with a line at the edge of
    /// the hit window (`hitWindow` in seconds).
    public static func svg(_ reports: [TimerDriftReport], hitWindow: Double) -> String {
        let left = 70.0, width = 900.0, height = 320.0
        let seconds = reports.map { $0.rows.last?.lockedTime ?? 0 }.max() ?? 1
        let maxDrift = max(reports.map { abs($0.finalDrift) }.max() ?? 0, hitWindow) * 1000 * 1.1
        var svg = SVGDocument(width: left + width + 40, height: height + 110)
        svg.text("Naive “run; wait(60/BPM); repeat” timer against the locked beat clock", x: left, y: 22, size: 15, weight: "bold")
        let panel = PlotPanel(x: left, y: 60, width: width, height: height, xRange: 0...seconds, yRange: 0...maxDrift)
        panel.drawAxes(&svg, title: "drift (ms)", xLabel: "seconds of music")
        svg.line(
            x1: panel.x, y1: panel.py(hitWindow * 1000), x2: panel.x + width, y2: panel.py(hitWindow * 1000), stroke: "#e74c3c", width: 1.5,
            dash: "6,4")
        svg.text(
            String(format: "±%.0f ms hit window", hitWindow * 1000), x: panel.x + width - 4, y: panel.py(hitWindow * 1000) - 4, size: 10,
            anchor: "end", fill: "#e74c3c")
        let colors = PlotPanel.seriesColors
        var legend: [(String, String)] = []
        for (i, r) in reports.enumerated() {
            let c = colors[i % colors.count]
            legend.append((String(format: "%.0f BPM @ %.0f fps", r.bpm, r.framesPerSecond), c))
            let step = max(1, r.rows.count / 400)
            svg.polyline(
                Swift.stride(from: 0, to: r.rows.count, by: step).map {
                    (panel.px(r.rows[$0].lockedTime), panel.py(r.rows[$0].drift * 1000))
                }, stroke: c, width: 2)
        }
        PlotPanel.legend(&svg, x: left, y: height + 105, items: legend)
        return svg.text
    }

    /// CSV with a `time` column in seconds and the pulse's value, sampled `rate` times a second over `seconds`
    /// at `bpm` beats per minute.
    public static func pulseCSV(_ pulse: BeatPulse, bpm: Double, seconds: Double, rate: Double = 120) -> String {
        "time,\(pulse.rawValue)_\(pulse.unit)\n"
            + pulse.samples(clock: BeatClock(bpm: bpm), seconds: seconds, rate: rate).map { String(format: "%.4f,%.4f", $0.time, $0.value) }
            .joined(separator: "\n") + "\n"
    }

    /// An SVG chart of the pulse over `seconds` at `bpm` beats per minute, with a dashed line on each beat.
    public static func pulseSVG(_ pulse: BeatPulse, bpm: Double, seconds: Double) -> String {
        let s = pulse.samples(clock: BeatClock(bpm: bpm), seconds: seconds, rate: 600)
        let range = pulse == .background ? 0.0...0.1 : 0.0...7.0
        let left = 60.0, width = 900.0
        var svg = SVGDocument(width: left + width + 30, height: 260)
        svg.text(
            String(format: "%@ pulse at %.0f BPM", pulse == .background ? "Background" : "Obstacle glow", bpm), x: left, y: 22, size: 15,
            weight: "bold")
        let panel = PlotPanel(x: left, y: 50, width: width, height: 160, xRange: 0...seconds, yRange: range)
        panel.drawAxes(&svg, title: pulse.unit, xLabel: "seconds")
        for t in BeatClock(bpm: bpm).beats(from: 0, to: seconds) {
            svg.line(x1: panel.px(t), y1: panel.y, x2: panel.px(t), y2: panel.y + panel.height, stroke: "#27ae60", dash: "3,3")
        }
        svg.polyline(s.map { (panel.px($0.time), panel.py($0.value)) }, stroke: "#2e86de", width: 2)
        return svg.text
    }

    /// The pulse envelope over `pulseBeats` beats, as CSV or (with `svg`) as a picture.
    public static func pulseExport(_ pulse: BeatPulse, bpm: Double, svg: Bool) -> String {
        let seconds = pulseBeats * 60 / bpm
        return svg ? pulseSVG(pulse, bpm: bpm, seconds: seconds) : pulseCSV(pulse, bpm: bpm, seconds: seconds)
    }
}
