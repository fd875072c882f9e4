import Foundation

/// What the editor keeps beside a map whose format holds beats only (Swift source, text, CSV, Audacity labels), when
/// the author asks: the tempo grid and the markers, in `MAP.sidecar.json` next to the map. Its keys are the JSON map's
/// own (`"bpm"`, `"offset"`, `"tempo_changes"`, `"stops"`, `"markers"`); any other key, or a value of the wrong kind, is refused
/// with the reason, never ignored.
public struct EditorSidecar: Sendable, Equatable {
    /// The tempo grid, or nil when none was set.
    public var grid: TempoMap?
    /// The markers.
    public var markers: [EditorMarker]

    /// A sidecar holding `grid` and `markers`.
    public init(grid: TempoMap?, markers: [EditorMarker]) {
        self.grid = grid
        self.markers = markers
    }

    /// The sidecar's path for the map at `map`.
    public static func path(for map: String) -> String { map + ".sidecar.json" }

    /// The sidecar at `path`, nil when there is none; throws `InputError` when it cannot be read or is not one.
    public static func read(path: String, limits: InputLimits = .standard) throws(InputError) -> EditorSidecar? {
        guard FileIdentity(path: path) != nil else { return nil }
        return try parse(try InputFile.read(path, maxBytes: limits.maxFileBytes), path: path)
    }

    /// The sidecar in `bytes` (read from `path`); throws `InputError` when it is not one.
    public static func parse(_ bytes: [UInt8], path: String) throws(InputError) -> EditorSidecar {
        var bytes = bytes
        // A byte-order mark, as some editors write one, is not part of the JSON.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let root: JSONValue
        switch bytes.withUnsafeBytes({ Jansson.decode($0, maxDepth: 16) }) {
        case .failure(let e):
            throw InputError(.corrupt, path: "\(path):\(e.line):\(e.column)", reason: JSONSyntaxHints.message(for: e))
        case .success(let v): root = v
        }
        guard case .object(let o) = root else { throw InputError(.corrupt, path: path, reason: "the sidecar is not a JSON object") }
        if let unknown = o.keys.first(where: { !["bpm", "offset", "tempo_changes", "stops", "markers"].contains($0) }) {
            throw InputError(
                .corrupt, path: path, reason: "unknown key \"\(unknown)\"",
                fix: "a sidecar holds \"bpm\", \"offset\", \"tempo_changes\", \"stops\" and \"markers\"")
        }
        var grid: TempoMap? = nil
        if o["bpm"] != nil || o["offset"] != nil || o["stops"] != nil {
            let bpm = o["bpm"]?.number, offset = o["offset"]?.number
            guard let bpm, TempoMap.bpmRange.contains(bpm), let offset, offset.isFinite else {
                throw InputError(.corrupt, path: path, reason: "\"bpm\" (1–10000) and \"offset\" (seconds) must be numbers, both present")
            }
            switch BeatMapReader.tempoChanges(o["tempo_changes"] ?? .array([]), stops: o["stops"], bpm: bpm, offset: offset) {
            case .success(let tempo): grid = EditorState.grid(of: tempo)
            case .failure(let e): throw InputError(.corrupt, path: path, reason: "\"\(e.inStops ? "stops" : "tempo_changes")\" \(e.reason)")
            }
        }
        var markers: [EditorMarker] = []
        if let value = o["markers"] {
            switch EditorMarker.read(value) {
            case .success(let m): markers = m
            case .failure(let e): throw InputError(.corrupt, path: path, reason: e.reason)
            }
        }
        return EditorSidecar(grid: grid, markers: markers)
    }

    /// The sidecar as JSON text.
    public var text: String {
        var members: [String] = []
        if let grid {
            members.append("\"bpm\": \(BeatMapSaver.number(grid.sections[0].bpm, decimals: 3))")
            members.append("\"offset\": \(BeatMapSaver.number(grid.offset, decimals: 3))")
            if grid.sections.count > 1 {
                members.append("\"tempo_changes\": " + BeatMapSaver.tempoChanges(of: grid))
            }
            if !grid.pauses.isEmpty { members.append("\"stops\": " + BeatMapSaver.stops(of: grid)) }
        }
        members.append("\"markers\": " + EditorMarker.json(markers))
        return "{\n  " + members.joined(separator: ",\n  ") + "\n}\n"
    }
}
