import Foundation

/// Converts a `.haptic` clip to AHAP as Meta's and Lofelt's exporters do, within Core Haptics' limits.
///
/// - Intensity = √amplitude, times 0.8 at a breakpoint with an emphasis; sharpness = √frequency (both exporters).
/// - Each emphasis becomes a HapticTransient of intensity √(emphasis amplitude) and sharpness = emphasis frequency
///   (both exporters take no square root there).
/// - Curves of at most 16 points, chained: each starts on the last point of the one before (Lofelt's chunking; Meta's
///   exporter writes one curve of any length, which Core Haptics refuses past 16 points). Control-point times are
///   relative to their curve, as Apple documents them (both exporters write absolute times, which is the same only
///   for a curve at time 0).
/// - Continuous events (intensity 1, the curves carry the values) of at most 30 s, from the first amplitude breakpoint
///   to the last.
/// - An empty frequency envelope means 0.5 (the spec): the continuous events get sharpness √0.5 and no sharpness
///   curve (both exporters leave sharpness 0). One frequency breakpoint is the events' sharpness, without a curve.
/// - An envelope that is silent throughout with emphasis on it gives the transients alone: no silent continuous event.
/// - Order: intensity curves, sharpness curves, continuous events, transients (the exporters' order).
public enum HapticToAHAP {
    /// The pattern of `clip`; with `split`, the continuous half (curves and continuous events) and the transients half
    /// (nil when the clip has no emphasis), as `_continuous.ahap` and `_transients.ahap`.
    public static func convert(_ clip: HapticClip) -> AHAPPattern {
        let (continuous, transients) = parts(clip)
        return AHAPPattern(version: 1.0, metadata: metadata(clip), elements: continuous + transients)
    }

    /// The continuous half and the transients half (nil without emphasis).
    public static func split(_ clip: HapticClip) -> (continuous: AHAPPattern, transients: AHAPPattern?) {
        let (continuous, transients) = parts(clip)
        return (
            AHAPPattern(version: 1.0, metadata: metadata(clip), elements: continuous),
            transients.isEmpty ? nil : AHAPPattern(version: 1.0, metadata: metadata(clip), elements: transients)
        )
    }

    /// What the one-file pattern of `clip` does not play as the clip says: each emphasis (by its index in
    /// `clip.amplitude`) whose transient Core Haptics plays at another amplitude or frequency, because a pattern's
    /// intensity curve multiplies every active event, transients included, and its sharpness curve adds to them.
    /// The split output (`split`) has no curve in its transients half, so it loses none of them.
    public static func emphasisLosses(_ clip: HapticClip, tolerance: Double = 1e-4) -> [(breakpoint: Int, message: String)] {
        let controls = ControlSet(pattern: convert(clip))
        var out: [(Int, String)] = []
        for (k, b) in clip.amplitude.enumerated() {
            guard let e = b.emphasis else { continue }
            let intensity = controls.apply(.hapticIntensityControl, to: e.amplitude.squareRoot(), at: b.time)
            let sharpness = controls.apply(.hapticSharpnessControl, to: e.frequency, at: b.time)
            let amplitude = intensity * intensity
            guard abs(amplitude - e.amplitude) > tolerance || abs(sharpness - e.frequency) > tolerance else { continue }
            var causes: [String] = []
            if let c = controls.tracks[.hapticIntensityControl]?.value(at: b.time), abs(amplitude - e.amplitude) > tolerance {
                causes.append(String(format: "the pattern's intensity curve (%.3f here) multiplies the transient", c))
            }
            if let c = controls.tracks[.hapticSharpnessControl]?.value(at: b.time), abs(sharpness - e.frequency) > tolerance {
                causes.append(String(format: "its sharpness curve (%.3f here) adds to the transient's sharpness", c))
            }
            if abs(sharpness - e.frequency) > tolerance && controls.tracks[.hapticSharpnessControl] == nil || causes.isEmpty {
                causes.append("the transient's values are clamped to 0…1")
            }
            out.append(
                (
                    k,
                    String(
                        format:
                            "in one AHAP file this emphasis (amplitude %.3f, frequency %.3f) plays at amplitude %.3f, frequency %.3f: %@; a split output (the transients in a pattern of their own) plays them as the clip says",
                        e.amplitude, e.frequency, amplitude, sharpness, causes.joined(separator: ", and "))
                ))
        }
        return out
    }

    /// Emphasis breakpoints scale the continuous intensity by this (both exporters).
    public static let emphasisDucking = 0.8
    /// The sharpness of a clip without a frequency envelope: √0.5.
    public static let defaultSharpness = 0.5.squareRoot()

    static func parts(_ clip: HapticClip) -> (continuous: [AHAPElement], transients: [AHAPElement]) {
        var elements: [AHAPElement] = []
        // An envelope that is silent throughout under emphasis (a clip of transients only) gives no curve and no
        // continuous event; a silent clip without emphasis keeps its silent event, as both exporters write it.
        let hasEmphasis = clip.amplitude.contains { $0.emphasis != nil }
        guard clip.amplitude.contains(where: { $0.amplitude > 0 }) || !hasEmphasis else {
            return ([], transientEvents(clip))
        }
        let intensity = clip.amplitude.map { ($0.time, $0.amplitude.squareRoot() * ($0.emphasis == nil ? 1 : emphasisDucking)) }
        elements += chained(.hapticIntensityControl, intensity)
        // One frequency breakpoint is a constant: the events' own sharpness, no curve (a curve needs two points).
        if clip.frequency.count > 1 {
            elements += chained(.hapticSharpnessControl, clip.frequency.map { ($0.time, $0.frequency.squareRoot()) })
        }
        if let first = clip.amplitude.first?.time, let last = clip.amplitude.last?.time, last > first {
            let sharpness =
                switch clip.frequency.count {
                case 0: defaultSharpness
                case 1: clip.frequency[0].frequency.squareRoot()
                default: 0.0
                }
            var start = first
            while start < last {
                // The duration itself is capped (start + 30 − start can exceed 30 in floating point).
                let duration = min(CoreHapticsLimits.maximumContinuousDuration, last - start)
                elements.append(
                    .event(
                        AHAPEvent(
                            .hapticContinuous, time: start, duration: duration,
                            parameters: [AHAPEventParameter(.hapticIntensity, 1), AHAPEventParameter(.hapticSharpness, sharpness)])))
                start += duration
            }
        }
        return (elements, transientEvents(clip))
    }

    /// Each emphasis as a HapticTransient.
    static func transientEvents(_ clip: HapticClip) -> [AHAPElement] {
        clip.amplitude.compactMap { b in
            guard let e = b.emphasis else { return nil }
            return .event(
                AHAPEvent(
                    .hapticTransient, time: b.time,
                    parameters: [
                        AHAPEventParameter(.hapticIntensity, e.amplitude.squareRoot()), AHAPEventParameter(.hapticSharpness, e.frequency),
                    ]))
        }
    }

    /// Curves of at most 16 points through `points` (absolute time, value), each after the first starting on the last
    /// point of the one before; control-point times relative to the curve.
    static func chained(_ id: DynamicParameterID, _ points: [(Double, Double)]) -> [AHAPElement] {
        guard points.count >= 2 else { return [] }
        var curves: [AHAPElement] = []
        var from = 0
        repeat {
            let to = min(points.count - 1, from + CoreHapticsLimits.maximumCurvePoints - 1)
            let origin = points[from].0
            curves.append(
                .curve(
                    AHAPParameterCurve(
                        id, time: origin, points: points[from...to].map { AHAPControlPoint(time: $0.0 - origin, value: $0.1) })))
            from = to
        } while from < points.count - 1
        return curves
    }

    /// AHAP metadata from the clip's, as Lofelt's exporter maps it: project, author as Created, description.
    static func metadata(_ clip: HapticClip) -> JSONObject {
        var m = JSONObject()
        for (from, to) in [("project", "Project"), ("author", "Created"), ("description", "Description")] {
            if let s = clip.metadata[from]?.string { m[to] = .string(s) }
        }
        return m
    }
}
