import Foundation

/// The fixes the page offers in one click for a finding about the whole map or one of its sections.
extension EditorState {
    /// The tempo the page's fix of a map's one tempo (or of its first tempo section off the track) sets, and what the hits
    /// keep.
    public struct TrackTempo: Encodable, Sendable, Equatable {
        /// The tempo to set (BPM): the track's, or the whole tempo within 0.05 % of it.
        public var bpm: Double
        /// "beats" when the hits sit on the map's lines and drift with its grid (the fix moves them with it, each keeping
        /// its beat); "times" when they are off its lines (the fix sets the grid alone).
        public var hits: String
        /// A hit of the section whose tempo the fix sets (seconds): the map's first, or the first of the tempo section
        /// off the track.
        public var at: Double
        /// The tempo the fix replaces (BPM).
        public var map: Double
        /// The tempo section off the track, numbered from 1; nil when the map holds one tempo over its hits.
        public var section: Int?
    }

    /// A tempo section half a beat off the track.
    public struct GridPhaseFix: Encodable, Sendable, Equatable {
        /// The section's number (1: the first).
        public var section: Int
        /// The section's start (seconds).
        public var start: Double
        /// A beat of the section (seconds): the fix moves the section that holds it by half a beat.
        public var anchor: Double
        /// "beats" when the whole map's hits sit on its beats and move with it, each keeping its beat (a chart whose
        /// offset is half a beat out, notes and all); "times" when the grid alone moves, the hits staying.
        public var hits: String
        /// With `hits` "beats": how far the map and every hit move (seconds, later when positive; half a beat either
        /// way, the way whose bar lines meet the harmony's changes). Nil otherwise.
        public var shift: Double?
    }

    /// A beat list at the wrong octave of the track's pulse, and the beat its fix keeps in phase.
    public struct Octave: Encodable, Sendable, Equatable {
        /// "half" (the track has a beat between every two) or "double" (every other beat has no onset).
        public var verdict: String
        /// The track's pulse (BPM).
        public var pulse: Double
        /// A beat of the map that stays on the fixed grid: the first, or at double the pulse the first of the beats whose
        /// onsets are the stronger.
        public var anchor: Double
        /// "beats" when the hits are the beat list at the wrong octave (the fix sets the grid, then a hit on each of its
        /// beats); "grid" when the chart's tempo map is, and its hits are right (the fix sets the grid alone).
        public var subject: String
    }
}
