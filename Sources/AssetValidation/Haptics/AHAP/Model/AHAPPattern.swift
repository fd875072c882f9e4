/// A haptic pattern as CoreHaptics would see it: Version, Metadata, and the
/// pattern's events, dynamic parameters and parameter curves. Keys the model
/// does not know are kept in `extra`, so that nothing is lost on rewrite.
public struct AHAPPattern: Sendable, Equatable {
    /// The `Version` number; nil when missing or not a number.
    public var version: Double?
    /// The `Metadata` object; nil when missing or not an object.
    public var metadata: JSONObject?
    /// The `Pattern` items, in file order.
    public var elements: [AHAPElement]
    /// Top-level keys other than Version, Metadata and Pattern, in file order.
    public var extra: JSONObject

    /// A pattern with the given version (1.0 unless given), metadata, elements and extra top-level keys.
    public init(
        version: Double? = 1.0, metadata: JSONObject? = nil, elements: [AHAPElement] = [],
        extra: JSONObject = JSONObject()
    ) {
        self.version = version
        self.metadata = metadata
        self.elements = elements
        self.extra = extra
    }

    /// The events, in file order.
    public var events: [AHAPEvent] {
        elements.compactMap { if case .event(let e) = $0 { return e } else { return nil } }
    }

    /// The `Parameter` elements, in file order.
    public var dynamicParameters: [AHAPDynamicParameter] {
        elements.compactMap { if case .parameter(let p) = $0 { return p } else { return nil } }
    }

    /// The parameter curves, in file order.
    public var curves: [AHAPParameterCurve] {
        elements.compactMap { if case .curve(let c) = $0 { return c } else { return nil } }
    }

    /// `CHHapticPattern.duration`: the latest end of any event, parameter or curve.
    public var duration: Double {
        var end = 0.0
        for element in elements {
            switch element {
            case .event(let e): end = max(end, e.time + (e.duration ?? 0))
            case .parameter(let p): end = max(end, p.time)
            case .curve(let c): end = max(end, c.time + (c.controlPoints.last?.time ?? 0))
            case .unknown: break
            }
        }
        return end
    }

    /// The end of the last entry that starts before `limit` (seconds), clamped to `limit`: what a renderer that
    /// skips entries past `limit` spans. An entry at `"Time": 1e308` adds nothing.
    public func duration(before limit: Double) -> Double {
        var end = 0.0
        for element in elements {
            let start: Double
            let length: Double
            switch element {
            case .event(let e): (start, length) = (e.time, e.duration ?? 0)
            case .parameter(let p): (start, length) = (p.time, 0)
            case .curve(let c): (start, length) = (c.time, c.controlPoints.last?.time ?? 0)
            case .unknown: continue
            }
            guard start.isFinite, start < limit else { continue }
            end = max(end, min(limit, start + (length.isFinite ? max(0, length) : 0)))
        }
        return end
    }
}

/// One item of the `Pattern` array.
public enum AHAPElement: Sendable, Equatable {
    case event(AHAPEvent)
    case parameter(AHAPDynamicParameter)
    case curve(AHAPParameterCurve)
    /// An item CoreHaptics skips (no Event, Parameter or ParameterCurve key), kept verbatim.
    case unknown(JSONValue)
}

/// One `EventParameters` entry.
public struct AHAPEventParameter: Sendable, Equatable {
    /// The ID as written; `parameterID` is nil when it is not a known ID.
    public var rawID: String
    /// The `ParameterValue` as written, not clamped.
    public var value: Double

    /// An entry for a known parameter ID.
    public init(_ id: EventParameterID, _ value: Double) {
        self.rawID = id.rawValue
        self.value = value
    }

    /// An entry with the ID as written, known or not.
    public init(rawID: String, value: Double) {
        self.rawID = rawID
        self.value = value
    }

    /// The known ID; nil when `rawID` is not one.
    public var parameterID: EventParameterID? { EventParameterID(rawValue: rawID) }
}

/// One `Event` of a pattern.
public struct AHAPEvent: Sendable, Equatable {
    /// Start time in seconds from the pattern start.
    public var time: Double
    /// The type as written; `eventType` is nil when unknown.
    public var rawType: String
    /// `EventDuration` in seconds; nil when missing or not a number.
    public var duration: Double?
    /// The `EventParameters` entries, in file order.
    public var parameters: [AHAPEventParameter]
    /// `EventWaveformPath`, the audio file of an AudioCustom event; nil when missing.
    public var waveformPath: String?
    /// `EventWaveformUseVolumeEnvelope`; nil when missing, which the renderer treats as true.
    public var waveformUseVolumeEnvelope: Bool?
    /// `EventWaveformLoopEnabled`; nil when missing, which the renderer treats as false.
    public var waveformLoopEnabled: Bool?
    /// Keys the model does not know (`Name` in Instagram's files, for example).
    public var extra: JSONObject

    /// An event of a known type at `time` seconds, lasting `duration` seconds when given.
    public init(
        _ type: AHAPEventType, time: Double, duration: Double? = nil,
        parameters: [AHAPEventParameter] = [], waveformPath: String? = nil
    ) {
        self.time = time
        self.rawType = type.rawValue
        self.duration = duration
        self.parameters = parameters
        self.waveformPath = waveformPath
        self.waveformUseVolumeEnvelope = nil
        self.waveformLoopEnabled = nil
        self.extra = JSONObject()
    }

    /// The known type; nil when `rawType` is not one.
    public var eventType: AHAPEventType? { AHAPEventType(rawValue: rawType) }

    /// The value of `id` after CoreHaptics' rules: the last entry wins, the
    /// value is clamped to the parameter's range, and a missing entry takes the default.
    public func value(of id: EventParameterID) -> Double {
        if let entry = parameters.last(where: { $0.rawID == id.rawValue }) {
            return id.range.clamp(entry.value)
        }
        return id.defaultValue(for: eventType ?? .hapticTransient)
    }

    /// Whether any entry sets `id`.
    public func hasParameter(_ id: EventParameterID) -> Bool {
        parameters.contains { $0.rawID == id.rawValue }
    }
}

/// One `Parameter` element: the value of a dynamic parameter from its time on.
public struct AHAPDynamicParameter: Sendable, Equatable {
    /// The `ParameterID` as written; `parameterID` is nil when it is not a known ID.
    public var rawID: String
    /// The `ParameterValue`, not clamped.
    public var value: Double
    /// Time in seconds from the pattern start.
    public var time: Double
    /// Keys the model does not know, in file order.
    public var extra: JSONObject

    /// A Parameter element for a known ID at `time` seconds.
    public init(_ id: DynamicParameterID, value: Double, time: Double) {
        self.rawID = id.rawValue
        self.value = value
        self.time = time
        self.extra = JSONObject()
    }

    /// The known ID; nil when `rawID` is not one.
    public var parameterID: DynamicParameterID? { DynamicParameterID(rawValue: rawID) }
}

/// One point of a parameter curve.
public struct AHAPControlPoint: Sendable, Equatable {
    /// Seconds from the curve's start.
    public var time: Double
    /// The control value at this point.
    public var value: Double

    /// A point at `time` seconds from the curve's start.
    public init(time: Double, value: Double) {
        self.time = time
        self.value = value
    }
}

/// One `ParameterCurve` element: a dynamic parameter interpolated linearly between control points.
public struct AHAPParameterCurve: Sendable, Equatable {
    /// The `ParameterID` as written; `parameterID` is nil when it is not a known ID.
    public var rawID: String
    /// Seconds from the pattern's start.
    public var time: Double
    /// The control points, in file order; empty when any point was malformed.
    public var controlPoints: [AHAPControlPoint]
    /// Keys the model does not know, in file order.
    public var extra: JSONObject

    /// A curve for a known ID starting at `time` seconds.
    public init(_ id: DynamicParameterID, time: Double, points: [AHAPControlPoint]) {
        self.rawID = id.rawValue
        self.time = time
        self.controlPoints = points
        self.extra = JSONObject()
    }

    /// The known ID; nil when `rawID` is not one.
    public var parameterID: DynamicParameterID? { DynamicParameterID(rawValue: rawID) }
}
