import AudioKitLinux
import Foundation
import Testing

/// A save changes every file it writes (the map and its sidecar) or none; what it cannot write is refused before
/// anything is written; and nothing it saves reads back differently (round three of the fault probe, items 5 to 8).
@Suite("Editor saves: all or nothing")
struct EditorSaveGuardTests {
    static let track = EditorSessionTests.track

    /// A text map of hits at 88 BPM, in a fresh folder, and a session on it that keeps a grid and a marker beside it.
    static func textMapSession(_ dir: URL) async throws -> (EditorSession, String, String) {
        let beat = 60.0 / 88
        let hits = [0, 1, 2, 2.5, 3, 4, 5, 6, 6.5, 7].map { 0.25 + $0 * beat }
        let path = dir.appendingPathComponent("beats.txt").path
        try hits.map { String(format: "%.4f", $0) }.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let session = try await EditorSession(track: track, map: path)
        #expect(await session.setGrid(bpm: 88, offset: 0.25))
        #expect(await session.setMarkers([EditorMarker(name: "verse", from: 1, to: 3)]) == nil)
        #expect(await session.setKeepsBeside(true))
        try await session.save()
        return (session, path, EditorSidecar.path(for: path))
    }

    @Test("a sidecar a teammate changed on disk is neither overwritten nor removed, and the map is not written either")
    func aSidecarChangedOnDiskIsKept() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (session, map, side) = try await Self.textMapSession(dir)
        let teammate = "{\n  \"markers\": [{\"name\": \"chorus\", \"from\": 5, \"to\": 9}]\n}\n"
        try teammate.write(toFile: side, atomically: true, encoding: .utf8)
        let mapBefore = try String(contentsOfFile: map, encoding: .utf8)
        try await session.setBeats(await session.beats.dropLast())
        await #expect(throws: InputError.self) { try await session.save() }
        #expect(try String(contentsOfFile: side, encoding: .utf8) == teammate)
        #expect(try String(contentsOfFile: map, encoding: .utf8) == mapBefore, "the map was written though its sidecar was refused")
        // Clearing the box would remove the sidecar: refused too, and the file stays.
        await session.setKeepsBeside(false)
        await #expect(throws: InputError.self) { try await session.save() }
        #expect(try String(contentsOfFile: side, encoding: .utf8) == teammate)
    }

    @Test("a folder where the sidecar goes stops the save before the map is written")
    func aFolderInTheSidecarsPlace() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (session, map, side) = try await Self.textMapSession(dir)
        try FileManager.default.removeItem(atPath: side)
        try FileManager.default.createDirectory(atPath: side, withIntermediateDirectories: false)
        let mapBefore = try String(contentsOfFile: map, encoding: .utf8)
        try await session.setBeats(await session.beats.dropLast())
        await #expect(throws: InputError.self) { try await session.save() }
        #expect(try String(contentsOfFile: map, encoding: .utf8) == mapBefore)
    }

    @Test("a section closer than a millisecond to the one before, and a marker shorter than one, are refused, not saved unreadable")
    func timesTooCloseToSaveAreRefused() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (session, map, _) = try await Self.textMapSession(dir)
        #expect(await session.setGrid(bpm: 88, offset: 0.25, sections: [(0.25 + 1e-9, 120)]) == false)
        #expect(await session.setGrid(bpm: 88, offset: 0.25, sections: [(1e-300, 120)]) == false)
        #expect(await session.setMarkers([EditorMarker(name: "blip", from: 0, to: 1e-7)]) != nil)
        #expect(await session.setGrid(bpm: 88, offset: 0.25, sections: [(0.2510, 120)]))
        try await session.save()
        // What was saved opens again, with the grid as set.
        let reopened = try await EditorSession(track: Self.track, map: map)
        #expect(await reopened.declared?.sections.dropFirst().first.map { abs($0.time - 0.251) < 1e-9 } == true)
    }

    @Test("Save As refuses a link at the name, even one to nowhere, and writes nothing outside the folder")
    func saveAsRefusesADanglingLink() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("game").path
        let outside = dir.appendingPathComponent("outside").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: (folder as NSString).appendingPathComponent("dangling.json"), withDestinationPath: "../outside/evil.json")
        let session = try await EditorSession(track: Self.track, map: nil, settings: EditorSession.Settings(saveAsFolder: folder))
        await #expect(throws: InputError.self) { try await session.saveAs(name: "dangling.json") }
        #expect(!FileManager.default.fileExists(atPath: (outside as NSString).appendingPathComponent("evil.json")))
    }

    @Test("a refused Save As leaves no file")
    func aRefusedSaveAsLeavesNothing() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.path
        let session = try await EditorSession(track: Self.track, map: nil, settings: EditorSession.Settings(saveAsFolder: folder))
        // A beat the JSON writer cannot keep to the microsecond is not the refusal to test here; a sidecar in the way is.
        #expect(await session.setKeepsBeside(false))
        try "{}".write(toFile: (folder as NSString).appendingPathComponent("out.txt.sidecar.json"), atomically: true, encoding: .utf8)
        try await session.saveAs(name: "first.txt")
        #expect(await session.setKeepsBeside(true))
        await #expect(throws: InputError.self) { try await session.saveAs(name: "out.txt") }
        #expect(!FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("out.txt")))
    }

    @Test("a draft's --save-as target that no save could write is refused when the editor starts")
    func aDraftTargetIsCheckedAtTheStart() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for bad in [dir.appendingPathComponent("x.wav").path, dir.appendingPathComponent("nodir/x.json").path] {
            await #expect(throws: InputError.self, "\(bad)") {
                _ = try await EditorSession(track: Self.track, map: nil, settings: EditorSession.Settings(saveAs: bad))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.wav").path))
        let good = dir.appendingPathComponent("x.json").path
        let session = try await EditorSession(track: Self.track, map: nil, settings: EditorSession.Settings(saveAs: good))
        try await session.save()
        #expect(BeatMapReader.read(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: good))), file: good, format: .json).map != nil)
    }

    @Test("markers a map holds are checked when it opens as when the page sends them")
    func markersAreCheckedAtOpen() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for markers in [
            "[{\"name\": \"back\", \"from\": 5, \"to\": 2}]", "[{\"name\": \"a\\u0007b\", \"from\": 1, \"to\": 2}]",
            "[{\"name\": \"far\", \"from\": -1e300, \"to\": 1e300}]",
        ] {
            let path = dir.appendingPathComponent("m.json").path
            try "{\"beats\": [0.5, 1.0, 1.5, 2.0], \"markers\": \(markers)}".write(toFile: path, atomically: true, encoding: .utf8)
            await #expect(throws: InputError.self, "\(markers)") { _ = try await EditorSession(track: Self.track, map: path) }
        }
        // A sidecar with a byte-order mark is read as the JSON it is.
        let text = dir.appendingPathComponent("b.txt").path
        try "0.5\n1.0\n1.5\n2.0\n".write(toFile: text, atomically: true, encoding: .utf8)
        try Data([0xEF, 0xBB, 0xBF] + Array("{\"markers\": [{\"name\": \"v\", \"from\": 1, \"to\": 2}]}".utf8))
            .write(to: URL(fileURLWithPath: EditorSidecar.path(for: text)))
        let session = try await EditorSession(track: Self.track, map: text)
        #expect(await session.markers.map(\.name) == ["v"])
    }

    @Test("a chart with notes inside a warp says before the click that a save in place is off, and why")
    func aSaveThatWouldBeRefusedIsSaidBeforeTheClick() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Beat 2 lies in the warp over beats 2-3: StepMania judges no note there, so the chart cannot be rewritten.
        let chart = { (warps: String) in
            "#VERSION:0.83;\n#OFFSET:0;\n#BPMS:0=120;\n#WARPS:\(warps);\n#NOTES:\n dance-single:\n:\n Hard:\n 1:\n 0,0,0,0,0:\n1000\n0100\n0010\n0001\n;\n"
        }
        let warped = dir.appendingPathComponent("warped.ssc").path
        try chart("2=1").write(toFile: warped, atomically: true, encoding: .utf8)
        let session = try await EditorSession(track: Self.track, map: warped)
        let state = await session.state()
        #expect(!state.canSave)
        #expect(state.saveRefusal?.contains("inside warps") == true, "\(String(describing: state.saveRefusal))")
        // The server's answer to a save agrees with what the state said, and the file stays as it was.
        try await session.setBeats(await session.beats.dropLast())
        await #expect(throws: InputError.self) { try await session.save() }
        #expect(try String(contentsOfFile: warped, encoding: .utf8) == chart("2=1"))
        // A warp with no note inside it leaves the save on.
        let free = dir.appendingPathComponent("free.ssc").path
        try chart("2.5=0.25").write(toFile: free, atomically: true, encoding: .utf8)
        let other = try await EditorSession(track: Self.track, map: free)
        #expect(await other.state().canSave)
        #expect(await other.state().saveRefusal == nil)
    }
    @Test("a Friday Night Funkin' chart says before the click that a save in place is off, and Save As writes the hits")
    func aFunkinChartIsNotSavedInPlace() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // One section of the player's (mustHitSection), four notes in lanes 0–3 at 0.5 s steps.
        let text =
            "{\"song\": {\"song\": \"t\", \"bpm\": 120, \"notes\": [{\"sectionNotes\": [[500, 0, 0], [1000, 1, 0], [1500, 2, 0], [2000, 3, 0]], \"mustHitSection\": true, \"lengthInSteps\": 16}]}}\n"
        let chart = dir.appendingPathComponent("t-hard.json").path
        try text.write(toFile: chart, atomically: true, encoding: .utf8)
        let session = try await EditorSession(
            track: Self.track, map: chart, settings: EditorSession.Settings(saveAsFolder: dir.path))
        #expect(await session.beats == [0.5, 1.0, 1.5, 2.0])
        let state = await session.state()
        #expect(!state.canSave)
        #expect(state.saveRefusal?.contains("Friday Night Funkin'") == true, "\(String(describing: state.saveRefusal))")
        #expect(state.saveRefusal?.contains("Save As") == true)
        // A save sent anyway is refused with the same reason (before, "the object has no beats array to replace"), and
        // the chart stays as it was.
        try await session.setBeats([0.5, 1.05, 1.5, 2.0])
        do {
            try await session.save()
            Issue.record("the save of a Friday Night Funkin' chart in place went through")
        } catch {
            #expect(error.description.contains("not saved in place"), "\(error.description)")
        }
        #expect(try String(contentsOfFile: chart, encoding: .utf8) == text)
        // Save As a list of times is an export that says Save cannot write the chart (it said "Save still writes").
        try await session.saveAs(name: "times.json")
        let note = try #require(await session.state().saveNote)
        #expect(note.contains("t-hard.json is not saved in place: Save As .sm, .osu or .qua keeps its lanes"), "\(note)")
        // Save As writes the hits as a StepMania chart; the session then saves that one.
        try await session.saveAs(name: "t.sm")
        #expect(await session.state().canSave)
        #expect(await session.state().saveRefusal == nil)
        let written = dir.appendingPathComponent("t.sm").path
        guard case .success(let read) = try BeatMapFile.open(path: written) else {
            Issue.record("t.sm does not read back")
            return
        }
        #expect(read.map.times.count == 4 && abs(read.map.times[1] - 1.05) < 0.003, "\(read.map.times)")
    }

    @Test("a save with no edit since the file was read writes nothing and says so; after an edit undone too; an edit is saved")
    func aSaveWithNothingToSaveWritesNothing() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("beats.txt").path
        let text = (0..<8).map { String(format: "%.4f", 0.25 + Double($0) * 0.5) }.joined(separator: "\n") + "\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        func inode() throws -> Int { try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int ?? -1 }
        let before = try inode()
        let session = try await EditorSession(track: Self.track, map: path)
        try await session.save()
        let note = await session.state().saveNote
        #expect(note?.hasPrefix("nothing to save") == true, "\(String(describing: note))")
        // An edit taken back is no edit.
        let opened = await session.beats
        try await session.setBeats(opened.dropLast())
        try await session.setBeats(opened)
        try await session.save()
        #expect(await session.state().saveNote?.hasPrefix("nothing to save") == true)
        #expect(try inode() == before, "the file was rewritten")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        // An edit is written.
        try await session.setBeats(opened.dropLast())
        try await session.save()
        #expect(await session.state().saveNote?.hasPrefix("nothing to save") != true)
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 7)
    }
}
