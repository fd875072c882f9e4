import AudioKitLinux
import Foundation
import Testing

/// What the editing session reports as changed: nothing for a map or a draft left alone, so `beatmap edit` warns of
/// unsaved edits only when there are some.
@Suite("Editor session")
struct EditorSessionTests {
    static let track = TestPaths.packageRoot.appendingPathComponent("samples/audio/world1-track-a-88bpm.flac").path

    /// (edited, dirty) of `session` now.
    static func flags(_ session: EditorSession) async -> (edited: Bool, dirty: Bool) {
        (await session.isEdited, await session.isDirty)
    }

    @Test func aMapLeftAloneIsNeitherEditedNorDirty() async throws {
        let map = TestPaths.packageRoot.appendingPathComponent("samples/beatmaps/world1-a.json").path
        let session = try await EditorSession(track: Self.track, map: map)
        let opened = await Self.flags(session)
        #expect(!opened.edited && !opened.dirty)
        let beats = await session.beats
        try await session.setBeats(Array(beats.dropLast()))
        let changed = await Self.flags(session)
        #expect(changed.edited && changed.dirty)
        try await session.setBeats(beats)
        let back = await Self.flags(session)
        #expect(!back.edited && !back.dirty)
    }

    @Test func aDraftLeftAloneIsUnsavedButNotEdited() async throws {
        let session = try await EditorSession(track: Self.track, map: nil)
        let draft = await session.beats
        #expect(!draft.isEmpty)
        let opened = await Self.flags(session)
        #expect(!opened.edited && opened.dirty)
        try await session.setBeats(draft + [11.5])
        #expect(await Self.flags(session).edited)
    }
}
