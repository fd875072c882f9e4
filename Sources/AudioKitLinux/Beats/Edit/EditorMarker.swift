import Foundation

/// A named range of the track that the author marks in the editor ("rhythm section", 42–87 s), to find their way in
/// a long chart. A JSON map keeps its markers as `"markers": [{"name": …, "from": …, "to": …}]`; other formats keep
/// them beside the map when the author asks (`EditorSidecar`).
public struct EditorMarker: Codable, Sendable, Equatable {
    /// What the range is called.
    public var name: String
    /// Where it starts (seconds).
    public var from: Double
    /// Where it ends (seconds).
    public var to: Double

    /// A marker `name` over `from`…`to` seconds.
    public init(name: String, from: Double, to: Double) {
        self.name = name
        self.from = from
        self.to = to
    }

    /// The most markers a map keeps.
    public static let maxCount = 200
    /// The longest name, in characters.
    public static let maxNameLength = 80

    /// The shortest marker (seconds).
    public static let minimumLength = 0.001

    /// Why `markers` cannot be kept for a track of `duration` seconds (a name empty, too long or with a control
    /// character; a range not finite, shorter than `minimumLength`, reversed, or outside the track and a minute; too
    /// many), or nil.
    public static func problem(_ markers: [EditorMarker], duration: Double) -> String? {
        guard markers.count <= maxCount else { return "\(markers.count) markers is more than \(maxCount)" }
        for (i, m) in markers.enumerated() {
            let name = m.name.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.count <= maxNameLength,
                !m.name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { return "marker \(RuleText.ordinal(i)) needs a name of 1–\(maxNameLength) characters without control characters" }
            guard m.from.isFinite, m.to.isFinite, m.from < m.to, m.from >= -60, m.to <= duration + 60 else {
                return "marker \(RuleText.ordinal(i)) (\(m.name)) needs a start before its end, within the track"
            }
            // Saved to the microsecond: a shorter marker would read back empty.
            guard m.to - m.from >= minimumLength else {
                return String(
                    format: "marker %d (%@) is shorter than %.0f ms; make it longer", RuleText.ordinal(i), m.name, minimumLength * 1000)
            }
        }
        return nil
    }

    /// The markers in a JSON value (an array of objects of exactly `name`, `from` and `to`), or why it is not that.
    public static func read(_ value: JSONValue) -> Result<[EditorMarker], MarkerError> {
        guard let items = value.array else { return .failure(MarkerError("\"markers\" is \(value.typeName), not an array")) }
        guard items.count <= maxCount else { return .failure(MarkerError("\"markers\" has \(items.count) entries, more than \(maxCount)")) }
        var out: [EditorMarker] = []
        for (i, item) in items.enumerated() {
            guard case .object(let o) = item, Set(o.keys) == ["name", "from", "to"], let name = o["name"]?.string,
                let from = o["from"]?.number, let to = o["to"]?.number
            else {
                return .failure(MarkerError("marker \(RuleText.ordinal(i)) is not {\"name\": text, \"from\": seconds, \"to\": seconds}"))
            }
            out.append(EditorMarker(name: name, from: from, to: to))
        }
        return .success(out)
    }

    /// The markers as one line of JSON: `[{"name": …, "from": …, "to": …}, …]`.
    public static func json(_ markers: [EditorMarker]) -> String {
        let items = markers.map {
            JSONValue.object(
                JSONObject([
                    "name": .string($0.name), "from": .real(($0.from * 1e6).rounded() / 1e6), "to": .real(($0.to * 1e6).rounded() / 1e6),
                ]))
        }
        return JSONWriter(indent: "").string(from: .array(items))
    }

    /// Why markers could not be read.
    public struct MarkerError: Error, Sendable {
        /// What is wrong, and where in the value.
        public let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
