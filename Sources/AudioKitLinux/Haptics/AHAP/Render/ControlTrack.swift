/// The value of one dynamic parameter over time, from the pattern's
/// `Parameter` and `ParameterCurve` elements.
///
/// Apple documents that curves interpolate linearly between control points,
/// whose times are relative to the curve's start, and that a `Parameter`
/// sets a value at its time. Undocumented, and our choice: before its first
/// point a curve holds the first value; after its last point it holds the
/// last; a later element replaces an earlier one from its start on; before any
/// element the parameter is neutral (1 for multipliers, 0 for offsets).
public struct ControlTrack: Sendable {
    struct Segment: Sendable {
        let start: Double
        /// Absolute times and values; one point for a `Parameter`.
        let times: [Double]
        let values: [Double]

        func value(at t: Double) -> Double {
            if t <= times[0] { return values[0] }
            if t >= times[times.count - 1] { return values[values.count - 1] }
            var low = 0
            var high = times.count - 1
            while high - low > 1 {
                let mid = (low + high) / 2
                if times[mid] <= t { low = mid } else { high = mid }
            }
            let span = times[high] - times[low]
            guard span > 0 else { return values[high] }
            return values[low] + (values[high] - values[low]) * (t - times[low]) / span
        }
    }

    /// The dynamic parameter this track follows.
    public let id: DynamicParameterID
    let segments: [Segment]

    /// The track of `id` in `pattern`, from its Parameter elements and its curves that have points.
    public init(id: DynamicParameterID, pattern: AHAPPattern) {
        self.id = id
        var segments: [Segment] = []
        for element in pattern.elements {
            switch element {
            case .parameter(let p) where p.parameterID == id:
                segments.append(Segment(start: p.time, times: [p.time], values: [p.value]))
            case .curve(let c) where c.parameterID == id && !c.controlPoints.isEmpty:
                let points = c.controlPoints.sorted { $0.time < $1.time }
                segments.append(Segment(start: c.time, times: points.map { c.time + $0.time }, values: points.map(\.value)))
            default: continue
            }
        }
        // Stable: elements starting at the same time keep file order, the later one winning.
        self.segments = segments.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// True when the pattern has no Parameter element or non-empty curve for `id`.
    public var isEmpty: Bool { segments.isEmpty }

    /// The control value at pattern time `t` (seconds).
    public func value(at t: Double) -> Double {
        let low = SortedTimes.upperBound(segments, t) { $0.start }
        guard low > 0 else { return id.neutralValue }
        return segments[low - 1].value(at: t)
    }

    /// Applies the control to an event parameter's value, as CoreHaptics documents:
    /// multiply (intensity, volume) or add (the rest), then clamp to the event parameter's range.
    public func apply(to base: Double, at t: Double) -> Double {
        let c = value(at: t)
        let combined = id.combination == .multiply ? base * c : base + c
        return id.target.range.clamp(combined)
    }
}

/// All dynamic parameters of a pattern.
public struct ControlSet: Sendable {
    /// One track per dynamic parameter the pattern sets; IDs it never sets are absent.
    public let tracks: [DynamicParameterID: ControlTrack]

    /// The tracks of every dynamic parameter `pattern` sets.
    public init(pattern: AHAPPattern) {
        var tracks: [DynamicParameterID: ControlTrack] = [:]
        for id in DynamicParameterID.allCases {
            let track = ControlTrack(id: id, pattern: pattern)
            if !track.isEmpty { tracks[id] = track }
        }
        self.tracks = tracks
    }

    /// `base` after the control `id` at time `t`; clamped to the parameter's range even without a control.
    public func apply(_ id: DynamicParameterID, to base: Double, at t: Double) -> Double {
        tracks[id]?.apply(to: base, at: t) ?? id.target.range.clamp(base)
    }
}
