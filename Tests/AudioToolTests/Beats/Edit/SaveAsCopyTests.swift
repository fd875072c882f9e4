import AudioKitLinux
import Foundation
import Testing

/// Save As in a chart's own kind is a copy of its file with the edited chart's notes rewritten (a designer's Save As
/// from an `.ssc` or `.qua` lost the genre, banner, preview, tags and the other difficulties), written beside the chart,
/// where its song and pictures are.
@Suite("Save As a copy of the chart")
struct SaveAsCopyTests {
    /// A StepMania `.ssc` song with a header the editor does not read and two charts on the sample track's grid (88 BPM
    /// from 0.25 s): Hard, a note a beat in turn, and Easy, a note each two beats.
    static let ssc = """
        #VERSION:0.83;
        #TITLE:Copy Test;
        #SUBTITLE:(Extended);
        #ARTIST:Someone;
        #GENRE:Raggacore;
        #BANNER:bn.png;
        #BACKGROUND:bg.png;
        #JACKET:jacket.png;
        #MUSIC:track.flac;
        #OFFSET:-0.250000;
        #SAMPLESTART:12.5;
        #SAMPLELENGTH:9.25;
        #BPMS:0.000=88.000;
        #STOPS:;
        //--------------- dance-single - Easy ----------------
        #NOTEDATA:;
        #STEPSTYPE:dance-single;
        #DIFFICULTY:Easy;
        #METER:2;
        #CREDIT:Easy Author;
        #NOTES:
        1000
        0000
        0100
        0000
        ;
        //--------------- dance-single - Hard ----------------
        #NOTEDATA:;
        #STEPSTYPE:dance-single;
        #DIFFICULTY:Hard;
        #METER:8;
        #CREDIT:Hard Author;
        #NOTES:
        1000
        0100
        0010
        0001
        ,
        1000
        0100
        0010
        0001
        ;

        """

    @Test func theFolderASaveAsWritesIntoIsTheMapsOwn() {
        #expect(EditorSession.Settings.saveAsFolder(map: "songs/a b/chart.sm", startedIn: "/work") == "songs/a b")
        #expect(EditorSession.Settings.saveAsFolder(map: "/abs/x.qua", startedIn: "/work") == "/abs")
        #expect(EditorSession.Settings.saveAsFolder(map: "chart.sm", startedIn: "/work") == "/work")
        #expect(EditorSession.Settings.saveAsFolder(map: nil, startedIn: "/work") == "/work")
    }

    @Test func anSSCSavedAsSSCKeepsEveryByteButTheEditedNotes() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("song.ssc").path
        try Self.ssc.write(toFile: path, atomically: true, encoding: .utf8)
        let session = try await EditorSession(
            track: EditorSessionTests.track, map: path, settings: EditorSession.Settings(saveAsFolder: dir.path))
        // Hard's 8 beats; the sixth moved half a beat later.
        let beat = 60.0 / 88
        var beats = (0..<8).map { 0.25 + Double($0) * beat }
        #expect(zip(await session.beats, beats).allSatisfy { abs($0 - $1) < 1e-6 })
        beats[5] += beat / 2
        try await session.setBeats(beats)
        try await session.saveAs(name: "copy.ssc")
        let note = try #require(await session.state().saveNote)
        #expect(note.hasPrefix("saved as copy.ssc, a copy of song.ssc with its header and other charts kept"), "\(note)")
        let copy = try String(contentsOfFile: dir.appendingPathComponent("copy.ssc").path, encoding: .utf8)
        // Everything up to Hard's notes, and Easy's, as written; Hard's rows now hold the moved note on a half beat.
        let hardNotes = try #require(Self.ssc.range(of: "#CREDIT:Hard Author;\n#NOTES:\n"))
        #expect(copy.hasPrefix(String(Self.ssc[..<hardNotes.upperBound])), "\(copy)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.ssc, "the chart copied changed")
        let read = try BeatMapFile.open(path: dir.appendingPathComponent("copy.ssc").path, chart: "Hard").get().map
        #expect(read.times.count == 8 && zip(read.times, beats).allSatisfy { abs($0 - $1) < 0.001 }, "\(read.times)")
        // The session edits the copy now.
        #expect(await session.state().map?.hasSuffix("copy.ssc") == true)
    }

    @Test func anSSCSavedAsSMKeepsTheSongsHeaderThatSMHolds() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("song.ssc").path
        try Self.ssc.write(toFile: path, atomically: true, encoding: .utf8)
        let session = try await EditorSession(
            track: EditorSessionTests.track, map: path, settings: EditorSession.Settings(saveAsFolder: dir.path, chart: "Hard"))
        try await session.saveAs(name: "song.sm")
        let sm = try String(contentsOfFile: dir.appendingPathComponent("song.sm").path, encoding: .utf8)
        for line in [
            "#TITLE:Copy Test;", "#SUBTITLE:(Extended);", "#GENRE:Raggacore;", "#BANNER:bn.png;", "#BACKGROUND:bg.png;",
            "#SAMPLESTART:12.500000;", "#SAMPLELENGTH:9.25;", "     Hard Author:",
        ] {
            #expect(sm.contains(line + "\r\n"), "\(line) missing from \(sm.prefix(400))")
        }
        // A tag .sm has no place for is not written into it; the chart's own credit is not the song's.
        #expect(!sm.contains("JACKET") && !sm.contains("#CREDIT:"), "\(sm.prefix(400))")
        // An .ssc name is refused for a chart that is no .ssc copy: a .sm session cannot write one, and says why and
        // what to give instead (not the list of endings, which leaves .ssc out).
        let reopened = try await EditorSession(
            track: EditorSessionTests.track, map: dir.appendingPathComponent("song.sm").path,
            settings: EditorSession.Settings(saveAsFolder: dir.path))
        do {
            try await reopened.saveAs(name: "again.ssc")
            Issue.record("a .sm session saved an .ssc")
        } catch {
            #expect(error.reason.contains("only as a copy of an .ssc chart") && error.reason.contains("edits a .sm file"), "\(error)")
            #expect(error.fix?.contains("save as .sm") == true, "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("again.ssc").path))
    }
}
