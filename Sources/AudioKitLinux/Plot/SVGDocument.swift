import Foundation

/// A minimal SVG writer: every element escaped, numbers with fixed precision,
/// so the output is valid XML and stable from run to run.
public struct SVGDocument: Sendable {
    public let width: Double
    public let height: Double
    private var body: [String] = []

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    static func n(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let s = String(format: "%.2f", v)
        return s.hasSuffix(".00") ? String(s.dropLast(3)) : s
    }

    public mutating func raw(_ element: String) { body.append(element) }

    public mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, opacity: Double = 1, stroke: String? = nil)
    {
        var s =
            "<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(max(0, width)))\" height=\"\(Self.n(max(0, height)))\" fill=\"\(fill)\""
        if opacity < 1 { s += " fill-opacity=\"\(Self.n(opacity))\"" }
        if let stroke { s += " stroke=\"\(stroke)\"" }
        body.append(s + "/>")
    }

    public mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, dash: String? = nil) {
        var s =
            "<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\""
        if let dash { s += " stroke-dasharray=\"\(dash)\"" }
        body.append(s + "/>")
    }

    public mutating func polyline(
        _ points: [(Double, Double)], stroke: String, width: Double = 1.5, fill: String = "none", opacity: Double = 1
    ) {
        guard !points.isEmpty else { return }
        let list = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
        var s = "<polyline points=\"\(list)\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\""
        if opacity < 1 { s += " fill-opacity=\"\(Self.n(opacity))\"" }
        body.append(s + "/>")
    }

    public mutating func polygon(_ points: [(Double, Double)], fill: String, opacity: Double = 1) {
        guard !points.isEmpty else { return }
        let list = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
        body.append("<polygon points=\"\(list)\" fill=\"\(fill)\" fill-opacity=\"\(Self.n(opacity))\" stroke=\"none\"/>")
    }

    public mutating func circle(x: Double, y: Double, r: Double, fill: String) {
        body.append("<circle cx=\"\(Self.n(x))\" cy=\"\(Self.n(y))\" r=\"\(Self.n(r))\" fill=\"\(fill)\"/>")
    }

    public mutating func text(
        _ string: String, x: Double, y: Double, size: Double = 11, anchor: String = "start", fill: String = "#333",
        weight: String = "normal"
    ) {
        body.append(
            "<text x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" font-size=\"\(Self.n(size))\" text-anchor=\"\(anchor)\" fill=\"\(fill)\" font-weight=\"\(weight)\">\(Self.escape(string))</text>"
        )
    }

    /// XML-escaped text, as the reporters escape it.
    public static func escape(_ s: String) -> String { s.xmlEscaped }

    public var text: String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\" font-family=\"Helvetica, Arial, sans-serif\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        out += body.joined(separator: "\n")
        out += "\n</svg>\n"
        return out
    }
}

/// A plotting panel: maps data coordinates to SVG coordinates and draws axes.
public struct PlotPanel: Sendable {
    public let x: Double, y: Double, width: Double, height: Double
    public let xRange: ClosedRange<Double>
    public let yRange: ClosedRange<Double>

    public init(x: Double, y: Double, width: Double, height: Double, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.xRange = xRange.lowerBound < xRange.upperBound ? xRange : xRange.lowerBound...(xRange.lowerBound + 1)
        self.yRange = yRange.lowerBound < yRange.upperBound ? yRange : yRange.lowerBound...(yRange.lowerBound + 1)
    }

    public func px(_ t: Double) -> Double { x + (t - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * width }
    public func py(_ v: Double) -> Double {
        let c = min(max(v, yRange.lowerBound), yRange.upperBound)
        return y + height - (c - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound) * height
    }

    /// Frame, grid, tick labels, the panel title and optional axis labels.
    public func drawAxes(_ svg: inout SVGDocument, title: String, yLabel: String? = nil, xLabel: String? = nil, yTicks: [Double]? = nil) {
        svg.rect(x: x, y: y, width: width, height: height, fill: "#fafafa", stroke: "#bbb")
        for t in PlotPanel.niceTicks(xRange, count: 10) {
            svg.line(x1: px(t), y1: y, x2: px(t), y2: y + height, stroke: "#e4e4e4")
            svg.text(PlotPanel.label(t), x: px(t), y: y + height + 13, size: 10, anchor: "middle", fill: "#555")
        }
        for v in yTicks ?? PlotPanel.niceTicks(yRange, count: 4) {
            svg.line(x1: x, y1: py(v), x2: x + width, y2: py(v), stroke: "#e4e4e4")
            svg.text(PlotPanel.label(v), x: x - 5, y: py(v) + 3, size: 10, anchor: "end", fill: "#555")
        }
        svg.text(title, x: x, y: y - 6, size: 12, weight: "bold")
        if let yLabel { svg.text(yLabel, x: x + width, y: y - 6, size: 10, anchor: "end", fill: "#555") }
        if let xLabel { svg.text(xLabel, x: x + width / 2, y: y + height + 27, size: 10, anchor: "middle", fill: "#555") }
    }

    /// Round tick values (1, 2, 5 × 10^k steps) covering `range`.
    public static func niceTicks(_ range: ClosedRange<Double>, count: Int) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite else { return [range.lowerBound] }
        let raw = span / Double(max(1, count))
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        var ticks: [Double] = []
        var t = ceil(range.lowerBound / step) * step
        while t <= range.upperBound + step * 1e-9 {
            ticks.append(abs(t) < step * 1e-9 ? 0 : t)
            t += step
        }
        return ticks
    }

    static func label(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e9 { return String(Int(v)) }
        var s = String(format: "%.3f", v)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }

    /// A legend row of coloured swatches and names, starting at (x, y).
    public static func legend(_ svg: inout SVGDocument, x: Double, y: Double, items: [(String, String)]) {
        var cx = x
        for (name, color) in items {
            svg.rect(x: cx, y: y - 9, width: 12, height: 10, fill: color)
            svg.text(name, x: cx + 16, y: y, size: 11)
            cx += 24 + Double(name.count) * 6.2
        }
    }
}
