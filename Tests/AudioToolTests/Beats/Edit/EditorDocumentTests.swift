import AudioKitLinux
import Testing

/// What counts as something to save: the beats always, the grid and markers only where a save writes them.
@Suite("Editor document")
struct EditorDocumentTests {
    static let grid = TempoMap(timingPoints: [(0.25, 88)])
    static let base = EditorDocument(beats: [0.25, 0.93, 1.61], declared: grid, markers: [EditorMarker(name: "verse", from: 1, to: 2)])

    @Test func theBeatsAlwaysCount() {
        var edited = Self.base
        edited.beats[1] += 0.010
        #expect(edited.differs(from: Self.base, keepsGrid: false, keepsMarkers: false))
        #expect(!Self.base.differs(from: Self.base, keepsGrid: true, keepsMarkers: true))
    }

    @Test func aGridOrMarkersCountOnlyWhereASaveWritesThem() {
        var regridded = Self.base
        regridded.declared = TempoMap(timingPoints: [(0.25, 176)])
        // A text map holds beats only: a new grid is nothing to save, unless it is kept beside the map or in it.
        #expect(!regridded.differs(from: Self.base, keepsGrid: false, keepsMarkers: false))
        #expect(regridded.differs(from: Self.base, keepsGrid: true, keepsMarkers: false))
        var remarked = Self.base
        remarked.markers = []
        #expect(!remarked.differs(from: Self.base, keepsGrid: true, keepsMarkers: false))
        #expect(remarked.differs(from: Self.base, keepsGrid: false, keepsMarkers: true))
        // Kept beside the map, both count; and asking for the sidecar (or no longer) is itself a change.
        var beside = regridded
        beside.keepsBeside = true
        var before = Self.base
        before.keepsBeside = true
        #expect(beside.differs(from: before, keepsGrid: false, keepsMarkers: false))
        #expect(before.differs(from: Self.base, keepsGrid: false, keepsMarkers: false))
    }
}
