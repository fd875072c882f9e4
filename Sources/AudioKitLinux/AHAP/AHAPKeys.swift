/// The keys of the AHAP format, and the order `ahap-tool format` writes them in.
public enum AHAPKey {
    public static let version = "Version"
    public static let metadata = "Metadata"
    public static let pattern = "Pattern"
    public static let configuration = "Configuration"
    public static let event = "Event"
    public static let parameter = "Parameter"
    public static let parameterCurve = "ParameterCurve"
    public static let time = "Time"
    public static let eventTime = "EventTime"
    public static let parameterTime = "ParameterTime"
    public static let eventType = "EventType"
    public static let eventDuration = "EventDuration"
    public static let eventParameters = "EventParameters"
    public static let waveformPath = "EventWaveformPath"
    public static let useVolumeEnvelope = "EventWaveformUseVolumeEnvelope"
    public static let loopEnabled = "EventWaveformLoopEnabled"
    public static let parameterID = "ParameterID"
    public static let parameterValue = "ParameterValue"
    public static let controlPoints = "ParameterCurveControlPoints"

    public static let elementKinds = [event, parameter, parameterCurve]
    public static let topLevel = [version, metadata, pattern]
    public static let eventKeys = [
        time, eventType, eventDuration, waveformPath, useVolumeEnvelope, loopEnabled, eventParameters,
    ]
    public static let parameterKeys = [parameterID, time, parameterValue]
    public static let curveKeys = [parameterID, time, controlPoints]
    public static let entryKeys = [parameterID, parameterValue]
    public static let pointKeys = [time, parameterValue]
}

/// Reading numbers the way CoreHaptics does: it calls `floatValue`, which
/// NSNumber and NSString both implement, so `"0.5"` reads as 0.5.
enum AHAPNumber {
    static func value(_ json: JSONValue?) -> Double? {
        guard let json else { return nil }
        if let n = json.number { return n }
        if let s = json.string, let d = Double(s.trimmingCharacters(in: .whitespaces)) { return d }
        if let b = json.bool { return b ? 1 : 0 }
        return nil
    }
}
