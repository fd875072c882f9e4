import Foundation

/// A haptic pattern made from a sound, as one pattern and as the two halves Meta Haptics Studio and Lofelt Studio
/// export (continuous events; transients).
public struct HapticConversion: Sendable {
    /// Transients and continuous events together (nil with `split`). The curves stop 0.5 ms before each transient and
    /// start again 0.5 ms after it, and a neutral `Parameter` at the transient holds in between, so no curve scales a
    /// transient.
    public var combined: AHAPPattern?
    /// With `split`: the continuous events and their curves alone, without pauses.
    public var continuous: AHAPPattern?
    /// With `split`: the transients alone.
    public var transients: AHAPPattern?
    /// The onsets that became transients.
    public var onsets: [TransientPicker.Onset]
    /// What the user should know: a silent sound, no onset found.
    public var notes: [String]
    /// Length of the sound, in seconds.
    public var duration: Double
    /// The sound's amplitude after normalising and gain (and the noise floor, which the pattern follows), one value per
    /// millisecond (for plots).
    public var amplitude: [Float]
    /// With `--preset auto`: the kind of sound told, and what it was told by.
    public var kind: (kind: SoundKind, descriptors: SoundDescriptors)? = nil

    /// Control points per second of sound in `pattern`.
    public func breakpointsPerSecond(_ pattern: AHAPPattern) -> Double {
        let points = pattern.curves.reduce(0) { $0 + $1.controlPoints.count }
        return duration > 0 ? Double(points) / duration : 0
    }
}
