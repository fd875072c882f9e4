import Foundation

/// A minimal SVG writer: every element escaped, numbers with fixed precision,
/// so the output is valid XML and stable from run to run.
public struct SVGDocument: Sendable {
    /// Width of the picture, in pixels (SVG user units).
    public let width: Double
    /// Height of the picture, in pixels (SVG user units).
    public let height: Double
    private var body: [String] = []

    /// An empty picture of `width` by `height` pixels; `text` gives it a white background.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    static func n(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let s = String(format: "%.2f", v)
        return s.hasSuffix(".00") ? String(s.dropLast(3)) : s
    }

    /// Appends `element` as it is, without escaping; the caller must pass valid SVG.
    public mutating func raw(_ element: String) { body.append(element) }

    /// Adds a rectangle whose top-left corner is at (`x`, `y`); a negative size becomes 0. `opacity` (0 to 1)
    /// applies to the fill, and `stroke` is an optional outline colour.
    public mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, opacity: Double = 1, stroke: String? = nil)
    {
        var s =
            "<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(max(0, width)))\" height=\"\(Self.n(max(0, height)))\" fill=\"\(fill)\""
        if opacity < 1 { s += " fill-opacity=\"\(Self.n(opacity))\"" }
        if let stroke { s += " stroke=\"\(stroke)\"" }
        body.append(s + "/>")
    }

    /// Adds a line from (`x1`, `y1`) to (`x2`, `y2`), `width` pixels wide; `dash` is an SVG `stroke-dasharray`
    /// such as "6,4".
    public mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, dash: String? = nil) {
        var s =
            "<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\""
        if let dash { s += " stroke-dasharray=\"\(dash)\"" }
        body.append(s + "/>")
    }

    /// Adds an open line through `points` (x, y pairs), `width` pixels wide, dashed when `dash` is an SVG dash
    /// pattern ("7 4"); `fill` and `opacity` (0 to 1) colour the area it encloses. Adds nothing when `points` is empty.
    public mutating func polyline(
        _ points: [(Double, Double)], stroke: String, width: Double = 1.5, fill: String = "none", opacity: Double = 1,
        dash: String? = nil
    ) {
        guard !points.isEmpty else { return }
        let list = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
        var s = "<polyline points=\"\(list)\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\""
        if opacity < 1 { s += " fill-opacity=\"\(Self.n(opacity))\"" }
        if let dash { s += " stroke-dasharray=\"\(dash)\"" }
        body.append(s + "/>")
    }

    /// Adds a closed, filled shape through `points` (x, y pairs) without an outline; nothing when `points` is empty.
    public mutating func polygon(_ points: [(Double, Double)], fill: String, opacity: Double = 1) {
        guard !points.isEmpty else { return }
        let list = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
        body.append("<polygon points=\"\(list)\" fill=\"\(fill)\" fill-opacity=\"\(Self.n(opacity))\" stroke=\"none\"/>")
    }

    /// Adds a filled circle centred at (`x`, `y`) with radius `r` pixels.
    public mutating func circle(x: Double, y: Double, r: Double, fill: String) {
        body.append("<circle cx=\"\(Self.n(x))\" cy=\"\(Self.n(y))\" r=\"\(Self.n(r))\" fill=\"\(fill)\"/>")
    }

    /// Adds escaped text with its baseline at `y`: `size` is the font size in pixels, `anchor` an SVG `text-anchor`
    /// ("start", "middle" or "end") and `weight` an SVG `font-weight`.
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

    /// The complete SVG file: XML declaration, a white background, then the elements in the order added.
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
    /// Colours for series drawn side by side (curves, one line per tempo), in order; distinct from each other.
    public static let seriesColors = ["#8e44ad", "#d35400", "#16a085", "#c0392b", "#2c3e50", "#f39c12", "#1abc9c", "#34495e", "#7f8c8d"]

    /// The panel's frame in pixels: top-left corner, width and height.
    public let x: Double, y: Double, width: Double, height: Double
    /// The data values shown from the left edge to the right edge.
    public let xRange: ClosedRange<Double>
    /// The data values shown from the bottom edge to the top edge.
    public let yRange: ClosedRange<Double>

    /// A panel with its frame in pixels; an empty or inverted range is replaced by one of width 1 from its lower bound.
    public init(x: Double, y: Double, width: Double, height: Double, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.xRange = xRange.lowerBound < xRange.upperBound ? xRange : xRange.lowerBound...(xRange.lowerBound + 1)
        self.yRange = yRange.lowerBound < yRange.upperBound ? yRange : yRange.lowerBound...(yRange.lowerBound + 1)
    }

    /// The SVG x coordinate of data value `t`, not clamped to the panel.
    public func px(_ t: Double) -> Double { x + (t - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * width }
    /// The SVG y coordinate of data value `v`, clamped to `yRange`; larger values are drawn higher.
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
