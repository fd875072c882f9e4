extension AHAPPattern {
    /// Reads the pattern the way CoreHaptics interprets it, without judging it:
    /// elements it would skip become `.unknown`, missing values become defaults.
    /// The validator reports what is wrong; this only builds the model.
    public init(json: JSONValue) {
        let root = json.object ?? JSONObject()
        version = AHAPNumber.value(root[AHAPKey.version])
        metadata = root[AHAPKey.metadata]?.object
        extra = JSONObject(root.members.filter { !AHAPKey.topLevel.contains($0.key) })
        elements = (root[AHAPKey.pattern]?.array ?? []).map(AHAPElement.init(json:))
    }

    /// The pattern as AHAP JSON, with keys in canonical order.
    public var jsonValue: JSONValue {
        var root = JSONObject()
        if let version { root[AHAPKey.version] = .real(version) }
        if let metadata { root[AHAPKey.metadata] = .object(metadata) }
        root[AHAPKey.pattern] = .array(elements.map(\.jsonValue))
        root.members += extra.members
        return .object(root)
    }
}

extension AHAPElement {
    /// Reads one Pattern item; anything but an object with exactly one Event, Parameter or ParameterCurve object becomes `.unknown`.
    public init(json: JSONValue) {
        guard let object = json.object else {
            self = .unknown(json)
            return
        }
        let kinds = AHAPKey.elementKinds.filter { object[$0] != nil }
        guard kinds.count == 1, let body = object[kinds[0]]?.object else {
            self = .unknown(json)
            return
        }
        switch kinds[0] {
        case AHAPKey.event: self = .event(AHAPEvent(json: body))
        case AHAPKey.parameter: self = .parameter(AHAPDynamicParameter(json: body))
        default: self = .curve(AHAPParameterCurve(json: body))
        }
    }

    /// The item as AHAP JSON; an `.unknown` item is returned as it was read.
    public var jsonValue: JSONValue {
        switch self {
        case .event(let e): .object(JSONObject([AHAPKey.event: e.jsonValue]))
        case .parameter(let p): .object(JSONObject([AHAPKey.parameter: p.jsonValue]))
        case .curve(let c): .object(JSONObject([AHAPKey.parameterCurve: c.jsonValue]))
        case .unknown(let v): v
        }
    }
}

extension AHAPEvent {
    static let modelKeys: Set<String> = Set(AHAPKey.eventKeys + [AHAPKey.eventTime])

    /// Reads an Event body: `Time` or `EventTime` (0 when missing), entries without a string ID and a numeric value dropped, unknown keys
    /// kept in `extra`.
    public init(json: JSONObject) {
        time = AHAPNumber.value(json[AHAPKey.time] ?? json[AHAPKey.eventTime]) ?? 0
        rawType = json[AHAPKey.eventType]?.string ?? ""
        duration = AHAPNumber.value(json[AHAPKey.eventDuration])
        parameters = (json[AHAPKey.eventParameters]?.array ?? []).compactMap { entry in
            guard let id = entry[AHAPKey.parameterID]?.string,
                let value = AHAPNumber.value(entry[AHAPKey.parameterValue])
            else { return nil }
            return AHAPEventParameter(rawID: id, value: value)
        }
        waveformPath = json[AHAPKey.waveformPath]?.string
        waveformUseVolumeEnvelope = json[AHAPKey.useVolumeEnvelope]?.bool
        waveformLoopEnabled = json[AHAPKey.loopEnabled]?.bool
        extra = JSONObject(json.members.filter { !AHAPEvent.modelKeys.contains($0.key) })
    }

    /// The Event body as AHAP JSON, keys in canonical order and `extra` last; nil fields and an empty parameter list are left out.
    public var jsonValue: JSONValue {
        var o = JSONObject()
        o[AHAPKey.time] = .real(time)
        o[AHAPKey.eventType] = .string(rawType)
        if let duration { o[AHAPKey.eventDuration] = .real(duration) }
        if let waveformPath { o[AHAPKey.waveformPath] = .string(waveformPath) }
        if let waveformUseVolumeEnvelope { o[AHAPKey.useVolumeEnvelope] = .bool(waveformUseVolumeEnvelope) }
        if let waveformLoopEnabled { o[AHAPKey.loopEnabled] = .bool(waveformLoopEnabled) }
        if !parameters.isEmpty {
            o[AHAPKey.eventParameters] = .array(
                parameters.map {
                    .object(JSONObject([AHAPKey.parameterID: .string($0.rawID), AHAPKey.parameterValue: .real($0.value)]))
                })
        }
        o.members += extra.members
        return .object(o)
    }
}

extension AHAPDynamicParameter {
    /// Reads a Parameter body: `Time` or `ParameterTime`; a missing number reads as 0 and a missing ID as "". Unknown keys are kept in
    /// `extra`.
    public init(json: JSONObject) {
        rawID = json[AHAPKey.parameterID]?.string ?? ""
        value = AHAPNumber.value(json[AHAPKey.parameterValue]) ?? 0
        time = AHAPNumber.value(json[AHAPKey.time] ?? json[AHAPKey.parameterTime]) ?? 0
        let known: Set<String> = Set(AHAPKey.parameterKeys + [AHAPKey.parameterTime])
        extra = JSONObject(json.members.filter { !known.contains($0.key) })
    }

    /// The Parameter body as AHAP JSON, `extra` last.
    public var jsonValue: JSONValue {
        var o = JSONObject([
            AHAPKey.parameterID: .string(rawID), AHAPKey.time: .real(time), AHAPKey.parameterValue: .real(value),
        ])
        o.members += extra.members
        return .object(o)
    }
}

extension AHAPParameterCurve {
    /// Reads a ParameterCurve body; when a control point lacks a numeric Time or ParameterValue, no points are kept, as in CoreHaptics.
    public init(json: JSONObject) {
        rawID = json[AHAPKey.parameterID]?.string ?? ""
        time = AHAPNumber.value(json[AHAPKey.time]) ?? 0
        var points: [AHAPControlPoint] = []
        for point in json[AHAPKey.controlPoints]?.array ?? [] {
            // CoreHaptics drops the whole point list when one point is malformed.
            guard let t = AHAPNumber.value(point[AHAPKey.time]),
                let v = AHAPNumber.value(point[AHAPKey.parameterValue])
            else {
                points = []
                break
            }
            points.append(AHAPControlPoint(time: t, value: v))
        }
        controlPoints = points
        extra = JSONObject(json.members.filter { !AHAPKey.curveKeys.contains($0.key) })
    }

    /// The ParameterCurve body as AHAP JSON, `extra` last.
    public var jsonValue: JSONValue {
        var o = JSONObject([AHAPKey.parameterID: .string(rawID), AHAPKey.time: .real(time)])
        o[AHAPKey.controlPoints] = .array(
            controlPoints.map {
                .object(JSONObject([AHAPKey.time: .real($0.time), AHAPKey.parameterValue: .real($0.value)]))
            })
        o.members += extra.members
        return .object(o)
    }
}
