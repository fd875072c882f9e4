import Foundation

/// What a conversion loses, as located findings (`ahap.lost_in_conversion` warnings at the line and column of the
/// input's element): the library locates them, the tools only print them.
public enum ConversionFindings {
    /// The losses of `AHAPToHaptic.convert(pattern)`, each at the key of its element (`Event`, `Parameter` or
    /// `ParameterCurve`) in the AHAP file at `path`. Throws `InputError` when the file cannot be read again.
    public static func located(
        _ losses: [AHAPToHaptic.Loss], of pattern: AHAPPattern, in path: String, options: AHAPValidationOptions
    ) throws(InputError) -> [Diagnostic] {
        let findings = losses.map { loss -> AHAPFinding in
            let kind: String =
                switch pattern.elements[loss.element] {
                case .event: "Event"
                case .parameter: "Parameter"
                case .curve: "ParameterCurve"
                case .unknown: ""
                }
            return AHAPFinding(
                ruleID: LostInConversionRule.description.id, severity: .warning, path: "/Pattern/\(loss.element)/\(kind)", anchor: .key,
                message: loss.message)
        }
        return try AHAPValidator.locate(findings, in: path, options: options)
    }

    /// The emphases of a `.haptic` clip at `path` that play otherwise in one AHAP file (`HapticToAHAP.emphasisLosses`),
    /// each at the key of its breakpoint's `emphasis`. Throws `InputError` when the file cannot be read again.
    public static func located(
        emphasisLosses losses: [(breakpoint: Int, message: String)], in path: String, options: AHAPValidationOptions
    ) throws(InputError) -> [Diagnostic] {
        let findings = losses.map {
            AHAPFinding(
                ruleID: LostInConversionRule.description.id, severity: .warning,
                path: "/signals/continuous/envelopes/amplitude/\($0.breakpoint)/emphasis", anchor: .key, message: $0.message)
        }
        return try AHAPValidator.locate(findings, in: path, options: options)
    }
}
