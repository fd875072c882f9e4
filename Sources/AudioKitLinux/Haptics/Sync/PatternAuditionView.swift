import Foundation

/// The timeline of a pattern against its sound, as the audition page draws it. Times in seconds of the pattern.
public struct PatternAuditionView: Encodable, Sendable {
    /// One event of the pattern.
    public struct Event: Encodable, Sendable {
        /// Its index in the `Pattern` array.
        public let index: Int
        /// Its line in the formatted file (0 in a clip, whose findings are the clip's own lines).
        public let line: Int
        /// Its `EventType`.
        public let type: String
        /// Its time, after the edit.
        public let time: Double
        /// Its duration (0 for a transient).
        public let duration: Double
        /// Its `HapticIntensity` (the default when absent).
        public let intensity: Double
        /// Its `HapticSharpness`.
        public let sharpness: Double
        /// Seconds it was moved alone.
        public let moved: Double
    }

    /// One transient against the sound's nearest onset.
    public struct Transient: Encodable, Sendable {
        /// The event's index in `Pattern`.
        public let index: Int
        /// The transient's time.
        public let time: Double
        /// The onset within reach, if one is.
        public let onset: Double?
        /// Transient minus onset, seconds.
        public let offset: Double?
    }

    /// One finding of the validator.
    public struct Finding: Encodable, Sendable {
        /// Line in the formatted file.
        public let line: Int
        /// Column.
        public let column: Int
        /// error, warning or note.
        public let severity: String
        /// The rule's ID.
        public let rule: String
        /// What it says.
        public let message: String
    }

    /// The pattern's file name.
    public let file: String
    /// Seconds drawn: the longer of the pattern and its sound.
    public let duration: Double
    /// The whole pattern's shift, seconds.
    public let shift: Double
    /// The events.
    public let events: [Event]
    /// The drive's amplitude (intensity after curves and dynamic parameters) at evenly spaced points.
    public let haptic: [Float]
    /// The sound's envelope at the same points.
    public let sound: [Float]
    /// Where the two envelopes match best: haptics minus sound, seconds; nil when they do not match.
    public let lag: Double?
    /// The correlation at that lag.
    public let correlation: Double
    /// Each transient against its onset.
    public let transients: [Transient]
    /// Haptics felt where the sound is silent, as [start, end].
    public let silences: [[Double]]
    /// The sound's onsets.
    public let onsets: [Double]
    /// Whether a fix can be saved (an AHAP file); a `.haptic` clip is heard and checked only.
    public let editable: Bool
    /// The file as the audition opened it (`PatternAudition.revision`): a save names it, and is refused once the file
    /// was saved or changed since.
    public let revision: String
    /// The validator's findings on the edited pattern (as it would be saved); for a clip, the clip's own.
    public let findings: [Finding]
}
