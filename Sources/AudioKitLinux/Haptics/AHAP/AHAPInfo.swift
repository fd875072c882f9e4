import Foundation

/// A summary of a pattern for `ahap-tool info`.
public struct AHAPInfo: Sendable {
    /// The values one parameter ID takes across the pattern.
    public struct Range: Sendable {
        /// The parameter ID as written.
        public var id: String
        /// The smallest value, as written (not clamped).
        public var min: Double
        /// The largest value, as written (not clamped).
        public var max: Double
        /// How many entries use the ID.
        public var count: Int
    }

    /// One parameter curve's ID, time span and number of points.
    public struct Curve: Sendable {
        /// The curve's `ParameterID` as written.
        public var id: String
        /// The curve's start, in seconds from the pattern start.
        public var start: Double
        /// The start plus the latest control-point time, in seconds.
        public var end: Double
        /// Number of control points.
        public var points: Int
    }

    /// One distinct `EventWaveformPath` and what was found there.
    public struct Audio: Sendable {
        /// The `EventWaveformPath` as written.
        public var path: String
        /// The file the path resolved to; nil when it was not found or is outside the folder.
        public var resolved: String?
        /// Format, sample rate, channels and length of the file; nil when it could not be read.
        public var info: AudioFileInfo?
        /// Why the file cannot be used; nil when it was read.
        public var problem: String?
    }

    /// The file name shown in the summary.
    public var file: String
    /// The pattern's `Version`; nil when missing or not a number.
    public var version: Double?
    /// The pattern's length in seconds (`AHAPPattern.duration`).
    public var duration: Double
    /// Number of events of each known type, in `AHAPEventType.allCases` order, zeros included.
    public var eventCounts: [(AHAPEventType, Int)]
    /// Number of events whose `EventType` is not one of the four known types.
    public var unknownEventTypes: Int
    /// Value ranges of the `EventParameters` entries, per ID, in order of first appearance.
    public var parameterRanges: [Range]
    /// The parameter curves, in file order.
    public var curves: [Curve]
    /// Value ranges of the `Parameter` elements, per ID, in order of first appearance.
    public var dynamicParameters: [Range]
    /// The events' waveform paths, each once, in order of first use.
    public var audio: [Audio]

    /// Summarizes `pattern`. Waveform paths resolve against `baseDirectory` and each file found is opened within `audioLimits`; read
    /// errors go to `Audio.problem`, nothing is thrown.
    public init(pattern: AHAPPattern, file: String, baseDirectory: String, allowOutside: Bool, audioLimits: AudioLimits = .standard) {
        self.file = file
        version = pattern.version
        duration = pattern.duration
        let events = pattern.events
        eventCounts = AHAPEventType.allCases.map { t in (t, events.filter { $0.eventType == t }.count) }
        unknownEventTypes = events.filter { $0.eventType == nil }.count
        parameterRanges = AHAPInfo.ranges(events.flatMap { $0.parameters.map { ($0.rawID, $0.value) } })
        curves = pattern.curves.map { c in
            Curve(id: c.rawID, start: c.time, end: c.time + (c.controlPoints.map(\.time).max() ?? 0), points: c.controlPoints.count)
        }
        dynamicParameters = AHAPInfo.ranges(pattern.dynamicParameters.map { ($0.rawID, $0.value) })
        let resolver = WaveformResolver(baseDirectory: baseDirectory, allowOutside: allowOutside)
        var seen: Set<String> = []
        audio = events.compactMap(\.waveformPath).filter { seen.insert($0).inserted }.map { (path: String) -> Audio in
            switch resolver.resolve(path) {
            case .found(let resolved):
                do throws(InputError) {
                    return Audio(path: path, resolved: resolved, info: try AudioFile.info(resolved, limits: audioLimits), problem: nil)
                } catch {
                    return Audio(path: path, resolved: resolved, info: nil, problem: error.reason)
                }
            case .notFound: return Audio(path: path, resolved: nil, info: nil, problem: "not found")
            case .outsideBase(let p): return Audio(path: path, resolved: nil, info: nil, problem: "outside the AHAP folder (\(p))")
            }
        }
    }

    /// Minimum, maximum and count per id, in order of first appearance.
    static func ranges(_ values: [(String, Double)]) -> [Range] {
        var byID: [String: Range] = [:]
        var order: [String] = []
        for (id, v) in values {
            if let r = byID[id] {
                byID[id] = Range(id: id, min: Swift.min(r.min, v), max: Swift.max(r.max, v), count: r.count + 1)
            } else {
                order.append(id)
                byID[id] = Range(id: id, min: v, max: v, count: 1)
            }
        }
        return order.map { byID[$0]! }
    }

    /// The summary as a JSON object, durations in seconds; missing values are null.
    public var jsonValue: JSONValue {
        func range(_ r: Range) -> JSONValue {
            .object(JSONObject(["id": .string(r.id), "min": .real(r.min), "max": .real(r.max), "count": .integer(Int64(r.count))]))
        }
        var counts = JSONObject()
        for (t, n) in eventCounts { counts[t.rawValue] = .integer(Int64(n)) }
        if unknownEventTypes > 0 { counts["unknown"] = .integer(Int64(unknownEventTypes)) }
        return .object(
            JSONObject([
                "file": .string(file),
                "version": version.map { .real($0) } ?? .null,
                "duration_seconds": .real(duration),
                "events": .object(counts),
                "event_parameters": .array(parameterRanges.map(range)),
                "dynamic_parameters": .array(dynamicParameters.map(range)),
                "curves": .array(
                    curves.map {
                        .object(
                            JSONObject([
                                "id": .string($0.id), "start": .real($0.start), "end": .real($0.end), "points": .integer(Int64($0.points)),
                            ]))
                    }),
                "audio": .array(
                    audio.map { a in
                        .object(
                            JSONObject([
                                "path": .string(a.path),
                                "resolved": a.resolved.map { .string($0) } ?? .null,
                                "sample_rate": a.info.map { .integer(Int64($0.sampleRate)) } ?? .null,
                                "channels": a.info.map { .integer(Int64($0.channels)) } ?? .null,
                                "duration_seconds": a.info.map { .real($0.duration) } ?? .null,
                                "format": a.info.map { .string("\($0.format), \($0.encoding)") } ?? .null,
                                "problem": a.problem.map { .string($0) } ?? .null,
                            ]))
                    }),
            ]))
    }

    /// The summary as indented lines of text ending with a newline; at most 10 curves are listed.
    public var text: String {
        var lines: [String] = []
        lines.append("\(file)")
        lines.append("  version:   \(version.map { RuleText.number($0) } ?? "missing (1.0 assumed)")")
        lines.append("  duration:  \(String(format: "%.3f", duration)) s")
        let counts =
            eventCounts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0.rawValue)" }
            + (unknownEventTypes > 0 ? ["\(unknownEventTypes) unknown"] : [])
        lines.append("  events:    \(counts.isEmpty ? "none" : counts.joined(separator: ", "))")
        if !parameterRanges.isEmpty {
            lines.append("  event parameters:")
            for r in parameterRanges {
                lines.append(
                    "    \(r.id.padding(toLength: 16, withPad: " ", startingAt: 0)) \(RuleText.number(r.min))…\(RuleText.number(r.max)) (\(r.count)×)"
                )
            }
        }
        if !dynamicParameters.isEmpty {
            lines.append("  dynamic parameters:")
            for r in dynamicParameters {
                lines.append(
                    "    \(r.id.padding(toLength: 24, withPad: " ", startingAt: 0)) \(RuleText.number(r.min))…\(RuleText.number(r.max)) (\(r.count)×)"
                )
            }
        }
        if !curves.isEmpty {
            lines.append("  curves:    \(curves.count)")
            for c in curves.prefix(10) { lines.append("    \(c.id) \(String(format: "%.3f–%.3f s", c.start, c.end)), \(c.points) points") }
            if curves.count > 10 { lines.append("    … \(curves.count - 10) more") }
        }
        if !audio.isEmpty {
            lines.append("  audio:")
            for a in audio {
                if let i = a.info {
                    lines.append(
                        "    \(a.path): \(i.format), \(i.encoding), \(i.sampleRate) Hz, \(i.channels) ch, \(String(format: "%.3f", i.duration)) s"
                    )
                } else {
                    lines.append("    \(a.path): \(a.problem ?? "unreadable")")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
