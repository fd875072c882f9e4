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
        JSONWriter(indent: "    ").string(from: root, order: CanonicalOrder())
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

    /// The canonical order of an AHAP document's keys, by the kind of object each place holds.
    struct CanonicalOrder: JSONKeyOrder {
        enum Place { case root, patternItem, event, parameter, curve, entry, point, other }

        var root: Place { .root }

        func element(of place: Place) -> Place {
            switch place {
            case .root: .patternItem
            case .event: .entry
            case .curve: .point
            default: .other
            }
        }

        func member(_ key: String, of place: Place) -> Place {
            switch (place, key) {
            case (.root, AHAPKey.pattern): .root  // the array under Pattern holds pattern items
            case (.patternItem, AHAPKey.event): .event
            case (.patternItem, AHAPKey.parameter): .parameter
            case (.patternItem, AHAPKey.parameterCurve): .curve
            case (.event, AHAPKey.eventParameters): .event
            case (.curve, AHAPKey.controlPoints): .curve
            default: .other
            }
        }

        func leadingKeys(at place: Place) -> [String] {
            switch place {
            case .root: AHAPKey.topLevel
            case .patternItem: AHAPKey.elementKinds
            case .event: Self.eventKeys
            case .parameter: AHAPKey.parameterKeys
            case .curve: AHAPKey.curveKeys
            case .entry: AHAPKey.entryKeys
            case .point: AHAPKey.pointKeys
            case .other: []
            }
        }

        /// An event's keys, with Apple's alternative `EventTime` right after `Time`.
        static let eventKeys = [AHAPKey.time, AHAPKey.eventTime] + AHAPKey.eventKeys.dropFirst()
    }
}
