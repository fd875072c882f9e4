/// The haptic pattern formats the tools read, told apart in one place: by the file's extension (`.haptic` is a Meta
/// Haptics Studio clip; anything else is read as AHAP).
public enum HapticFileFormat: Sendable, Equatable {
    /// An AHAP pattern (Core Haptics).
    case ahap
    /// A `.haptic` v1 clip.
    case haptic

    /// The format of the file at `path`.
    public init(path: String) { self = path.lowercased().hasSuffix(".haptic") ? .haptic : .ahap }
}
