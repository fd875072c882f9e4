/// Canonical, stable pretty-printing of AHAP JSON.
///
/// Known keys come first, in the order Apple's samples use (Version, Metadata,
/// Pattern; Time, EventType, EventDuration, … EventParameters; ParameterID,
/// Time, ParameterValue); unknown keys follow in their original order; numbers
/// keep their integer or real form in shortest round-trip notation; four-space
/// indent. Formatting twice changes nothing, and parse(format(x)) == parse(x).
public enum AHAPFormatter {
    /// The canonical text of `root`: known keys in Apple's order, unknown keys after them, four-space indent.
    public static func format(_ root: JSONValue) -> String {
        JSONWriter(indent: "    ").string(from: canonical(root, context: .root))
    }

    /// Reads `bytes` leniently (trailing commas and comments are dropped) and formats them.
    /// Returns nil, with the syntax findings, when the text is not JSON; throws when it is over a limit.
    public static func format(bytes: [UInt8], file: String?, limits: InputLimits = .standard) throws(InputError) -> (
        text: String?, diagnostics: [Diagnostic]
    ) {
        let result = AHAPValidator.validate(
            bytes: bytes, file: file, options: AHAPValidationOptions(lenient: true, checkWaveformFiles: false, limits: limits), rules: [])
        if let failure = result.limitExceeded { throw failure }
        guard let root = result.document?.root else { return (nil, result.diagnostics) }
        return (format(root), result.diagnostics)
    }

    enum Context { case root, patternItem, event, parameter, curve, entry, point, other }

    static func canonical(_ value: JSONValue, context: Context) -> JSONValue {
        switch value {
        case .array(let items):
            let child: Context =
                switch context {
                case .root: .patternItem
                case .event: .entry
                case .curve: .point
                default: .other
                }
            return .array(items.map { canonical($0, context: child) })
        case .object(let object):
            let order: [String] =
                switch context {
                case .root: AHAPKey.topLevel
                case .patternItem: AHAPKey.elementKinds
                case .event: [AHAPKey.time, AHAPKey.eventTime] + AHAPKey.eventKeys.dropFirst()
                case .parameter: AHAPKey.parameterKeys
                case .curve: AHAPKey.curveKeys
                case .entry: AHAPKey.entryKeys
                case .point: AHAPKey.pointKeys
                case .other: []
                }
            var members: [JSONObject.Member] = []
            for key in order { if let v = object[key] { members.append(.init(key: key, value: v)) } }
            for m in object.members where !order.contains(m.key) { members.append(m) }
            return .object(
                JSONObject(members.map { .init(key: $0.key, value: canonical($0.value, context: childContext(context, key: $0.key))) }))
        default:
            return value
        }
    }

    static func childContext(_ context: Context, key: String) -> Context {
        switch (context, key) {
        case (.root, AHAPKey.pattern): .root  // the array under Pattern holds pattern items
        case (.patternItem, AHAPKey.event): .event
        case (.patternItem, AHAPKey.parameter): .parameter
        case (.patternItem, AHAPKey.parameterCurve): .curve
        case (.event, AHAPKey.eventParameters): .event
        case (.curve, AHAPKey.controlPoints): .curve
        default: .other
        }
    }
}
