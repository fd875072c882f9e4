/// What the author edits in a session of `beatmap edit`: the beats, the tempo grid they are judged on, the named
/// ranges, and whether a save keeps the grid and ranges beside the map. The session holds one of these as it is now,
/// one as it is on disk and one as it opened, and compares them to tell whether there is something to save.
public struct EditorDocument: Sendable, Equatable {
    /// The beats (seconds, sorted).
    public var beats: [Double]
    /// The tempo grid the author set, or the map declared: the beats are judged on it.
    public var declared: TempoMap?
    /// The named ranges the author marked.
    public var markers: [EditorMarker]
    /// True when a save also writes the grid and markers beside the map (`EditorSidecar`).
    public var keepsBeside: Bool

    /// A document of `beats`, with `declared`, `markers` and `keepsBeside` as given.
    public init(beats: [Double], declared: TempoMap? = nil, markers: [EditorMarker] = [], keepsBeside: Bool = false) {
        self.beats = beats
        self.declared = declared
        self.markers = markers
        self.keepsBeside = keepsBeside
    }

    /// True when this document and `other` differ in what a save writes: the beats always; the grid when the map
    /// keeps it (`keepsGrid`) or it is kept beside the map; the markers likewise (`keepsMarkers`); and whether a
    /// sidecar is kept.
    public func differs(from other: EditorDocument, keepsGrid: Bool, keepsMarkers: Bool) -> Bool {
        beats != other.beats || ((keepsGrid || keepsBeside) && declared != other.declared)
            || ((keepsMarkers || keepsBeside) && markers != other.markers) || keepsBeside != other.keepsBeside
    }
}
