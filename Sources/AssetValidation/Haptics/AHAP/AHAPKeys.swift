/// The keys of the AHAP format, and the order `ahap-tool format` writes them in.
public enum AHAPKey {
    /// Top-level format version number.
    public static let version = "Version"
    /// Top-level object for notes such as Project and Description.
    public static let metadata = "Metadata"
    /// Top-level array of events, parameters and curves.
    public static let pattern = "Pattern"
    /// Top-level key of private Apple SPI; the validator accepts it without a finding.
    public static let configuration = "Configuration"
    /// Pattern item key of an event.
    public static let event = "Event"
    /// Pattern item key of a dynamic parameter.
    public static let parameter = "Parameter"
    /// Pattern item key of a parameter curve.
    public static let parameterCurve = "ParameterCurve"
    /// Time in seconds of an event, parameter, curve or control point.
    public static let time = "Time"
    /// Alias of `Time` that CoreHaptics accepts in events.
    public static let eventTime = "EventTime"
    /// Alias of `Time` that CoreHaptics accepts in Parameter elements.
    public static let parameterTime = "ParameterTime"
    /// The event's type name (see `AHAPEventType`).
    public static let eventType = "EventType"
    /// The event's length in seconds.
    public static let eventDuration = "EventDuration"
    /// The event's array of parameter entries.
    public static let eventParameters = "EventParameters"
    /// The audio file an AudioCustom event plays.
    public static let waveformPath = "EventWaveformPath"
    /// AudioCustom boolean: apply the volume envelope to the waveform (default true).
    public static let useVolumeEnvelope = "EventWaveformUseVolumeEnvelope"
    /// AudioCustom boolean: loop the waveform over the event's duration (default false).
    public static let loopEnabled = "EventWaveformLoopEnabled"
    /// The parameter's ID, in entries, Parameter elements and curves.
    public static let parameterID = "ParameterID"
    /// The parameter's value, in entries, Parameter elements and control points.
    public static let parameterValue = "ParameterValue"
    /// A curve's array of control points.
    public static let controlPoints = "ParameterCurveControlPoints"

    /// The three keys a Pattern item can hold, in canonical order.
    public static let elementKinds = [event, parameter, parameterCurve]
    /// The known top-level keys, in canonical order.
    public static let topLevel = [version, metadata, pattern]
    /// The keys of an Event, in canonical order.
    public static let eventKeys = [
        time, eventType, eventDuration, waveformPath, useVolumeEnvelope, loopEnabled, eventParameters,
    ]
    /// The keys of a Parameter element, in canonical order.
    public static let parameterKeys = [parameterID, time, parameterValue]
    /// The keys of a ParameterCurve, in canonical order.
    public static let curveKeys = [parameterID, time, controlPoints]
    /// The keys of an `EventParameters` entry, in canonical order.
    public static let entryKeys = [parameterID, parameterValue]
    /// The keys of a control point, in canonical order.
    public static let pointKeys = [time, parameterValue]
}

/// Reading numbers the way CoreHaptics does: it calls `floatValue`, which
/// NSNumber and NSString both implement, so `"0.5"` reads as 0.5.
enum AHAPNumber {
    package static func value(_ json: JSONValue?) -> Double? {
        guard let json else { return nil }
        if let n = json.number { return n }
        if let s = json.string, let d = Double(s.trimmingCharacters(in: .whitespaces)) { return d }
        if let b = json.bool { return b ? 1 : 0 }
        return nil
    }
}
