import Foundation

/// Draws a pattern as an SVG: the intensity and sharpness timelines (each
/// event at its time and duration, with its value after the dynamic
/// parameters), the curves and dynamic parameters, and the rendered waveform's envelope.
public enum AHAPPlot {
    static let transientColor = "#e4572e"
    static let continuousColor = "#2e86de"
    static let audioColor = "#17a589"
    static let curveColors = Array(PlotPanel.seriesColors.prefix(6))

    /// The SVG text of the plot of `pattern`, headed by `title`. The waveform panel is rendered at `options.sampleRate`, at most 8000 Hz.
    /// `sound`, when given, is drawn in grey under the intensity panel: the amplitude the pattern was made from.
    public static func svg(pattern: AHAPPattern, title: String, options: RenderOptions = RenderOptions(), sound: SoundUnderlay? = nil)
        -> String
    {
        let controls = ControlSet(pattern: pattern)
        let renderer = PatternRenderer(
            pattern: pattern,
            options: RenderOptions(
                sampleRate: min(options.sampleRate, 8_000), channels: .hapticAndStereo, model: options.model,
                baseDirectory: options.baseDirectory, allowPathsOutsideBase: options.allowPathsOutsideBase))
        let duration = max(pattern.duration, renderer.duration, Double(sound?.amplitude.count ?? 0) / 1000, 0.1)
        let left = 60.0, width = 900.0, panelHeight = 120.0, gap = 58.0
        var svg = SVGDocument(width: left + width + 30, height: 60 + 4 * (panelHeight + gap))
        svg.text(title, x: left, y: 22, size: 15, weight: "bold")
        svg.text(
            String(
                format: "%.3f s, %d events, %d curves, %d dynamic parameters", pattern.duration, pattern.events.count, pattern.curves.count,
                pattern.dynamicParameters.count), x: left, y: 40, size: 11, fill: "#555")
        // The legend names what is drawn: the event types the pattern has, and the sound when one is given.
        let types = Set(pattern.events.compactMap(\.eventType))
        var items: [(String, String)] = []
        if types.contains(.hapticTransient) { items.append(("HapticTransient", transientColor)) }
        if types.contains(.hapticContinuous) { items.append(("HapticContinuous", continuousColor)) }
        let hasAudio = types.contains(.audioContinuous) || types.contains(.audioCustom)
        if hasAudio { items.append(("Audio", audioColor)) }
        if let sound { items.append((sound.label, "#999999")) }
        PlotPanel.legend(&svg, x: left + 420, y: 40, items: items)
        let xRange = 0...duration
        let intensity = PlotPanel(x: left, y: 70, width: width, height: panelHeight, xRange: xRange, yRange: 0...1)
        let sharpness = PlotPanel(
            x: left, y: intensity.y + panelHeight + gap, width: width, height: panelHeight, xRange: xRange, yRange: 0...1)
        // Intensity and volume controls multiply (0…1); sharpness controls add (−1…1): the axis goes below 0 only when
        // a value does.
        let negative = controls.tracks.values.contains { track in
            (0...200).contains { track.value(at: Double($0) / 200 * duration) < 0 }
        }
        let curvesRange: ClosedRange<Double> = negative ? -1...1 : 0...1
        let curves = PlotPanel(
            x: left, y: sharpness.y + panelHeight + gap, width: width, height: panelHeight, xRange: xRange, yRange: curvesRange)
        let wave = PlotPanel(x: left, y: curves.y + panelHeight + gap, width: width, height: panelHeight, xRange: xRange, yRange: -1...1)
        intensity.drawAxes(
            &svg, title: hasAudio ? "Intensity (audio: volume)" : "Intensity", yLabel: "bars: as written · lines: after dynamic parameters",
            xLabel: "seconds")
        sharpness.drawAxes(
            &svg, title: "Sharpness", yLabel: "drive frequency \(Int(options.model.lowFrequency))–\(Int(options.model.highFrequency)) Hz",
            xLabel: "seconds")
        curves.drawAxes(
            &svg, title: "Dynamic parameters and curves", yLabel: "controls: intensity ×, sharpness +",
            xLabel: "seconds", yTicks: negative ? [-1, -0.5, 0, 0.5, 1] : [0, 0.5, 1])
        wave.drawAxes(
            &svg, title: "Rendered waveform envelope", yLabel: hasAudio ? "haptic drive (blue), audio (green)" : "haptic drive",
            xLabel: "seconds", yTicks: [-1, 0, 1])
        if let sound { drawSound(&svg, sound, panel: intensity) }
        drawEvents(&svg, pattern: pattern, controls: controls, intensity: intensity, sharpness: sharpness)
        drawControls(&svg, pattern: pattern, controls: controls, panel: curves)
        drawEnvelope(&svg, renderer: renderer, panel: wave)
        return svg.text
    }

    static func drawEvents(_ svg: inout SVGDocument, pattern: AHAPPattern, controls: ControlSet, intensity: PlotPanel, sharpness: PlotPanel)
    {
        let step = max(intensity.xRange.upperBound / intensity.width, 1e-4)
        for event in pattern.events {
            guard let type = event.eventType else { continue }
            switch type {
            case .hapticTransient:
                for (panel, id, control) in [
                    (intensity, EventParameterID.hapticIntensity, DynamicParameterID.hapticIntensityControl),
                    (sharpness, .hapticSharpness, .hapticSharpnessControl),
                ] {
                    let v = controls.apply(control, to: event.value(of: id), at: event.time)
                    svg.line(
                        x1: panel.px(event.time), y1: panel.py(0), x2: panel.px(event.time), y2: panel.py(v), stroke: transientColor,
                        width: 1.5)
                    svg.circle(x: panel.px(event.time), y: panel.py(v), r: 2.5, fill: transientColor)
                }
            case .hapticContinuous, .audioContinuous, .audioCustom:
                let color = type == .hapticContinuous ? continuousColor : audioColor
                let end = event.time + max(event.duration ?? 0, type == .audioCustom ? 0.05 : 0)
                let pairs: [(PlotPanel, EventParameterID, DynamicParameterID)] =
                    type == .hapticContinuous
                    ? [(intensity, .hapticIntensity, .hapticIntensityControl), (sharpness, .hapticSharpness, .hapticSharpnessControl)]
                    : [(intensity, .audioVolume, .audioVolumeControl)]
                for (panel, id, control) in pairs {
                    let base = event.value(of: id)
                    svg.rect(
                        x: panel.px(event.time), y: panel.py(base), width: panel.px(end) - panel.px(event.time),
                        height: panel.py(0) - panel.py(base), fill: color, opacity: 0.25)
                    var points: [(Double, Double)] = []
                    var t = event.time
                    while t <= end {
                        points.append((panel.px(t), panel.py(controls.apply(control, to: base, at: t))))
                        t += step
                    }
                    points.append((panel.px(end), panel.py(controls.apply(control, to: base, at: end))))
                    svg.polyline(points, stroke: color, width: 1.5)
                }
            }
        }
    }

    static func drawSound(_ svg: inout SVGDocument, _ sound: SoundUnderlay, panel: PlotPanel) {
        let columns = Int(panel.width)
        let n = sound.amplitude.count
        guard n > 0, columns > 0 else { return }
        // Each column shows the loudest millisecond it spans; a column narrower than a millisecond (a short sound)
        // shows the millisecond it falls in, so the outline has no gaps between the samples.
        let span = panel.xRange.upperBound - panel.xRange.lowerBound
        let top = (0..<columns).map { c -> Double in
            let t0 = panel.xRange.lowerBound + Double(c) / Double(columns) * span
            let t1 = panel.xRange.lowerBound + Double(c + 1) / Double(columns) * span
            let first = max(0, min(n - 1, Int((t0 * 1000).rounded(.down))))
            let last = max(first, min(n - 1, Int((t1 * 1000).rounded(.up)) - 1))
            return t0 * 1000 >= Double(n) ? 0 : Double(sound.amplitude[first...last].max() ?? 0).squareRoot()
        }
        let xs = (0..<columns).map { panel.x + Double($0) + 0.5 }
        let outline = zip(xs, top).map { ($0, panel.py($1)) }
        svg.polygon(outline + [(xs[columns - 1], panel.py(0)), (xs[0], panel.py(0))], fill: "#999999", opacity: 0.35)
    }

    static func drawControls(_ svg: inout SVGDocument, pattern: AHAPPattern, controls: ControlSet, panel: PlotPanel) {
        let ids = DynamicParameterID.allCases.filter { controls.tracks[$0] != nil }
        if ids.isEmpty {
            svg.text(
                "no dynamic parameters or curves", x: panel.x + panel.width / 2, y: panel.y + panel.height / 2, size: 12, anchor: "middle",
                fill: "#999")
            return
        }
        var legend: [(String, String)] = []
        for (i, id) in ids.enumerated() {
            let color = curveColors[i % curveColors.count]
            legend.append((id.rawValue, color))
            let track = controls.tracks[id]!
            let columns = Int(panel.width)
            let points = (0...columns).map { c -> (Double, Double) in
                let t = panel.xRange.lowerBound + Double(c) / Double(columns) * (panel.xRange.upperBound - panel.xRange.lowerBound)
                return (panel.px(t), panel.py(track.value(at: t)))
            }
            svg.polyline(points, stroke: color, width: 1.5)
            for curve in pattern.curves where curve.parameterID == id {
                for p in curve.controlPoints { svg.circle(x: panel.px(curve.time + p.time), y: panel.py(p.value), r: 2.5, fill: color) }
            }
            for p in pattern.dynamicParameters where p.parameterID == id {
                svg.rect(x: panel.px(p.time) - 3, y: panel.py(p.value) - 3, width: 6, height: 6, fill: color)
            }
        }
        PlotPanel.legend(&svg, x: panel.x + 240, y: panel.y - 6, items: legend)
    }

    static func drawEnvelope(_ svg: inout SVGDocument, renderer: PatternRenderer, panel: PlotPanel) {
        let columns = Int(panel.width)
        let total = max(1, renderer.totalFrames)
        var hMin = [Float](repeating: 0, count: columns), hMax = hMin, aMin = hMin, aMax = hMin
        var block: [Float] = []
        var frame = 0
        while renderer.renderNextBlock(into: &block) > 0 {
            let frames = block.count / 3
            for i in 0..<frames {
                let c = min(columns - 1, (frame + i) * columns / total)
                let h = block[3 * i], a = (block[3 * i + 1] + block[3 * i + 2]) / 2
                hMin[c] = min(hMin[c], h)
                hMax[c] = max(hMax[c], h)
                aMin[c] = min(aMin[c], a)
                aMax[c] = max(aMax[c], a)
            }
            frame += frames
        }
        // Widen each column to at least one period of the lowest drive frequency, so
        // a column narrower than a cycle still shows the full swing (no moiré).
        let secondsPerColumn = Double(total) / Double(renderer.options.sampleRate) / Double(columns)
        let reach = Int((1 / renderer.options.model.lowFrequency / secondsPerColumn).rounded(.up))
        if reach > 0 {
            func spread(_ v: [Float], _ pick: (Float, Float) -> Float) -> [Float] {
                (0..<columns).map { c in v[max(0, c - reach)...min(columns - 1, c + reach)].reduce(v[c], pick) }
            }
            hMin = spread(hMin, min)
            hMax = spread(hMax, max)
            aMin = spread(aMin, min)
            aMax = spread(aMax, max)
        }
        func band(_ lo: [Float], _ hi: [Float]) -> [(Double, Double)] {
            let xs = (0..<columns).map {
                panel.x + (Double($0) + 0.5) * panel.width / Double(columns) * (Double(total) / Double(renderer.options.sampleRate))
                    / (panel.xRange.upperBound - panel.xRange.lowerBound)
            }
            return zip(xs, hi).map { ($0, panel.py(Double($1))) } + zip(xs, lo).reversed().map { ($0, panel.py(Double($1))) }
        }
        svg.polygon(band(aMin, aMax), fill: audioColor, opacity: 0.45)
        svg.polygon(band(hMin, hMax), fill: continuousColor, opacity: 0.6)
    }
}

/// A sound's amplitude drawn under a pattern's intensity, as √amplitude (the intensity it maps to).
public struct SoundUnderlay: Sendable {
    /// The amplitude, one value per millisecond from time 0, 1 = the level that maps to intensity 1.
    public var amplitude: [Float]
    /// The legend's text.
    public var label: String

    /// An underlay of `amplitude` (one value per millisecond) labelled `label`.
    public init(amplitude: [Float], label: String) {
        self.amplitude = amplitude
        self.label = label
    }
}
